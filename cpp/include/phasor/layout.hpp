#pragma once
#include <array>

namespace phasor {

// Where sin and cos of pair i land in a row of width d.
//  interleaved: sin at 2i, cos at 2i+1 (the paper, most tutorials).
//  split:       sin at i, cos at d/2+i (tensor2tensor, fairseq, Hugging Face
//               "concat([sin, cos])" implementations).
enum class Layout { interleaved = 0, split = 1 };
// The names of the codes, in code order, as the TypeScript API spells them
// (exported by the bindings: enums() in cpp/bindings/module_bindings.cpp).
inline constexpr std::array<const char*, 2> kLayoutNames = {"interleaved", "split"};

}  // namespace phasor
