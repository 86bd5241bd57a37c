// "Which convention is this table?" Given a table someone exported from a
// model (rows x cols, row-major, float64 here), finds the point of the
// sinusoidal option space that reproduces it (tests/fixtures/frameworks/
// CONVENTIONS.md, sections (a) and (d)), or says what departs from the
// nearest one.
//
// Not a search over option combinations: the table is read. Each sin/cos pair
// of a row is a phasor s(sin w_i p, cos w_i p); its angle atan2(sin, cos) is
// exact in float64 up to the table's own rounding, so the angles of a few
// rows give every pair's frequency (unwrapped over doubling row distances),
// the column structure (layout, order, odd-width rule) is the pairing whose
// amplitudes are constant, the spacing and frequency range are the line
// through log w_i, the scale is the amplitude and the first position is the
// phase, pinned from the slowest pair to the fastest. Each resulting form is
// then checked against every value of the table with the core's row kernels.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "phasor/frequencies.hpp"
#include "phasor/layout.hpp"

namespace phasor {

// Which trig the first column of a pair holds.
enum class PairOrder { sin_cos = 0, cos_sin = 1 };
// The odd-width rules (CONVENTIONS.md (a)); `even` when the width is even.
enum class OddRule { even = 0, zero_column = 1, extra_sine = 2 };
// Spacing::paper: w_i = base^(-2i/d_e), d_e the table width (d - 1 with a zero
// column); Spacing::tensor2tensor (geometric): w_i = w_max * base^(-i/(h-1)),
// base = w_max / w_min.

// A point of the option space, as identify fits it.
struct TableForm {
  Layout layout = Layout::interleaved;
  PairOrder order = PairOrder::sin_cos;
  OddRule odd = OddRule::even;
  Spacing spacing = Spacing::paper;
  double base = 10000.0;
  double max_frequency = 1.0;  // w_0 (geometric); 1 under paper spacing
  double scale = 1.0;
  double offset = 0.0;             // position of row 0; row r is position offset + r
  std::int64_t padding_row = -1;   // a row stored as zeros (a framework's padding_idx), or -1
};

// How a form reproduces a table.
struct TableFit {
  TableForm form;
  double max_error = 0.0;  // max |table - form| over every value (the form rounded to float32)
  double rms_error = 0.0;
  std::int64_t worst_row = 0;
  std::int64_t worst_column = 0;
  double tolerance = 0.0;   // float32 rounding of the form's values (and of the table's)
  bool reproduces = false;  // max_error <= tolerance
  std::string differs;      // plain words for what departs; "" when it reproduces
};

struct Identification {
  std::vector<TableFit> fits;  // best first
};

// The number of pairs and the frequencies the form's columns use: the h pairs,
// then (extra_sine) the unpaired sine's frequency.
std::vector<double> form_frequencies(const TableForm& form, std::int64_t width);

// "" when a table of rows x cols may be identified; else what is wrong.
std::string validate_identify(double rows, double cols);

// table: rows x cols finite values (validate_identify and a finiteness check first).
Identification identify(const double* table, std::int64_t rows, std::int64_t cols);

// Checks `form` against every value of the table (identify_verify.cpp).
TableFit verify_form(const TableForm& form, const double* table, std::int64_t rows, std::int64_t cols);

}  // namespace phasor
