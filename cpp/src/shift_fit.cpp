#include "phasor/shift_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "least_squares_kernels.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/least_squares.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"
#include "progression_phasors.hpp"

namespace phasor {

namespace {

constexpr double kPi = 3.141592653589793238462643383279502884;

double phase_of(ShiftEncoding encoding, double p) {
  switch (encoding) {
    case ShiftEncoding::quadratic_phase:
      return p * p;
    case ShiftEncoding::log_phase:
      return std::log1p(p);
    default:
      return p;
  }
}

}  // namespace

std::string validate_shift_fit(const ShiftFitSpec& spec) {
  if (auto e = check_choice("encoding", static_cast<double>(spec.encoding), kShiftEncodingNames); !e.empty()) return e;
  const auto d = static_cast<double>(spec.d_model);
  if (auto e = check_d_model(d); !e.empty()) return e;
  if (d > static_cast<double>(kMaxShiftFitDModel))
    return "dModel must be an even integer in [2, " + format_number(static_cast<double>(kMaxShiftFitDModel)) +
           "] for shiftFit; got " + format_number(static_cast<double>(spec.d_model));
  if (auto e = check_base(spec.base); !e.empty()) return e;
  if (auto e = check_integer("positions", static_cast<double>(spec.positions), 1,
                             static_cast<double>(kMaxShiftFitPositions));
      !e.empty())
    return e;
  if (auto e = check_finite("k", spec.k, -kMaxAbsPosition, kMaxAbsPosition); !e.empty()) return e;
  if (auto e = check_integer("extrapolate", static_cast<double>(spec.extrapolate), 0,
                             static_cast<double>(kMaxShiftFitPositions));
      !e.empty())
    return e;
  const double limit = spec.encoding == ShiftEncoding::quadratic_phase ? kMaxQuadraticPosition : kMaxAbsPosition;
  if (!(std::isfinite(spec.stride) && spec.stride > 0.0 && spec.stride <= limit))
    return "stride must be a finite number in (0, " + format_number(limit) + "]; got " + format_number(spec.stride);
  if (auto e = check_finite("offset", spec.offset, -limit, limit); !e.empty()) return e;
  const double last = spec.offset + static_cast<double>(spec.positions + spec.extrapolate - 1) * spec.stride;
  const double lowest = std::min(spec.offset, spec.offset + spec.k);
  const double highest = std::max(last, last + spec.k);
  if (lowest < -limit || highest > limit)
    return "offset + (positions + extrapolate) x stride + k must stay within [" + format_number(-limit) + ", " +
           format_number(limit) + "]";
  if (spec.encoding == ShiftEncoding::log_phase && !(lowest > -1.0))
    return "log-phase needs every p and p + k above -1 (its phase is ln(1 + p)); got offset " +
           format_number(spec.offset) + " and k " + format_number(spec.k);
  return "";
}

std::vector<double> shift_encoding_frequencies(const ShiftFitSpec& spec) {
  const std::int64_t d = spec.d_model, h = d / 2;
  std::vector<double> w;
  if (spec.encoding == ShiftEncoding::sine_only) {
    for (std::int64_t j = 0; j < d; ++j)
      w.push_back(std::pow(spec.base, -static_cast<double>(j) / static_cast<double>(d)));
    return w;
  }
  const double slowest = frequency(h - 1, d, spec.base);
  for (std::int64_t i = 0; i < h; ++i) {
    if (spec.encoding == ShiftEncoding::linear_frequencies) {
      w.push_back(h == 1 ? 1.0 : 1.0 + (slowest - 1.0) * static_cast<double>(i) / static_cast<double>(h - 1));
    } else {
      w.push_back(frequency(i, d, spec.base));
    }
  }
  return w;
}

void shift_encoding(const ShiftFitSpec& spec, const std::vector<double>& w, double p, double* row) {
  if (spec.encoding == ShiftEncoding::sine_only) {
    for (std::size_t j = 0; j < w.size(); ++j) row[j] = std::sin(w[j] * p);
    return;
  }
  const double phase = phase_of(spec.encoding, p);
  for (std::size_t i = 0; i < w.size(); ++i) {
    row[2 * i] = std::sin(w[i] * phase);
    row[2 * i + 1] = std::cos(w[i] * phase);
  }
}

namespace {

// Rows r < count of e(start + r * stride), each pair's column along the
// progression (progression_phasors.hpp): a few ulp from shift_encoding's
// values (linear phases; quadratic ones within the rounding of w p^2) at a
// thirtieth of its sines and cosines.
void progression_rows(const ShiftFitSpec& spec, const std::vector<double>& w, double start, std::int64_t count,
                      double* rows) {
  const std::int64_t d = spec.d_model;
  const bool sine_only = spec.encoding == ShiftEncoding::sine_only;
  for (std::size_t i = 0; i < w.size(); ++i) {
    double* column = rows + (sine_only ? i : 2 * i);
    if (spec.encoding == ShiftEncoding::quadratic_phase)
      quadratic_progression_phasors(w[i], start, spec.stride, count, column, column + 1, d);
    else
      progression_phasors(w[i], start, spec.stride, count, column, sine_only ? nullptr : column + 1, d);
  }
}

}  // namespace

void shift_fit_rows(const ShiftFitSpec& spec, const std::vector<double>& w, double* x, double* y) {
  const std::int64_t d = spec.d_model, all = spec.positions + spec.extrapolate;
  const auto position = [&](std::int64_t r) { return spec.offset + static_cast<double>(r) * spec.stride; };
  // Every row along the progression but for log phase (its rows one by one).
  const bool along = spec.encoding != ShiftEncoding::log_phase;
  if (along) {
    progression_rows(spec, w, spec.offset, all, x);
    progression_rows(spec, w, spec.offset + spec.k, all, y);
  } else {
    for (std::int64_t r = 0; r < all; ++r) shift_encoding(spec, w, position(r), x + r * d);
  }
  // When k is a whole number of strides (an integer k at stride 1, as the
  // explorer asks), p_r + k is the position of row r + k/stride: where it is
  // exactly that number, that row is copied, so y holds the very numbers x
  // does (and, for log phase, half the sines and cosines).
  const double rows_ahead = spec.k / spec.stride;
  const bool whole = std::fabs(rows_ahead) < static_cast<double>(all) && rows_ahead == std::trunc(rows_ahead);
  for (std::int64_t r = 0; r < all; ++r) {
    const double p = position(r) + spec.k;
    const std::int64_t same = whole ? r + static_cast<std::int64_t>(rows_ahead) : -1;
    if (same >= 0 && same < all && position(same) == p)
      std::copy_n(x + same * d, d, y + r * d);
    else if (!along)
      shift_encoding(spec, w, p, y + r * d);
  }
}

ShiftFit shift_fit(const ShiftFitSpec& spec) {
  const std::int64_t d = spec.d_model, n = spec.positions, all = n + spec.extrapolate;
  const auto w = shift_encoding_frequencies(spec);
  // Row r: x = e(p_r), y = e(p_r + k). The first n rows are fitted (X B = Y,
  // the map is B^T); the rest only checked.
  std::vector<double> x(static_cast<std::size_t>(all * d)), y(x.size());
  shift_fit_rows(spec, w, x.data(), y.data());
  LeastSquares ls = least_squares(x.data(), n, d, y.data(), d);

  ShiftFit fit;
  fit.map.resize(static_cast<std::size_t>(d * d));
  double* map = fit.map.data();
  const double* xs = x.data();
  const double* ys = y.data();
  for (std::int64_t i = 0; i < d; ++i)
    for (std::int64_t j = 0; j < d; ++j) map[i * d + j] = ls.solution.data()[j * d + i];
  // M e(p_r) for every row at once: the solution is B = M^T (d x d,
  // row-major), so the predictions are X B, each entry summed over j in
  // order as a dot product of M's row would (kernels/least_squares_kernels.hpp).
  std::vector<double> prediction(x.size());
  kernels::rows_times_matrix(xs, all, d, ls.solution.data(), d, prediction.data());
  double miss_sum[2] = {0.0, 0.0}, target_sum[2] = {0.0, 0.0};  // fitted, extrapolated
  fit.per_position.resize(static_cast<std::size_t>(all));
  for (std::int64_t r = 0; r < all; ++r) {
    const double* predicted = prediction.data() + r * d;
    double miss = 0.0, target = 0.0;
    for (std::int64_t i = 0; i < d; ++i) {
      const double want = ys[r * d + i];
      miss += (predicted[i] - want) * (predicted[i] - want);
      target += want * want;
    }
    miss_sum[r < n ? 0 : 1] += miss;
    target_sum[r < n ? 0 : 1] += target;
    fit.per_position[static_cast<std::size_t>(r)] = target > 0.0 ? std::sqrt(miss / target) : std::sqrt(miss);
  }
  auto ratio = [](double miss, double target) { return target > 0.0 ? std::sqrt(miss / target) : std::sqrt(miss); };
  fit.residual = ratio(miss_sum[0], target_sum[0]);
  fit.extrapolation_residual =
      spec.extrapolate > 0 ? ratio(miss_sum[1], target_sum[1]) : std::numeric_limits<double>::quiet_NaN();
  fit.singular_values = std::move(ls.singular_values);
  fit.rank = ls.rank;
  return fit;
}

std::string validate_sine_collision(double d_model, double base, double dimension, double position) {
  if (auto e = check_d_model(d_model); !e.empty()) return e;
  if (auto e = check_base(base); !e.empty()) return e;
  if (auto e = check_integer("dimension", dimension, 0, d_model - 1); !e.empty()) return e;
  return check_finite("position", position, -kMaxAbsPosition, kMaxAbsPosition);
}

std::vector<double> sine_collision(std::int64_t d_model, double base, std::int64_t dimension, double position) {
  const double v = std::pow(base, -static_cast<double>(dimension) / static_cast<double>(d_model));
  const double q = kPi / v - position;
  return {v, q, std::sin(v * position), std::sin(v * q), std::cos(v * position), std::cos(v * q)};
}

}  // namespace phasor
