// identify's last step: a fitted form against every value of the table, and
// plain words for what departs. The form's values come from the same row
// kernels and phase walk as encode(), rounded to float32 as encode() rounds
// them, so "reproduces" means encode() with these options gives the table.
#include <algorithm>
#include <cmath>
#include <vector>

#include "identify_columns.hpp"
#include "kernels.hpp"
#include "phase_walk.hpp"
#include "phasor/identify.hpp"
#include "phasor/validation.hpp"

namespace phasor {
namespace {

// The largest float32 rounding step among values of magnitude at most `scale`
// (both the table and the form may be rounded, each by half of it), plus the
// float64 phase's own error at the largest position.
double tolerance_of(const TableForm& form, std::int64_t rows, double max_frequency) {
  const double s = std::fabs(form.scale) > 0 ? std::fabs(form.scale) : 1.0;
  const int e = static_cast<int>(std::floor(std::log2(s * (1 - 1e-12))));
  const double last = std::fabs(form.offset) + static_cast<double>(rows);
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

std::string describe(const TableFit& fit, const Departures& d, const std::vector<Column>& columns,
                     const double* table, std::int64_t cols, double tol) {
  std::vector<std::int64_t> bad_columns, bad_rows;
  for (std::size_t c = 0; c < d.column_max.size(); ++c)
    if (d.column_max[c] > tol) bad_columns.push_back(static_cast<std::int64_t>(c));
  for (std::size_t r = 0; r < d.row_max.size(); ++r)
    if (d.row_max[r] > tol) bad_rows.push_back(static_cast<std::int64_t>(r));
  const auto rows = static_cast<std::int64_t>(d.row_max.size());
  const std::string by = " (by up to " + format_number(fit.max_error) + ")";
  if (bad_columns.size() == 2 && d.swapped_max[static_cast<std::size_t>(bad_columns[0])] <= tol &&
      d.swapped_max[static_cast<std::size_t>(bad_columns[1])] <= tol) {
    const Column& a = columns[static_cast<std::size_t>(bad_columns[0])];
    return "columns " + list_of(bad_columns) + " swapped" +
           (a.trig == Trig::sin ? ": cos first?" : ": sin first?");
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
    double& part = r < rows / 4 ? early : late;
    part = std::max(part, d.row_max[static_cast<std::size_t>(r)]);
  }
  if (fit.max_error < 1e-2 * std::fabs(fit.form.scale) && late > 4 * early)
    return "values differ by up to " + format_number(fit.max_error) +
           ", growing with the position: computed in float32 arithmetic?";
  return "differs by up to " + format_number(fit.max_error) + " (row " + format_number(static_cast<double>(fit.worst_row)) +
         ", column " + format_number(static_cast<double>(fit.worst_column)) + ")";
}

}  // namespace

TableFit verify_form(const TableForm& form, const double* table, std::int64_t rows, std::int64_t cols) {
  TableFit fit;
  fit.form = form;
  const std::vector<double> omega = form_frequencies(form, cols);
  const std::vector<Column> columns = column_map(form, cols);
  const auto k = static_cast<std::int64_t>(omega.size());
  double fastest = 0;
  for (double w : omega) fastest = std::max(fastest, std::fabs(w));
  const double tol = tolerance_of(form, rows, fastest);

  Departures d{std::vector<double>(static_cast<std::size_t>(cols)), std::vector<double>(static_cast<std::size_t>(rows)),
               std::vector<double>(static_cast<std::size_t>(cols))};
  // One chunk of form rows at a time: sin of frequency j at j, cos at k + j.
  std::vector<float> chunk(static_cast<std::size_t>(PhaseWalk::kChunk * 2 * std::max<std::int64_t>(k, 1)));
  PhaseWalk walk(omega, form.offset, 1.0, std::vector<double>(omega.size(), form.scale));
  double sum_sq = 0;
  walk.run(rows, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    kernels::pe_rows(state, count, kernels::kSplit, chunk.data());
    for (std::int64_t r = 0; r < count; ++r) {
      const float* model = chunk.data() + r * 2 * k;
      const std::int64_t row = first + r;
      const double* values = table + row * cols;
      const bool padding = row == form.padding_row;
      double row_max = 0;
      for (std::int64_t c = 0; c < cols; ++c) {
        const Column& col = columns[static_cast<std::size_t>(c)];
        const double want = padding || col.trig == Trig::zero ? 0.0 : model[col.slot];
        const double other = padding || col.trig == Trig::zero ? 0.0 : model[col.partner_slot];
        const double e = std::fabs(values[c] - want);
        sum_sq += e * e;
        row_max = std::max(row_max, e);
        auto& cm = d.column_max[static_cast<std::size_t>(c)];
        cm = std::max(cm, e);
        auto& sm = d.swapped_max[static_cast<std::size_t>(c)];
        sm = std::max(sm, std::fabs(values[c] - other));
        if (e > fit.max_error || std::isnan(e)) {
          fit.max_error = e;
          fit.worst_row = row;
          fit.worst_column = c;
        }
      }
      d.row_max[static_cast<std::size_t>(row)] = row_max;
    }
  });
  fit.rms_error = std::sqrt(sum_sq / (static_cast<double>(rows) * static_cast<double>(cols)));
  fit.tolerance = tol;
  fit.reproduces = fit.max_error <= tol;
  if (!fit.reproduces) fit.differs = describe(fit, d, columns, table, cols, tol);
  return fit;
}

}  // namespace phasor
