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
// within 2^-24 + |p| * 2^-51 of the float64 formula (see README, Accuracy).
void encode(const EncodingSpec& spec, float* out);

}  // namespace phasor
