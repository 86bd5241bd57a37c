// The RoPE schemes worth measuring against frequencies read from a model's
// tensor (rope_identify.cpp): theta from the log-linear frequencies, a
// scaling from their ratio to the unscaled ones (linear; a base change, read
// as NTK from a round base; YaRN's ramp with its length; Llama 3's bands;
// per-pair longrope factors), and the models' presets. Fitted numbers are
// noisy when the tensor was stored in bfloat16, so the round values near a
// fit (bases, factors, lengths) are offered beside it; the measurement
// decides.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "phasor/rope_identify.hpp"
#include "phasor/rope_scaling.hpp"

namespace phasor {

struct RopeScheme {
  double theta = 10000.0;
  RopeScaling scaling;
  int preset = -1;
  bool long_factors = false;
  std::string note;
};

// x to 6 significant digits, as a config writes it, when within float32
// rounding of them; else x. m / 10^k with both exact is the double nearest
// the decimal, as JavaScript's +x.toPrecision(6).
double tidy(double x);

// Fitted schemes for frequencies omega (rotary width 2 * omega.size(), every
// value finite and > 0), read with the given weights (how well each w is
// known: 1 / its relative error squared).
std::vector<RopeScheme> fitted_schemes(const std::vector<double>& omega, const std::vector<double>& weight);

// The presets of this rotary width, each longrope one twice (short and long factors).
std::vector<RopeScheme> preset_schemes(const std::vector<RopePresetScheme>& presets, std::int64_t rotary_dim);

// "" when theta and the scaling are valid at this rotary width, else why not.
std::string check_scheme(const RopeScheme& scheme, std::int64_t rotary_dim);

// Whether theta is a round base and the factor and length round too (a preset's always are).
bool round_scheme(const RopeScheme& scheme);

// How many schemes a scaling type stands for, simplest first (the ranking's tie-break).
int scheme_complexity(RopeScalingType type);

}  // namespace phasor
