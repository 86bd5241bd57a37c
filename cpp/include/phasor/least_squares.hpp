// Minimum-norm linear least squares, small and dense (a few hundred unknowns):
// B minimising ||X B - Y||_F, and among those the smallest ||B||_F.
// Householder QR of X (rows x cols) reduces the problem to R (cols x cols);
// a one-sided Jacobi SVD of R (Hestenes 1958; Demmel and Veselic 1992) gives
// R = U S V^T with high relative accuracy, and B = V S^+ U^T Q^T Y, dropping
// singular values below rcond * s_max with rcond = 2^-52 * max(rows, cols), the
// default of numpy.linalg.lstsq. The conditioning is never squared (no X^T X).
#pragma once
#include <cstdint>
#include <vector>

namespace phasor {

struct LeastSquares {
  std::vector<double> solution;         // cols x rhs, row-major
  std::vector<double> singular_values;  // min(rows, cols), descending
  std::int64_t rank = 0;                // singular values kept
};

// x: rows x cols, y: rows x rhs, both row-major float64.
LeastSquares least_squares(const double* x, std::int64_t rows, std::int64_t cols, const double* y, std::int64_t rhs);

}  // namespace phasor
