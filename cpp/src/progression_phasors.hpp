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
// out_cos may be null (the sines alone).
void progression_phasors(double w, double start, double step, std::int64_t count, double* out_sin,
                         double* out_cos, std::int64_t out_stride);

}  // namespace phasor
