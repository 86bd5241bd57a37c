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

}  // namespace phasor::kernels
