// wasm SIMD kernels for least_squares_kernels.hpp: float64 lanes (f64x2), the
// same products and sums as the scalar siblings, so results are bit-identical.
#include "simd128.hpp"
#if PHASOR_SIMD_KERNELS

#include <cstdint>

#include "least_squares_kernels.hpp"

namespace phasor::kernels {

namespace {

// C dot products v.column at once, each in its own two-lane accumulator (the
// sums of one dot_f64 each); side by side their adds overlap instead of each
// waiting for the one before (a single dot product is bound by the add's latency).
template <int C>
inline void dots(const double* v, std::int64_t len, const double* columns, std::int64_t stride, double* out) {
  const std::int64_t len2 = len & ~std::int64_t{1};
  v128_t acc[C];
  for (int c = 0; c < C; ++c) acc[c] = wasm_f64x2_splat(0.0);
  for (std::int64_t t = 0; t < len2; t += 2) {
    const v128_t vv = wasm_v128_load(v + t);
    for (int c = 0; c < C; ++c)
      acc[c] = wasm_f64x2_add(acc[c], wasm_f64x2_mul(vv, wasm_v128_load(columns + c * stride + t)));
  }
  for (int c = 0; c < C; ++c) {
    double even = wasm_f64x2_extract_lane(acc[c], 0);
    const double odd = wasm_f64x2_extract_lane(acc[c], 1);
    if (len2 < len) even += v[len2] * columns[c * stride + len2];
    out[c] = even + odd;
  }
}

// column -= f v, two values at a time.
inline void subtract_multiple(double* column, const double* v, std::int64_t len, double f) {
  const v128_t vf = wasm_f64x2_splat(f);
  std::int64_t t = 0;
  for (; t + 2 <= len; t += 2)
    wasm_v128_store(column + t, wasm_f64x2_sub(wasm_v128_load(column + t), wasm_f64x2_mul(vf, wasm_v128_load(v + t))));
  for (; t < len; ++t) column[t] -= f * v[t];
}

// Entries [i, i + 2V) of R output rows: R x V two-lane accumulators along j,
// each b load shared by the R rows.
template <int R, int V>
inline void row_block(const double* x, std::int64_t inner, const double* b, std::int64_t cols, double* out) {
  v128_t acc[R][V];
  for (int r = 0; r < R; ++r)
    for (int q = 0; q < V; ++q) acc[r][q] = wasm_f64x2_splat(0.0);
  for (std::int64_t j = 0; j < inner; ++j) {
    v128_t bj[V];
    for (int q = 0; q < V; ++q) bj[q] = wasm_v128_load(b + j * cols + 2 * q);
    for (int r = 0; r < R; ++r) {
      const v128_t xj = wasm_f64x2_splat(x[r * inner + j]);
      for (int q = 0; q < V; ++q) acc[r][q] = wasm_f64x2_add(acc[r][q], wasm_f64x2_mul(xj, bj[q]));
    }
  }
  for (int r = 0; r < R; ++r)
    for (int q = 0; q < V; ++q) wasm_v128_store(out + r * cols + 2 * q, acc[r][q]);
}

// Entries [i, i + 2V) of rows [r, r + R) for every i a multiple of 2V below cols2.
template <int R>
inline std::int64_t row_blocks(const double* x, std::int64_t inner, const double* b, std::int64_t cols, double* out) {
  std::int64_t i = 0;
  for (; i + 8 <= cols; i += 8) row_block<R, 4>(x, inner, b + i, cols, out + i);
  for (; i + 2 <= cols; i += 2) row_block<R, 1>(x, inner, b + i, cols, out + i);
  return i;
}

}  // namespace

void rows_times_matrix__wasmsimd(const double* x, std::int64_t rows, std::int64_t inner, const double* b,
                                 std::int64_t cols, double* out) {
  std::int64_t r = 0;
  for (; r + 2 <= rows; r += 2) row_blocks<2>(x + r * inner, inner, b, cols, out + r * cols);
  for (; r < rows; ++r) row_blocks<1>(x + r * inner, inner, b, cols, out + r * cols);
  const std::int64_t done = cols & ~std::int64_t{1};  // an odd last column: one entry at a time
  for (r = 0; done < cols && r < rows; ++r) {
    double acc = 0.0;
    for (std::int64_t j = 0; j < inner; ++j) acc += x[r * inner + j] * b[j * cols + done];
    out[r * cols + done] = acc;
  }
}

double dot_f64__wasmsimd(const double* a, const double* b, std::int64_t len) {
  double out = 0.0;
  dots<1>(a, len, b, 0, &out);
  return out;
}

void reflect_columns__wasmsimd(const double* v, std::int64_t len, double scale, double* columns, std::int64_t stride,
                               std::int64_t count) {
  std::int64_t c = 0;
  double d[4];
  for (; c + 4 <= count; c += 4) {
    dots<4>(v, len, columns + c * stride, stride, d);
    for (int i = 0; i < 4; ++i) subtract_multiple(columns + (c + i) * stride, v, len, scale * d[i]);
  }
  for (; c < count; ++c) {
    dots<1>(v, len, columns + c * stride, stride, d);
    subtract_multiple(columns + c * stride, v, len, scale * d[0]);
  }
}

}  // namespace phasor::kernels
#endif  // PHASOR_SIMD_KERNELS
