// identify's last step: a fitted form against every value of the table, and
// plain words for what departs. The form's values are encode()'s own, made
// 1024 rows at a time (the phase walk's anchor interval, so the chunks are
// the rows one call would give), so "reproduces" means encode() with these
// options gives the table.
#include <algorithm>
#include <cmath>
#include <vector>

#include "identify_columns.hpp"
#include "phase_walk.hpp"
#include "phasor/identify.hpp"
#include "phasor/validation.hpp"

namespace phasor {
namespace {

// The largest float32 rounding step among values of magnitude at most `scale`
// (both the table and the form may be rounded, each by half of it), plus the
// float64 phase's own error at the largest position.
double tolerance_of(const EncodingSpec& form, double max_frequency) {
  const double s = std::fabs(form.scale) > 0 ? std::fabs(form.scale) : 1.0;
  const int e = static_cast<int>(std::floor(std::log2(s * (1 - 1e-12))));
  const double last = std::fabs(first_position(form)) + static_cast<double>(form.positions);
  return std::ldexp(1.0, e - 23) * 1.0001 + s * last * max_frequency * 0x1p-50;
}

std::string list_of(const std::vector<std::int64_t>& items) {
  std::string out;
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k > 0) out += k + 1 == items.size() ? " and " : ", ";
    out += format_number(static_cast<double>(items[k]));
  }
  return out;
}

struct Departures {
  std::vector<double> column_max, row_max, swapped_max;  // swapped: against the pair's other column
};

std::string describe(const TableFit& fit, const Departures& d, const double* table, double tol) {
  const std::int64_t cols = fit.form.d_model;
  std::vector<std::int64_t> bad_columns, bad_rows;
  for (std::size_t c = 0; c < d.column_max.size(); ++c)
    if (d.column_max[c] > tol) bad_columns.push_back(static_cast<std::int64_t>(c));
  for (std::size_t r = 0; r < d.row_max.size(); ++r)
    if (d.row_max[r] > tol) bad_rows.push_back(static_cast<std::int64_t>(r));
  const auto rows = static_cast<std::int64_t>(d.row_max.size());
  const std::string by = " (by up to " + format_number(fit.max_error) + ")";
  if (bad_columns.size() == 2 && d.swapped_max[static_cast<std::size_t>(bad_columns[0])] <= tol &&
      d.swapped_max[static_cast<std::size_t>(bad_columns[1])] <= tol) {
    // The model's first trig (sin unless cosSin) was found in the second's place.
    const bool pair = partner_column(fit.form, bad_columns[0]) == bad_columns[1];
    return "columns " + list_of(bad_columns) + " swapped" +
           (!pair                              ? ""
            : fit.form.order == Order::sin_cos ? ": cos first?"
                                               : ": sin first?");
  }
  if (!bad_columns.empty() && bad_columns.size() <= 3 && bad_rows.size() * 2 > static_cast<std::size_t>(rows) / 2)
    return (bad_columns.size() == 1 ? "column " : "columns ") + list_of(bad_columns) +
           (bad_columns.size() == 1 ? " differs" : " differ") + by;
  if (!bad_rows.empty() && bad_rows.size() <= 3 && static_cast<std::int64_t>(bad_rows.size()) < rows / 2) {
    std::string words = (bad_rows.size() == 1 ? "row " : "rows ") + list_of(bad_rows) +
                        (bad_rows.size() == 1 ? " differs" : " differ") + by;
    bool zero = true;
    for (std::int64_t c = 0; c < cols; ++c) zero = zero && table[bad_rows[0] * cols + c] == 0.0;
    return zero ? words + ": all zeros, a padding row?" : words;
  }
  // Errors that grow along the positions, small against the values: the
  // framework computed the phases in float32.
  double early = 0, late = 0;
  for (std::int64_t r = 0; r < rows; ++r) {
    double& part = r < rows / 8 ? early : late;
    part = std::max(part, d.row_max[static_cast<std::size_t>(r)]);
  }
  if (fit.max_error < 1e-2 * std::fabs(fit.form.scale) && late > 3 * early)
    return "values differ by up to " + format_number(fit.max_error) +
           ", growing with the position: computed in float32 arithmetic?";
  // Everywhere, within a half-precision rounding of the values: an export in float16 or bfloat16.
  // (A scale of 0, a table of zeros and a few stray values, has no rounding to compare with.)
  const double magnitude = std::fabs(fit.form.scale);
  const double top = magnitude > 0 ? std::ldexp(1.0, static_cast<int>(std::ceil(std::log2(magnitude)))) : 0.0;
  if (bad_rows.size() * 2 > static_cast<std::size_t>(rows)) {
    if (fit.max_error <= top * 0x1p-12 * 1.01)
      return "values differ by up to " + format_number(fit.max_error) +
             " everywhere, as float16 rounding would: exported in half precision?";
    if (fit.max_error <= top * 0x1p-9 * 1.01)
      return "values differ by up to " + format_number(fit.max_error) +
             " everywhere, as bfloat16 rounding would: exported in bfloat16?";
  }
  return "differs by up to " + format_number(fit.max_error) + " (row " +
         format_number(static_cast<double>(fit.worst_row)) + ", column " +
         format_number(static_cast<double>(fit.worst_column)) + ")";
}

}  // namespace

