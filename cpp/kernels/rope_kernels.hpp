// Kernels of the RoPE and attention experiments. As in kernels.hpp, each SIMD
// kernel (__wasmsimd) has a scalar sibling (__scalar) doing the same float64
// operations in the same order, so the two builds agree bit for bit.
#pragma once
#include <cstdint>

#include "simd_target.hpp"

namespace phasor::kernels {

// Pairings (mirror phasor::Pairing): which two slots of a row turn together.
inline constexpr int kAdjacentPairs = 0;  // (2i, 2i+1): RoFormer, GPT-J
inline constexpr int kHalfPairs = 1;      // (i, i + dim/2): GPT-NeoX, Llama "rotate_half"

// One row of width dim (even): out[j] = float32(x[j] * c[j] + r[j] * s[j]) in
// float64, where r is x turned a quarter within its pairs (adjacent:
// r[2i] = -x[2i+1], r[2i+1] = x[2i]; half: r[i] = -x[i+h], r[i+h] = x[i]).
// c and s hold cos and sin of each slot's angle (dim values each).
void rope_row__scalar(const float* x, const double* c, const double* s, std::int64_t dim, int pairing, float* out);

// out[i * nb + j] = sum_t a[i * len + t] * b[j * len + t] in float64, as two
// partial sums (even t, odd t) added at the end.
void cross_dot_f64__scalar(const double* a, std::int64_t na, const double* b, std::int64_t nb, std::int64_t len,
                           double* out);

// Rows of `pairs` complex values z_k (re, im interleaved, as phasor_rows_f64
// writes them): out[r] = sum_{j=1}^{pairs} |S_j|, S_j = z_0 + ... + z_{j-1},
// the partial sums kept as (re, im) and added in order of k.
void partial_sum_moduli__scalar(const double* rows, std::int64_t count, std::int64_t pairs, double* out);

#if PHASOR_SIMD_KERNELS
void partial_sum_moduli__wasmsimd(const double* rows, std::int64_t count, std::int64_t pairs, double* out);
void rope_row__wasmsimd(const float* x, const double* c, const double* s, std::int64_t dim, int pairing, float* out);
void cross_dot_f64__wasmsimd(const double* a, std::int64_t na, const double* b, std::int64_t nb, std::int64_t len,
                             double* out);
#endif

#if PHASOR_CALLS_SIMD_KERNELS
#define PHASOR_ROPE_KERNEL(name) name##__wasmsimd
#else
#define PHASOR_ROPE_KERNEL(name) name##__scalar
#endif

inline void rope_row(const float* x, const double* c, const double* s, std::int64_t dim, int pairing, float* out) {
  PHASOR_ROPE_KERNEL(rope_row)(x, c, s, dim, pairing, out);
}
inline void cross_dot_f64(const double* a, std::int64_t na, const double* b, std::int64_t nb, std::int64_t len,
                          double* out) {
  PHASOR_ROPE_KERNEL(cross_dot_f64)(a, na, b, nb, len, out);
}

inline void partial_sum_moduli(const double* rows, std::int64_t count, std::int64_t pairs, double* out) {
  PHASOR_ROPE_KERNEL(partial_sum_moduli)(rows, count, pairs, out);
}

#undef PHASOR_ROPE_KERNEL

}  // namespace phasor::kernels
