// What the rotation chart draws, without the d x d matrix: a window of M_k
// (its block diagonal at the resolution shown), M_k PE(p) at one position,
// and where one pair of PE(p) sits on its unit circle and how far M_k turns it.
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

// Pair i on its unit circle (cos across, sin up), in float64: the angle of
// PE(p), omega_i p reduced to [-pi, pi]; the angle M_k turns it by, omega_i k;
// and that turn less its whole turns, its sign kept (0 when under 1e-9 rad).
struct PairTurn {
  double angle;
  double turn;
  double sweep;
};
PairTurn pair_turn(std::int64_t d_model, double base, Spacing spacing, std::int64_t pair, double p, double k);
std::string validate_pair_turn(double d_model, double pair, double p, double k);

}  // namespace phasor
