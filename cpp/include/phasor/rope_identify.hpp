// "Which RoPE is this?" from what a model holds: transformers' inv_freq, a
// cos/sin cache, or q/k rows before and after the rotation. The numbers are
// read, not searched: each pair's frequency from the phases (unwrapped along
// the positions), the pairing from which columns repeat, the attention factor
// from the amplitude; candidate schemes are fitted to those frequencies (theta,
// linear, a base change, YaRN, Llama 3, longrope, a model's preset), scored on
// a sample of rows spread over the positions (the largest included), and the
// best few verified on every value, each within the bound of the precision it
// was made in (the error model of precision.hpp, as src/rope_bounds.hpp applies
// it): exact, float32 arithmetic as transformers computes it, or that stored
// as float16 / bfloat16.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "phasor/precision.hpp"
#include "phasor/rope.hpp"
#include "phasor/rope_scaling.hpp"

namespace phasor {

// What identifyRope reads. Exactly one of: inv_freq (pairs values); cos and sin
// (rows x width each); rotated (rows x width) with original (rows x width, or
// one row of width used at every position, or null: every value 1).
struct RopeInput {
  const double* inv_freq = nullptr;
  std::int64_t pairs = 0;
  const float* cos = nullptr;
  const float* sin = nullptr;
  const float* rotated = nullptr;
  const float* original = nullptr;
  bool original_one_row = false;
  const double* positions = nullptr;  // rows values (cache and rotated rows)
  std::int64_t rows = 0;
  std::int64_t width = 0;
  bool has_head_dim = false;
  double head_dim = 0.0;
};

// A model's scaled RoPE offered as a candidate (the presets are data on the
// TypeScript side, web/src/core/rope-presets.ts; `preset` is its index there).
struct RopePresetScheme {
  int preset = -1;
  double theta = 10000.0;
  std::int64_t rotary_dim = 0;
  RopeScaling scaling;
};

struct RopeCandidate {
  double theta = 10000.0;
  RopeScaling scaling;  // type none: no scaling
  int preset = -1;
  bool long_factors = false;  // a longrope preset read with its long factors (a call past originalLength)
  std::string note;           // plain words, "" when nothing to add
  double attention_factor = 1.0;
  bool attention_measured = false;  // the input's amplitude, where the scheme's own factor does not fit it
  int pairing = -1;                 // Pairing code; -1: the input cannot tell (inv_freq, one copy per pair)
  int output_pairing = -1;          // rotated rows: where each rotated pair lands (DeepSeek-V3: adjacent in, half out)
  std::int64_t rotary_dim = 0;
  Precision precision = Precision::exact;
  bool match = false;        // every value within the bound of `precision`
  bool exact = false;        // within the bound of exact arithmetic (float64, rounded once) and the same storage
  bool verified = false;     // measured on every value (else on the sample rows)
  double max_error = 0.0;    // max |input - candidate| (inv_freq: max relative error of w)
  double worst_ratio = 0.0;  // max over values of |input - candidate| / bound
  // Per measured row (inv_freq: per pair): its position (inv_freq: the pair
  // index), and the deviation and bound of the value nearest its bound, so
  // deviation[k] <= bound[k] at every k exactly when `match`.
  std::vector<double> positions, deviation, bound;
};

struct RopeIdentification {
  std::vector<RopeCandidate> candidates;  // verified first, best first
  bool match = false;
  Storage storage = Storage::float32;  // the narrowest format holding every value
  double amplitude = 1.0;              // cache: mean sqrt(cos^2 + sin^2); rows: |out| / |in|
  double amplitude_spread = 0.0;       // the largest departure of one value's amplitude from it
  bool not_rope = false;               // the amplitude varies beyond what the storage precision explains
  std::string refusal;                 // why no candidate could be fitted ("" when candidates were)
  std::string error;                   // the input is refused (headDim below the rotary width the input shows)
};

// "" or what is wrong with the input (options named as the TypeScript API
// spells them: invFreq, cos, sin, rotated, original, positions, headDim).
std::string validate_rope_input(const RopeInput& input);

// After validate_rope_input. presets: the scaled schemes worth naming.
RopeIdentification identify_rope(const RopeInput& input, const std::vector<RopePresetScheme>& presets);

}  // namespace phasor
