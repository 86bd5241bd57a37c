// identify's reading (the method is in phasor/identify.hpp): the column
// structure, the scale, each pair's frequency and phase, read from the rows
// before any form is assumed. A table of chosen rows is read at their
// sequence indices.
#include "identify_reading.hpp"

#include <algorithm>
#include <cmath>

#include "identify_columns.hpp"

namespace phasor {
namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

Pairs pairs_of(const EncodingSpec& form) {
  Pairs p;
  const std::int64_t n = columns_of(form).pairs;
  for (std::int64_t i = 0; i < n; ++i) {
    const PairColumns c = pair_columns(form, i);
    p.a.push_back(c.first);
    p.b.push_back(c.second);
  }
  return p;
}

double angle(const TableRows& t, const Pairs& p, std::size_t i, std::int64_t row) {
  return std::atan2(t.at(row, p.a[i]), t.at(row, p.b[i]));
}

// Rows sampled for the structure test, zero rows excluded.
std::vector<std::int64_t> sample_rows(const std::vector<bool>& zero, std::int64_t wanted) {
  std::vector<std::int64_t> out;
  const auto rows = static_cast<std::int64_t>(zero.size());
  const std::int64_t step = std::max<std::int64_t>(1, rows / wanted);
  for (std::int64_t r = 0; r < rows; r += step)
    if (!zero[static_cast<std::size_t>(r)]) out.push_back(r);
  return out;
}

// Fraction of (row, pair) amplitudes more than 1e-5 off their median: 0 for
// the right pairing, near 1 for a wrong one, noise or a learned table.
double inconsistency(const TableRows& t, const EncodingSpec& form, const std::vector<std::int64_t>& rows,
                     double* amplitude, double* noise) {
  const Pairs p = pairs_of(form);
  std::vector<double> amps;
  for (std::int64_t r : rows)
    for (std::size_t i = 0; i < p.a.size(); ++i) amps.push_back(std::hypot(t.at(r, p.a[i]), t.at(r, p.b[i])));
  const double m = median(amps);
  *amplitude = m;
  if (amps.empty() || !(m > 0)) return 1.0;
  double off = 0;
  // 3e-3: a table exported in half precision (float16 rounds by 2^-12,
  // bfloat16 by 2^-9) keeps its pairing; a wrong pairing is off by O(1).
  std::vector<double> departures;
  for (double a : amps) {
    departures.push_back(std::fabs(a - m) / m);
    off += std::fabs(a - m) > 3e-3 * m ? 1 : 0;
  }
  *noise = median(departures);
  // The odd column: zeros for a zero column; a value within the amplitude for an extra sine.
  if (t.cols % 2 != 0) {
    const bool zero = form.odd_width == OddWidth::zero_column;
    const bool sines_first_block = form.layout == Layout::split && !zero && form.order == Order::sin_cos;
    const std::int64_t last = sines_first_block ? t.cols / 2 : t.cols - 1;
    for (std::int64_t r : rows) {
      const double v = std::fabs(t.at(r, last));
      off += zero ? (v > 1e-3 * m ? 1 : 0)
                  : (v > m * (1 + 1e-5) ? 1 : 0);  // near zero: a zero column, maybe one that departs
    }
  }
  return off / static_cast<double>(amps.size());
}

}  // namespace

