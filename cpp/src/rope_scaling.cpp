#include "phasor/rope_scaling.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

namespace {

bool needs_original_length(RopeScalingType t) {
  return t == RopeScalingType::dynamic_ntk || t == RopeScalingType::yarn || t == RopeScalingType::llama3 ||
         t == RopeScalingType::longrope;
}

// The length a call runs at: the one given, else L (dynamic: no change).
double run_length(const RopeScaling& s) { return s.sequence_length > 0.0 ? s.sequence_length : s.original_length; }

// yarn's default attention factor (transformers' _compute_yarn_parameters).
double yarn_attention(const RopeScaling& s) {
  if (s.attention_factor > 0.0) return s.attention_factor;
  if (s.mscale != 0.0 && s.mscale_all_dim != 0.0)
    return yarn_get_mscale(s.factor, s.mscale) / yarn_get_mscale(s.factor, s.mscale_all_dim);
  return yarn_get_mscale(s.factor);
}

// longrope: w_i / ext_i, ext the long factors for a call longer than L (every
// position of it), else the short ones; read as float32 like transformers'
// torch.tensor(..., dtype=float32).
void longrope(const RopeScaling& s, std::int64_t pairs, double* omega) {
  const bool use_long = s.sequence_length > s.original_length;
  const std::vector<double>& ext = use_long ? s.long_factor : s.short_factor;
  for (std::int64_t i = 0; i < pairs; ++i)
    omega[i] /= static_cast<double>(static_cast<float>(ext[static_cast<std::size_t>(i)]));
}

double longrope_attention(const RopeScaling& s) {
  if (s.attention_factor > 0.0) return s.attention_factor;
  if (s.factor <= 1.0) return 1.0;
  return std::sqrt(1.0 + std::log(s.factor) / std::log(s.original_length));
}

// Each of a longrope factor list: `pairs` values in [lo, hi].
std::string check_factors(const char* name, const std::vector<double>& values, double pairs, const char* dim_name) {
  if (static_cast<double>(values.size()) != pairs)
    return std::string(name) + " must hold " + dim_name + "/2 = " + format_number(pairs) +
           " values (one per pair); got " + format_number(static_cast<double>(values.size()));
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string item = std::string(name) + "[" + format_number(static_cast<double>(i)) + "]";
    if (auto e = check_finite(item.c_str(), values[i], kMinScalingParameter, kMaxScalingFactor); !e.empty()) return e;
  }
  return "";
}

// theta^(-2i/dim) for every pair.
void base_frequencies(std::int64_t dim, double theta, double* omega) {
  for (std::int64_t i = 0; i < dim / 2; ++i) omega[i] = frequency(i, dim, theta);
}

// (theta * growth^(dim/(dim-2)))^(-2i/dim) = theta^(-2i/dim) growth^(-2i/(dim-2)):
// the NTK base change without forming the new base, which overflows for
// theta and growth near their limits (1e300 * (1e6)^2).
void ntk_frequencies(std::int64_t dim, double theta, double growth, double* omega) {
  const auto d = static_cast<double>(dim);
  for (std::int64_t i = 0; i < dim / 2; ++i)
    omega[i] = frequency(i, dim, theta) * std::pow(growth, -2.0 * static_cast<double>(i) / (d - 2.0));
}

// The pair index (fractional) whose wavelength fits `rotations` turns into L positions.
double yarn_correction_pair(double rotations, double dim, double theta, double length) {
  return dim * std::log(length / (rotations * kTwoPi)) / (2.0 * std::log(theta));
}

void yarn(std::int64_t dim, double theta, const RopeScaling& s, double* omega) {
  const auto d = static_cast<double>(dim);
  double low = yarn_correction_pair(s.beta_fast, d, theta, s.original_length);
  double high = yarn_correction_pair(s.beta_slow, d, theta, s.original_length);
  if (s.truncate) {
    low = std::floor(low);
    high = std::ceil(high);
  }
  low = std::max(low, 0.0);
  high = std::min(high, d - 1.0);
  if (low == high) high += 0.001;  // as transformers: avoids 0/0 in the ramp
  for (std::int64_t i = 0; i < dim / 2; ++i) {
    const double ramp = std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0);
    // ramp 0 (fast pairs): keep w_i; ramp 1 (slow pairs): interpolate, w_i / factor.
    omega[i] = omega[i] / s.factor * ramp + omega[i] * (1.0 - ramp);
  }
}

void llama3(const RopeScaling& s, std::int64_t pairs, double* omega) {
  const double low_freq_wavelength = s.original_length / s.low_freq_factor;
  const double high_freq_wavelength = s.original_length / s.high_freq_factor;
  for (std::int64_t i = 0; i < pairs; ++i) {
    const double wavelength = kTwoPi / omega[i];
    if (wavelength > low_freq_wavelength) {
      omega[i] /= s.factor;
    } else if (wavelength >= high_freq_wavelength && s.high_freq_factor > s.low_freq_factor) {
      const double smooth =
          (s.original_length / wavelength - s.low_freq_factor) / (s.high_freq_factor - s.low_freq_factor);
      omega[i] = (1.0 - smooth) * omega[i] / s.factor + smooth * omega[i];
    }
  }
}

void proportional(std::int64_t dim, double theta, const RopeScaling& s, double* omega) {
  const std::int64_t turning = proportional_pairs(dim, s.partial_rotary_factor);
  for (std::int64_t i = 0; i < dim / 2; ++i) omega[i] = i < turning ? frequency(i, dim, theta) / s.factor : 0.0;
}

}  // namespace

