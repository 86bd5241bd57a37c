// The cos and sin of p w_j a RoPE candidate predicts, row after row, for
// the measurement (rope_measure.cpp). At integer positions (or any positions
// origin + m step, m whole) they come from tables of the digits of |m|:
// e^{i p w} is e^{i origin w} times the product of e^{i d_l 1024^l step w}
// over m's base-1024 digits d_l (each entry computed directly, a negative m
// the conjugate), one complex product per digit instead of a cos and a sin,
// every partial angle at most twice |p w|, so about as accurate as the direct
// phasor. Otherwise std::cos and std::sin, kept for the sample rows (measured
// many times) and computed row by row for every row.
#pragma once
#include <cstdint>
#include <vector>

namespace phasor {

// cos and sin of p w_j for every pair j, row after row: from the digit
// tables when there are many rows at integer positions, else directly (the
// rows given are then computed once, for every amplitude and bound measured).
class RowPhasors {
 public:
  // rows: the rows to measure (nullptr: all `count` rows of positions).
  RowPhasors(const std::vector<double>& omega, const double* positions, const std::vector<std::int64_t>* rows,
             std::int64_t count);
  // The k-th row measured (its index in rows, or the row itself).
  std::int64_t row(std::int64_t k) const { return rows_ != nullptr ? (*rows_)[static_cast<std::size_t>(k)] : k; }
  std::int64_t count() const { return count_; }
  void at(std::int64_t k, double* c, double* s) const;

 private:
  // Whether every position is origin + m step with m a whole number (integers: origin 0, step 1).
  bool on_a_lattice();
  double steps(std::int64_t k) const { return (positions_[row(k)] - origin_) / step_; }

  std::vector<double> omega_;
  const double* positions_;
  const std::vector<std::int64_t>* rows_;
  std::int64_t count_;
  double origin_ = 0.0, step_ = 1.0;
  int levels_ = 0;                               // digit tables (0: none)
  std::vector<double> origin_cos_, origin_sin_;  // e^{i origin w}, when the origin is not 0
  std::vector<std::vector<double>> cos_, sin_;   // per level: 1024 x pairs
  std::vector<double> direct_cos_, direct_sin_;  // count x pairs, when computed directly
};

}  // namespace phasor
