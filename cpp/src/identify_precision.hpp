// identify's judge: a fitted form against the table, value by value, in one
// precision of phasor/precision.hpp. The exact table's values are encode()'s
// own (1024 rows a call, or one call per run of consecutive indices), so
// "exact" means encode() with these options gives the table.
#pragma once
#include <cstdint>
#include <vector>

#include "phasor/identify.hpp"
#include "phasor/precision.hpp"

namespace phasor {

// The position of table row r under a form.
inline double position_of(const EncodingSpec& form, const TableRows& table, std::int64_t r) {
  return first_position(form) + table.index_of(r);
}

// Whether a position is a stored table's zero row (fairseq's padding row).
inline bool padding_row(const EncodingSpec& form, double position) {
  return form.buffer && form.padding_idx >= 0 && position == static_cast<double>(form.padding_idx);
}

// A precision as identify tries it on a form: per sine frequency, the float32
// frequency float32 arithmetic used (empty for exact arithmetic).
struct PrecisionCandidate {
  PrecisionModel model;
  // The FrequencyRecipe reproduced; -1 with float32 arithmetic: the
  // frequencies are read from the table, each within the bound
  // float32_frequency_error allows a framework's float32 frequency.
  int recipe = -1;
  std::vector<double> omega32;
  std::int64_t stepped = 0;  // frequencies moved from the recipe's, or from float32(w)
  // With float32 arithmetic and no omega32: the frequencies only bounded, by
  // float32_frequency_error (no model: the bound alone judges).
  std::vector<double> omega32_error;
};

// Float32 arithmetic with its frequencies only bounded: what any of the
// float32 candidates may depart by, at most (a cheap first test).
PrecisionCandidate bounded_candidate(const EncodingSpec& form, Storage storage);

// The candidates for a table stored as `storage`: exact arithmetic, each
// recipe that draws the form (float32_frequencies.hpp), float32 arithmetic
// with frequencies read from the table; each then stored as `storage`.
std::vector<PrecisionCandidate> precision_candidates(const EncodingSpec& form, Storage storage);

// Rows a form is screened on before it is judged on all: the first and last
// rows (the largest positions, where float32 arithmetic departs most) and a
// spread between; at most 64.
std::vector<std::int64_t> screening_rows(const TableRows& table);

// Settles a float32 candidate's frequencies on `rows`. A framework's exp or
// pow may land a float32 step or two from the correctly rounded frequency:
// where the recipe's frequency does not fit, the neighbour (up to two steps)
// that fits best replaces it. Read from the table: the float32 frequency the
// phase at the row of largest position implies, or a neighbour, when it lies
// within float32_frequency_error of w. false when more than a quarter of the
// frequencies fit no choice (the candidate cannot explain the table).
bool settle_frequencies(const EncodingSpec& form, const TableRows& table, const std::vector<std::int64_t>& rows,
                        PrecisionCandidate& candidate);
// Rows a float32 candidate's frequencies are settled on before it is judged:
// the screening rows and a few hundred more at the largest positions.
std::vector<std::int64_t> settling_rows(const TableRows& table);
// Settles again, on every row, the frequencies a full judge found misfitting
// (misfit[k] > 1): a neighbour can hide on a few rows (the float32 angles of
// the two round alike) and show on others. false when more than a quarter
// misfit, none does, or none moved.
bool resettle_frequencies(const EncodingSpec& form, const TableRows& table, const std::vector<double>& misfit,
                          PrecisionCandidate& candidate);

// What departs, per row and column, against the exact table.
struct Departures {
  std::vector<double> row_max, column_max;
  double max_error = 0, sum_squares = 0, unit = 1;  // the squares are of departures / unit
  std::int64_t worst_row = 0, worst_column = 0;
  void add(std::int64_t r, std::int64_t c, double deviation) {
    sum_squares += (deviation / unit) * (deviation / unit);
    double& column = column_max[static_cast<std::size_t>(c)];
    if (deviation > column) column = deviation;
    if (deviation > max_error) max_error = deviation, worst_row = r, worst_column = c;
  }
};

// Where a table departs by more than a candidate allows (its tolerance
// around its model, or exact arithmetic's bound): per column, per row, and
// each column against its pair's other column (a swapped pair).
struct Over {
  std::vector<char> column, row, swapped;
  std::int64_t values = 0;  // how many values depart
  double worst = 0;         // the largest departure, in what the candidate allows
  double largest = 0;       // the largest departure of those values from their centre
  // Fewer rows and columns departing, then fewer values, then a smaller worst.
  bool nearer_than(const Over& o) const;
};

// The candidate's verdict on `rows` (every row when null); fills `departures`
// when given, and each frequency's largest residual (in tolerances) in
// `misfit`. Per-row bounds only when every row is judged. With
// `until_failure`, values past the first that departs are only measured
// (departures), not judged: the verdict then has no bounds and its worst
// ratio is that value's. With `over`, marks where values depart (every row).
PrecisionVerdict judge(const EncodingSpec& form, const TableRows& table, const PrecisionCandidate& candidate,
                       const std::vector<std::int64_t>* rows, Departures* departures = nullptr,
                       std::vector<double>* misfit = nullptr, bool until_failure = false, Over* over = nullptr);

// Hands visit(r, row) the exact table's row for each table row r (every row
// when `rows` is null): encode()'s values at the row's position.
template <class Visit>
void exact_rows(const EncodingSpec& form, const TableRows& table, const std::vector<std::int64_t>* rows, Visit&& visit);

}  // namespace phasor

#include "identify_precision_rows.hpp"
