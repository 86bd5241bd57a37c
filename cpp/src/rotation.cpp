#include "phasor/rotation.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

std::string validate_rotation(const EncodingSpec& spec, double k) {
  if (auto e = validate(spec); !e.empty()) return e;
  if (auto e = check_finite("k", k, -kMaxAbsPosition, kMaxAbsPosition); !e.empty()) return e;
  // The check compares M_k PE(p) with PE(p + k): p + k must be a position PE accepts.
  const double last = spec.offset + static_cast<double>(spec.positions - 1) + k;
  if (std::fabs(last) > kMaxAbsPosition || std::fabs(spec.offset + k) > kMaxAbsPosition)
    return "offset + k and offset + positions - 1 + k must stay within [" + format_number(-kMaxAbsPosition) + ", " +
           format_number(kMaxAbsPosition) + "] (the check compares with PE(p + k)); got offset " +
           format_number(spec.offset) + " and k " + format_number(k);
  if (auto e = check_output_size("the rotation matrix (dModel x dModel float32 values)",
                                 static_cast<double>(spec.d_model) * static_cast<double>(spec.d_model), 4);
      !e.empty())
    return e;
  return check_work("positions x dModel", static_cast<double>(spec.positions) * static_cast<double>(spec.d_model),
                    kMaxRotationWork);
}

void rotation_matrix(std::int64_t d_model, double base, double k, Layout layout, float* out, Spacing spacing) {
  std::fill(out, out + d_model * d_model, 0.0f);
  for (std::int64_t i = 0; i < d_model / 2; ++i) {
    const double angle = frequency(i, d_model, base, spacing) * k;
    const auto c = static_cast<float>(std::cos(angle));
    const auto s = static_cast<float>(std::sin(angle));
    const PairSlots at = pair_slots(i, d_model, layout);
    out[at.sin * d_model + at.sin] = c;
    out[at.sin * d_model + at.cos] = s;
    out[at.cos * d_model + at.sin] = -s;
    out[at.cos * d_model + at.cos] = c;
  }
}

double rotation_max_error(const EncodingSpec& spec, double k) { return rotation_max_error(spec, k, k); }

double rotation_max_error(const EncodingSpec& spec, double k, double shift) {
  const std::int64_t d = spec.d_model;
  // Only the 2x2 blocks of M_k are non-zero, so M_k PE(p) costs O(d), not O(d^2).
  const auto pairs = static_cast<std::size_t>(d / 2);
  std::vector<double> block_cos(pairs), block_sin(pairs);
  for (std::size_t i = 0; i < pairs; ++i) {
    const double angle = frequency(static_cast<std::int64_t>(i), d, spec.base, spec.spacing) * k;
    // Rounded to float32 as the matrix a user holds; widened back for the product.
    block_cos[i] = static_cast<float>(std::cos(angle));
    block_sin[i] = static_cast<float>(std::sin(angle));
  }
  // Rows are produced in chunks so memory stays O(chunk * d) for any positions.
  const std::int64_t chunk = std::max<std::int64_t>(1, (std::int64_t{1} << 18) / d);
  std::vector<float> now(static_cast<std::size_t>(chunk * d)), shifted(now.size());
  double worst = 0.0;
  for (std::int64_t first = 0; first < spec.positions; first += chunk) {
    EncodingSpec part = spec;
    part.positions = std::min(chunk, spec.positions - first);
    part.offset = spec.offset + static_cast<double>(first);
    encode(part, now.data());
    part.offset += shift;
    encode(part, shifted.data());
    for (std::int64_t r = 0; r < part.positions; ++r) {
      const float* x = now.data() + r * d;
      const float* y = shifted.data() + r * d;
      for (std::size_t i = 0; i < pairs; ++i) {
        const PairSlots at = pair_slots(static_cast<std::int64_t>(i), d, spec.layout);
        const double s = x[at.sin], c = x[at.cos];
        const double rs = block_cos[i] * s + block_sin[i] * c;
        const double rc = -block_sin[i] * s + block_cos[i] * c;
        worst = std::max({worst, std::fabs(rs - y[at.sin]), std::fabs(rc - y[at.cos])});
      }
    }
  }
  return worst;
}

}  // namespace phasor
