#pragma once
#include <array>
#include <cstdint>

namespace phasor {

// Where sin and cos of pair i land in a row of width d.
//  interleaved: sin at 2i, cos at 2i+1 (the paper, DistilBERT, keras-hub).
//  split:       sin at i, cos at d/2+i (tensor2tensor, fairseq, Whisper, MLX,
//               Hugging Face's M2M100/NLLB/Speech2Text and Marian).
enum class Layout { interleaved = 0, split = 1 };
// The names of the codes, in code order, as the TypeScript API spells them
// (exported by the bindings: enums() in cpp/bindings/module_bindings.cpp).
inline constexpr std::array<const char*, 2> kLayoutNames = {"interleaved", "split"};

// The sin and cos columns of pair i in an even row of width d (sinCos order).
struct PairSlots {
  std::int64_t sin, cos;
};
inline PairSlots pair_slots(std::int64_t i, std::int64_t d, Layout layout) {
  return layout == Layout::interleaved ? PairSlots{2 * i, 2 * i + 1} : PairSlots{i, d / 2 + i};
}

// Which trig comes first in a pair's columns (interleaved) or blocks (split).
// cosSin: MLX's cos_first=True.
enum class Order { sin_cos = 0, cos_sin = 1 };
inline constexpr std::array<const char*, 2> kOrderNames = {"sinCos", "cosSin"};

// What an odd width d means (frameworks differ; see encoding.hpp):
//  error:      refused (the paper, the PyTorch tutorial, Whisper, MLX);
//  zeroColumn: the even table of width d-1, then a column of zeros
//              (tensor2tensor, fairseq, Hugging Face's M2M100/Speech2Text);
//  extraSine:  ceil(d/2) sines and floor(d/2) cosines with w_i = base^(-2i/d),
//              the odd d kept in the exponent (DistilBERT, keras-hub
//              interleaved: the last column a sine; Marian split: d/2 + 1
//              sines, then d/2 cosines).
enum class OddWidth { error = 0, zero_column = 1, extra_sine = 2 };
inline constexpr std::array<const char*, 3> kOddWidthNames = {"error", "zeroColumn", "extraSine"};

}  // namespace phasor
