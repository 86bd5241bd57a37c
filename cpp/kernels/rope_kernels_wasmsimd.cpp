// wasm SIMD kernels for rope_kernels.hpp: float64 lanes (f64x2), the same
// products and sums as the scalar siblings, so results are bit-identical.
#include "simd128.hpp"
#if PHASOR_SIMD_KERNELS

#include <cstdint>

#include "rope_kernels.hpp"

namespace phasor::kernels {

namespace {

// Two float32 at p, widened to an f64x2.
inline v128_t load2_f64(const float* p) {
  return wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(p));
}

// x * c + r * s for two slots, narrowed and stored as two float32.
inline void store2(float* out, v128_t x, v128_t r, const double* c, const double* s) {
  const v128_t y = wasm_f64x2_add(wasm_f64x2_mul(x, wasm_v128_load(c)),
                                  wasm_f64x2_mul(r, wasm_v128_load(s)));
  wasm_v128_store64_lane(out, wasm_f32x4_demote_f64x2_zero(y), 0);
}

}  // namespace

void rope_row__wasmsimd(const float* x, const double* c, const double* s, std::int64_t dim,
                        int pairing, float* out) {
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

void cross_dot_f64__wasmsimd(const double* a, std::int64_t na, const double* b, std::int64_t nb,
                             std::int64_t len, double* out) {
  const std::int64_t len2 = len & ~std::int64_t{1};
  for (std::int64_t i = 0; i < na; ++i) {
    const double* ai = a + i * len;
    for (std::int64_t j = 0; j < nb; ++j) {
      const double* bj = b + j * len;
      v128_t acc = wasm_f64x2_splat(0.0);
      for (std::int64_t t = 0; t < len2; t += 2)
        acc = wasm_f64x2_add(acc, wasm_f64x2_mul(wasm_v128_load(ai + t), wasm_v128_load(bj + t)));
      double even = wasm_f64x2_extract_lane(acc, 0);
      const double odd = wasm_f64x2_extract_lane(acc, 1);
      if (len2 < len) even += ai[len2] * bj[len2];
      out[i * nb + j] = even + odd;
    }
  }
}

}  // namespace phasor::kernels
#endif  // PHASOR_SIMD_KERNELS
