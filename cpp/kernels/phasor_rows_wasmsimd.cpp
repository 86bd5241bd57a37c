// wasm SIMD kernels. Phases advance in float64 (two pairs per f64x2), rows are
// emitted as float32 four pairs at a time; tails fall back to scalar code that
// performs the same operations, so results equal the __scalar siblings bit for
// bit (pairwise kernels: same terms, different summation order).
#include "simd128.hpp"
#if PHASOR_SIMD_KERNELS

#include <cstdint>

#include "kernels.hpp"

namespace phasor::kernels {

namespace {

// Rotates pairs [i, i+2) by their step and returns the phasor before rotation.
struct Pair2 {
  v128_t s;
  v128_t c;
};

inline Pair2 load_and_advance(PhasorState& st, std::int64_t i) {
  const v128_t s = wasm_v128_load(st.sin + i);
  const v128_t c = wasm_v128_load(st.cos + i);
  const v128_t ks = wasm_v128_load(st.step_sin + i);
  const v128_t kc = wasm_v128_load(st.step_cos + i);
  wasm_v128_store(st.sin + i, wasm_f64x2_add(wasm_f64x2_mul(s, kc), wasm_f64x2_mul(c, ks)));
  wasm_v128_store(st.cos + i, wasm_f64x2_sub(wasm_f64x2_mul(c, kc), wasm_f64x2_mul(s, ks)));
  return {s, c};
}

inline void advance_scalar(PhasorState& st, std::int64_t i) {
  const double s = st.sin[i];
  const double c = st.cos[i];
  st.sin[i] = s * st.step_cos[i] + c * st.step_sin[i];
  st.cos[i] = c * st.step_cos[i] - s * st.step_sin[i];
}

// Four float64 values (two f64x2) to one f32x4.
inline v128_t demote4(v128_t lo, v128_t hi) {
  return wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5);
}

}  // namespace

void pe_rows__wasmsimd(PhasorState& st, std::int64_t rows, int layout, float* out) {
  pe_table_rows__wasmsimd(st, rows, plain_rows(st.pairs, layout), out);
}

void pe_table_rows__wasmsimd(PhasorState& st, std::int64_t rows, const RowFormat& f, float* out) {
  const std::int64_t h = f.pairs;
  const std::int64_t h4 = h & ~std::int64_t{3};
  for (std::int64_t r = 0; r < rows; ++r) {
    float* row = out + r * f.stride;
    std::int64_t i = 0;
    for (; i < h4; i += 4) {
      const Pair2 a = load_and_advance(st, i);
      const Pair2 b = load_and_advance(st, i + 2);
      const v128_t s4 = demote4(a.s, b.s);
      const v128_t c4 = demote4(a.c, b.c);
      const v128_t first = f.cos_first ? c4 : s4;
      const v128_t second = f.cos_first ? s4 : c4;
      if (f.layout == kInterleaved) {
        wasm_v128_store(row + 2 * i, wasm_i32x4_shuffle(first, second, 0, 4, 1, 5));
        wasm_v128_store(row + 2 * i + 4, wasm_i32x4_shuffle(first, second, 2, 6, 3, 7));
      } else {
        wasm_v128_store(row + i, first);
        wasm_v128_store(row + f.second + i, second);
      }
    }
    for (; i < h; ++i) {
      const float s = static_cast<float>(st.sin[i]);
      const float c = static_cast<float>(st.cos[i]);
      const float first = f.cos_first ? c : s;
      const float second = f.cos_first ? s : c;
      if (f.layout == kInterleaved) {
        row[2 * i] = first;
        row[2 * i + 1] = second;
      } else {
        row[i] = first;
        row[f.second + i] = second;
      }
      advance_scalar(st, i);
    }
    if (f.extra_sine >= 0) {
      row[f.extra_sine] = static_cast<float>(st.sin[h]);
      advance_scalar(st, h);
    }
    if (f.zero >= 0) row[f.zero] = 0.0f;
  }
}

void cos_sums__wasmsimd(PhasorState& st, std::int64_t rows, double* out) {
  const std::int64_t h = st.pairs;
  const std::int64_t h2 = h & ~std::int64_t{1};
  for (std::int64_t r = 0; r < rows; ++r) {
    v128_t acc = wasm_f64x2_splat(0.0);
    std::int64_t i = 0;
    for (; i < h2; i += 2) acc = wasm_f64x2_add(acc, load_and_advance(st, i).c);
    double even = wasm_f64x2_extract_lane(acc, 0);
    const double odd = wasm_f64x2_extract_lane(acc, 1);
    if (i < h) {
      even += st.cos[i];
      advance_scalar(st, i);
    }
    out[r] = even + odd;
  }
}

