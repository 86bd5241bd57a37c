#include "phasor/embedding_scale.hpp"

#include <cmath>
#include <vector>

#include "embedding_kernels.hpp"
#include "phase_walk.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

std::string validate_embedding_scale(const EmbeddingScaleSpec& spec) {
  if (auto e = check_d_model(static_cast<double>(spec.d_model)); !e.empty()) return e;
  if (auto e = check_integer("positions", static_cast<double>(spec.positions), 1, static_cast<double>(kMaxPositions));
      !e.empty())
    return e;
  if (static_cast<double>(spec.positions) * static_cast<double>(spec.d_model) >
      static_cast<double>(kMaxEmbeddingScaleValues))
    return "positions x dModel must be at most " + format_number(static_cast<double>(kMaxEmbeddingScaleValues)) +
           " for embeddingScale (the work of one call); got " + format_number(static_cast<double>(spec.positions)) +
           " x " + format_number(static_cast<double>(spec.d_model));
  if (auto e = check_base(spec.base); !e.empty()) return e;
  const double last = static_cast<double>(spec.positions - 1);
  return check_finite("offset", spec.offset, -kMaxAbsPosition, kMaxAbsPosition - last);
}

namespace {

void norms_of(const EmbeddingScaleSpec& spec, const kernels::TokenSource& tokens, double* out) {
  const std::int64_t d = spec.d_model, n = spec.positions;
  const double scale = std::sqrt(static_cast<double>(d));
  double* norms[kEmbeddingNormCount];
  for (int k = 0; k < kEmbeddingNormCount; ++k) norms[k] = out + k * n;
  // PE(p) by the phase walk (float64, re-anchored from exact sin/cos), not a
  // sin and a cos per entry: a fifth of the time. Anchored every
  // kEmbeddingScaleBlock positions, so a caller computing in blocks of a
  // multiple of that many positions gets one call's numbers bit for bit.
  PhaseWalk walk(frequencies(d, spec.base), spec.offset, 1.0);
  std::vector<kernels::EmbeddingSums> sums(static_cast<std::size_t>(kEmbeddingScaleBlock));
  walk.run(
      n,
      [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
        kernels::embedding_sums(state, count, tokens.from(first * d), scale, sums.data());
        for (std::int64_t k = 0; k < count; ++k) {
          const kernels::EmbeddingSums& s = sums[static_cast<std::size_t>(k)];
          const std::int64_t r = first + k;
          norms[kTokenNorm][r] = std::sqrt(s.token);
          norms[kScaledTokenNorm][r] = scale * std::sqrt(s.token);
          norms[kPeNorm][r] = std::sqrt(s.pe);
          norms[kSumNorm][r] = std::sqrt(s.sum);
          norms[kScaledSumNorm][r] = std::sqrt(s.scaled_sum);
        }
      },
      kEmbeddingScaleBlock);
}

}  // namespace

void embedding_scale(const EmbeddingScaleSpec& spec, const float* tokens, double* out) {
  kernels::TokenSource source;
  source.tokens = tokens;
  norms_of(spec, source, out);
}

void embedding_scale_from_normals(const EmbeddingScaleSpec& spec, const double* normals, double std_dev, double* out) {
  kernels::TokenSource source;
  source.normals = normals;
  source.std_dev = std_dev;
  norms_of(spec, source, out);
}

}  // namespace phasor
