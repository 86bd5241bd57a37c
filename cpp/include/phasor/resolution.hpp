// How close two distinct positions come: for a base and a sequence length n,
// the minimum over p != q < n (with |p - q| >= minOffset) of |PE(p) - PE(q)|.
// |PE(p) - PE(q)|^2 = dModel - 2 sum_i cos(w_i (p - q)) depends on p - q only
// (the Toeplitz structure again), so one O(n dModel) phase walk over the
// offsets answers every n up to the longest, for each base.
//
// In float32: phasor's tables from position 0 are within 2^-25 + |p| 2^-51 of
// the float64 formula per value (the walk's drift stays within |p| 2^-51 there;
// see encoding.hpp), so a float32 distance is within float32Bound =
// 2 sqrt(dModel) (2^-25 + (n - 1) 2^-51) of the float64 one; two positions
// whose float64 distance exceeds it are distinct in the float32 table too.
#pragma once
#include <cstdint>
#include <string>

#include "phasor/limits.hpp"

namespace phasor {

std::string validate_position_resolution(double d_model, const double* bases, std::int64_t base_count,
                                         const double* lengths, std::int64_t length_count, double min_offset);

// min_distance and at_offset: base_count x length_count (NaN where n <= minOffset);
// float32_bound: length_count.
void position_resolution(std::int64_t d_model, const double* bases, std::int64_t base_count, const double* lengths,
                         std::int64_t length_count, std::int64_t min_offset, double* min_distance, double* at_offset,
                         double* float32_bound);

}  // namespace phasor
