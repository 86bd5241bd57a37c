// The sinusoidal positional-encoding table of "Attention Is All You Need":
// row r is PE(offset + r), PE(p, sin slot of pair i) = sin(w_i p),
// PE(p, cos slot of pair i) = cos(w_i p), w_i = base^(-2i/d_model) (or the
// tensor2tensor spacing, see frequencies.hpp).
#pragma once
#include <cstdint>
#include <string>

#include "phasor/frequencies.hpp"
#include "phasor/layout.hpp"

namespace phasor {

struct EncodingSpec {
  std::int64_t positions = 0;
  std::int64_t d_model = 0;
  double base = 10000.0;
  double offset = 0.0;
  Layout layout = Layout::interleaved;
  Spacing spacing = Spacing::paper;
};

// "" when the spec is allowed; otherwise what is wrong with it.
std::string validate(const EncodingSpec& spec);

// Fills out[positions * d_model] (row-major, row = position). Every value is
// within 2^-25 + |p| * 2^-51 + 2^-40 of the exact formula (see README,
// Accuracy): float32 rounding of a value of magnitude at most 1 moves it by
// at most 2^-25 (half the float32 spacing below 1; 1 itself is exact), the
// float64 phase p*w_i adds |p| * 2^-51 at most, and the phase walk's drift
// over the 1024 steps between anchors (each about 2^-51) 2^-40.
void encode(const EncodingSpec& spec, float* out);

}  // namespace phasor
