// Scalar reference kernels: the plain loops the SIMD kernels must agree with.
#include <cstdint>

#include "kernels.hpp"

namespace phasor::kernels {

namespace {
// Rotate every phasor by its step: (s, c) <- (s cos w + c sin w, c cos w - s sin w).
inline void advance(PhasorState& st) {
  for (std::int64_t i = 0; i < st.pairs; ++i) {
    const double s = st.sin[i];
    const double c = st.cos[i];
    st.sin[i] = s * st.step_cos[i] + c * st.step_sin[i];
    st.cos[i] = c * st.step_cos[i] - s * st.step_sin[i];
  }
}
}  // namespace

void pe_rows__scalar(PhasorState& st, std::int64_t rows, int layout, float* out) {
  pe_table_rows__scalar(st, rows, plain_rows(st.pairs, layout), out);
}

void pe_table_rows__scalar(PhasorState& st, std::int64_t rows, const RowFormat& f, float* out) {
  const std::int64_t h = f.pairs;
  const double* first = f.cos_first ? st.cos : st.sin;
  const double* second = f.cos_first ? st.sin : st.cos;
  for (std::int64_t r = 0; r < rows; ++r) {
    float* row = out + r * f.stride;
    if (f.layout == kInterleaved) {
      for (std::int64_t i = 0; i < h; ++i) {
        row[2 * i] = static_cast<float>(first[i]);
        row[2 * i + 1] = static_cast<float>(second[i]);
      }
    } else {
      for (std::int64_t i = 0; i < h; ++i) {
        row[i] = static_cast<float>(first[i]);
        row[f.second + i] = static_cast<float>(second[i]);
      }
    }
    if (f.extra_sine >= 0) row[f.extra_sine] = static_cast<float>(st.sin[h]);
    if (f.zero >= 0) row[f.zero] = 0.0f;
    advance(st);
  }
}

void cos_sums__scalar(PhasorState& st, std::int64_t rows, double* out) {
  for (std::int64_t r = 0; r < rows; ++r) {
    // Two partial sums, matching the two f64 lanes of the SIMD kernel, so the
    // scalar and SIMD results are bit-identical.
    double acc[2] = {0.0, 0.0};
    for (std::int64_t i = 0; i < st.pairs; ++i) acc[i & 1] += st.cos[i];
    out[r] = acc[0] + acc[1];
    advance(st);
  }
}

void phasor_rows_f64__scalar(PhasorState& st, std::int64_t rows, double* out) {
  for (std::int64_t r = 0; r < rows; ++r) {
    double* row = out + r * 2 * st.pairs;
    for (std::int64_t i = 0; i < st.pairs; ++i) {
      row[2 * i] = st.cos[i];
      row[2 * i + 1] = st.sin[i];
    }
    advance(st);
  }
}

void phasor_dots__scalar(PhasorState& st, std::int64_t rows, const double* a, const double* b, double* out) {
  for (std::int64_t r = 0; r < rows; ++r) {
    double acc[2] = {0.0, 0.0};  // the two f64 lanes of the SIMD kernel
    for (std::int64_t i = 0; i < st.pairs; ++i) acc[i & 1] += a[i] * st.cos[i] + b[i] * st.sin[i];
    out[r] = acc[0] + acc[1];
    advance(st);
  }
}

void pairwise_sq_l2__scalar(const float* x, std::int64_t n, std::int64_t d, float* out) {
  for (std::int64_t i = 0; i < n; ++i) {
    out[i * n + i] = 0.0f;
    for (std::int64_t j = i + 1; j < n; ++j) {
      float acc = 0.0f;
      for (std::int64_t t = 0; t < d; ++t) {
        const float diff = x[i * d + t] - x[j * d + t];
        acc += diff * diff;
      }
      out[i * n + j] = acc;
    }
  }
}

void pairwise_dot__scalar(const float* x, std::int64_t n, std::int64_t d, float* out) {
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t j = i; j < n; ++j) {
      float acc = 0.0f;
      for (std::int64_t t = 0; t < d; ++t) acc += x[i * d + t] * x[j * d + t];
      out[i * n + j] = acc;
    }
  }
}

}  // namespace phasor::kernels
