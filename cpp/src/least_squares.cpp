#include "phasor/least_squares.hpp"

#include <algorithm>
#include <cmath>

#include "least_squares_kernels.hpp"

namespace phasor {

namespace {

// Column-major storage: column j is v[j * rows, (j + 1) * rows).
struct Matrix {
  std::int64_t rows = 0, cols = 0;
  std::vector<double> v;

  Matrix(std::int64_t r, std::int64_t c) : rows(r), cols(c), v(static_cast<std::size_t>(r * c)) {}
  double* col(std::int64_t j) { return v.data() + j * rows; }
  const double* col(std::int64_t j) const { return v.data() + j * rows; }
};

// The row-major input, times `by` (a power of two: exact), column by column.
Matrix column_major(const double* row_major, std::int64_t rows, std::int64_t cols, double by) {
  Matrix m(rows, cols);
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = 0; j < cols; ++j) m.col(j)[i] = row_major[i * cols + j] * by;
  return m;
}

// Two partial sums (even, odd index): the SIMD kernel's lanes, bit for bit in both builds.
double dot(const double* a, const double* b, std::int64_t n) { return kernels::dot_f64(a, b, n); }

// Householder QR of a (rows >= cols) in place, the same reflections applied to
// b. Afterwards the top cols x cols of a is R and the top cols rows of b are Q^T Y.
void householder_qr(Matrix& a, Matrix& b) {
  const std::int64_t m = a.rows, n = a.cols;
  std::vector<double> reflector(static_cast<std::size_t>(m));
  double* v = reflector.data();
  for (std::int64_t k = 0; k < n; ++k) {
    double* ak = a.col(k);
    const double norm = std::sqrt(dot(ak + k, ak + k, m - k));
    // After unit_scale a column this short is zero to working precision (and
    // its reflector's squared length would be subnormal).
    if (!(norm > 0x1p-480)) continue;
    // Reflect ak onto alpha e_k, alpha of the sign that avoids cancellation.
    const double alpha = ak[k] > 0.0 ? -norm : norm;
    std::copy(ak + k, ak + m, v + k);
    v[k] -= alpha;
    const double vv = dot(v + k, v + k, m - k);
    if (vv == 0.0) continue;
    const double scale = 2.0 / vv;
    // The columns right of k, then every column of b (each matrix's columns are m apart).
    if (k + 1 < n) kernels::reflect_columns(v + k, m - k, scale, a.col(k + 1) + k, m, n - k - 1);
    if (b.cols > 0) kernels::reflect_columns(v + k, m - k, scale, b.col(0) + k, m, b.cols);
    ak[k] = alpha;
    std::fill(ak + k + 1, ak + m, 0.0);
  }
}

// (x, y) <- (c x - s y, s x + c y), element by element.
void rotate_columns(double* x, double* y, std::int64_t len, double c, double s) {
  for (std::int64_t i = 0; i < len; ++i) {
    const double xi = x[i], yi = y[i];
    x[i] = c * xi - s * yi;
    y[i] = s * xi + c * yi;
  }
}

// One-sided Jacobi: rotates pairs of columns of a (and of v, starting at I)
// until all columns are orthogonal; then a = U S and the input is U S V^T.
void one_sided_jacobi(Matrix& a, Matrix& v) {
  const std::int64_t m = a.rows, n = a.cols;
  for (std::int64_t j = 0; j < n; ++j) v.col(j)[j] = 1.0;
  constexpr double kTolerance = 1e-15;
  for (int sweep = 0; sweep < 100; ++sweep) {
    bool rotated = false;
    for (std::int64_t p = 0; p + 1 < n; ++p) {
      for (std::int64_t q = p + 1; q < n; ++q) {
        double* ap = a.col(p);
        double* aq = a.col(q);
        const double alpha = dot(ap, ap, m), beta = dot(aq, aq, m), gamma = dot(ap, aq, m);
        if (gamma == 0.0 || std::fabs(gamma) <= kTolerance * std::sqrt(alpha * beta)) continue;
        rotated = true;
        // The rotation that zeroes the (p, q) entry of a^T a.
        const double zeta = (beta - alpha) / (2.0 * gamma);
        const double t = std::copysign(1.0, zeta) / (std::fabs(zeta) + std::sqrt(1.0 + zeta * zeta));
        const double c = 1.0 / std::sqrt(1.0 + t * t), s = c * t;
        rotate_columns(ap, aq, m, c, s);
        rotate_columns(v.col(p), v.col(q), n, c, s);
      }
    }
    if (!rotated) break;
  }
}

// The power of two that brings the largest |value| into [0.5, 1) (1 for none):
// scaling by it is exact, and keeps squares of tiny entries from underflowing
// (a reflector of subnormal length turns into inf and NaN), as LAPACK's
// xGELSD scales its input.
double unit_scale(const double* values, std::int64_t count) {
  // Four running maxima (NaN passed over, as std::max does), so the compares
  // do not wait on each other; the largest is the same in any order.
  double m[4] = {0.0, 0.0, 0.0, 0.0};
  std::int64_t i = 0;
  for (; i + 4 <= count; i += 4)
    for (int k = 0; k < 4; ++k) m[k] = std::max(m[k], std::fabs(values[i + k]));
  for (; i < count; ++i) m[0] = std::max(m[0], std::fabs(values[i]));
  const double largest = std::max(std::max(m[0], m[1]), std::max(m[2], m[3]));
  if (!(largest > 0.0) || !std::isfinite(largest)) return 1.0;
  int exponent = 0;
  std::frexp(largest, &exponent);
  // Subnormal entries (down to 2^-1074) get at most 2^1000, which stays finite.
  return std::ldexp(1.0, -std::clamp(exponent, -1000, 1000));
}

}  // namespace

