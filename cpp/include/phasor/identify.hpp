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
// then checked against every value of the table with the core's row kernels,
// and judged in each precision a framework may have made it in
// (phasor/precision.hpp): exact, its float32 arithmetic, float16 or bfloat16
// storage.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "phasor/encoding.hpp"
#include "phasor/precision.hpp"

namespace phasor {

// One way a form's table may have been made, judged against every value.
struct PrecisionVerdict {
  PrecisionModel model;
  // The FrequencyRecipe (float32_frequencies.hpp) whose float32 frequencies
  // were reproduced; -1 for exact arithmetic, or float32 arithmetic whose
  // frequencies are only bounded.
  int recipe = -1;
  bool reproduces = false;     // every value within its tolerance and its bound
  std::vector<double> bound;   // per row: the largest bound of its values
  double worst_ratio = 0;      // max over values of |table - exact| / bound
  std::int64_t worst_row = 0;  // where it is reached
  std::int64_t worst_column = 0;
  double worst_bound = 0;          // the bound of that value
  double residual_ratio = 0;       // max |table - model| / tolerance (0 without a model)
  std::int64_t stepped_pairs = 0;  // frequencies a float32 step or two off the correctly rounded one
};

// A form is a point of encode()'s options (encoding.hpp): positions and
// d_model the table's, offset the position of row 0 (of sequence index 0 when
// rows are given by index), padding_idx and buffer for a stored table with
// its zero row. How a form reproduces a table:
struct TableFit {
  EncodingSpec form;
  double max_error = 0.0;  // max |table - exact table| over every value (the exact table rounded to float32)
  double rms_error = 0.0;
  std::int64_t worst_row = 0;
  std::int64_t worst_column = 0;
  double tolerance = 0.0;                    // the largest bound exact arithmetic allows a value
  bool reproduces = false;                   // exact: every value within that bound
  std::vector<double> deviation;             // per row: max |table - exact table|
  std::vector<PrecisionVerdict> precisions;  // exact first, then float32 arithmetic (reproduced, then bounded)
  std::string differs;                       // plain words for what departs; "" when a precision explains it
  // The verdict the fit is shown with: the first that reproduces, else the
  // nearer of exact and float32 arithmetic (judged on every row).
  std::size_t nearest = 0;
  bool explained() const;  // some precision reproduces the table
};

struct Identification {
  std::vector<TableFit> fits;          // best first
  Storage storage = Storage::float32;  // the narrowest type holding every value
};

// "" when a table of rows x cols may be identified; else what is wrong.
std::string validate_identify(double rows, double cols);

// "" when row indices (rows of them) may be given: integers, strictly
// increasing, within +-kMaxAbsPosition; else what is wrong.
std::string validate_row_indices(const double* index, std::int64_t rows);

// table: rows x cols finite values (validate_identify and a finiteness check
// first). row_index: the sequence index of each row (a table of chosen rows,
// validate_row_indices), or null for rows 0, 1, 2, ...
Identification identify(const double* table, std::int64_t rows, std::int64_t cols, const double* row_index = nullptr);

// The table as identify reads it: its values, and the sequence index of each row.
struct TableRows {
  const double* values = nullptr;
  std::int64_t rows = 0, cols = 0;
  const double* index = nullptr;  // null: row r is sequence index r
  double at(std::int64_t r, std::int64_t c) const { return values[r * cols + c]; }
  double index_of(std::int64_t r) const { return index == nullptr ? static_cast<double>(r) : index[r]; }
};

// Checks `form` (valid for encode(), positions x d_model the table's shape)
// against every value of the table, encode()'s own rows, and judges it in
// each precision the storage allows (identify_verify.cpp); exact arithmetic
// only when float32_arithmetic is false (a table without sin/cos pairs).
TableFit verify_form(const EncodingSpec& form, const TableRows& table, Storage storage, bool float32_arithmetic = true);

}  // namespace phasor
