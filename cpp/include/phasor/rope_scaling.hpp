// RoPE frequencies w_i = theta^(-2i/dim), i < dim/2, and the context-extension
// schemes that rescale them. The formulas follow Hugging Face transformers,
// src/transformers/modeling_rope_utils.py (_compute_*_parameters), evaluated
// in float64 where that file uses float32:
//   linear       w_i / factor                     (position interpolation, kaiokendev)
//   ntk          theta' = theta * factor^(dim/(dim-2))   ("NTK-aware", bloc97;
//                not in transformers' table, the base change its dynamic variant grows from)
//   dynamic-ntk  theta' = theta * (factor*s/L - (factor-1))^(dim/(dim-2)),
//                s = max(sequenceLength, L)       (emozilla; s <= L leaves theta as is).
//                As transformers: L is max_position_embeddings, and a length not
//                given is L itself ("no change" until a call runs past L)
//   yarn         per pair, a ramp between w_i/factor (slow pairs) and w_i (fast
//                pairs) over the pairs that turn between betaSlow and betaFast
//                times in L positions; cos and sin scaled by attentionFactor,
//                default get_mscale(factor, mscale) / get_mscale(factor, mscaleAllDim)
//                when both are set (DeepSeek-V3: exactly 1), else
//                get_mscale(factor) = 0.1 ln(factor) + 1 (Peng et al. 2023)
//   llama3       w_i/factor where the wavelength exceeds L/lowFreqFactor, w_i
//                below L/highFreqFactor, a smooth blend between (Llama 3.1)
//   longrope     w_i / ext_i with ext = longFactor when the sequence length
//                exceeds L, else shortFactor (Phi-3; the factors read as float32,
//                as transformers stores them); cos and sin scaled by
//                attentionFactor, default sqrt(1 + ln(factor)/ln(L)) (1 for factor 1)
//   proportional w_i / factor for the first floor(partialRotaryFactor * dim / 2)
//                pairs, 0 for the rest (Gemma 4's full-attention layers,
//                _compute_proportional_rope_parameters): the exponent runs over
//                the whole width, and a pair of frequency 0 is left as it is, so
//                with the half pairing slot i turns with slot i + dim/2
// L is the original training length (originalLength; transformers'
// original_max_position_embeddings, max_position_embeddings for dynamic).
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace phasor {

enum class RopeScalingType {
  none = 0,
  linear = 1,
  ntk = 2,
  dynamic_ntk = 3,
  yarn = 4,
  llama3 = 5,
  longrope = 6,
  proportional = 7
};
inline constexpr std::array<const char*, 8> kRopeScalingTypeNames = {"none", "linear", "ntk",      "dynamic-ntk",
                                                                     "yarn", "llama3", "longrope", "proportional"};

struct RopeScaling {
  RopeScalingType type = RopeScalingType::none;
  double factor = 1.0;
  double original_length = 0.0;  // L: dynamic-ntk, yarn, llama3, longrope
  // dynamic-ntk, longrope: the length being run, max(position) + 1 of the call;
  // 0 = not given: rope() takes it from its positions, rope_frequencies() from
  // nothing (dynamic: L, no change; longrope: the short factors).
  double sequence_length = 0.0;
  double beta_fast = 32.0;             // yarn
  double beta_slow = 1.0;              // yarn
  bool truncate = true;                // yarn: floor/ceil the ramp's ends, as transformers does by default
  double low_freq_factor = 1.0;        // llama3
  double high_freq_factor = 4.0;       // llama3
  double attention_factor = 0.0;       // every type: 0 means the type's default (1 but for yarn, longrope)
  double mscale = 0.0;                 // yarn: 0 = not set (transformers tests truthiness)
  double mscale_all_dim = 0.0;         // yarn: 0 = not set
  double partial_rotary_factor = 1.0;  // proportional: the share of the pairs that turn, in [0, 1]
  std::vector<double> short_factor;    // longrope: dim/2 each
  std::vector<double> long_factor;
};

// transformers' get_mscale / yarn_get_mscale: 0.1 m ln(s) + 1, 1 for s <= 1.
double yarn_get_mscale(double scale, double m = 1.0);

// proportional: how many of the dim/2 pairs turn, int(partial * dim // 2) as
// transformers writes it (the product rounded to float64, then floored halves).
std::int64_t proportional_pairs(std::int64_t dim, double partial_rotary_factor);

// "" or what is wrong (options named as in the TypeScript API, scaling.factor, ...);
// `dim_name` is the width the caller named (rope: dim, attention: dHead).
std::string validate_rope_scaling(const RopeScaling& scaling, double dim, const char* dim_name = "dim");

// omega[i] for i < dim/2 after scaling; returns the factor cos and sin are
// multiplied by: attention_factor when given, else the type's default (1
// except for yarn and longrope).
double rope_frequencies(std::int64_t dim, double theta, const RopeScaling& scaling, double* omega);

}  // namespace phasor
