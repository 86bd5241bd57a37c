// The sinusoidal positional-encoding table, in every framework's convention
// (tests/fixtures/frameworks/CONVENTIONS.md, section (a)). Row r holds
// position p_r = first + offset + r, first = paddingIdx + 1 when a padding
// index is set (fairseq's forward rows) and 0 otherwise (or with buffer, the
// stored weight table), and
//   T[r, c] = scale * trig_c(w_i * p_r),  trig_c in {sin, cos}, or 0,
// with the row at position paddingIdx all zero (fairseq's padding row).
// The frequencies (frequencies.hpp), w_i = maxFrequency * base^(-2i/w)
// ('paper', w the table's width, an odd one included with 'extraSine') or
// maxFrequency * base^(-i/(h-1)) ('tensor2tensor', the geometric spacing: h
// pairs from maxFrequency down to maxFrequency/base; h = 1 gives maxFrequency).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

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
  Order order = Order::sin_cos;
  OddWidth odd_width = OddWidth::error;
  double max_frequency = 1.0;     // w_0, radians per position
  double scale = 1.0;             // multiplies every value
  std::int64_t padding_idx = -1;  // -1: none
  bool buffer = false;            // rows from position 0 (the stored table), not from paddingIdx + 1
};

// How many columns of each kind a row of the spec has.
struct TableColumns {
  std::int64_t pairs;           // sin and cos of w_0 .. w_{pairs-1}
  bool extra_sine;              // one more sine, of w_pairs ('extraSine', odd d)
  bool zero_column;             // the last column is 0 ('zeroColumn', odd d)
  std::int64_t exponent_width;  // w of the paper spacing: d, or d - 1 with a zero column
};
TableColumns columns_of(const EncodingSpec& spec);

// The sine frequencies of the table: pairs (+ 1 with an extra sine) values.
std::vector<double> encoding_frequencies(const EncodingSpec& spec);

// Position of row 0: offset, plus paddingIdx + 1 for forward rows.
double first_position(const EncodingSpec& spec);

// "" when the width, base, spacing, odd-width rule and frequency range are
// allowed (what encoding_frequencies needs); otherwise what is wrong.
std::string validate_frequencies(const EncodingSpec& spec);
// "" when the spec is allowed; otherwise what is wrong with it.
std::string validate(const EncodingSpec& spec);

// Fills out[positions * d_model] (row-major, row = position). Every value is
// within |scale| * (2^-25 + |p| w_0 2^-51 + 2^-40) of the exact formula (see
// docs/accuracy.md) plus the float32 rounding of scale * value (half a float32
// spacing): float32 rounding of a value of magnitude at most 1 moves it by
// at most 2^-25 (half the float32 spacing below 1; 1 itself is exact), the
// float64 phase p*w_i adds |p| w_i 2^-52 at most, and the phase walk's drift
// over the 1024 steps between anchors (each about 2^-51) 2^-40.
void encode(const EncodingSpec& spec, float* out);

}  // namespace phasor
