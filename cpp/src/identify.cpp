// identify: reads a table's structure, frequencies, scale and first position
// (identify_reading.cpp; the method is in phasor/identify.hpp), makes the few
// forms they allow (each parameter as read and rounded as far as the reading
// leaves it uncertain), screens them on a few rows and verifies the ones that
// pass on every value, in each precision (identify_verify.cpp).
#include "phasor/identify.hpp"

#include <algorithm>
#include <cmath>

#include "identify_precision.hpp"
#include "identify_reading.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {
namespace {

// The value rounded to 1-5 significant digits when that moves it by at most
// `rel` (10000.0003 -> 10000), else the value itself.
double round_figures(double x, double rel) {
  if (!(x > 0) || !std::isfinite(x)) return x;
  for (int digits = 1; digits <= 5; ++digits) {
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

// The first position (at the reference row): the slowest pair's phase gives it within its
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

// The readings a parameter allows: the fit, and its roundings to fewer
// significant figures within rel, 10 rel, 100 rel and 1000 rel (at most 1e-2):
// a short slice reads the frequencies less well than its rounding suggests.
std::vector<double> readings_of(double raw, double rel) {
  std::vector<double> out;
  for (double r = rel; r <= 1.0001e-2; r *= 10) {
    const double y = round_figures(raw, r);
    if (std::find(out.begin(), out.end(), y) == out.end()) out.push_back(y);
    if (r >= 1e-2) break;
  }
  if (std::find(out.begin(), out.end(), raw) == out.end()) out.push_back(raw);
  return out;
}

// The offsets a reading allows: the whole number nearest (within a quarter
// position), then, unless the rows must start at whole positions (a stored
// table), the reading and its roundings (half a position on, say).
std::vector<double> offset_readings(double raw, double rel, bool fractional) {
  std::vector<double> out;
  const double whole = std::round(raw);
  if (std::fabs(raw - whole) <= 0.25) out.push_back(whole);
  if (fractional)
    for (double r : readings_of(std::fabs(raw), rel))
      if (std::find(out.begin(), out.end(), std::copysign(r, raw)) == out.end()) out.push_back(std::copysign(r, raw));
  return out;
}

// The first positions the phases allow: the whole number nearest the reading
// (when within a quarter position), the reading and its roundings.
std::vector<EncodingSpec> with_positions(EncodingSpec form, const Reading& reading, const TableRows& t, double rel) {
  const std::vector<double> model = encoding_frequencies(form);
  int best = -1;
  double at_ref = 0;
  for (int parity : {-1, 0, 1}) {
    int consistent = 0;
    const double p = first_position(reading, model, parity, &consistent);
    if (consistent > best) best = consistent, at_ref = p;
  }
  const double raw_offset = at_ref - t.index_of(reading.ref_row);
  const std::vector<double> offsets = offset_readings(raw_offset, rel, reading.padding_row < 0);
  std::vector<EncodingSpec> out;
  for (double offset : offsets) {
    form.offset = offset;
    // A stored table: positions from 0 (+ offset), its one zero row at position paddingIdx.
    if (reading.padding_row >= 0) {
      form.buffer = true;
      form.padding_idx = static_cast<std::int64_t>(t.index_of(reading.padding_row) + form.offset);
    }
    out.push_back(form);
  }
  return out;
}

// Two forms that give the same table: paper and geometric spacing draw the
// same line when w_0 = 1, and their frequencies then differ by the fit's
// float64 rounding only: values differ by under 1e-10 (the phase difference
// over the table times the scale), 600 times below float32 rounding.
bool same_table(const EncodingSpec& x, const EncodingSpec& y, double last_index) {
  if (x.layout != y.layout || x.order != y.order || x.odd_width != y.odd_width || x.offset != y.offset ||
      x.scale != y.scale || x.padding_idx != y.padding_idx || x.buffer != y.buffer)
    return false;
  const std::vector<double> a = encoding_frequencies(x), b = encoding_frequencies(y);
  if (a.size() != b.size()) return false;
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return worst * (std::fabs(x.offset) + last_index + 1) * std::fabs(x.scale) < 1e-10;
}

// Whether some precision explains the form on the screening rows; the sum of
// squared departures there from the exact table.
bool screen(const EncodingSpec& form, const TableRows& t, Storage storage, const std::vector<std::int64_t>& rows,
            bool float32_arithmetic, double* departure) {
  std::vector<PrecisionCandidate> candidates = precision_candidates(form, storage);
  Departures d;
  const bool exact = judge(form, t, candidates.front(), &rows, &d).reproduces;
  *departure = d.sum_squares;
  if (exact || !float32_arithmetic) return exact;
  // No float32 candidate can explain what departs past the bound with the
  // frequencies only bounded.
  if (!judge(form, t, bounded_candidate(form, storage), &rows).reproduces) return false;
  for (std::size_t k = 1; k < candidates.size(); ++k)
    if (settle_frequencies(form, t, rows, candidates[k]) && judge(form, t, candidates[k], &rows).reproduces)
      return true;
  return false;
}

// How many of a form's parameters are not round: its base, its fastest
// frequency (or that over 2 pi, MLX's full turns), its first position and its
// scale (MLX's sqrt(2/d) counts as round).
int unrounded(const EncodingSpec& f) {
  const bool w0 = is_round(f.max_frequency) || is_round(f.max_frequency / (2 * kPi));
  const bool offset = f.offset == std::round(f.offset) || is_round(std::fabs(f.offset));
  const bool scale = is_round(std::fabs(f.scale)) || f.scale == std::sqrt(2.0 / static_cast<double>(f.d_model));
  return (is_round(f.base) ? 0 : 1) + (w0 ? 0 : 1) + (offset ? 0 : 1) + (scale ? 0 : 1);
}

// How a fit was made, best first: exact, then float32 arithmetic with the
// framework's frequencies reproduced, then read from the table; 3 when
// nothing explains it.
int rank(const TableFit& fit) {
  for (const PrecisionVerdict& v : fit.precisions)
    if (v.reproduces) return !v.model.float32_arithmetic ? 0 : v.recipe >= 0 ? 1 : 2;
  return 3;
}

}  // namespace

std::string validate_identify(double rows, double cols) {
  if (auto e = check_integer("positions", rows, 2, static_cast<double>(kMaxPositions)); !e.empty()) return e;
  if (auto e = check_integer("dModel", cols, 2, static_cast<double>(kMaxDModel)); !e.empty()) return e;
  return check_work("positions x dModel", rows * cols, kMaxIdentifyValues);
}

std::string validate_row_indices(const double* index, std::int64_t rows) {
  for (std::int64_t r = 0; r < rows; ++r) {
    const double i = index[r];
    if (!(i >= 0 && i < static_cast<double>(kMaxPositions) && i == std::floor(i)))
      return "rowIndices must hold integers in [0, " + format_number(static_cast<double>(kMaxPositions)) + "); got " +
             format_number(i) + " at row " + format_number(static_cast<double>(r));
    if (r > 0 && !(i > index[r - 1]))
      return "rowIndices must increase; got " + format_number(i) + " after " + format_number(index[r - 1]) +
             " at row " + format_number(static_cast<double>(r));
  }
  return "";
}

Identification identify(const double* values, std::int64_t rows, std::int64_t cols, const double* row_index) {
  const TableRows t{values, rows, cols, row_index};
  Identification out;
  out.storage = narrowest_storage(values, rows * cols);
  const Reading reading = read_structure(t);
  double a = 0, b = 0;
  const bool line = fit_line(reading, &a, &b);
  EncodingSpec form = reading.structure;
  // A table of chosen rows: the form spans sequence indices 0 to the last.
  form.positions = static_cast<std::int64_t>(t.index_of(rows - 1)) + 1;
  const double s = reading.amplitude;
  const double mlx_scale = std::sqrt(2.0 / static_cast<double>(cols));
  // Parameters are rounded as far as the table's own rounding leaves them
  // uncertain (1e-6 for a float32 table, 1e-2 for half precision).
  const double rel = std::min(1e-2, std::max(1e-6, 100 * reading.noise));
  std::vector<double> scales;
  if (std::fabs(s - 1) < rel)
    scales.push_back(1.0);
  else if (std::fabs(s / mlx_scale - 1) < rel)
    scales.push_back(mlx_scale);
  else
    scales = readings_of(s, rel);
  form.scale = scales.front();

  // Each spacing that can draw the line, each parameter as read and rounded.
  const std::int64_t pairs = columns_of(form).pairs;
  const double exponent_width = static_cast<double>(columns_of(form).exponent_width);
  std::vector<EncodingSpec> shapes;
  if (line) {
    const double w0 = std::exp(a);
    std::vector<double> maxima = readings_of(w0, rel / 10);
    for (double turns : readings_of(w0 / (2 * kPi), rel / 10))  // MLX's full turns
      if (turns != w0 / (2 * kPi)) maxima.push_back(turns * 2 * kPi);
    const double geometric_base = pairs > 1 ? std::exp(-b * static_cast<double>(pairs - 1)) : 10000.0;
    if (std::fabs(a) < 1e-5 || std::find(maxima.begin(), maxima.end(), 1.0) != maxima.end()) {
      const double paper_base = pairs > 1 ? std::exp(-b * exponent_width / 2) : 10000.0;  // one pair: w_0 = 1
      for (double base : readings_of(paper_base, rel)) {
        EncodingSpec paper = form;
        paper.spacing = Spacing::paper;
        paper.base = base;
        shapes.push_back(paper);
      }
    }
    if (form.odd_width != OddWidth::extra_sine)  // extraSine is the paper's rule
      for (double w : maxima)
        for (double base : readings_of(geometric_base, rel)) {
          EncodingSpec geometric = form;
          geometric.spacing = Spacing::tensor2tensor;
          geometric.max_frequency = w;
          geometric.base = base;
          shapes.push_back(geometric);
        }
  }
  if (shapes.empty()) shapes.push_back(form);  // nothing to fit a line to: the defaults, to say how far off
  std::vector<EncodingSpec> scaled;
  for (const EncodingSpec& shape : shapes)
    for (double scale : scales) {
      scaled.push_back(shape);
      scaled.back().scale = scale;
    }
  shapes = scaled;

  // Each with its first position; forms encode() refuses are left out.
  std::vector<EncodingSpec> forms;
  for (const EncodingSpec& shape : shapes)
    for (const EncodingSpec& f : with_positions(shape, reading, t, rel))
      if (validate(f).empty()) forms.push_back(f);
  // Screened roundest first; once one passes, only forms as round may tie with it.
  std::stable_sort(forms.begin(), forms.end(),
                   [](const EncodingSpec& x, const EncodingSpec& y) { return unrounded(x) < unrounded(y); });
  const bool structured = reading.inconsistent <= 0.5;  // else noise or a learned table: exact arithmetic only
  const std::vector<std::int64_t> screening = screening_rows(t);
  std::vector<std::pair<EncodingSpec, double>> passed, failed;
  for (const EncodingSpec& f : forms) {
    if (!passed.empty() && unrounded(f) > unrounded(passed.front().first)) break;
    double error = 0;
    (screen(f, t, out.storage, screening, structured, &error) ? passed : failed).emplace_back(f, error);
  }
  // Verified on every value: the forms that passed, roundest first, until one
  // is explained (then only those giving the same table: ties), or the
  // nearest form when none passed.
  std::vector<EncodingSpec> chosen;
  for (const auto& p : passed) chosen.push_back(p.first);
  std::stable_sort(chosen.begin(), chosen.end(),
                   [](const EncodingSpec& x, const EncodingSpec& y) { return unrounded(x) < unrounded(y); });
  if (chosen.empty() && !failed.empty()) {
    // The roundest among those departing about as little as the least (a
    // sum of squares within half again), then the least.
    double least = HUGE_VAL;
    for (const auto& f : failed) least = std::min(least, f.second);
    const std::pair<EncodingSpec, double>* nearest = nullptr;
    for (const auto& f : failed) {
      if (f.second > 1.5 * least) continue;
      if (nearest == nullptr || unrounded(f.first) < unrounded(nearest->first) ||
          (unrounded(f.first) == unrounded(nearest->first) && f.second < nearest->second))
        nearest = &f;
    }
    chosen.push_back(nearest->first);
  }
  // A form giving the same table as one verified is a tie only when its
  // parameters are as round (one pair: paper and geometric base 10000);
  // after two forms nothing explains, a third would not either.
  const double last_index = t.index_of(rows - 1);
  int unexplained = 0;
  for (const EncodingSpec& f : chosen) {
    const auto same = std::find_if(out.fits.begin(), out.fits.end(),
                                   [&](const TableFit& fit) { return same_table(fit.form, f, last_index); });
    const bool explained =
        std::any_of(out.fits.begin(), out.fits.end(), [](const TableFit& x) { return x.explained(); });
    if (same != out.fits.end() ? unrounded(f) > unrounded(same->form) : explained || unexplained == 2) continue;
    TableFit fit = verify_form(f, t, out.storage, structured);
    unexplained += fit.explained() ? 0 : 1;
    if (!fit.explained() && reading.inconsistent > 0.5)
      fit.differs = "no sin/cos pairs of constant amplitude: noise or a learned embedding?";
    out.fits.push_back(fit);
  }
  if (out.fits.empty()) {
    // Not a table encode() can make (a base below 1 fitted to noise, say).
    TableFit refused;
    refused.form = form;
    refused.max_error = INFINITY;
    refused.rms_error = INFINITY;
    refused.deviation.assign(static_cast<std::size_t>(rows), INFINITY);
    PrecisionVerdict none;  // nothing was judged: no precision explains it
    none.worst_ratio = INFINITY;
    refused.precisions.push_back(none);
    refused.differs = reading.inconsistent > 0.5
                          ? "no sin/cos pairs of constant amplitude: noise or a learned embedding?"
                          : "no sinusoidal form fits";
    out.fits.push_back(refused);
  }
  // Best first: explained, by how (exact, reproduced float32, read float32),
  // then a rounder base (both spacings draw the same line when w_0 = 1), then
  // the smaller departure.
  std::stable_sort(out.fits.begin(), out.fits.end(), [](const TableFit& x, const TableFit& y) {
    if (rank(x) != rank(y)) return rank(x) < rank(y);
    if (x.explained() && unrounded(x.form) != unrounded(y.form)) return unrounded(x.form) < unrounded(y.form);
    const bool same =
        x.explained() || std::fabs(x.max_error - y.max_error) <= 1e-3 * std::max(x.max_error, y.max_error);
    if (same && is_round(x.form.base) != is_round(y.form.base)) return is_round(x.form.base);
    return x.max_error < y.max_error;
  });
  return out;
}

}  // namespace phasor
