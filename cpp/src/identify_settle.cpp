// identify's float32 frequencies, settled on the table's rows
// (identify_precision.hpp): a framework's exp or pow a float32 step or two off
// the correctly rounded value, or frequencies read from the table, each chosen
// where the rows fit it.
#include <algorithm>
#include <cmath>
#include <vector>

#include "identify_columns.hpp"
#include "identify_precision.hpp"
#include "identify_reading.hpp"
#include "phasor/precision.hpp"

namespace phasor {
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

}  // namespace phasor
