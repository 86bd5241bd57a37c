// identify's last step: a fitted form against every value of the table, in
// each precision it may have been made in (identify_precision.hpp), and plain
// words for what departs when none explains it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "identify_columns.hpp"
#include "identify_precision.hpp"
#include "phasor/identify.hpp"
#include "phasor/validation.hpp"

namespace phasor {

bool TableFit::explained() const {
  return std::any_of(precisions.begin(), precisions.end(), [](const PrecisionVerdict& v) { return v.reproduces; });
}

namespace {

std::string list_of(const std::vector<std::int64_t>& items) {
  std::string out;
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k > 0) out += k + 1 == items.size() ? " and " : ", ";
    out += format_number(static_cast<double>(items[k]));
  }
  return out;
}

std::string describe(const TableFit& fit, const Over& over, const TableRows& table, const PrecisionVerdict& nearest) {
  std::vector<std::int64_t> bad_columns, bad_rows;
  for (std::size_t c = 0; c < over.column.size(); ++c)
    if (over.column[c] != 0) bad_columns.push_back(static_cast<std::int64_t>(c));
  for (std::size_t r = 0; r < over.row.size(); ++r)
    if (over.row[r] != 0) bad_rows.push_back(static_cast<std::int64_t>(r));
  const auto rows = static_cast<std::int64_t>(over.row.size());
  // How far the departing values are from what the precision gives them.
  const std::string by = " (by up to " + format_number(over.largest) + ")";
  if (bad_columns.size() == 2 && over.swapped[static_cast<std::size_t>(bad_columns[0])] == 0 &&
      over.swapped[static_cast<std::size_t>(bad_columns[1])] == 0) {
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
    for (std::int64_t c = 0; c < table.cols; ++c) zero = zero && table.at(bad_rows[0], c) == 0.0;
    return zero ? words + ": all zeros, a padding row?" : words;
  }
  // Everywhere or along the positions: how far past what the precision allows.
  const Precision precision = precision_of(nearest.model);
  const std::string how = precision == Precision::float32 ? "float32 arithmetic"
                          : precision == Precision::exact
                              ? "rounding to float32"
                              : std::string(kPrecisionNames[static_cast<std::size_t>(precision)]) + " storage";
  char ratio[32];
  std::snprintf(ratio, sizeof ratio, "%.3g", nearest.worst_ratio);
  return "differs by up to " + format_number(fit.max_error) + " (row " +
         format_number(static_cast<double>(fit.worst_row)) + ", column " +
         format_number(static_cast<double>(fit.worst_column)) + "); " + ratio + " times what " + how +
         " allows at row " + format_number(static_cast<double>(nearest.worst_row)) + ", column " +
         format_number(static_cast<double>(nearest.worst_column)) + " (" + format_number(nearest.worst_bound) + ")";
}

}  // namespace

