// Scalar siblings of the least-squares kernels (least_squares_kernels.hpp).
#include "least_squares_kernels.hpp"

namespace phasor::kernels {

double dot_f64__scalar(const double* a, const double* b, std::int64_t len) {
  double acc[2] = {0.0, 0.0};  // the two f64 lanes of the SIMD kernel
  for (std::int64_t t = 0; t < len; ++t) acc[t & 1] += a[t] * b[t];
  return acc[0] + acc[1];
}

void reflect_columns__scalar(const double* v, std::int64_t len, double scale, double* columns, std::int64_t stride,
                             std::int64_t count) {
  for (std::int64_t c = 0; c < count; ++c) {
    double* column = columns + c * stride;
    const double f = scale * dot_f64__scalar(v, column, len);
    for (std::int64_t t = 0; t < len; ++t) column[t] -= f * v[t];
  }
}

void rows_times_matrix__scalar(const double* x, std::int64_t rows, std::int64_t inner, const double* b,
                               std::int64_t cols, double* out) {
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t i = 0; i < cols; ++i) {
      double acc = 0.0;
      for (std::int64_t j = 0; j < inner; ++j) acc += x[r * inner + j] * b[j * cols + i];
      out[r * cols + i] = acc;
    }
}

}  // namespace phasor::kernels
