// sin and cos of w p at the positions p_r = start + r * step (r < count) of an
// arithmetic progression, by angle addition: row r = 64 h + l is the phasor of
// the anchor p_{64h}, computed with std::sin/std::cos, turned by the phasor of
// l * step (l < 64), also computed once. That is count / 64 + 64 pairs of
// std::sin/std::cos instead of count; each value is within a few ulp of
// std::sin(w * p_r) and of the exact sine (the error does not grow along the
// progression, unlike a walk by repeated rotation), and at the anchors it is
// std::sin(w * p_r) bit for bit.
#pragma once
#include <cstdint>

namespace phasor {

// out_sin[r * out_stride] = sin(w p_r), out_cos[r * out_stride] = cos(w p_r);
// out_cos may be null (the sines alone). `block` (1 to 64) sets the anchors'
// spacing: about sqrt(count) computes the fewest sines and cosines.
inline constexpr std::int64_t kProgressionBlock = 64;
void progression_phasors(double w, double start, double step, std::int64_t count, double* out_sin, double* out_cos,
                         std::int64_t out_stride, std::int64_t block = kProgressionBlock);

// The same for the phase w p_r^2, quadratic in r: from each anchor (every 64
// rows, std::sin and std::cos of w (p p), bit for bit as the formula) the
// phasor turns row by row by the step w step (2 p + step), which grows by the
// constant second difference 2 w step^2 (its multiples from a table). Within
// a block the steps' roundings add up, over at most 63 of them: a few hundred
// ulp at most, about the rounding of w p^2 itself near the origin and less
// beyond it (an ulp of 1e6 is 2^-33).
void quadratic_progression_phasors(double w, double start, double step, std::int64_t count, double* out_sin,
                                   double* out_cos, std::int64_t out_stride);

}  // namespace phasor