Reading read_structure(const TableRows& t) {
  Reading reading;
  std::vector<bool> zero(static_cast<std::size_t>(t.rows), true);
  std::int64_t zeros = 0;
  for (std::int64_t r = 0; r < t.rows; ++r) {
    for (std::int64_t c = 0; c < t.cols && zero[static_cast<std::size_t>(r)]; ++c)
      zero[static_cast<std::size_t>(r)] = t.at(r, c) == 0.0;
    if (zero[static_cast<std::size_t>(r)]) {
      ++zeros;
      reading.padding_row = r;
    }
  }
  if (zeros != 1 || t.rows < 3) reading.padding_row = -1;
  const std::vector<std::int64_t> rows = sample_rows(zero, 64);

  // The pairings to try: each layout and odd-width rule; a split table with
  // an extra sine puts it after the sines, which come first or second.
  std::vector<EncodingSpec> hypotheses;
  const std::vector<OddWidth> rules = t.cols % 2 == 0
                                          ? std::vector<OddWidth>{OddWidth::error}
                                          : std::vector<OddWidth>{OddWidth::zero_column, OddWidth::extra_sine};
  for (OddWidth odd : rules)
    for (Layout layout : {Layout::interleaved, Layout::split})
      for (Order order : {Order::sin_cos, Order::cos_sin}) {
        if (order == Order::cos_sin && !(layout == Layout::split && odd == OddWidth::extra_sine)) continue;
        EncodingSpec f;
        f.positions = t.rows;
        f.d_model = t.cols;
        f.layout = layout;
        f.odd_width = odd;
        f.order = order;
        hypotheses.push_back(f);
      }
  for (const EncodingSpec& f : hypotheses) {
    double amplitude = 0, noise = 0;
    const double off = inconsistency(t, f, rows, &amplitude, &noise);
    if (off < reading.inconsistent || reading.pairs.a.empty()) {
      reading.inconsistent = off;
      reading.noise = noise;
      reading.structure = f;
      reading.amplitude = amplitude;
      reading.pairs = pairs_of(f);
    }
  }

  // The measuring rows: ref_row, then the rows 1, 2, 4, ... sequence indices
  // further (or the nearest before) and the last row, stepping past a zero row.
  std::int64_t ref = 0;
  while (ref + 2 < t.rows && (zero[static_cast<std::size_t>(ref)] || zero[static_cast<std::size_t>(ref + 1)])) ++ref;
  reading.ref_row = ref;
  const double at_ref = t.index_of(ref);
  std::vector<std::int64_t> ladder;          // rows
  auto row_at_most = [&](double distance) {  // the last row within `distance` of ref
    std::int64_t lo = ref, hi = t.rows - 1;
    while (lo < hi) {
      const std::int64_t mid = (lo + hi + 1) / 2;
      if (t.index_of(mid) - at_ref <= distance)
        lo = mid;
      else
        hi = mid - 1;
    }
    return lo;
  };
  for (double dist = 1; ref + 1 < t.rows && at_ref + dist <= t.index_of(t.rows - 1); dist *= 2) {
    const std::int64_t row = std::max(row_at_most(dist), ref + 1);
    if (ladder.empty() || row > ladder.back()) ladder.push_back(row);
  }
  if (ref + 1 < t.rows && (ladder.empty() || ladder.back() < t.rows - 1)) ladder.push_back(t.rows - 1);
  for (std::int64_t& row : ladder)
    if (zero[static_cast<std::size_t>(row)]) row += row + 1 < t.rows ? 1 : -1;
  reading.span = ladder.empty() ? 1.0 : t.index_of(ladder.back()) - at_ref;

  const std::size_t n = reading.pairs.a.size();
  reading.omega.assign(n, 0.0);
  reading.phase.assign(n, 0.0);
  reading.reliable.assign(n, true);
  const double amp = reading.amplitude;
  for (std::size_t i = 0; i < n; ++i) {
    const double phi0 = angle(t, reading.pairs, i, ref);
    double w = 0, previous = 0;
    for (std::int64_t row : ladder) {
      const double dist = t.index_of(row) - at_ref;
      if (dist <= previous) continue;
      const double measured = angle(t, reading.pairs, i, row) - phi0;
      const double predicted = w * dist;
      w = (measured + 2 * kPi * std::round((predicted - measured) / (2 * kPi))) / dist;
      const double a = std::hypot(t.at(row, reading.pairs.a[i]), t.at(row, reading.pairs.b[i]));
      if (std::fabs(a - amp) > 3e-3 * amp) reading.reliable[i] = false;
      previous = dist;
    }
    reading.omega[i] = w;
    reading.phase[i] = phi0;
  }

  // Order: phases of the right order advance with the position.
  int forward = 0, backward = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (reading.reliable[i] && std::fabs(reading.omega[i]) > 1e-12) (reading.omega[i] > 0 ? forward : backward)++;
  if (backward > forward) {
    reading.structure.order = Order::cos_sin;
    for (std::size_t i = 0; i < n; ++i) {
      reading.omega[i] = -reading.omega[i];
      reading.phase[i] = wrap(kPi / 2 - reading.phase[i]);
    }
  }
  return reading;
}

// Weighted by how many radians each pair turned over the measured span;
// outliers (a wrong column, an aliased pair) dropped.
bool fit_line(const Reading& reading, double* a, double* b) {
  const std::size_t n = reading.omega.size();
  std::vector<bool> use(n);
  for (std::size_t i = 0; i < n; ++i)
    use[i] =
        reading.reliable[i] && reading.omega[i] > 0 && reading.omega[i] < 2.5 && reading.omega[i] * reading.span > 1e-4;
  for (int pass = 0; pass < 3; ++pass) {
    double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    std::size_t points = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (!use[i]) continue;
      const double w = std::pow(reading.omega[i] * reading.span, 2);
      const auto x = static_cast<double>(i);
      const double y = std::log(reading.omega[i]);
      sw += w, sx += w * x, sy += w * y, sxx += w * x * x, sxy += w * x * y;
      ++points;
    }
    if (points == 0) return false;
    const double det = sw * sxx - sx * sx;
    if (points == 1 || !(std::fabs(det) > 1e-300)) {
      // One pair: through it with w_0 = 1, unless it is pair 0.
      const auto i = static_cast<std::size_t>(std::find(use.begin(), use.end(), true) - use.begin());
      *b = i == 0 ? 0.0 : std::log(reading.omega[i]) / static_cast<double>(i);
      *a = i == 0 ? std::log(reading.omega[0]) : 0.0;
      return true;
    }
    *b = (sw * sxy - sx * sy) / det;
    *a = (sy - *b * sx) / sw;
    for (std::size_t i = 0; i < n; ++i) {
      if (!use[i]) continue;
      const double miss =
          (std::log(reading.omega[i]) - *a - *b * static_cast<double>(i)) * reading.omega[i] * reading.span;
      if (std::fabs(miss) > 1e-3 + 100 * reading.noise) use[i] = false;
    }
  }
  return true;
}

}  // namespace phasor
