// Scalar reference kernels for rope_kernels.hpp.
#include <cmath>
#include <cstdint>

#include "rope_kernels.hpp"

namespace phasor::kernels {

void rope_row__scalar(const float* x, const double* c, const double* s, std::int64_t dim, int pairing, float* out) {
  const std::int64_t h = dim / 2;
  for (std::int64_t j = 0; j < dim; ++j) {
    double turned;  // r[j]
    if (pairing == kAdjacentPairs) {
      turned = (j & 1) == 0 ? -static_cast<double>(x[j + 1]) : static_cast<double>(x[j - 1]);
    } else {
      turned = j < h ? -static_cast<double>(x[j + h]) : static_cast<double>(x[j - h]);
    }
    out[j] = static_cast<float>(static_cast<double>(x[j]) * c[j] + turned * s[j]);
  }
}

void cross_dot_f64__scalar(const double* a, std::int64_t na, const double* b, std::int64_t nb, std::int64_t len,
                           double* out) {
  for (std::int64_t i = 0; i < na; ++i) {
    const double* ai = a + i * len;
    for (std::int64_t j = 0; j < nb; ++j) {
      const double* bj = b + j * len;
      double acc[2] = {0.0, 0.0};  // the two f64 lanes of the SIMD kernel
      for (std::int64_t t = 0; t < len; ++t) acc[t & 1] += ai[t] * bj[t];
      out[i * nb + j] = acc[0] + acc[1];
    }
  }
}

void partial_sum_moduli__scalar(const double* rows, std::int64_t count, std::int64_t pairs, double* out) {
  for (std::int64_t r = 0; r < count; ++r) {
    const double* row = rows + r * 2 * pairs;
    double re = 0.0, im = 0.0, total = 0.0;
    for (std::int64_t k = 0; k < pairs; ++k) {
      re += row[2 * k];
      im += row[2 * k + 1];
      total += std::sqrt(re * re + im * im);
    }
    out[r] = total;
  }
}

}  // namespace phasor::kernels
