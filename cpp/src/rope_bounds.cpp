#include "rope_bounds.hpp"

#include <algorithm>
#include <cmath>

namespace phasor {

namespace {

constexpr double k24 = 0x1p-24, k23 = 0x1p-23;

// Half a step of the storage per unit of |x| (from x's binade up), and at 0.
double storage_relative(Storage s) { return s == Storage::float32 ? 0.0 : half_step(s, 1.0); }
double storage_absolute(Storage s) { return s == Storage::float32 ? 0.0 : half_step(s, 0.0); }

}  // namespace

RopeBound rope_value_bound(const PrecisionModel& model, const std::vector<double>& omega, double amplitude) {
  RopeBound b;
  const double s = std::fabs(amplitude);
  const double hr = storage_relative(model.storage), ha = storage_absolute(model.storage);
  // Subnormal steps and the float64 evaluation, with room: every term's constant part.
  const double tiny = (s + 1.0) * 0x1p-140;
  b.per_angle.resize(omega.size());
  if (!model.float32_arithmetic) {
    // value_bound: the reference's rounding twice (ulp32(e) / 2 + |s| (|t| 2^-48 + 2^-40)), plus storage.
    b.relative = 2.0 * k24 + hr;
    std::fill(b.per_angle.begin(), b.per_angle.end(), s * 0x1p-47);
    b.absolute = s * 0x1p-39 + ha + tiny;
    b.output_relative = model.storage == Storage::float32 ? k24 : hr;
    b.output_absolute = ha + 0x1p-149;
    return b;
  }
  const auto s32 = static_cast<double>(static_cast<float>(amplitude));
  const double big_s = std::fabs(s32);
  const double rounds_scale = amplitude == 1.0 ? 0.0 : 1.0;
  const double grow = 1.0 + kTrigUlps * k23;  // trig + sine per unit of trig
  // The sine, the scale's rounding and the storage, per unit of trig(a32) <= |e| / |s| + angle.
  const double q = big_s * kTrigUlps * k23 + big_s * grow * (rounds_scale * k24 + hr * (1.0 + rounds_scale * k24));
  b.relative = (s > 0.0 ? q / s : 0.0) + k24;
  double fastest = 0.0;
  for (const double w : omega) fastest = std::max(fastest, w);
  for (std::size_t j = 0; j < omega.size(); ++j) {
    const double w = omega[j];
    const double dw = float32_frequency_error(w, fastest);
    // The angle's bound per unit of |t| = |p| w: the frequency, the position's and the product's roundings.
    const double k = w > 0.0 ? (dw + k23 * (w + dw) * (1.0 + k24)) / w : 0.0;
    b.per_angle[j] = (q + big_s) * k + s * 0x1p-48;
  }
  b.absolute = big_s * 0x1p-50 + std::fabs(s32 - amplitude) + s * 0x1p-40 + ha + tiny;
  // value_bound caps the angle's share at 2 |s32| (trig(a32) <= 1 as well).
  b.cap = q + 2.0 * big_s + k24 * s + b.absolute;
  b.cap_per_angle = s * 0x1p-48;
  b.product_relative = b.output_relative = model.storage == Storage::float32 ? k24 : hr;
  b.product_absolute = b.output_absolute = ha + 0x1p-149;
  return b;
}

std::vector<double> rope_frequency_bound(const PrecisionModel& model, const std::vector<double>& omega) {
  double fastest = 0.0;
  for (const double w : omega) fastest = std::max(fastest, w);
  std::vector<double> out(omega.size());
  for (std::size_t j = 0; j < omega.size(); ++j) {
    const double w = omega[j];
    const double arithmetic =
        model.float32_arithmetic ? float32_frequency_error(w, fastest) : float32_ulp(w) / 2 + w * 0x1p-52;
    const double stored = model.storage == Storage::float32 ? 0.0 : half_step(model.storage, w + arithmetic);
    out[j] = arithmetic + stored;
  }
  return out;
}

double amplitude_allowance(const PrecisionModel& model, double amplitude) {
  // At angle 0 the bound is what rounds the value, not the angle: cos and sin each
  // within it of the exact pair, so each amplitude within twice it of the true one,
  // and of their mean within twice that again.
  const RopeBound b = rope_value_bound(model, {}, amplitude);
  return 4.0 * (b.relative * std::fabs(amplitude) + b.absolute);
}

}  // namespace phasor

namespace phasor {

double rotated_amplitude_allowance(const PrecisionModel& model, double amplitude) {
  const RopeBound b = rope_value_bound(model, {}, amplitude);
  // Each output within |x_a| B_c + |x_b| B_s + u (2 |z| A + |v|) + 3 u0 of the exact one: relative to |z|,
  // 2 (B_c + B_s) / |z| ... bounded by the cache's allowance and 4 u A (per |z|), with 16 u0 / |z|_min.
  return amplitude_allowance(model, amplitude) * 2.0 + 8.0 * b.product_relative * std::fabs(amplitude) +
         16.0 * 3.0 * b.product_absolute;
}

}  // namespace phasor
