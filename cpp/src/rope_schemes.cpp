#include "rope_schemes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "line_fit.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/validation.hpp"

namespace phasor {

namespace {

// Bases configs use, most common first; lengths L that configs name.
constexpr double kRoundBases[] = {1e4, 5e5, 1e6, 1e5, 1e7, 5e6, 1e9, 5e4, 2e5};
constexpr double kLengths[] = {256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144};
constexpr double kRoundFactors[] = {2, 4, 8, 16, 32, 40, 64};
constexpr double kLlama3HighFactors[] = {4, 2, 8};

}  // namespace

double tidy(double x) {
  if (!(std::isfinite(x) && x != 0.0)) return x;
  const int e = static_cast<int>(std::floor(std::log10(std::fabs(x)))) - 5;
  if (e < -22 || e > 22) return x;
  const double m = e < 0 ? std::round(x * std::pow(10.0, -e)) : std::round(x / std::pow(10.0, e));
  const double round = e < 0 ? m / std::pow(10.0, -e) : m * std::pow(10.0, e);
  return std::fabs(x / round - 1.0) < 2e-7 ? round : x;
}

namespace {

// The roundest number (fewest significant digits, up to five) within `rel` of x, or NaN.
double roundest_near(double x, double rel) {
  if (!(std::isfinite(x) && x > 0.0)) return std::nan("");
  const int e = static_cast<int>(std::floor(std::log10(x)));
  for (int digits = 1; digits <= 5; ++digits) {
    const int k = digits - 1 - e;  // round at 10^-k
    if (k < -22 || k > 22) continue;
    const double r = k >= 0 ? std::round(x * std::pow(10.0, k)) / std::pow(10.0, k)
                            : std::round(x / std::pow(10.0, -k)) * std::pow(10.0, -k);
    if (std::fabs(r / x - 1.0) < rel) return r;
  }
  return std::nan("");
}

// theta itself when a round base is within `rel`, else the fit, tidied.
double snap(double theta, double rel) {
  for (const double b : kRoundBases)
    if (std::fabs(theta / b - 1.0) < rel) return b;
  return tidy(theta);
}

RopeScheme scheme(double theta, const RopeScaling& scaling, int preset = -1) {
  RopeScheme out;
  out.theta = theta;
  out.scaling = scaling;
  out.preset = preset;
  return out;
}

RopeScaling scaling_of(RopeScalingType type, double factor) {
  RopeScaling s;
  s.type = type;
  s.factor = factor;
  return s;
}

void push_unique(std::vector<double>& values, double v) {
  if (std::isfinite(v) && std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
}

// The schemes that keep the fast pairs (YaRN, Llama 3) and per-pair factors, at base theta.
void fast_pair_schemes(const std::vector<double>& omega, double theta, bool primary, std::vector<RopeScheme>& out) {
  const std::size_t h = omega.size();
  const auto r = static_cast<double>(2 * h);
  std::vector<double> ratio(h);
  for (std::size_t i = 0; i < h; ++i) ratio[i] = omega[i] * std::pow(theta, 2.0 * static_cast<double>(i) / r);
  const double least = *std::min_element(ratio.begin(), ratio.end());
  const double inverse = 1.0 / least;
  const double fitted = std::fabs(inverse - std::round(inverse)) < 1e-4 ? std::round(inverse) : inverse;
  std::vector<double> factors;
  push_unique(factors, fitted);
  for (const double f : kRoundFactors)
    if (std::fabs(f / inverse - 1.0) < 0.1) push_unique(factors, f);
  // Pair 0 kept at w = 1 (within a bfloat16 cache's noise) and the slow pairs slower by a real
  // factor (not noise): a scheme that extrapolates the fast pairs.
  if (std::fabs(omega[0] - 1.0) < 1e-3 && fitted > 1.05) {
    for (const double f : factors) {
      for (const double length : kLengths) {
        RopeScheme yarn = scheme(theta, scaling_of(RopeScalingType::yarn, f));
        yarn.scaling.original_length = length;
        out.push_back(yarn);
        yarn.scaling.truncate = false;
        out.push_back(yarn);
        for (const double high : kLlama3HighFactors) {
          RopeScheme llama3 = scheme(theta, scaling_of(RopeScalingType::llama3, f));
          llama3.scaling.original_length = length;
          llama3.scaling.high_freq_factor = high;
          out.push_back(llama3);
        }
      }
    }
    // YaRN without truncation: the ramp's start gives L directly (betaFast 32).
    std::vector<double> mid, ramp;
    for (std::size_t i = 0; i < h; ++i) {
      const double q = (1.0 - ratio[i]) / (1.0 - 1.0 / fitted);
      if (q > 1e-9 && q < 1.0 - 1e-9) {
        mid.push_back(static_cast<double>(i));
        ramp.push_back(q);
      }
    }
    if (primary && mid.size() >= 2) {
      const auto [c0, c1] = line(mid, ramp);
      const double low = -c0 / c1;
      RopeScheme yarn = scheme(theta, scaling_of(RopeScalingType::yarn, fitted));
      yarn.scaling.original_length = kTwoPi * 32.0 * std::exp(2.0 * low * std::log(theta) / r);
      yarn.scaling.truncate = false;
      out.push_back(yarn);
    }
  }
  // Per-pair factors: longrope fits any frequencies, so it is measured last and explains little.
  const bool varies = std::any_of(ratio.begin(), ratio.end(), [&](double q) { return std::fabs(q - ratio[0]) > 1e-6; });
  if (primary && varies) {
    RopeScheme longrope = scheme(theta, scaling_of(RopeScalingType::longrope, 1.0));
    longrope.scaling.original_length = 4096;
    for (const double q : ratio) longrope.scaling.short_factor.push_back(1.0 / q);
    longrope.scaling.long_factor = longrope.scaling.short_factor;
    longrope.note = "per-pair factors relative to theta: longrope fits any frequencies, so it explains little";
    out.push_back(longrope);
  }
}

}  // namespace

std::vector<RopeScheme> fitted_schemes(const std::vector<double>& omega, const std::vector<double>& weight) {
  const std::size_t h = omega.size();
  const auto r = static_cast<double>(2 * h);
  std::vector<RopeScheme> out;
  if (h < 2) {
    RopeScheme one = scheme(10000.0, scaling_of(omega[0] == 1.0 ? RopeScalingType::none : RopeScalingType::linear,
                                                omega[0] == 1.0 ? 1.0 : 1.0 / omega[0]));
    out.push_back(one);
    return out;
  }
  // Default, linear, a changed base (NTK, dynamic NTK): log w linear in i.
  std::vector<double> index(h), logs(h);
  for (std::size_t i = 0; i < h; ++i) {
    index[i] = static_cast<double>(i);
    logs[i] = std::log(omega[i]);
  }
  const auto [a, b] = line(index, logs, weight);
  const double theta_all = std::exp(-b * r / 2.0);
  const double factor = tidy(std::exp(-a));
  const double rounded = snap(theta_all, 1e-4);
  // A bfloat16 cache's fit is off by a little: the round bases and factors near it too.
  std::vector<double> thetas{rounded}, factors{factor};
  // The line that keeps the largest weighted residual smallest: a frequency's
  // bound is its largest error, and least squares can leave one pair past it.
  const auto [a_max, b_max] = minimax_line(index, logs, weight, a, b);
  push_unique(thetas, tidy(std::exp(-b_max * r / 2.0)));
  push_unique(factors, tidy(std::exp(-a_max)));
  // A base as a config would write it (10, 2.5e4): the roundest number near the fit.
  push_unique(thetas, roundest_near(theta_all, 1e-4));
  // A stored cache's fit is known no better than its phases (bfloat16: to about
  // 3e-4 from 20 rows): the roundest base the fit's own scatter allows too.
  const double theta_rel = std::min(0.01, slope_uncertainty(index, logs, weight, a, b) * r / 2.0);
  if (theta_rel > 1e-4) push_unique(thetas, roundest_near(theta_all, theta_rel));
  for (const double base : kRoundBases)
    if (std::fabs(base / theta_all - 1.0) < 0.02) push_unique(thetas, base);
  if (std::fabs(factor - 1.0) < 0.01) push_unique(factors, 1.0);
  for (const double f : kRoundFactors)
    if (std::fabs(f / factor - 1.0) < 0.01) push_unique(factors, f);
  for (const double theta : thetas)
    for (const double f : factors)
      out.push_back(scheme(theta, std::fabs(f - 1.0) < 1e-6 ? RopeScaling{} : scaling_of(RopeScalingType::linear, f)));
  if (rounded == theta_all && theta_all > 1e4) {
    double base = 1e4;
    for (const double t : kRoundBases)
      if (t < theta_all && t > base) base = t;
    RopeScheme ntk = scheme(base, scaling_of(RopeScalingType::ntk, std::pow(theta_all / base, (r - 2.0) / r)));
    ntk.note = "a base change from theta = " + format_number(base) +
               " (NTK or dynamic NTK at some length); theta' = " + format_number(theta_all) + " fits as well";
    out.push_back(ntk);
  }
  // Schemes that keep the fast pairs: theta from pair 1 (and round bases near it).
  const double theta_fast = std::pow(omega[1], -r / 2.0);
  std::vector<double> fast_thetas;
  push_unique(fast_thetas, snap(theta_fast, 1e-4));
  push_unique(fast_thetas, roundest_near(theta_fast, 1e-4));
  for (const double base : kRoundBases)
    if (std::fabs(base / theta_fast - 1.0) < 0.05) push_unique(fast_thetas, base);
  for (std::size_t t = 0; t < fast_thetas.size(); ++t) fast_pair_schemes(omega, fast_thetas[t], t == 0, out);
  return out;
}

std::vector<RopeScheme> preset_schemes(const std::vector<RopePresetScheme>& presets, std::int64_t rotary_dim) {
  std::vector<RopeScheme> out;
  for (const RopePresetScheme& p : presets) {
    if (p.rotary_dim != rotary_dim) continue;
    RopeScheme own = scheme(p.theta, p.scaling, p.preset);
    out.push_back(own);
    if (p.scaling.type == RopeScalingType::longrope) {
      own.scaling.sequence_length = p.scaling.original_length + 1.0;
      own.long_factors = true;
      own.note = "the long factors (a call past originalLength)";
      out.push_back(own);
    }
  }
  return out;
}

std::string check_scheme(const RopeScheme& scheme, std::int64_t rotary_dim) {
  if (auto e = check_base(scheme.theta, "theta"); !e.empty()) return e;
  return validate_rope_scaling(scheme.scaling, static_cast<double>(rotary_dim));
}

bool round_scheme(const RopeScheme& s) {
  if (s.preset >= 0) return true;
  const auto in = [](double v, const auto& list) {
    return std::find(std::begin(list), std::end(list), v) != std::end(list);
  };
  const bool factor = s.scaling.type == RopeScalingType::none || s.scaling.factor == std::round(s.scaling.factor);
  const bool length = s.scaling.original_length == 0.0 || in(s.scaling.original_length, kLengths);
  return in(s.theta, kRoundBases) && factor && length;
}

int scheme_complexity(RopeScalingType type) {
  switch (type) {
    case RopeScalingType::none:
      return 0;
    case RopeScalingType::linear:
      return 1;
    case RopeScalingType::ntk:
    case RopeScalingType::dynamic_ntk:
    case RopeScalingType::proportional:
      return 2;
    case RopeScalingType::llama3:
      return 3;
    case RopeScalingType::yarn:
      return 4;
    case RopeScalingType::longrope:
      return 5;
  }
  return 6;
}

}  // namespace phasor
