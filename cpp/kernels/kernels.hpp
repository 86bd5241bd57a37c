// Kernel entry points. Each SIMD kernel (suffix __wasmsimd) has a scalar
// sibling of the same name (suffix __scalar) compiled on every target; the
// unsuffixed name is the one the core calls, chosen at compile time
// (simd_target.hpp: the SIMD kernels also compile natively, through SIMDe).
#pragma once
#include <cstdint>

#include "phasor_state.hpp"
#include "simd_target.hpp"

namespace phasor::kernels {

// Writes `rows` rows of width 2*pairs to out (row stride 2*pairs floats),
// advancing the state by one step after each row.
void pe_rows__scalar(PhasorState& s, std::int64_t rows, int layout, float* out);
// Writes `rows` rows placed by `format` (row stride format.stride), advancing
// every pair of the state by one step after each row.
void pe_table_rows__scalar(PhasorState& s, std::int64_t rows, const RowFormat& format, float* out);
// out[r] = sum_i cos(phase_i) for `rows` successive steps (float64 sums).
void cos_sums__scalar(PhasorState& s, std::int64_t rows, double* out);
// Writes `rows` float64 rows [cos_0, sin_0, cos_1, sin_1, ...] (2*pairs values
// each, the phasors as they stand), advancing every pair one step after each row.
void phasor_rows_f64__scalar(PhasorState& s, std::int64_t rows, double* out);
// out[r] = sum_i a[i] cos_i + b[i] sin_i for `rows` successive steps (the sum
// kept as two partial sums, even and odd i, added at the end).
void phasor_dots__scalar(PhasorState& s, std::int64_t rows, const double* a, const double* b, double* out);
// Pairwise metric over n rows of width d (row-major, float32): the upper
// triangle (j >= i) of the n*n output, each row written in order; the lower
// triangle is left to the caller (a strided mirror here cost a cache miss a
// value).
void pairwise_sq_l2__scalar(const float* x, std::int64_t n, std::int64_t d, float* out);
void pairwise_dot__scalar(const float* x, std::int64_t n, std::int64_t d, float* out);

#if PHASOR_SIMD_KERNELS
void pe_rows__wasmsimd(PhasorState& s, std::int64_t rows, int layout, float* out);
void pe_table_rows__wasmsimd(PhasorState& s, std::int64_t rows, const RowFormat& format, float* out);
void cos_sums__wasmsimd(PhasorState& s, std::int64_t rows, double* out);
void phasor_rows_f64__wasmsimd(PhasorState& s, std::int64_t rows, double* out);
void phasor_dots__wasmsimd(PhasorState& s, std::int64_t rows, const double* a, const double* b, double* out);
void pairwise_sq_l2__wasmsimd(const float* x, std::int64_t n, std::int64_t d, float* out);
void pairwise_dot__wasmsimd(const float* x, std::int64_t n, std::int64_t d, float* out);
#endif

#if PHASOR_CALLS_SIMD_KERNELS
#define PHASOR_KERNEL(name) name##__wasmsimd
inline constexpr bool kSimd = true;
#else
#define PHASOR_KERNEL(name) name##__scalar
inline constexpr bool kSimd = false;
#endif

inline void pe_rows(PhasorState& s, std::int64_t rows, int layout, float* out) {
  PHASOR_KERNEL(pe_rows)(s, rows, layout, out);
}
inline void pe_table_rows(PhasorState& s, std::int64_t rows, const RowFormat& format, float* out) {
  PHASOR_KERNEL(pe_table_rows)(s, rows, format, out);
}
inline void cos_sums(PhasorState& s, std::int64_t rows, double* out) { PHASOR_KERNEL(cos_sums)(s, rows, out); }
inline void phasor_rows_f64(PhasorState& s, std::int64_t rows, double* out) {
  PHASOR_KERNEL(phasor_rows_f64)(s, rows, out);
}
inline void phasor_dots(PhasorState& s, std::int64_t rows, const double* a, const double* b, double* out) {
  PHASOR_KERNEL(phasor_dots)(s, rows, a, b, out);
}
inline void pairwise_sq_l2(const float* x, std::int64_t n, std::int64_t d, float* out) {
  PHASOR_KERNEL(pairwise_sq_l2)(x, n, d, out);
}
inline void pairwise_dot(const float* x, std::int64_t n, std::int64_t d, float* out) {
  PHASOR_KERNEL(pairwise_dot)(x, n, d, out);
}

#undef PHASOR_KERNEL

}  // namespace phasor::kernels