LeastSquares least_squares(const double* x, std::int64_t rows, std::int64_t cols, const double* y, std::int64_t rhs) {
  // Solve (sx X) B' = (sy Y): then B = B' sx / sy, and X's singular values are S' / sx.
  const double sx = unit_scale(x, rows * cols), sy = unit_scale(y, rows * rhs);
  Matrix a = column_major(x, rows, cols, sx);
  Matrix b = column_major(y, rows, rhs, sy);
  std::int64_t m = rows;
  if (rows > cols) {  // reduce to the cols x cols triangle R and Q^T Y's top rows
    householder_qr(a, b);
    Matrix r(cols, cols), z(cols, rhs);
    for (std::int64_t j = 0; j < cols; ++j) std::copy(a.col(j), a.col(j) + cols, r.col(j));
    for (std::int64_t j = 0; j < rhs; ++j) std::copy(b.col(j), b.col(j) + cols, z.col(j));
    a = std::move(r);
    b = std::move(z);
    m = cols;
  }
  Matrix v(cols, cols);
  one_sided_jacobi(a, v);

  std::vector<double> singular(static_cast<std::size_t>(cols));
  double* sigma = singular.data();
  for (std::int64_t j = 0; j < cols; ++j) sigma[j] = std::sqrt(dot(a.col(j), a.col(j), m));
  // Column indices by decreasing singular value (insertion sort: cols <= a few
  // hundred, and std::stable_sort would add kilobytes to the wasm).
  std::vector<std::int64_t> order_buffer(static_cast<std::size_t>(cols));
  std::int64_t* order = order_buffer.data();
  for (std::int64_t j = 0; j < cols; ++j) {
    std::int64_t at = j;
    for (; at > 0 && sigma[order[at - 1]] < sigma[j]; --at) order[at] = order[at - 1];
    order[at] = j;
  }

  LeastSquares out;
  const std::int64_t kept_max = std::min(rows, cols);
  for (std::int64_t k = 0; k < kept_max; ++k) out.singular_values.push_back(sigma[order[k]] / sx);
  const double s_max = cols > 0 ? sigma[order[0]] : 0.0;
  const double cutoff = 0x1p-52 * static_cast<double>(std::max(rows, cols)) * s_max;

  // B = sum over kept j of v_j (u_j^T Z) / s_j, with u_j = a_j / s_j.
  out.solution.assign(static_cast<std::size_t>(cols * rhs), 0.0);
  double* solution = out.solution.data();
  for (std::int64_t k = 0; k < kept_max; ++k) {
    const std::int64_t j = order[k];
    if (!(sigma[j] > cutoff)) break;
    ++out.rank;
    const double s2 = sigma[j] * sigma[j];
    for (std::int64_t c = 0; c < rhs; ++c) {
      const double coefficient = dot(a.col(j), b.col(c), m) / s2 * (sx / sy);  // u_j^T z_c / s_j, unscaled
      for (std::int64_t i = 0; i < cols; ++i) solution[i * rhs + c] += v.col(j)[i] * coefficient;
    }
  }
  return out;
}

}  // namespace phasor
