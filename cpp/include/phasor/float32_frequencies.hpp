// The frequencies frameworks compute in float32, reproduced bit for bit:
// the same float32 operations in the same order, each rounded as the
// framework rounds it (identify's float32 precision, phasor/precision.hpp).
// Each recipe cites the code it transcribes; their exp and pow are taken
// correctly rounded here, and a framework's own may land one float32 step
// off (PyTorch's CPU exp: about one exponent in ten): identify lets the
// table's phases choose among the neighbours (identify_precision.cpp).
#pragma once
#include <array>
#include <vector>

#include "phasor/encoding.hpp"

namespace phasor {

enum class FrequencyRecipe {
  // PyTorch tutorial PositionalEncoding (pytorch/tutorials
  // beginner_source/transformer_tutorial.py @ 00109f5) and the tutorials
  // that copy it: exp(float32(2i) * float32(-ln(base) / d)).
  torch_paper = 0,
  // fairseq SinusoidalPositionalEmbedding.get_embedding (facebookresearch/
  // fairseq fairseq/modules/sinusoidal_positional_embedding.py @ 3d262bb),
  // Hugging Face M2M100 / NLLB / Speech2Text (modeling_m2m_100.py @ 593e8aa),
  // Whisper sinusoids (openai/whisper whisper/model.py @ c0d2f62):
  // exp(float32(i) * float32(-ln(base) / (h - 1))), the quotient in float64.
  torch_geometric = 1,
  // tensor2tensor get_timing_signal_1d (tensorflow/tensor2tensor
  // tensor2tensor/layers/common_attention.py @ bafdc1b): the increment
  // float32(ln(max/min)) / float32(max(h - 1, 1)) in float32, then
  // float32(min) * exp(float32(i) * -increment).
  tensor2tensor = 2,
  // MLX SinusoidalPositionalEncoding (ml-explore/mlx python/mlx/nn/layers/
  // positional_encoding.py @ 846d176): exp((1 - i / (h - 1)) * float32(ln
  // maxFreq - ln minFreq) + float32(ln minFreq)); with full turns, times
  // float32(2 pi).
  mlx = 3,
  mlx_full_turns = 4,
  // keras-hub SinePositionEncoding (keras-team/keras-hub keras_hub/src/
  // layers/modeling/sine_position_encoding.py @ 71453d0), float32 compute
  // dtype: pow(float32(1 / maxWavelength), float32(2k) / float32(d)).
  keras_hub = 5,
};
inline constexpr std::array<const char*, 6> kFrequencyRecipeNames = {"torch-paper", "torch-geometric", "tensor2tensor",
                                                                     "mlx",         "mlx-full-turns",  "keras-hub"};

// The framework's float32 frequencies of `spec`'s table (its sine
// frequencies, encoding_frequencies' order), as doubles; empty when the
// recipe cannot draw spec (another spacing, a frequency range the framework
// has no parameter for, a width it refuses).
std::vector<double> float32_frequencies(FrequencyRecipe recipe, const EncodingSpec& spec);

}  // namespace phasor
