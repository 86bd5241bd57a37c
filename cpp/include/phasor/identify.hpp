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

#include "phasor/encoding.hpp"

namespace phasor {

// A form is a point of encode()'s options (encoding.hpp): positions and
// d_model the table's, offset the position of row 0, padding_idx and buffer
// for a stored table with its zero row.
// How a form reproduces a table.
struct TableFit {
  EncodingSpec form;
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

// "" when a table of rows x cols may be identified; else what is wrong.
std::string validate_identify(double rows, double cols);

// table: rows x cols finite values (validate_identify and a finiteness check first).
Identification identify(const double* table, std::int64_t rows, std::int64_t cols);

// Checks `form` (valid for encode(), positions x d_model the table's shape)
// against every value of the table, encode()'s own rows (identify_verify.cpp).
TableFit verify_form(const EncodingSpec& form, const double* table);

}  // namespace phasor
