// Kernel of the embedding-scale experiment (phasor/embedding_scale.hpp): the
// four sums of squares behind its norms, a row (position) at a time, with
// PE(p) in float64 from the phase walk's state. As in kernels.hpp, the SIMD
// kernel (__wasmsimd) has a scalar sibling (__scalar) doing the same float64
// operations in the same order, so the two agree bit for bit.
#pragma once
#include <cstdint>

#include "phasor_state.hpp"
#include "simd_target.hpp"

namespace phasor::kernels {

// One row's sums over its entries t (token) and q (PE):
// t^2, q^2, (t + q)^2 and (scale t + q)^2.
struct EmbeddingSums {
  double token, pe, sum, scaled_sum;
};

// Partial sums of one slot (sine or cosine entries) and lane (even or odd
// pairs): the accumulators of the SIMD kernel's f64x2 lanes, spelled out.
struct EmbeddingAccumulator {
  double token = 0.0, pe = 0.0, sum = 0.0, scaled_sum = 0.0;

  void add(double t, double q, double scale) {
    token += t * t;
    pe += q * q;
    const double plain = t + q;
    sum += plain * plain;
    const double scaled = scale * t + q;
    scaled_sum += scaled * scaled;
  }
};

// The row's sums from acc[slot][lane] (slot 0: sine entries, 1: cosine; lane
// 0: even pairs, 1: odd): (sine + cosine) per lane, then lane 0 + lane 1.
inline EmbeddingSums combine(const EmbeddingAccumulator (&acc)[2][2]) {
  const auto total = [&](double EmbeddingAccumulator::*part) {
    return (acc[0][0].*part + acc[1][0].*part) + (acc[0][1].*part + acc[1][1].*part);
  };
  return {total(&EmbeddingAccumulator::token), total(&EmbeddingAccumulator::pe), total(&EmbeddingAccumulator::sum),
          total(&EmbeddingAccumulator::scaled_sum)};
}

// The token entries: float32 tokens, or float64 standard normals z, each
// entry then float32(std_dev * z) as normal_samples rounds it (random.hpp),
// so normals drawn once serve every std. Rows of 2 * pairs entries, pair i's
// sine entry at column 2i and its cosine at 2i + 1 (PE's interleaved layout).
struct TokenSource {
  const float* tokens = nullptr;    // or
  const double* normals = nullptr;  // with
  double std_dev = 0.0;

  // The source from entry `first` on.
  TokenSource from(std::int64_t first) const {
    return {tokens ? tokens + first : nullptr, normals ? normals + first : nullptr, std_dev};
  }
  // Entry j as the float64 value of its float32 token.
  double entry(std::int64_t j) const {
    return tokens ? static_cast<double>(tokens[j]) : static_cast<double>(static_cast<float>(std_dev * normals[j]));
  }
};

// out[r]: row r's sums. Advances the state by one step after each row.
void embedding_sums__scalar(PhasorState& s, std::int64_t rows, const TokenSource& tokens, double scale,
                            EmbeddingSums* out);

#if PHASOR_SIMD_KERNELS
void embedding_sums__wasmsimd(PhasorState& s, std::int64_t rows, const TokenSource& tokens, double scale,
                              EmbeddingSums* out);
#endif

#if PHASOR_CALLS_SIMD_KERNELS
#define PHASOR_EMBEDDING_KERNEL(name) name##__wasmsimd
#else
#define PHASOR_EMBEDDING_KERNEL(name) name##__scalar
#endif

inline void embedding_sums(PhasorState& s, std::int64_t rows, const TokenSource& tokens, double scale,
                           EmbeddingSums* out) {
  PHASOR_EMBEDDING_KERNEL(embedding_sums)(s, rows, tokens, scale, out);
}

#undef PHASOR_EMBEDDING_KERNEL

}  // namespace phasor::kernels