namespace {

// Hands each row of encode(form) to visit(row, values), 1024 rows at a time.
template <class Visit>
void encode_rows(const EncodingSpec& form, Visit&& visit) {
  EncodingSpec part = form;
  std::vector<float> chunk(static_cast<std::size_t>(PhaseWalk::kChunk * form.d_model));
  for (std::int64_t first = 0; first < form.positions; first += PhaseWalk::kChunk) {
    part.positions = std::min(PhaseWalk::kChunk, form.positions - first);
    part.offset = form.offset + static_cast<double>(first);
    encode(part, chunk.data());
    for (std::int64_t r = 0; r < part.positions; ++r) visit(first + r, chunk.data() + r * form.d_model);
  }
}

}  // namespace

TableFit verify_form(const EncodingSpec& form, const double* table) {
  TableFit fit;
  fit.form = form;
  const std::int64_t rows = form.positions;
  const std::int64_t cols = form.d_model;
  double fastest = 0;
  for (double w : encoding_frequencies(form)) fastest = std::max(fastest, std::fabs(w));
  const double tol = tolerance_of(form, fastest);

  Departures d{std::vector<double>(static_cast<std::size_t>(cols)), std::vector<double>(static_cast<std::size_t>(rows)),
               std::vector<double>(static_cast<std::size_t>(cols))};
  // The squares of errors past 1e154 overflow: for such a table they are
  // summed relative to a bound on every error (|value| + |scale|).
  double bound = std::fabs(form.scale);
  for (std::int64_t k = 0; k < rows * cols; ++k) bound = std::max(bound, std::fabs(table[k]) + std::fabs(form.scale));
  const double unit = bound > 1e150 ? bound : 1.0;
  double sum_sq = 0;
  encode_rows(form, [&](std::int64_t row, const float* model) {
    const double* values = table + row * cols;
    double row_max = 0;
    for (std::int64_t c = 0; c < cols; ++c) {
      const double e = std::fabs(values[c] - static_cast<double>(model[c]));
      sum_sq += (e / unit) * (e / unit);
      row_max = std::max(row_max, e);
      double& column_max = d.column_max[static_cast<std::size_t>(c)];
      column_max = std::max(column_max, e);
    }
    d.row_max[static_cast<std::size_t>(row)] = row_max;
    if (row_max > fit.max_error) {
      fit.max_error = row_max;
      fit.worst_row = row;
      for (std::int64_t c = 0; c < cols; ++c)
        if (std::fabs(values[c] - static_cast<double>(model[c])) == row_max) fit.worst_column = c;
    }
  });
  fit.rms_error = unit * std::sqrt(sum_sq / (static_cast<double>(rows) * static_cast<double>(cols)));
  fit.tolerance = tol;
  fit.reproduces = fit.max_error <= tol;
  if (fit.reproduces) return fit;
  // Only for a table that departs: each column against its pair's other trig.
  std::vector<std::int64_t> partner(static_cast<std::size_t>(cols));
  for (std::int64_t c = 0; c < cols; ++c) partner[static_cast<std::size_t>(c)] = partner_column(form, c);
  encode_rows(form, [&](std::int64_t row, const float* model) {
    const double* values = table + row * cols;
    for (std::int64_t c = 0; c < cols; ++c) {
      const std::int64_t other = partner[static_cast<std::size_t>(c)];
      const double want = other < 0 ? static_cast<double>(model[c]) : static_cast<double>(model[other]);
      double& swapped = d.swapped_max[static_cast<std::size_t>(c)];
      swapped = std::max(swapped, std::fabs(values[c] - want));
    }
  });
  fit.differs = describe(fit, d, table, tol);
  return fit;
}

}  // namespace phasor
