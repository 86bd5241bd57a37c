// RoPE frequencies w_i = theta^(-2i/dim), i < dim/2, and the context-extension
// schemes that rescale them. The formulas follow Hugging Face transformers,
// src/transformers/modeling_rope_utils.py (_compute_*_parameters), evaluated
// in float64 where that file uses float32:
//   linear       w_i / factor                     (position interpolation, kaiokendev)
//   ntk          theta' = theta * factor^(dim/(dim-2))   ("NTK-aware", bloc97;
//                not in transformers' table, the base change its dynamic variant grows from)
//   dynamic-ntk  theta' = theta * (factor*s/L - (factor-1))^(dim/(dim-2)),
//                s = max(sequenceLength, L)       (emozilla; s <= L leaves theta as is)
//   yarn         per pair, a ramp between w_i/factor (slow pairs) and w_i (fast
//                pairs) over the pairs that turn between betaSlow and betaFast
//                times in L positions; cos and sin scaled by attentionFactor,
//                default 0.1 ln(factor) + 1 (Peng et al. 2023)
//   llama3       w_i/factor where the wavelength exceeds L/lowFreqFactor, w_i
//                below L/highFreqFactor, a smooth blend between (Llama 3.1)
// L is the original training length (originalLength).
#pragma once
#include <array>
#include <cstdint>
#include <string>

namespace phasor {

enum class RopeScalingType { none = 0, linear = 1, ntk = 2, dynamic_ntk = 3, yarn = 4, llama3 = 5 };
inline constexpr std::array<const char*, 6> kRopeScalingTypeNames = {
    "none", "linear", "ntk", "dynamic-ntk", "yarn", "llama3"};

struct RopeScaling {
  RopeScalingType type = RopeScalingType::none;
  double factor = 1.0;
  double original_length = 0.0;  // L: dynamic-ntk, yarn, llama3
  double sequence_length = 0.0;   // dynamic-ntk: the length being run
  double beta_fast = 32.0;        // yarn
  double beta_slow = 1.0;         // yarn
  bool truncate = true;           // yarn: floor/ceil the ramp's ends, as transformers does by default
  double low_freq_factor = 1.0;   // llama3
  double high_freq_factor = 4.0;  // llama3
  double attention_factor = 0.0;  // yarn: 0 means the default 0.1 ln(factor) + 1
};

// "" or what is wrong (options named as in the TypeScript API, scaling.factor, ...);
// `dim_name` is the width the caller named (rope: dim, attention: dHead).
std::string validate_rope_scaling(const RopeScaling& scaling, double dim,
                                  const char* dim_name = "dim");

// omega[i] for i < dim/2 after scaling; returns the factor cos and sin are
// multiplied by (1 except for yarn).
double rope_frequencies(std::int64_t dim, double theta, const RopeScaling& scaling, double* omega);

}  // namespace phasor
