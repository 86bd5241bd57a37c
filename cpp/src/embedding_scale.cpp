#include "phasor/embedding_scale.hpp"

#include <cmath>
#include <vector>

#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

std::string validate_embedding_scale(const EmbeddingScaleSpec& spec) {
  if (auto e = check_d_model(static_cast<double>(spec.d_model)); !e.empty()) return e;
  if (auto e = check_integer("positions", static_cast<double>(spec.positions), 1,
                             static_cast<double>(kMaxPositions));
      !e.empty())
    return e;
  if (static_cast<double>(spec.positions) * static_cast<double>(spec.d_model) >
      static_cast<double>(kMaxEmbeddingScaleValues))
    return "positions x dModel must be at most " +
           format_number(static_cast<double>(kMaxEmbeddingScaleValues)) +
           " for embeddingScale (the work of one call); got " +
           format_number(static_cast<double>(spec.positions)) + " x " +
           format_number(static_cast<double>(spec.d_model));
  if (auto e = check_base(spec.base); !e.empty()) return e;
  const double last = static_cast<double>(spec.positions - 1);
  return check_finite("offset", spec.offset, -kMaxAbsPosition, kMaxAbsPosition - last);
}

void embedding_scale(const EmbeddingScaleSpec& spec, const float* tokens, double* out) {
  const std::int64_t d = spec.d_model, n = spec.positions;
  const double scale = std::sqrt(static_cast<double>(d));
  const auto frequency_values = frequencies(d, spec.base);
  const double* omega = frequency_values.data();
  double* norms[kEmbeddingNormCount];
  for (int k = 0; k < kEmbeddingNormCount; ++k) norms[k] = out + k * n;
  for (std::int64_t r = 0; r < n; ++r) {
    const double p = spec.offset + static_cast<double>(r);
    const float* e = tokens + r * d;
    double token = 0.0, pe = 0.0, sum = 0.0, scaled_sum = 0.0;
    for (std::int64_t i = 0; i < d / 2; ++i) {
      const double pe_pair[2] = {std::sin(p * omega[i]), std::cos(p * omega[i])};
      for (int slot = 0; slot < 2; ++slot) {
        const double t = e[2 * i + slot], q = pe_pair[slot];
        token += t * t;
        pe += q * q;
        sum += (t + q) * (t + q);
        scaled_sum += (scale * t + q) * (scale * t + q);
      }
    }
    norms[kTokenNorm][r] = std::sqrt(token);
    norms[kScaledTokenNorm][r] = scale * std::sqrt(token);
    norms[kPeNorm][r] = std::sqrt(pe);
    norms[kSumNorm][r] = std::sqrt(sum);
    norms[kScaledSumNorm][r] = std::sqrt(scaled_sum);
  }
}

}  // namespace phasor
