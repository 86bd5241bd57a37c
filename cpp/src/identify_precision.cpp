// identify's judge (identify_precision.hpp): each value of the table against
// the bound and tolerance precision.hpp derives for it.
#include "identify_precision.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "identify_columns.hpp"
#include "phasor/float32_frequencies.hpp"

namespace phasor {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The value at column role (k, cosine) of a row at position p.
TrigTerm term_of(const EncodingSpec& form, const PrecisionCandidate& c, double p, double w, std::size_t k,
                 bool cosine) {
  const double w32 = c.omega32.empty() ? kNaN : c.omega32[k];
  const double w32_error = c.omega32_error.empty() ? 0.0 : c.omega32_error[k];
  return TrigTerm{p, w, w32, w32_error, form.scale, cosine};
}

// The float32 angles' sines and cosines of one row, per frequency.
void row_trig(const PrecisionCandidate& c, double position, std::vector<double>& sines, std::vector<double>& cosines) {
  for (std::size_t k = 0; k < c.omega32.size(); ++k) {
    const double a = float32_angle(position, c.omega32[k]);
    sines[k] = std::sin(a);
    cosines[k] = std::cos(a);
  }
}

// Marks row r's values that depart from their centre by more than allowed, and
// each column against its pair's other column (a swapped pair).
void mark_over(const TableRows& table, std::int64_t r, const std::vector<double>& centre,
               const std::vector<double>& allowed, const std::vector<std::int64_t>& partner, Over& over) {
  for (std::int64_t c = 0; c < table.cols; ++c) {
    const auto i = static_cast<std::size_t>(c);
    const double t = table.at(r, c);
    const double off = std::fabs(t - centre[i]);
    if (off > allowed[i]) {
      over.column[i] = 1, over.row[static_cast<std::size_t>(r)] = 1;
      ++over.values;
      over.worst = std::max(over.worst, allowed[i] > 0 ? off / allowed[i] : HUGE_VAL);
      over.largest = std::max(over.largest, off);
    }
    const std::int64_t other = partner[i];
    const auto o = static_cast<std::size_t>(other < 0 ? c : other);
    if (std::fabs(t - centre[o]) > allowed[o]) over.swapped[i] = 1;
  }
}

}  // namespace

std::vector<PrecisionCandidate> precision_candidates(const EncodingSpec& form, Storage storage) {
  const std::vector<double> omega = encoding_frequencies(form);
  std::vector<PrecisionCandidate> out;
  PrecisionCandidate exact;
  exact.model = {false, storage};
  out.push_back(exact);
  for (int r = 0; r < static_cast<int>(kFrequencyRecipeNames.size()); ++r) {
    PrecisionCandidate c;
    c.model = {true, storage};
    c.recipe = r;
    c.omega32 = float32_frequencies(static_cast<FrequencyRecipe>(r), form);
    if (c.omega32.size() == omega.size()) out.push_back(c);
  }
  PrecisionCandidate read;
  read.model = {true, storage};
  for (double w : omega) read.omega32.push_back(static_cast<double>(static_cast<float>(w)));
  out.push_back(read);
  return out;
}

PrecisionCandidate bounded_candidate(const EncodingSpec& form, Storage storage) {
  PrecisionCandidate c;
  c.model = {true, storage};
  for (double w : encoding_frequencies(form)) c.omega32_error.push_back(float32_frequency_error(w, form.max_frequency));
  return c;
}

