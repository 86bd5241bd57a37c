#include "phasor/rotation_view.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

namespace {

// The float32 block of pair i: [[c, s], [-s, c]] acting on (sin, cos).
struct Block {
  float c, s;
};
Block block(std::int64_t i, std::int64_t d, double base, double k, Spacing spacing) {
  const double angle = frequency(i, d, base, spacing) * k;
  return {static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle))};
}

}  // namespace

std::string validate_rotation_window(double d_model, double row0, double col0, double rows, double cols) {
  if (auto e = check_d_model(d_model); !e.empty()) return e;
  if (auto e = check_integer("row0", row0, 0, d_model - 1); !e.empty()) return e;
  if (auto e = check_integer("col0", col0, 0, d_model - 1); !e.empty()) return e;
  if (auto e = check_integer("rows", rows, 1, d_model - row0); !e.empty()) return e;
  if (auto e = check_integer("cols", cols, 1, d_model - col0); !e.empty()) return e;
  return check_output_size("the window (rows x cols float32 values)", rows * cols, 4);
}

void rotation_window(std::int64_t d_model, double base, double k, Layout layout, Spacing spacing, std::int64_t row0,
                     std::int64_t col0, std::int64_t rows, std::int64_t cols, float* out) {
  std::fill(out, out + rows * cols, 0.0f);
  auto put = [&](std::int64_t r, std::int64_t c, float v) {
    if (r >= row0 && r < row0 + rows && c >= col0 && c < col0 + cols) out[(r - row0) * cols + (c - col0)] = v;
  };
  for (std::int64_t i = 0; i < d_model / 2; ++i) {
    const PairSlots at = pair_slots(i, d_model, layout);
    const bool rows_hit = (at.sin >= row0 && at.sin < row0 + rows) || (at.cos >= row0 && at.cos < row0 + rows);
    if (!rows_hit) continue;
    const Block b = block(i, d_model, base, k, spacing);
    put(at.sin, at.sin, b.c);
    put(at.sin, at.cos, b.s);
    put(at.cos, at.sin, -b.s);
    put(at.cos, at.cos, b.c);
  }
}

void rotate_encoding(const EncodingSpec& spec, double k, double* out) {
  const std::int64_t d = spec.d_model;
  EncodingSpec one = spec;
  one.positions = 1;
  std::vector<float> pe(static_cast<std::size_t>(d));
  encode(one, pe.data());
  for (std::int64_t i = 0; i < d / 2; ++i) {
    const PairSlots at = pair_slots(i, d, spec.layout);
    const Block b = block(i, d, spec.base, k, spec.spacing);
    const double s = pe[static_cast<std::size_t>(at.sin)];
    const double c = pe[static_cast<std::size_t>(at.cos)];
    out[at.sin] = static_cast<double>(b.c) * s + static_cast<double>(b.s) * c;
    out[at.cos] = -static_cast<double>(b.s) * s + static_cast<double>(b.c) * c;
  }
}

std::string validate_pair_turn(double d_model, double pair, double p, double k) {
  if (auto e = check_d_model(d_model); !e.empty()) return e;
  if (auto e = check_integer("pair", pair, 0, d_model / 2 - 1); !e.empty()) return e;
  if (auto e = check_finite("p", p, -kMaxAbsPosition, kMaxAbsPosition); !e.empty()) return e;
  return check_finite("k", k, -kMaxAbsPosition, kMaxAbsPosition);
}

PairTurn pair_turn(std::int64_t d_model, double base, Spacing spacing, std::int64_t pair, double p, double k) {
  constexpr double kTau = 6.283185307179586;
  const double omega = frequency(pair, d_model, base, spacing);
  const double turn = omega * k;
  double sweep = std::fmod(turn, kTau);
  if (std::abs(sweep) < 1e-9) sweep = 0;
  return {std::remainder(omega * p, kTau), turn, sweep};
}

}  // namespace phasor
