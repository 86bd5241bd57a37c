// The bound a RoPE tensor's value may depart from a candidate's exact value
// by, for the precision it was made in, in the affine form the measurement
// (rope_measure.cpp) evaluates per value:
//   cache value v of pair j at angle t = p w_j, amplitude A:
//     bound = A (fixed + per_angle[j] |t|) + relative |v| + absolute
//   rotated value v = A (x_a cos t -/+ x_b sin t):
//     bound = (|x_a| + |x_b|) A (fixed + per_angle[j] |t|) + relative |v| + absolute
//   inv_freq value of pair j: |w - w_j| <= per_angle[j] w_j (relative).
#pragma once
#include <cstdint>
#include <vector>

#include "phasor/rope_identify.hpp"
#include "phasor/rope_scaling.hpp"

namespace phasor {

struct RopeBound {
  double fixed = 0.0;
  std::vector<double> per_angle;  // one per pair
  double relative = 0.0;
  double absolute = 0.0;
};

// How a value was made: its arithmetic (float64, rounded once; or float32 as
// transformers computes it) and the format it is stored in (float32, float16
// or bfloat16; RopePrecision's names).
struct RopeMaking {
  bool float32_arithmetic = false;
  RopePrecision storage = RopePrecision::float32;
};

// The precision a candidate states for a making: exact (float64 arithmetic,
// float32 storage), float32, or the half format it is stored in.
RopePrecision precision_of(const RopeMaking& making);

// The bound of a cache or of rotated rows made so by the scheme with
// frequencies omega (and base theta, scaling type: the float32 frequencies'
// own rounding depends on them).
RopeBound rope_value_bound(const RopeMaking& making, const std::vector<double>& omega, double theta,
                           RopeScalingType type);

// The relative bound of each stored inv_freq value.
std::vector<double> rope_frequency_bound(const RopeMaking& making, const std::vector<double>& omega, double theta,
                                         RopeScalingType type);

}  // namespace phasor
