#include "progression_phasors.hpp"

#include <algorithm>
#include <cmath>

namespace phasor {

namespace {
constexpr std::int64_t kBlock = kProgressionBlock;
}  // namespace

void progression_phasors(double w, double start, double step, std::int64_t count, double* out_sin, double* out_cos,
                         std::int64_t out_stride, std::int64_t spacing) {
  const std::int64_t block = std::max<std::int64_t>(1, std::min({count, spacing, kBlock}));
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

void quadratic_progression_phasors(double w, double start, double step, std::int64_t count, double* out_sin,
                                   double* out_cos, std::int64_t out_stride) {
  // The step from row l to l + 1 of a block turns by the anchor's step plus
  // l times the second difference 2 w step^2: those turns once, as a table.
  const double curve = 2.0 * w * step * step;
  const std::int64_t block = count < kBlock ? count : kBlock;
  double bend_sin[kBlock], bend_cos[kBlock];
  for (std::int64_t l = 0; l < block; ++l) {
    bend_sin[l] = std::sin(static_cast<double>(l) * curve);
    bend_cos[l] = std::cos(static_cast<double>(l) * curve);
  }
  for (std::int64_t first = 0; first < count; first += block) {
    const double p = start + static_cast<double>(first) * step;
    double s = std::sin(w * (p * p)), c = std::cos(w * (p * p));
    // From p to p + step the phase grows by w step (2 p + step).
    const double turn = w * step * (2.0 * p + step);
    const double ts = std::sin(turn), tc = std::cos(turn);
    const std::int64_t rows = count - first < block ? count - first : block;
    for (std::int64_t l = 0; l < rows; ++l) {
      out_sin[(first + l) * out_stride] = s;
      out_cos[(first + l) * out_stride] = c;
      const double step_s = ts * bend_cos[l] + tc * bend_sin[l], step_c = tc * bend_cos[l] - ts * bend_sin[l];
      const double next_s = s * step_c + c * step_s;
      c = c * step_c - s * step_s;
      s = next_s;
    }
  }
}

}  // namespace phasor
