// What the rotation chart draws, without the d x d matrix: a window of M_k
// (its block diagonal at the resolution shown) and M_k PE(p) at one position.
#pragma once
#include <cstdint>
#include <string>

#include "phasor/encoding.hpp"

namespace phasor {

// out[r * cols + c] = M_k[row0 + r][col0 + c] (float32), in the layout given.
void rotation_window(std::int64_t d_model, double base, double k, Layout layout, Spacing spacing, std::int64_t row0,
                     std::int64_t col0, std::int64_t rows, std::int64_t cols, float* out);
std::string validate_rotation_window(double d_model, double row0, double col0, double rows, double cols);

// out[j] = (M_k PE(p))[j] for p = spec.offset: M_k and PE(p) in float32 as a
// user holds them, the product accumulated in float64 (2 terms per value,
// since only the 2 x 2 blocks are non-zero).
void rotate_encoding(const EncodingSpec& spec, double k, double* out);

}  // namespace phasor
