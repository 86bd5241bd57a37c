// wasm SIMD kernels for rope_kernels.hpp: float64 lanes (f64x2), the same
// products and sums as the scalar siblings, so results are bit-identical.
#include "simd128.hpp"
#if PHASOR_SIMD_KERNELS

#include <cstdint>

#include "rope_kernels.hpp"

namespace phasor::kernels {

namespace {

// Two float32 at p, widened to an f64x2.
inline v128_t load2_f64(const float* p) { return wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(p)); }

// x * c + r * s for two slots, narrowed and stored as two float32.
inline void store2(float* out, v128_t x, v128_t r, const double* c, const double* s) {
  const v128_t y = wasm_f64x2_add(wasm_f64x2_mul(x, wasm_v128_load(c)), wasm_f64x2_mul(r, wasm_v128_load(s)));
  wasm_v128_store64_lane(out, wasm_f32x4_demote_f64x2_zero(y), 0);
}

}  // namespace

void rope_row__wasmsimd(const float* x, const double* c, const double* s, std::int64_t dim, int pairing, float* out) {
  const std::int64_t h = dim / 2;
  if (pairing == kAdjacentPairs) {
    // One pair (x0, x1) per f64x2; its quarter turn is (-x1, x0).
    const v128_t flip = wasm_f64x2_make(-1.0, 1.0);
    for (std::int64_t j = 0; j < dim; j += 2) {
      const v128_t v = load2_f64(x + j);
      const v128_t r = wasm_f64x2_mul(wasm_i64x2_shuffle(v, v, 1, 0), flip);
      store2(out + j, v, r, c + j, s + j);
    }
    return;
  }
  // Half pairing: slots i and i + h, two pairs at a time.
  std::int64_t i = 0;
  for (; i + 2 <= h; i += 2) {
    const v128_t lo = load2_f64(x + i);
    const v128_t hi = load2_f64(x + h + i);
    store2(out + i, lo, wasm_f64x2_neg(hi), c + i, s + i);
    store2(out + h + i, hi, lo, c + h + i, s + h + i);
  }
  for (; i < h; ++i) {  // odd pair count: the same operations, one lane
    const double lo = x[i];
    const double hi = x[h + i];
    out[i] = static_cast<float>(lo * c[i] + (-hi) * s[i]);
    out[h + i] = static_cast<float>(hi * c[h + i] + lo * s[h + i]);
  }
}

namespace {

// R rows of a against C rows of b: R x C dot products at once. Each keeps its
// own accumulator, so the sums are those of one dot product at a time (even
// and odd t in the two lanes, in order); running R x C of them side by side
// lets the adds overlap instead of each waiting for the one before (a single
// accumulator is bound by the add's latency).
template <int R, int C>
inline void cross_dot_block(const double* a, const double* b, std::int64_t len, std::int64_t nb, double* out) {
  const std::int64_t len2 = len & ~std::int64_t{1};
  v128_t acc[R][C];
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) acc[r][c] = wasm_f64x2_splat(0.0);
  for (std::int64_t t = 0; t < len2; t += 2) {
    v128_t va[R], vb[C];
    for (int r = 0; r < R; ++r) va[r] = wasm_v128_load(a + r * len + t);
    for (int c = 0; c < C; ++c) vb[c] = wasm_v128_load(b + c * len + t);
    for (int r = 0; r < R; ++r)
      for (int c = 0; c < C; ++c) acc[r][c] = wasm_f64x2_add(acc[r][c], wasm_f64x2_mul(va[r], vb[c]));
  }
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) {
      double even = wasm_f64x2_extract_lane(acc[r][c], 0);
      const double odd = wasm_f64x2_extract_lane(acc[r][c], 1);
      if (len2 < len) even += a[r * len + len2] * b[c * len + len2];
      out[r * nb + c] = even + odd;
    }
}

// Every row of a against columns [j, nb) of b, R rows at a time.
template <int R>
inline void cross_dot_rows(const double* a, const double* b, std::int64_t nb, std::int64_t len, double* out) {
  std::int64_t j = 0;
  for (; j + 4 <= nb; j += 4) cross_dot_block<R, 4>(a, b + j * len, len, nb, out + j);
  for (; j < nb; ++j) cross_dot_block<R, 1>(a, b + j * len, len, nb, out + j);
}

}  // namespace

void cross_dot_f64__wasmsimd(const double* a, std::int64_t na, const double* b, std::int64_t nb, std::int64_t len,
                             double* out) {
  std::int64_t i = 0;
  for (; i + 2 <= na; i += 2) cross_dot_rows<2>(a + i * len, b, nb, len, out + i * nb);
  for (; i < na; ++i) cross_dot_rows<1>(a + i * len, b, nb, len, out + i * nb);
}

// Two rows at once, one per lane: each lane runs the scalar kernel's
// operations in its order (f64x2 sqrt is correctly rounded, as std::sqrt).
void partial_sum_moduli__wasmsimd(const double* rows, std::int64_t count, std::int64_t pairs, double* out) {
  const std::int64_t stride = 2 * pairs;
  std::int64_t r = 0;
  for (; r + 2 <= count; r += 2) {
    const double* a = rows + r * stride;
    const double* b = a + stride;
    v128_t re = wasm_f64x2_splat(0.0), im = re, total = re;
    for (std::int64_t k = 0; k < pairs; ++k) {
      const v128_t za = wasm_v128_load(a + 2 * k), zb = wasm_v128_load(b + 2 * k);
      re = wasm_f64x2_add(re, wasm_i64x2_shuffle(za, zb, 0, 2));
      im = wasm_f64x2_add(im, wasm_i64x2_shuffle(za, zb, 1, 3));
      total = wasm_f64x2_add(total, wasm_f64x2_sqrt(wasm_f64x2_add(wasm_f64x2_mul(re, re), wasm_f64x2_mul(im, im))));
    }
    wasm_v128_store(out + r, total);
  }
  if (r < count) partial_sum_moduli__scalar(rows + r * stride, count - r, pairs, out + r);
}

}  // namespace phasor::kernels
#endif  // PHASOR_SIMD_KERNELS
