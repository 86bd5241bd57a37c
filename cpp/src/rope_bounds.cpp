#include "rope_bounds.hpp"

#include <cmath>

namespace phasor {

namespace {

// Half an ulp of the storage, relative to the value (and below the smallest
// normal float16, absolute).
double storage_relative(RopePrecision storage) {
  if (storage == RopePrecision::bfloat16) return std::ldexp(1.0, -8);
  if (storage == RopePrecision::float16) return std::ldexp(1.0, -11);
  return std::ldexp(1.0, -24);
}

}  // namespace

RopePrecision precision_of(const RopeMaking& making) {
  if (making.storage == RopePrecision::float16 || making.storage == RopePrecision::bfloat16) return making.storage;
  return making.float32_arithmetic ? RopePrecision::float32 : RopePrecision::exact;
}

// Provisional: the tolerance identifyRope has used so far (2^-22 of the
// amplitude plus 4e-6 of the angle) for float32 arithmetic, the storage's half
// ulp on top; the error model of cpp/include/phasor/precision.hpp replaces it.
RopeBound rope_value_bound(const RopeMaking& making, const std::vector<double>& omega, double, RopeScalingType) {
  RopeBound b;
  b.fixed = making.float32_arithmetic ? std::ldexp(1.0, -22) : std::ldexp(1.0, -50);
  b.per_angle.assign(omega.size(), making.float32_arithmetic ? 4e-6 : std::ldexp(1.0, -52));
  b.relative = storage_relative(making.storage);
  if (making.storage == RopePrecision::float16) b.absolute = std::ldexp(1.0, -25);
  return b;
}

std::vector<double> rope_frequency_bound(const RopeMaking& making, const std::vector<double>& omega, double,
                                         RopeScalingType) {
  const double rel = (making.float32_arithmetic ? 4e-6 : std::ldexp(1.0, -50)) + storage_relative(making.storage);
  return std::vector<double>(omega.size(), rel);
}

}  // namespace phasor
