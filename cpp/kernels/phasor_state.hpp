// The state the row kernels advance: for each frequency pair i the current
// phasor (sin, cos) of its phase, and the one-step rotation (sin w_i, cos w_i).
// Stored as separate arrays (structure of arrays) so SIMD lanes hold
// neighbouring pairs.
#pragma once
#include <cstdint>

namespace phasor::kernels {

struct PhasorState {
  double* sin;             // [pairs] sin of the current phase
  double* cos;             // [pairs] cos of the current phase
  const double* step_sin;  // [pairs] sin(w_i * step)
  const double* step_cos;  // [pairs] cos(w_i * step)
  std::int64_t pairs;
};

// Layout values mirror phasor::Layout (kept as int so kernels need no core header).
inline constexpr int kInterleaved = 0;
inline constexpr int kSplit = 1;

// Where a table row's values go (pe_table_rows). The state's first `pairs`
// pairs are written as both trigs; with an extra sine (odd widths by the
// 'extraSine' rule) the state holds one more pair whose sine alone is written.
//  interleaved: pair i at columns 2i (first trig) and 2i+1 (second trig);
//  split:       first trig of pair i at column i, second at `second` + i;
//  first trig = sin, second = cos, unless cos_first (order 'cosSin').
struct RowFormat {
  std::int64_t stride;      // floats per output row (the table width)
  std::int64_t pairs;       // pairs written as sin and cos
  int layout;               // kInterleaved or kSplit
  bool cos_first;           // order 'cosSin'
  std::int64_t second;      // split: the column where the second trig's block starts
  std::int64_t extra_sine;  // column of the sine of pair `pairs`, or -1 (then the state has `pairs` pairs)
  std::int64_t zero;        // a column that is always 0 ('zeroColumn'), or -1
};

// The plain table of width 2 * pairs: what pe_rows writes.
inline RowFormat plain_rows(std::int64_t pairs, int layout) { return {2 * pairs, pairs, layout, false, pairs, -1, -1}; }

}  // namespace phasor::kernels
