// Kernels of the least-squares solver (cpp/src/least_squares.cpp) and of the
// shift fit's residual (cpp/src/shift_fit.cpp): the dot products and updates
// of the Householder reflections, where nearly all of a shiftFit's QR time
// goes, and the product of the rows with the fitted map (also the token and
// PE projections of cpp/src/additive_offset.cpp). As in kernels.hpp,
// each SIMD kernel (__wasmsimd) has a scalar sibling (__scalar) doing the same
// float64 operations in the same order, so the two builds agree bit for bit:
// every dot product is two partial sums (even t, odd t; the two f64 lanes)
// added at the end.
#pragma once
#include <cstdint>

#include "simd_target.hpp"

namespace phasor::kernels {

// sum_t a[t] * b[t], t < len, as two partial sums (even t, odd t) added at the end.
double dot_f64__scalar(const double* a, const double* b, std::int64_t len);

// The Householder reflection I - scale v v^T applied to `count` columns of
// `len` values, column c at columns + c * stride: each becomes
// column - (scale * v.column) v, the dot product as dot_f64 gives it.
void reflect_columns__scalar(const double* v, std::int64_t len, double scale, double* columns, std::int64_t stride,
                             std::int64_t count);

// out[r * cols + i] = sum_j x[r * inner + j] * b[j * cols + i] (r < rows,
// i < cols), summed over j in order from 0: each entry is what one
// accumulator running along j gives, the entries computed side by side.
void rows_times_matrix__scalar(const double* x, std::int64_t rows, std::int64_t inner, const double* b,
                               std::int64_t cols, double* out);

#if PHASOR_SIMD_KERNELS
void rows_times_matrix__wasmsimd(const double* x, std::int64_t rows, std::int64_t inner, const double* b,
                                 std::int64_t cols, double* out);
double dot_f64__wasmsimd(const double* a, const double* b, std::int64_t len);
void reflect_columns__wasmsimd(const double* v, std::int64_t len, double scale, double* columns, std::int64_t stride,
                               std::int64_t count);
#endif

#if PHASOR_CALLS_SIMD_KERNELS
#define PHASOR_LS_KERNEL(name) name##__wasmsimd
#else
#define PHASOR_LS_KERNEL(name) name##__scalar
#endif

inline double dot_f64(const double* a, const double* b, std::int64_t len) {
  return PHASOR_LS_KERNEL(dot_f64)(a, b, len);
}
inline void reflect_columns(const double* v, std::int64_t len, double scale, double* columns, std::int64_t stride,
                            std::int64_t count) {
  PHASOR_LS_KERNEL(reflect_columns)(v, len, scale, columns, stride, count);
}

inline void rows_times_matrix(const double* x, std::int64_t rows, std::int64_t inner, const double* b,
                              std::int64_t cols, double* out) {
  PHASOR_LS_KERNEL(rows_times_matrix)(x, rows, inner, b, cols, out);
}

#undef PHASOR_LS_KERNEL

}  // namespace phasor::kernels