TableFit verify_form(const EncodingSpec& form, const TableRows& table, Storage storage, bool float32_arithmetic) {
  TableFit fit;
  fit.form = form;
  std::vector<PrecisionCandidate> candidates = precision_candidates(form, storage);
  Departures d;
  const PrecisionVerdict exact = judge(form, table, candidates.front(), nullptr, &d, nullptr, true);
  fit.max_error = d.max_error;
  fit.rms_error =
      d.unit * std::sqrt(d.sum_squares / (static_cast<double>(table.rows) * static_cast<double>(table.cols)));
  fit.worst_row = d.worst_row;
  fit.worst_column = d.worst_column;
  fit.deviation = d.row_max;
  fit.tolerance = exact.bound.empty() ? 0.0 : *std::max_element(exact.bound.begin(), exact.bound.end());
  fit.reproduces = exact.reproduces && storage == Storage::float32;
  fit.precisions.push_back(exact);
  if (exact.reproduces) return fit;
  if (!float32_arithmetic) {
    Over over;  // with its bounds, for the chart
    fit.precisions.front() = judge(form, table, candidates.front(), nullptr, nullptr, nullptr, false, &over);
    fit.differs = describe(fit, over, table, fit.precisions.front());
    return fit;
  }
  // Float32 arithmetic: each recipe that draws the form, then frequencies
  // read from the table; each settled and screened on a few rows first.
  const std::vector<std::int64_t> screen = screening_rows(table), settling = settling_rows(table);
  const std::vector<PrecisionCandidate> as_made = candidates;  // each recipe's frequencies before settling
  std::vector<std::size_t> verdict_of(candidates.size(), 0);   // index in fit.precisions; 0: none (but exact's)
  for (std::size_t k = 1; k < candidates.size(); ++k) {
    PrecisionCandidate& c = candidates[k];
    const bool last = k + 1 == candidates.size();
    // The last is judged on the screening rows even when it does not settle: a
    // departing table is shown against it if nothing comes nearer.
    if (!settle_frequencies(form, table, settling, c) && !last) continue;
    PrecisionVerdict v = judge(form, table, c, &screen);
    if (v.reproduces) {
      std::vector<double> misfit;
      v = judge(form, table, c, nullptr, nullptr, &misfit);
      if (!v.reproduces && resettle_frequencies(form, table, misfit, c)) v = judge(form, table, c, nullptr);
    }
    fit.precisions.push_back(v);
    verdict_of[k] = fit.precisions.size() - 1;
    fit.nearest = verdict_of[k];
    if (v.reproduces) {
      // Other recipes that compute the same float32 frequencies for this form
      // (tensor2tensor's and fairseq's at min_timescale 1, say) made it too.
      for (std::size_t j = k + 1; j + 1 < candidates.size(); ++j)
        if (as_made[j].omega32 == as_made[k].omega32) {
          fit.precisions.push_back(v);
          fit.precisions.back().recipe = candidates[j].recipe;
        }
      return fit;
    }
  }
  // Nothing explains it: exact arithmetic and the float32 candidate that came
  // nearest on the screening rows, judged on every row with their departures
  // marked; words against the nearer (fewest rows and columns departing), and
  // its bounds for the chart.
  std::size_t float32 = 0;
  const auto departure = [&](std::size_t k) {
    const PrecisionVerdict& v = fit.precisions[verdict_of[k]];
    return std::max(v.worst_ratio, v.residual_ratio);
  };
  for (std::size_t k = 1; k < candidates.size(); ++k)
    if (verdict_of[k] != 0 && (float32 == 0 || departure(k) < departure(float32))) float32 = k;
  // Each is judged on every row only when its screening came within twice the other's.
  const double exact_screen = judge(form, table, candidates.front(), &screen).worst_ratio;
  const double float32_screen = float32 == 0 ? HUGE_VAL : departure(float32);
  Over over;
  bool judged = false;
  if (exact_screen <= 2 * float32_screen) {
    fit.precisions.front() = judge(form, table, candidates.front(), nullptr, nullptr, nullptr, false, &over);
    fit.nearest = 0;
    judged = true;
  }
  if (float32 != 0 && float32_screen <= 2 * exact_screen) {
    // Its frequencies settled again on every row where they misfit (a damaged
    // column's stays misfitting; a neighbour hidden on the screening rows moves).
    Over o;
    std::vector<double> misfit;
    PrecisionVerdict v = judge(form, table, candidates[float32], nullptr, nullptr, &misfit, false, &o);
    if (resettle_frequencies(form, table, misfit, candidates[float32]))
      v = judge(form, table, candidates[float32], nullptr, nullptr, nullptr, false, &o);
    if (!judged || o.nearer_than(over)) {
      over = std::move(o);
      fit.nearest = verdict_of[float32];
      fit.precisions[fit.nearest] = v;
    }
  }
  const PrecisionVerdict& shown = fit.precisions[fit.nearest];
  fit.differs = describe(fit, over, table, shown);
  return fit;
}

}  // namespace phasor
