// wasm SIMD kernel for embedding_kernels.hpp: two pairs per f64x2 (lane 0
// the even pair, lane 1 the odd), the same products and sums as the scalar
// sibling; an odd last pair is added to lane 0 in scalar code, as there.
#include "simd128.hpp"
#if PHASOR_SIMD_KERNELS

#include <cstdint>

#include "embedding_kernels.hpp"

namespace phasor::kernels {

namespace {

// EmbeddingAccumulator for two pairs.
struct Accumulator2 {
  v128_t token = wasm_f64x2_splat(0.0), pe = wasm_f64x2_splat(0.0);
  v128_t sum = wasm_f64x2_splat(0.0), scaled_sum = wasm_f64x2_splat(0.0);

  void add(v128_t t, v128_t q, v128_t scale) {
    token = wasm_f64x2_add(token, wasm_f64x2_mul(t, t));
    pe = wasm_f64x2_add(pe, wasm_f64x2_mul(q, q));
    const v128_t plain = wasm_f64x2_add(t, q);
    sum = wasm_f64x2_add(sum, wasm_f64x2_mul(plain, plain));
    const v128_t scaled = wasm_f64x2_add(wasm_f64x2_mul(scale, t), q);
    scaled_sum = wasm_f64x2_add(scaled_sum, wasm_f64x2_mul(scaled, scaled));
  }

  EmbeddingAccumulator lane(int k) const {
    const auto at = [k](v128_t v) { return k == 0 ? wasm_f64x2_extract_lane(v, 0) : wasm_f64x2_extract_lane(v, 1); };
    EmbeddingAccumulator a;
    a.token = at(token);
    a.pe = at(pe);
    a.sum = at(sum);
    a.scaled_sum = at(scaled_sum);
    return a;
  }
};

}  // namespace

namespace {

// Entries 2i .. 2i+3 (sine i, cosine i, sine i+1, cosine i+1) as the sine
// entries and the cosine entries of the two pairs, in float64.
struct Entries2 {
  v128_t sines, cosines;
};

inline Entries2 load_tokens(const float* e) {
  const v128_t four = wasm_v128_load(e);
  return {wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(four, four, 0, 2, 0, 2)),
          wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(four, four, 1, 3, 1, 3))};
}

// float32(std * z), widened back: normal_samples' rounding, two lanes at a time.
inline v128_t scaled_sample2(v128_t z, v128_t std_dev) {
  return wasm_f64x2_promote_low_f32x4(wasm_f32x4_demote_f64x2_zero(wasm_f64x2_mul(std_dev, z)));
}

inline Entries2 load_normals(const double* z, v128_t std_dev) {
  const v128_t a = wasm_v128_load(z);      // sine i, cosine i
  const v128_t b = wasm_v128_load(z + 2);  // sine i+1, cosine i+1
  return {scaled_sample2(wasm_i64x2_shuffle(a, b, 0, 2), std_dev),
          scaled_sample2(wasm_i64x2_shuffle(a, b, 1, 3), std_dev)};
}

template <bool kNormals>
void sums(PhasorState& st, std::int64_t rows, const TokenSource& tokens, double scale, EmbeddingSums* out) {
  const std::int64_t h = st.pairs;
  const std::int64_t h2 = h & ~std::int64_t{1};
  const v128_t scale2 = wasm_f64x2_splat(scale);
  const v128_t std2 = wasm_f64x2_splat(tokens.std_dev);
  for (std::int64_t r = 0; r < rows; ++r) {
    const TokenSource e = tokens.from(r * 2 * h);
    Accumulator2 sines, cosines;
    std::int64_t i = 0;
    for (; i < h2; i += 2) {
      const v128_t s = wasm_v128_load(st.sin + i);
      const v128_t c = wasm_v128_load(st.cos + i);
      const Entries2 t = kNormals ? load_normals(e.normals + 2 * i, std2) : load_tokens(e.tokens + 2 * i);
      sines.add(t.sines, s, scale2);
      cosines.add(t.cosines, c, scale2);
      // The phase walk's rotation (phasor_rows_wasmsimd.cpp).
      const v128_t ks = wasm_v128_load(st.step_sin + i);
      const v128_t kc = wasm_v128_load(st.step_cos + i);
      wasm_v128_store(st.sin + i, wasm_f64x2_add(wasm_f64x2_mul(s, kc), wasm_f64x2_mul(c, ks)));
      wasm_v128_store(st.cos + i, wasm_f64x2_sub(wasm_f64x2_mul(c, kc), wasm_f64x2_mul(s, ks)));
    }
    EmbeddingAccumulator acc[2][2] = {{sines.lane(0), sines.lane(1)}, {cosines.lane(0), cosines.lane(1)}};
    if (i < h) {  // an odd last pair: lane 0 (h - 1 is even)
      const double s = st.sin[i];
      const double c = st.cos[i];
      acc[0][0].add(e.entry(2 * i), s, scale);
      acc[1][0].add(e.entry(2 * i + 1), c, scale);
      st.sin[i] = s * st.step_cos[i] + c * st.step_sin[i];
      st.cos[i] = c * st.step_cos[i] - s * st.step_sin[i];
    }
    out[r] = combine(acc);
  }
}

}  // namespace

void embedding_sums__wasmsimd(PhasorState& st, std::int64_t rows, const TokenSource& tokens, double scale,
                              EmbeddingSums* out) {
  if (tokens.tokens != nullptr) {
    sums<false>(st, rows, tokens, scale, out);
  } else {
    sums<true>(st, rows, tokens, scale, out);
  }
}

}  // namespace phasor::kernels
#endif  // PHASOR_SIMD_KERNELS