std::vector<std::int64_t> screening_rows(const TableRows& table) {
  std::vector<std::int64_t> rows;
  const std::int64_t n = table.rows;
  const std::int64_t ends = std::min<std::int64_t>(n, 16);
  for (std::int64_t r = 0; r < ends; ++r) rows.push_back(r);
  for (std::int64_t r = std::max(ends, n - 24); r < n; ++r) rows.push_back(r);
  for (std::int64_t k = 1; k < 24; ++k) rows.push_back(n * k / 24);
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

PrecisionVerdict judge(const EncodingSpec& form, const TableRows& table, const PrecisionCandidate& candidate,
                       const std::vector<std::int64_t>* rows, Departures* departures, std::vector<double>* misfit,
                       bool until_failure, Over* over) {
  PrecisionVerdict v;
  v.model = candidate.model;
  v.recipe = candidate.recipe;
  v.stepped_pairs = candidate.stepped;
  const bool model_known = candidate.model.float32_arithmetic && !candidate.omega32.empty();
  const std::vector<double> omega = encoding_frequencies(form);
  const std::vector<ColumnRole> roles = column_roles(form);
  const std::int64_t cols = table.cols;
  if (rows == nullptr) v.bound.assign(static_cast<std::size_t>(table.rows), 0.0);
  if (departures != nullptr) {
    departures->row_max.assign(static_cast<std::size_t>(table.rows), 0.0);
    departures->column_max.assign(static_cast<std::size_t>(cols), 0.0);
    // The squares of departures past 1e154 overflow: such a table's are summed
    // relative to a bound on every departure (|value| + |scale|).
    double largest = std::fabs(form.scale);
    const auto scan = [&](std::int64_t r) {
      for (std::int64_t c = 0; c < cols; ++c)
        largest = std::max(largest, std::fabs(table.at(r, c)) + std::fabs(form.scale));
    };
    if (rows == nullptr)
      for (std::int64_t r = 0; r < table.rows; ++r) scan(r);
    else
      for (std::int64_t r : *rows) scan(r);
    departures->unit = largest > 1e150 ? largest : 1.0;
  }
  std::vector<double> sines(omega.size()), cosines(omega.size()), angles(omega.size());
  if (misfit != nullptr) misfit->assign(omega.size(), 0.0);
  // With `over`: each value's centre (the model, or the exact value) and what it allows.
  std::vector<double> centre, allowed;
  std::vector<std::int64_t> partner;
  if (over != nullptr) {
    *over =
        Over{std::vector<char>(static_cast<std::size_t>(cols)), std::vector<char>(static_cast<std::size_t>(table.rows)),
             std::vector<char>(static_cast<std::size_t>(cols))};
    centre.assign(static_cast<std::size_t>(cols), 0.0);
    allowed.assign(static_cast<std::size_t>(cols), 0.0);
    for (std::int64_t c = 0; c < cols; ++c) partner.push_back(partner_column(form, c));
  }
  bool within = true;
  exact_rows(form, table, rows, [&](std::int64_t r, const float* exact) {
    const double p = position_of(form, table, r);
    const bool zero_row = padding_row(form, p);
    const bool judging = within || !until_failure;
    if (judging && model_known && !zero_row) row_trig(candidate, p, sines, cosines);
    if (judging && !zero_row)
      for (std::size_t k = 0; k < omega.size(); ++k)
        angles[k] = angle_departure(candidate.model, term_of(form, candidate, p, omega[k], k, false));
    double row_bound = 0, row_max = 0;
    for (std::int64_t c = 0; c < cols; ++c) {
      const double t = table.at(r, c);
      const auto e = static_cast<double>(exact[c]);
      const double deviation = std::fabs(t - e);
      const ColumnRole role = roles[static_cast<std::size_t>(c)];
      if (!judging) {
        row_max = std::max(row_max, deviation);
        if (departures != nullptr) departures->add(r, c, deviation);
        continue;
      }
      double bound = 0;
      if (over != nullptr) centre[static_cast<std::size_t>(c)] = e, allowed[static_cast<std::size_t>(c)] = 0;
      if (!zero_row && role.frequency >= 0) {
        const auto k = static_cast<std::size_t>(role.frequency);
        const ValueBound b = value_bound(candidate.model, term_of(form, candidate, p, omega[k], k, role.cosine), e,
                                         role.cosine ? cosines[k] : sines[k], angles[k]);
        bound = b.bound;
        if (over != nullptr) {
          centre[static_cast<std::size_t>(c)] = model_known ? b.model : e;
          allowed[static_cast<std::size_t>(c)] = model_known ? b.tolerance : b.bound;
        }
        if (model_known) {
          // Residuals in tolerances, worked out only past the largest so far.
          const double off = std::fabs(t - b.model);
          double& worst = misfit != nullptr ? (*misfit)[k] : v.residual_ratio;
          if (off > worst * b.tolerance) worst = off / b.tolerance;
          if (off > v.residual_ratio * b.tolerance) v.residual_ratio = off / b.tolerance;
          within = within && off <= b.tolerance;
        }
      }
      // A zero column or padding row: zero in every precision.
      if (deviation > v.worst_ratio * bound) {
        v.worst_ratio = deviation == 0 ? 0.0 : bound > 0 ? deviation / bound : HUGE_VAL;
        v.worst_row = r, v.worst_column = c, v.worst_bound = bound;
      }
      within = within && deviation <= bound;
      row_bound = std::max(row_bound, bound);
      row_max = std::max(row_max, deviation);
      if (departures != nullptr) departures->add(r, c, deviation);
    }
    if (rows == nullptr) v.bound[static_cast<std::size_t>(r)] = row_bound;
    if (departures != nullptr) departures->row_max[static_cast<std::size_t>(r)] = row_max;
    if (over != nullptr && judging) mark_over(table, r, centre, allowed, partner, *over);
  });
  v.reproduces = within;
  if (until_failure && !within) v.bound.clear();
  return v;
}

bool Over::nearer_than(const Over& o) const {
  const auto count = [](const Over& x) {
    return std::count(x.row.begin(), x.row.end(), 1) + std::count(x.column.begin(), x.column.end(), 1);
  };
  if (count(*this) != count(o)) return count(*this) < count(o);
  if (values != o.values) return values < o.values;
  return worst < o.worst;
}

}  // namespace phasor
