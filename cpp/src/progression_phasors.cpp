#include "progression_phasors.hpp"

#include <cmath>

namespace phasor {

namespace {
constexpr std::int64_t kBlock = 64;
}  // namespace

void progression_phasors(double w, double start, double step, std::int64_t count, double* out_sin,
                         double* out_cos, std::int64_t out_stride) {
  const std::int64_t block = count < kBlock ? count : kBlock;
  double turn_sin[kBlock], turn_cos[kBlock];
  for (std::int64_t l = 0; l < block; ++l) {
    const double angle = w * (static_cast<double>(l) * step);
    turn_sin[l] = std::sin(angle);
    turn_cos[l] = std::cos(angle);
  }
  for (std::int64_t first = 0; first < count; first += block) {
    // The anchor's position as the rows' own (offset + r * stride), so it is exact there.
    const double phase = w * (start + static_cast<double>(first) * step);
    const double s = std::sin(phase), c = std::cos(phase);
    const std::int64_t rows = count - first < block ? count - first : block;
    double* sin_at = out_sin + first * out_stride;
    for (std::int64_t l = 0; l < rows; ++l) sin_at[l * out_stride] = s * turn_cos[l] + c * turn_sin[l];
    if (out_cos == nullptr) continue;
    double* cos_at = out_cos + first * out_stride;
    for (std::int64_t l = 0; l < rows; ++l) cos_at[l * out_stride] = c * turn_cos[l] - s * turn_sin[l];
  }
}

}  // namespace phasor
