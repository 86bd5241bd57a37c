// The error model's terms (precision.hpp), inline: identify's judge calls
// them for every value of a table.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace phasor {
namespace precision_detail {

// The exponent b of |x|'s binade, 2^b <= |x| < 2^(b+1), read from the
// float64's bits (a hot loop calls this for every value); -1023 for 0.
inline int binade(double x) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  const int e = static_cast<int>((bits >> 52) & 0x7ff);
  return e == 0 ? -1023 : e - 1023;  // float64 subnormals are far below every type's normal range
}

inline double power_of_two(int e) {
  const std::uint64_t bits = static_cast<std::uint64_t>(e + 1023) << 52;
  double out = 0;
  std::memcpy(&out, &bits, sizeof out);
  return out;
}

// The spacing of a type with `bits` significant bits whose normal numbers
// start at 2^min_exponent, at |x|.
inline double spacing(double x, int bits, int min_exponent) {
  return power_of_two(std::max(binade(x), min_exponent) - (bits - 1));
}

inline constexpr int kFloat16Bits = 11, kFloat16MinExponent = -14;
inline constexpr int kBfloat16Bits = 8, kBfloat16MinExponent = -126;

}  // namespace precision_detail

inline double float32_ulp(double x) { return precision_detail::spacing(x, 24, -126); }

inline double half_step(Storage storage, double x) {
  switch (storage) {
    case Storage::float16:
      return precision_detail::spacing(x, precision_detail::kFloat16Bits, precision_detail::kFloat16MinExponent) / 2;
    case Storage::bfloat16:
      return precision_detail::spacing(x, precision_detail::kBfloat16Bits, precision_detail::kBfloat16MinExponent) / 2;
    default:
      return float32_ulp(x) / 2;
  }
}

inline double angle_departure(const PrecisionModel& precision, const TrigTerm& term) {
  if (!precision.float32_arithmetic) return 0.0;
  const double p = term.position;
  const bool reproduced = !std::isnan(term.omega32);
  const double w32 = reproduced ? term.omega32 : term.omega;
  const double dw = reproduced ? std::fabs(term.omega32 - term.omega) : term.omega32_error;
  const double p32 = static_cast<double>(static_cast<float>(p));
  // The frequency, the position and the product's rounding.
  const double product = std::fabs(p32) * (std::fabs(w32) + (reproduced ? 0.0 : dw));
  return std::fabs(p) * dw + std::fabs(p32 - p) * (std::fabs(w32) + dw) + float32_ulp(product) / 2;
}

inline ValueBound value_bound(const PrecisionModel& precision, const TrigTerm& term, double exact,
                              double trig_of_angle32, double angle) {
  const double s = term.scale;
  const double abs_s = std::fabs(s);
  // The exact table's own error: rounded to float32 once, from a float64 phase.
  const double reference = float32_ulp(exact) / 2 + abs_s * (std::fabs(term.position * term.omega) * 0x1p-48 + 0x1p-40);
  ValueBound out;
  out.exact = exact;
  if (!precision.float32_arithmetic) {
    // Exact arithmetic: the table rounded e to float32 (and maybe to storage).
    out.model = exact;
    const double stored = precision.storage == Storage::float32 ? 0.0 : half_step(precision.storage, std::fabs(exact));
    out.tolerance = reference + stored;
    out.bound = out.tolerance + reference;
    return out;
  }
  const bool reproduced = !std::isnan(term.omega32);
  // The sine, at the magnitude of trig(a32).
  const double trig_size =
      reproduced ? std::fabs(trig_of_angle32) : std::min(1.0, std::fabs(exact) / (abs_s > 0 ? abs_s : 1) + angle);
  const double sine = kTrigUlps * float32_ulp(trig_size);
  // The scale: float32(s), then the product's rounding.
  const double s32 = static_cast<double>(static_cast<float>(s));
  const double scaled = std::fabs(s32) * (trig_size + sine);
  const double scale_rounding = s == 1.0 ? 0.0 : float32_ulp(scaled) / 2;
  const double stored =
      precision.storage == Storage::float32 ? 0.0 : half_step(precision.storage, scaled + scale_rounding);
  // The model's own float64 evaluation (sin of a float32 angle in double).
  const double evaluation = std::fabs(s32) * 0x1p-50;
  const double tolerance = std::fabs(s32) * sine + scale_rounding + stored + evaluation;
  out.model = reproduced ? s32 * trig_of_angle32 : std::numeric_limits<double>::quiet_NaN();
  out.tolerance = reproduced ? tolerance : HUGE_VAL;
  out.bound = tolerance + std::fabs(s32) * std::min(angle, 2.0) + std::fabs(s32 - s) + reference;
  return out;
}

}  // namespace phasor
