// identify: reads a table's structure, frequencies, scale and first position
// (the method is in phasor/identify.hpp), then verifies the few forms that
// result (identify_verify.cpp).
#include "phasor/identify.hpp"

#include <algorithm>
#include <cmath>

#include "identify_columns.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {
namespace {

constexpr double kPi = 3.141592653589793;

double wrap(double angle) { return std::remainder(angle, 2 * kPi); }  // to [-pi, pi]

struct Table {
  const double* values;
  std::int64_t rows, cols;
  double at(std::int64_t r, std::int64_t c) const { return values[r * cols + c]; }
};

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

// The columns each full pair of a structure reads: first (a) and second (b) trig.
struct Pairs {
  std::vector<std::int64_t> a, b;
};

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

// What the rows say before any form is assumed.
struct Reading {
  EncodingSpec structure;  // shape, layout and odd-width rule (order decided later)
  Pairs pairs;
  double amplitude = 0;     // the scale
  double inconsistent = 1;  // fraction of sampled pair amplitudes off the median
  double noise = 0;         // their median relative departure: the table's own rounding
  std::int64_t padding_row = -1;
  std::int64_t ref_row = 0;    // a row whose next row is not a zero row
  std::vector<double> omega;   // measured per pair (sign gives the order)
  std::vector<double> phase;   // angle at ref_row
  std::vector<bool> reliable;  // amplitude constant along the measuring rows
  double span = 1;             // the longest row distance measured over
};

double angle(const Table& t, const Pairs& p, std::size_t i, std::int64_t row) {
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
double inconsistency(const Table& t, const EncodingSpec& form, const std::vector<std::int64_t>& rows, double* amplitude,
                     double* noise) {
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

Reading read_structure(const Table& t) {
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

  // The measuring rows: ref_row, then ref_row + 1, 2, 4, ... and the last row,
  // stepping past a zero row.
  std::int64_t ref = 0;
  while (ref + 2 < t.rows && (zero[static_cast<std::size_t>(ref)] || zero[static_cast<std::size_t>(ref + 1)])) ++ref;
  reading.ref_row = ref;
  std::vector<std::int64_t> ladder;
  for (std::int64_t dist = 1; ref + dist < t.rows; dist *= 2) ladder.push_back(dist);
  if (ladder.empty() || ref + ladder.back() < t.rows - 1) ladder.push_back(t.rows - 1 - ref);
  for (std::int64_t& dist : ladder)
    if (zero[static_cast<std::size_t>(ref + dist)]) dist += ref + dist + 1 < t.rows ? 1 : -1;
  reading.span = static_cast<double>(ladder.back());

  const std::size_t n = reading.pairs.a.size();
  reading.omega.assign(n, 0.0);
  reading.phase.assign(n, 0.0);
  reading.reliable.assign(n, true);
  const double amp = reading.amplitude;
  for (std::size_t i = 0; i < n; ++i) {
    const double phi0 = angle(t, reading.pairs, i, ref);
    double w = 0;
    std::int64_t previous = 0;
    for (std::int64_t dist : ladder) {
      if (dist <= previous) continue;
      const std::int64_t row = ref + dist;
      const double measured = angle(t, reading.pairs, i, row) - phi0;
      const double predicted = w * static_cast<double>(dist);
      w = (measured + 2 * kPi * std::round((predicted - measured) / (2 * kPi))) / static_cast<double>(dist);
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

// log w_i = a + b i through the well-measured pairs, weighted by how many
// radians each turned over the measured span; outliers (a wrong column, an
// aliased pair) dropped.
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

// The value rounded to 1-3 significant digits when that moves it by at most
// `rel` (10000.0003 -> 10000), else the value itself.
double round_figures(double x, double rel) {
  if (!(x > 0) || !std::isfinite(x)) return x;
  for (int digits = 1; digits <= 3; ++digits) {
    const double unit = std::pow(10.0, std::floor(std::log10(x)) - digits + 1);
    const double y = std::round(x / unit) * unit;
    if (std::fabs(y / x - 1) <= rel) return y;
  }
  return x;
}

bool is_round(double x) {
  const double unit = std::pow(10.0, std::floor(std::log10(x)) - 2);
  return std::isfinite(x) && x > 0 && std::round(x / unit) * unit == x;
}

// The first position: the slowest pair's phase gives it within its
// wavelength, each faster pair refines it.
double first_position(const Reading& reading, const std::vector<double>& model, int parity, int* consistent) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < reading.phase.size(); ++i)
    if (reading.reliable[i] && model[i] > 0 && model[i] < 3.0 && (parity < 0 || static_cast<int>(i % 2) == parity))
      order.push_back(i);
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return model[x] < model[y]; });
  double p = 0;
  bool first = true;
  for (std::size_t i : order) {
    if (first) {
      // Offsets are usually small and positive: take the phase in [-pi/4, 7pi/4).
      double phi = wrap(reading.phase[i] - 3 * kPi / 4) + 3 * kPi / 4;
      p = phi / model[i];
      first = false;
    } else {
      p += wrap(reading.phase[i] - model[i] * p) / model[i];
    }
  }
  *consistent = 0;
  for (std::size_t i = 0; i < reading.phase.size(); ++i)
    if (model[i] < 3.0 && std::fabs(wrap(reading.phase[i] - model[i] * p)) < 1e-4 + 10 * reading.noise) ++*consistent;
  return p;
}

// verify_form, or the result of an earlier form that gives the same table:
// paper and geometric spacing draw the same line when w_0 = 1, and their
// frequencies then differ by the fit's float64 rounding only: values differ
// by under 1e-10 (the phase difference over the table times the scale), 600
// times below float32 rounding, so the earlier result stands for both.
TableFit check(const EncodingSpec& form, const Table& t, std::vector<TableFit>& done) {
  const std::vector<double> omega = encoding_frequencies(form);
  for (const TableFit& earlier : done) {
    const EncodingSpec& e = earlier.form;
    if (e.layout != form.layout || e.order != form.order || e.odd_width != form.odd_width || e.offset != form.offset ||
        e.scale != form.scale || e.padding_idx != form.padding_idx || e.buffer != form.buffer)
      continue;
    const std::vector<double> other = encoding_frequencies(e);
    if (other.size() != omega.size()) continue;
    double worst = 0;
    for (std::size_t i = 0; i < omega.size(); ++i) worst = std::max(worst, std::fabs(omega[i] - other[i]));
    if (worst * (std::fabs(form.offset) + static_cast<double>(t.rows)) * std::fabs(form.scale) < 1e-10) {
      TableFit same = earlier;
      same.form = form;
      return same;
    }
  }
  if (!validate(form).empty()) {
    // Not a table encode() can make (a base below 1 fitted to noise, say).
    TableFit refused;
    refused.form = form;
    refused.max_error = INFINITY;
    refused.rms_error = INFINITY;
    refused.differs = "no sinusoidal form fits";
    return refused;
  }
  done.push_back(verify_form(form, t.values));
  return done.back();
}

TableFit fit_form(EncodingSpec form, const Reading& reading, const Table& t, std::vector<TableFit>& done) {
  const std::vector<double> model = encoding_frequencies(form);
  int best = -1;
  double at_ref = 0;
  for (int parity : {-1, 0, 1}) {
    int consistent = 0;
    const double p = first_position(reading, model, parity, &consistent);
    if (consistent > best) best = consistent, at_ref = p;
  }
  const double raw_offset = at_ref - static_cast<double>(reading.ref_row);
  const double whole = std::round(raw_offset);
  form.offset = std::fabs(raw_offset - whole) < std::max(1e-4, 1e3 * reading.noise) ? whole : raw_offset;
  // A stored table: positions from 0 (+ offset), its one zero row at position paddingIdx.
  if (reading.padding_row >= 0) {
    form.buffer = true;
    form.padding_idx = reading.padding_row + static_cast<std::int64_t>(form.offset);
  }
  TableFit fit = check(form, t, done);
  if (!fit.reproduces && form.offset != raw_offset && reading.padding_row < 0) {
    form.offset = raw_offset;
    TableFit raw = check(form, t, done);
    if (raw.reproduces || raw.max_error < 0.5 * fit.max_error) fit = raw;  // else the rounder reading
  }
  return fit;
}

}  // namespace

std::string validate_identify(double rows, double cols) {
  if (auto e = check_integer("positions", rows, 2, static_cast<double>(kMaxPositions)); !e.empty()) return e;
  if (auto e = check_integer("dModel", cols, 2, static_cast<double>(kMaxDModel)); !e.empty()) return e;
  return check_work("positions x dModel", rows * cols, kMaxIdentifyValues);
}

Identification identify(const double* values, std::int64_t rows, std::int64_t cols) {
  const Table t{values, rows, cols};
  const Reading reading = read_structure(t);
  double a = 0, b = 0;
  const bool line = fit_line(reading, &a, &b);
  EncodingSpec form = reading.structure;
  const double s = reading.amplitude;
  const double mlx_scale = std::sqrt(2.0 / static_cast<double>(cols));
  // Parameters are rounded as far as the table's own rounding leaves them
  // uncertain (1e-6 for a float32 table, 1e-2 for half precision).
  const double rel = std::min(1e-2, std::max(1e-6, 100 * reading.noise));
  form.scale = std::fabs(s - 1) < rel ? 1.0 : std::fabs(s / mlx_scale - 1) < rel ? mlx_scale : s;

  // Each spacing that can draw the line, with its parameters rounded where
  // rounding keeps them (then the raw fit if the rounded one fails).
  const std::int64_t pairs = columns_of(form).pairs;
  const double exponent_width = static_cast<double>(columns_of(form).exponent_width);
  std::vector<EncodingSpec> forms;
  if (line) {
    EncodingSpec geometric = form;
    geometric.spacing = Spacing::tensor2tensor;
    const double w0 = std::exp(a);
    const double rel_w = rel / 10;
    const double turns = round_figures(w0 / (2 * kPi), rel_w) * 2 * kPi;
    geometric.max_frequency = round_figures(w0, rel_w) != w0      ? round_figures(w0, rel_w)
                              : std::fabs(turns / w0 - 1) < rel_w ? turns
                                                                  : w0;
    geometric.base = pairs > 1 ? std::exp(-b * static_cast<double>(pairs - 1)) : 10000.0;
    if (form.odd_width != OddWidth::extra_sine) forms.push_back(geometric);  // extraSine is the paper's rule
    if (std::fabs(a) < 1e-5) {
      EncodingSpec paper = form;
      paper.spacing = Spacing::paper;
      paper.base = pairs > 1 ? std::exp(-b * exponent_width / 2) : 10000.0;  // one pair: w_0 = 1 whatever the base
      forms.push_back(paper);
    }
  }
  if (forms.empty()) forms.push_back(form);  // nothing to fit a line to: the defaults, to say how far off
  Identification out;
  std::vector<TableFit> done;
  for (EncodingSpec f : forms) {
    const double raw_base = f.base;
    f.base = round_figures(raw_base, rel);
    TableFit fit = fit_form(f, reading, t, done);
    if (!fit.reproduces && f.base != raw_base) {
      f.base = raw_base;
      TableFit raw = fit_form(f, reading, t, done);
      if (raw.reproduces || raw.max_error < 0.5 * fit.max_error) fit = raw;
    }
    if (!fit.reproduces && reading.inconsistent > 0.5)
      fit.differs = "no sin/cos pairs of constant amplitude: noise or a learned embedding?";
    out.fits.push_back(fit);
  }
  // Forms encode() refuses are dropped, unless nothing else is left to say how far off the table is.
  std::vector<TableFit> valid;
  for (const TableFit& fit : out.fits)
    if (std::isfinite(fit.max_error)) valid.push_back(fit);
  if (!valid.empty()) out.fits = valid;
  // Best first: reproducing, then a rounder base (both spacings draw the same
  // line when w_0 = 1), then the smaller error.
  std::stable_sort(out.fits.begin(), out.fits.end(), [](const TableFit& x, const TableFit& y) {
    if (x.reproduces != y.reproduces) return x.reproduces;
    const bool same = x.reproduces || std::fabs(x.max_error - y.max_error) <= 1e-3 * std::max(x.max_error, y.max_error);
    if (same && is_round(x.form.base) != is_round(y.form.base)) return is_round(x.form.base);
    return x.max_error < y.max_error;
  });
  return out;
}

}  // namespace phasor
