// identify's judge (identify_precision.hpp): each value of the table against
// the bound and tolerance precision.hpp derives for it.
#include "identify_precision.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "identify_columns.hpp"
#include "identify_reading.hpp"
#include "phasor/float32_frequencies.hpp"

namespace phasor {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// What each column of a form's row holds: sin or cos of frequency k, or zero.
struct ColumnRole {
  std::int64_t frequency = -1;  // -1: a zero column
  bool cosine = false;
};

std::vector<ColumnRole> column_roles(const EncodingSpec& form) {
  std::vector<ColumnRole> roles(static_cast<std::size_t>(form.d_model));
  const TableColumns c = columns_of(form);
  const bool sin_first = form.order == Order::sin_cos;
  for (std::int64_t k = 0; k < c.pairs; ++k) {
    const PairColumns p = pair_columns(form, k);
    roles[static_cast<std::size_t>(p.first)] = {k, !sin_first};
    roles[static_cast<std::size_t>(p.second)] = {k, sin_first};
  }
  if (c.extra_sine) {
    // Where encode() puts it: the last column, or the end of a sine block that comes first.
    const bool split_sines_first = form.layout == Layout::split && sin_first;
    roles[static_cast<std::size_t>(split_sines_first ? c.pairs : form.d_model - 1)] = {c.pairs, false};
  }
  return roles;
}

double position_of(const EncodingSpec& form, const TableRows& table, std::int64_t r) {
  return first_position(form) + table.index_of(r);
}

bool padding_row(const EncodingSpec& form, double position) {
  return form.buffer && form.padding_idx >= 0 && position == static_cast<double>(form.padding_idx);
}

// The value at column role (k, cosine) of a row at position p.
TrigTerm term_of(const EncodingSpec& form, const PrecisionCandidate& c, double p, double w, std::size_t k,
                 bool cosine) {
  return TrigTerm{
      p,          w,     c.omega32.empty() ? kNaN : c.omega32[k], c.omega32_error.empty() ? 0.0 : c.omega32_error[k],
      form.scale, cosine};
}

// The float32 angles' sines and cosines of one row, per frequency.
void row_trig(const PrecisionCandidate& c, double position, std::vector<double>& sines, std::vector<double>& cosines) {
  for (std::size_t k = 0; k < c.omega32.size(); ++k) {
    const double a = float32_angle(position, c.omega32[k]);
    sines[k] = std::sin(a);
    cosines[k] = std::cos(a);
  }
}

// Each frequency's sine and cosine column (-1 when it has none: the extra sine's cosine).
struct FrequencyColumns {
  std::vector<std::int64_t> sine, cosine;
};

FrequencyColumns frequency_columns(const std::vector<ColumnRole>& roles, std::size_t count) {
  FrequencyColumns out{std::vector<std::int64_t>(count, -1), std::vector<std::int64_t>(count, -1)};
  for (std::size_t c = 0; c < roles.size(); ++c)
    if (roles[c].frequency >= 0)
      (roles[c].cosine ? out.cosine : out.sine)[static_cast<std::size_t>(roles[c].frequency)] =
          static_cast<std::int64_t>(c);
  return out;
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

namespace {

// Settles the frequencies `which` (all when null) on `rows` (all when null).
bool settle(const EncodingSpec& form, const TableRows& table, const std::vector<std::int64_t>* rows,
            const std::vector<char>* which, PrecisionCandidate& candidate) {
  const std::vector<double> omega = encoding_frequencies(form);
  const FrequencyColumns columns = frequency_columns(column_roles(form), omega.size());
  std::vector<std::int64_t> all;
  if (rows == nullptr) {
    for (std::int64_t r = 0; r < table.rows; ++r) all.push_back(r);
    rows = &all;
  }
  // How the rows sit against frequency k's model: how many depart by more than
  // their tolerance, then the largest departure in tolerances. A row or
  // column damaged elsewhere then does not decide a frequency.
  struct Misfit {
    std::int64_t rows = 0;
    double worst = 0;
    bool operator<(const Misfit& o) const { return rows != o.rows ? rows < o.rows : worst < o.worst; }
  };
  auto misfit_on = [&](const std::vector<std::int64_t>& on, std::size_t k, double w32) {
    Misfit m;
    for (std::int64_t r : on) {
      const double p = position_of(form, table, r);
      if (padding_row(form, p)) continue;
      const double a = float32_angle(p, w32);
      const double sine = std::sin(a), cosine_value = std::cos(a);  // one sincos
      double row = 0;
      for (std::int64_t c : {columns.sine[k], columns.cosine[k]}) {
        if (c < 0) continue;
        const bool cosine = c == columns.cosine[k];
        const double trig = cosine ? cosine_value : sine;
        const TrigTerm term{p, omega[k], w32, 0.0, form.scale, cosine};
        const ValueBound b = value_bound(candidate.model, term, form.scale * trig, trig);
        row = std::max(row, std::fabs(table.at(r, c) - b.model) / b.tolerance);
      }
      m.rows += row > 1 ? 1 : 0;
      m.worst = std::max(m.worst, row);
    }
    return m;
  };
  const auto misfit = [&](std::size_t k, double w32) { return misfit_on(*rows, k, w32); };
  // A frequency fits when at most one row in twenty (and at least one row) departs.
  const auto fits = [&](const Misfit& m) {
    return m.rows <= std::max<std::int64_t>(1, static_cast<std::int64_t>(rows->size()) / 20);
  };
  // The row of the largest position, where the phase tells the frequency best.
  std::int64_t far = -1;
  double far_p = 0;
  for (std::int64_t r : *rows) {
    const double p = position_of(form, table, r);
    if (!padding_row(form, p) && std::fabs(p) > std::fabs(far_p)) far = r, far_p = p;
  }
  const std::size_t n = omega.size();
  if (candidate.recipe >= 0 && which == nullptr) {
    // First the 8 rows of largest position, the recipe's own frequencies: a
    // recipe that is not the table's departs there in most of them (a
    // framework's exp is a step off in a tenth to a half of them).
    std::vector<std::int64_t> far_rows = *rows;
    std::sort(far_rows.begin(), far_rows.end(), [&](std::int64_t x, std::int64_t y) {
      return std::fabs(position_of(form, table, x)) > std::fabs(position_of(form, table, y));
    });
    far_rows.resize(std::min<std::size_t>(far_rows.size(), 8));
    std::size_t departing = 0;
    for (std::size_t k = 0; k < n; ++k) departing += misfit_on(far_rows, k, candidate.omega32[k]).worst > 1 ? 1 : 0;
    if (departing * 4 > 3 * n) return false;
  }
  std::size_t unfit = 0;
  for (std::size_t k = 0; k < n; ++k) {
    if (which != nullptr && (*which)[k] == 0) continue;
    const double window = float32_frequency_error(omega[k], form.max_frequency);
    auto f32 = [](double x) { return static_cast<float>(x); };
    float start = f32(candidate.omega32[k]);
    if (candidate.recipe < 0 && which == nullptr && far >= 0 && columns.cosine[k] >= 0 && form.scale != 0) {
      // The phase at the far row, unwrapped near w p32.
      const double theta =
          std::atan2(table.at(far, columns.sine[k]) / form.scale, table.at(far, columns.cosine[k]) / form.scale);
      const double p32 = f32(far_p);
      const double turns = std::round((omega[k] * p32 - theta) / (2 * kPi));
      const double implied = (theta + turns * 2 * kPi) / p32;
      if (std::fabs(implied - omega[k]) <= window) start = f32(implied);
    }
    const auto allowed = [&](float w) { return candidate.recipe >= 0 || std::fabs(w - omega[k]) <= window; };
    Misfit best = misfit(k, start);
    float chosen = start;
    float down = start, up = start;
    for (int step = 1; step <= 2 && best.worst > 1; ++step) {
      down = std::nextafter(down, -HUGE_VALF);
      up = std::nextafter(up, HUGE_VALF);
      for (float w : {down, up}) {
        if (!allowed(w)) continue;
        const Misfit m = misfit(k, w);
        if (m < best) best = m, chosen = w;
      }
    }
    // Settling again (which given), a neighbour replaces the frequency only when it fits.
    if (which != nullptr && !fits(best)) chosen = start;
    if (static_cast<double>(chosen) != candidate.omega32[k]) ++candidate.stepped;
    candidate.omega32[k] = chosen;
    if (!fits(best) && ++unfit * 4 > n + 3) return false;
  }
  return true;
}

}  // namespace

bool settle_frequencies(const EncodingSpec& form, const TableRows& table, const std::vector<std::int64_t>& rows,
                        PrecisionCandidate& candidate) {
  if (!candidate.model.float32_arithmetic) return true;
  candidate.stepped = 0;
  return settle(form, table, &rows, nullptr, candidate);
}

std::vector<std::int64_t> settling_rows(const TableRows& table) {
  // The screening rows and the 192 rows of largest position before the last
  // 24: where a neighbouring frequency's angles round apart most often.
  std::vector<std::int64_t> rows = screening_rows(table);
  for (std::int64_t r = std::max<std::int64_t>(0, table.rows - 216); r < table.rows; ++r) rows.push_back(r);
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

bool resettle_frequencies(const EncodingSpec& form, const TableRows& table, const std::vector<double>& misfit,
                          PrecisionCandidate& candidate) {
  if (!candidate.model.float32_arithmetic) return false;
  std::vector<char> which(misfit.size());
  std::size_t count = 0;
  for (std::size_t k = 0; k < misfit.size(); ++k) count += (which[k] = misfit[k] > 1 ? 1 : 0);
  if (count == 0 || count * 4 > misfit.size() + 3) return false;
  const std::vector<double> before = candidate.omega32;
  return settle(form, table, nullptr, &which, candidate) && candidate.omega32 != before;
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