std::int64_t proportional_pairs(std::int64_t dim, double partial_rotary_factor) {
  return static_cast<std::int64_t>(std::floor(partial_rotary_factor * static_cast<double>(dim) / 2.0));
}

double yarn_get_mscale(double scale, double m) { return scale <= 1.0 ? 1.0 : 0.1 * m * std::log(scale) + 1.0; }

std::string validate_rope_scaling(const RopeScaling& s, double dim, const char* dim_name) {
  using T = RopeScalingType;
  if (auto e = check_choice("scaling.type", static_cast<double>(s.type), kRopeScalingTypeNames); !e.empty()) return e;
  // Every value is checked whatever the type: the TypeScript API refuses the
  // keys a type does not read, so a value here is one the type uses, a length
  // (read by every type) or its default.
  const double lo = kMinScalingParameter, hi = kMaxScalingFactor;
  if (auto e = check_finite("scaling.factor", s.factor, 1.0, hi); !e.empty()) return e;
  if (needs_original_length(s.type) || s.original_length != 0.0) {
    if (auto e = check_finite("scaling.originalLength", s.original_length, 1.0, kMaxAbsPosition); !e.empty()) return e;
  }
  if (s.sequence_length != 0.0) {
    if (auto e = check_finite("scaling.sequenceLength", s.sequence_length, 1.0, kMaxAbsPosition); !e.empty()) return e;
  }
  if (s.attention_factor != 0.0) {
    if (auto e = check_finite("scaling.attentionFactor", s.attention_factor, lo, hi); !e.empty()) return e;
  }
  if (auto e = check_finite("scaling.betaSlow", s.beta_slow, lo, hi); !e.empty()) return e;
  if (auto e = check_finite("scaling.betaFast", s.beta_fast, lo, hi); !e.empty()) return e;
  if (!(s.beta_fast > s.beta_slow))
    return "scaling.betaFast must be greater than scaling.betaSlow; got " + format_number(s.beta_fast) + " and " +
           format_number(s.beta_slow);
  if (s.mscale != 0.0) {
    if (auto e = check_finite("scaling.mscale", s.mscale, lo, hi); !e.empty()) return e;
  }
  if (s.mscale_all_dim != 0.0) {
    if (auto e = check_finite("scaling.mscaleAllDim", s.mscale_all_dim, lo, hi); !e.empty()) return e;
  }
  if (auto e = check_finite("scaling.lowFreqFactor", s.low_freq_factor, lo, hi); !e.empty()) return e;
  if (auto e = check_finite("scaling.highFreqFactor", s.high_freq_factor, lo, hi); !e.empty()) return e;
  // Equal factors (Llama 4: 1 and 1) leave no band to blend: transformers computes them.
  if (!(s.high_freq_factor >= s.low_freq_factor))
    return "scaling.highFreqFactor must be at least scaling.lowFreqFactor; got " + format_number(s.high_freq_factor) +
           " and " + format_number(s.low_freq_factor);
  if (auto e = check_finite("scaling.partialRotaryFactor", s.partial_rotary_factor, 0.0, 1.0); !e.empty()) return e;
  if ((s.type == T::ntk || s.type == T::dynamic_ntk) && dim < 4)
    return std::string(dim_name) + " must be at least 4 for NTK scaling (its exponent is " + dim_name + "/(" +
           dim_name + "-2)); got " + format_number(dim);
  if (s.type == T::longrope) {
    if (auto e = check_factors("scaling.shortFactor", s.short_factor, dim / 2, dim_name); !e.empty()) return e;
    if (auto e = check_factors("scaling.longFactor", s.long_factor, dim / 2, dim_name); !e.empty()) return e;
  }
  return "";
}

namespace {

// omega after scaling; returns the type's default amplitude of cos and sin.
double scaled_frequencies(std::int64_t dim, double theta, const RopeScaling& s, double* omega) {
  using T = RopeScalingType;
  const std::int64_t pairs = dim / 2;
  switch (s.type) {
    case T::none:
      base_frequencies(dim, theta, omega);
      return 1.0;
    case T::linear:
      base_frequencies(dim, theta, omega);
      for (std::int64_t i = 0; i < pairs; ++i) omega[i] /= s.factor;
      return 1.0;
    case T::ntk:
      ntk_frequencies(dim, theta, s.factor, omega);
      return 1.0;
    case T::dynamic_ntk: {
      const double length = std::max(run_length(s), s.original_length);
      ntk_frequencies(dim, theta, s.factor * length / s.original_length - (s.factor - 1.0), omega);
      return 1.0;
    }
    case T::yarn:
      base_frequencies(dim, theta, omega);
      yarn(dim, theta, s, omega);
      return yarn_attention(s);
    case T::llama3:
      base_frequencies(dim, theta, omega);
      llama3(s, pairs, omega);
      return 1.0;
    case T::longrope:
      base_frequencies(dim, theta, omega);
      longrope(s, pairs, omega);
      return longrope_attention(s);
    case T::proportional:
      proportional(dim, theta, s, omega);
      return 1.0;
  }
  return 1.0;
}

}  // namespace

double rope_frequencies(std::int64_t dim, double theta, const RopeScaling& s, double* omega) {
  const double amplitude = scaled_frequencies(dim, theta, s, omega);
  return s.attention_factor > 0.0 ? s.attention_factor : amplitude;  // a given one, for every type
}

}  // namespace phasor