void phasor_rows_f64__wasmsimd(PhasorState& st, std::int64_t rows, double* out) {
  const std::int64_t h = st.pairs;
  const std::int64_t h2 = h & ~std::int64_t{1};
  for (std::int64_t r = 0; r < rows; ++r) {
    double* row = out + r * 2 * h;
    std::int64_t i = 0;
    for (; i < h2; i += 2) {
      const Pair2 p = load_and_advance(st, i);
      wasm_v128_store(row + 2 * i, wasm_i64x2_shuffle(p.c, p.s, 0, 2));
      wasm_v128_store(row + 2 * i + 2, wasm_i64x2_shuffle(p.c, p.s, 1, 3));
    }
    if (i < h) {
      row[2 * i] = st.cos[i];
      row[2 * i + 1] = st.sin[i];
      advance_scalar(st, i);
    }
  }
}

void phasor_dots__wasmsimd(PhasorState& st, std::int64_t rows, const double* a, const double* b, double* out) {
  const std::int64_t h = st.pairs;
  const std::int64_t h2 = h & ~std::int64_t{1};
  for (std::int64_t r = 0; r < rows; ++r) {
    v128_t acc = wasm_f64x2_splat(0.0);
    std::int64_t i = 0;
    for (; i < h2; i += 2) {
      const Pair2 p = load_and_advance(st, i);
      acc = wasm_f64x2_add(
          acc, wasm_f64x2_add(wasm_f64x2_mul(wasm_v128_load(a + i), p.c), wasm_f64x2_mul(wasm_v128_load(b + i), p.s)));
    }
    double even = wasm_f64x2_extract_lane(acc, 0);
    const double odd = wasm_f64x2_extract_lane(acc, 1);
    if (i < h) {
      even += a[i] * st.cos[i] + b[i] * st.sin[i];
      advance_scalar(st, i);
    }
    out[r] = even + odd;
  }
}

namespace {

// Sum of the four lanes of an f32x4.
inline float hsum(v128_t v) {
  const v128_t hi = wasm_i32x4_shuffle(v, v, 2, 3, 0, 1);
  const v128_t s = wasm_f32x4_add(v, hi);
  return wasm_f32x4_extract_lane(s, 0) + wasm_f32x4_extract_lane(s, 1);
}

// One row pair: sum over t of f(a[t], b[t]) with two f32x4 accumulators.
template <bool kSquaredDifference>
inline float reduce_row_pair(const float* a, const float* b, std::int64_t d) {
  v128_t acc0 = wasm_f32x4_splat(0.0f);
  v128_t acc1 = wasm_f32x4_splat(0.0f);
  std::int64_t t = 0;
  for (; t + 8 <= d; t += 8) {
    v128_t x0 = wasm_v128_load(a + t);
    v128_t x1 = wasm_v128_load(a + t + 4);
    v128_t y0 = wasm_v128_load(b + t);
    v128_t y1 = wasm_v128_load(b + t + 4);
    if constexpr (kSquaredDifference) {
      x0 = wasm_f32x4_sub(x0, y0);
      x1 = wasm_f32x4_sub(x1, y1);
      y0 = x0;
      y1 = x1;
    }
    acc0 = wasm_f32x4_add(acc0, wasm_f32x4_mul(x0, y0));
    acc1 = wasm_f32x4_add(acc1, wasm_f32x4_mul(x1, y1));
  }
  float acc = hsum(wasm_f32x4_add(acc0, acc1));
  for (; t < d; ++t) {
    const float x = a[t];
    const float y = b[t];
    acc += kSquaredDifference ? (x - y) * (x - y) : x * y;
  }
  return acc;
}

template <bool kSquaredDifference>
void pairwise(const float* x, std::int64_t n, std::int64_t d, float* out) {
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t j = i; j < n; ++j) {
      const float v =
          (kSquaredDifference && i == j) ? 0.0f : reduce_row_pair<kSquaredDifference>(x + i * d, x + j * d, d);
      out[i * n + j] = v;
    }
  }
}

}  // namespace

void pairwise_sq_l2__wasmsimd(const float* x, std::int64_t n, std::int64_t d, float* out) {
  pairwise<true>(x, n, d, out);
}

void pairwise_dot__wasmsimd(const float* x, std::int64_t n, std::int64_t d, float* out) {
  pairwise<false>(x, n, d, out);
}

}  // namespace phasor::kernels
#endif  // PHASOR_SIMD_KERNELS
