// The bounds identifyRope holds a RoPE tensor to, on top of the error model
// of cpp/include/phasor/precision.hpp. value_bound there costs a few hundred
// nanoseconds a call and the largest input has 2^24 values, so each
// candidate's bound is its affine envelope, in the form the measurement
// (rope_measure.cpp) evaluates per value:
//   cache value of pair j, exact value e = s trig(t), angle t = p w_j:
//     bound = min(relative |e| + per_angle[j] |t| + absolute, cap + cap_per_angle |t|)
// found by bounding each term of value_bound's sum from above: ulp32(x) / 2
// <= 2^-24 |x| + 2^-150, half_step(storage, x) <= half_step(storage, 1) |x| +
// half_step(storage, 0), |float32(p) - p| <= 2^-24 |p|, and the float32
// frequency's error w 2^-23 (2 |ln(w / w_max)| + 4) (float32_frequency_error)
// as a multiple of w. The envelope is never below value_bound's bound and at
// most about twice it (tests/cpp/rope_bounds_test.cpp checks both).
//
// q/k rows rotated with a stored cache (transformers: q * cos + rotate_half(q)
// * sin in q's dtype, cos and sin already cast to it): each output
//   v = x_a cos_s -/+ x_b sin_s, each product and the sum rounded to the storage,
// departs from the exact A (x_a cos t -/+ x_b sin t) by at most
//   |x_a| bound(cos) + |x_b| bound(sin) + u (|x_a c| + |x_b s| + |v|) + 3 u0,
// u = half_step(storage, 1), u0 = half_step(storage, 0) (exact arithmetic:
// the final rounding alone). rotated_bound below.
#pragma once
#include <cmath>
#include <vector>

#include "phasor/precision.hpp"

namespace phasor {

struct RopeBound {
  double relative = 0.0;          // times |exact value|
  std::vector<double> per_angle;  // one per pair, times |p w_j|
  double absolute = 0.0;
  // A wrong angle moves a value by at most twice the amplitude: the bound
  // never exceeds cap + cap_per_angle |t| (the float64 phase's own error).
  double cap = HUGE_VAL;
  double cap_per_angle = 0.0;
  // Rotated rows: the roundings of the products and the sum (0 for exact arithmetic).
  double product_relative = 0.0;
  double product_absolute = 0.0;
  double output_relative = 0.0;  // the final rounding to the storage
  double output_absolute = 0.0;
};

// The envelope of value_bound(model, {p, w_j, scale = amplitude}).bound for
// every p and value of pair j (omega: the candidate's exact frequencies).
RopeBound rope_value_bound(const PrecisionModel& model, const std::vector<double>& omega, double amplitude);

// The bound of one rotated value (see above), given the cache bounds of its cos and sin.
inline double rotated_bound(const RopeBound& b, double xa, double xb, double ca, double sb, double bound_cos,
                            double bound_sin, double value) {
  const double products = std::abs(xa * ca) + std::abs(xb * sb);
  return std::abs(xa) * bound_cos + std::abs(xb) * bound_sin + b.product_relative * products + b.product_absolute +
         b.output_relative * std::abs(value) + b.output_absolute;
}

// The bound of each stored inv_freq value (absolute), made by `model`.
std::vector<double> rope_frequency_bound(const PrecisionModel& model, const std::vector<double>& omega);

// The most one value's amplitude sqrt(cos^2 + sin^2) can depart from the
// attention factor in a cache made by `model` (the angle's errors leave it alone).
double amplitude_allowance(const PrecisionModel& model, double amplitude);
// The same for |out| / |in| of a rotated pair whose |in| is at least 1/16 of
// the largest: the cache's allowance, and the products' and sum's roundings
// (sixteen times the smallest pair's share of them, at most).
double rotated_amplitude_allowance(const PrecisionModel& model, double amplitude);

}  // namespace phasor
