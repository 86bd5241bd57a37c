// The error model of precision.hpp, term by term as derived there.
#include "phasor/precision.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace phasor {
namespace {

// The exponent b of |x|'s binade, 2^b <= |x| < 2^(b+1), read from the
// float64's bits (a hot loop calls this for every value); -1023 for 0.
int binade(double x) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  const int e = static_cast<int>((bits >> 52) & 0x7ff);
  return e == 0 ? -1023 : e - 1023;  // float64 subnormals are far below every type's normal range
}

double power_of_two(int e) {
  const std::uint64_t bits = static_cast<std::uint64_t>(e + 1023) << 52;
  double out = 0;
  std::memcpy(&out, &bits, sizeof out);
  return out;
}

// The spacing of a type with `bits` significant bits whose normal numbers
// start at 2^min_exponent, at |x|.
double spacing(double x, int bits, int min_exponent) {
  return power_of_two(std::max(binade(x), min_exponent) - (bits - 1));
}

constexpr int kFloat16Bits = 11, kFloat16MinExponent = -14;
constexpr int kBfloat16Bits = 8, kBfloat16MinExponent = -126;

double round_to_spacing(double x, double step) { return std::nearbyint(x / step) * step; }

}  // namespace

Precision precision_of(const PrecisionModel& model) {
  switch (model.storage) {
    case Storage::float16:
      return Precision::float16;
    case Storage::bfloat16:
      return Precision::bfloat16;
    default:
      return model.float32_arithmetic ? Precision::float32 : Precision::exact;
  }
}

double float32_ulp(double x) { return spacing(x, 24, -126); }

double round_to(Storage storage, double x) {
  switch (storage) {
    case Storage::float16:
      return std::fabs(x) >= 65520.0 ? std::copysign(HUGE_VAL, x)
                                     : round_to_spacing(x, spacing(x, kFloat16Bits, kFloat16MinExponent));
    case Storage::bfloat16:
      return round_to_spacing(static_cast<double>(static_cast<float>(x)),
                              spacing(x, kBfloat16Bits, kBfloat16MinExponent));
    default:
      return static_cast<double>(static_cast<float>(x));
  }
}

double half_step(Storage storage, double x) {
  switch (storage) {
    case Storage::float16:
      return spacing(x, kFloat16Bits, kFloat16MinExponent) / 2;
    case Storage::bfloat16:
      return spacing(x, kBfloat16Bits, kBfloat16MinExponent) / 2;
    default:
      return float32_ulp(x) / 2;
  }
}

Storage narrowest_storage(const double* values, std::int64_t count) {
  bool bfloat16 = true, float16 = true;
  std::int64_t telling = 0;  // values other than 0 and powers of two
  for (std::int64_t k = 0; k < count && (bfloat16 || float16); ++k) {
    const double v = values[k];
    bfloat16 = bfloat16 && round_to(Storage::bfloat16, v) == v;
    float16 = float16 && round_to(Storage::float16, v) == v;
    int e = 0;
    if (v != 0 && std::fabs(std::frexp(v, &e)) != 0.5) ++telling;
  }
  if (telling < 4) return Storage::float32;
  return bfloat16 ? Storage::bfloat16 : float16 ? Storage::float16 : Storage::float32;
}

double float32_frequency_error(double omega, double omega_max) {
  const double x = omega > 0 && omega_max > 0 ? std::fabs(std::log(omega / omega_max)) : 0.0;
  return std::fabs(omega) * 0x1p-23 * (2 * x + 4);
}

double float32_angle(double position, double omega32) {
  const auto p32 = static_cast<double>(static_cast<float>(position));
  return static_cast<double>(static_cast<float>(p32 * omega32));  // the double product is exact: one rounding
}

ValueBound value_bound(const PrecisionModel& precision, const TrigTerm& term) {
  const double phase = term.omega * term.position;
  const double exact = term.scale * (term.cosine ? std::cos(phase) : std::sin(phase));
  double trig32 = std::numeric_limits<double>::quiet_NaN();
  if (precision.float32_arithmetic && !std::isnan(term.omega32)) {
    const double a32 = float32_angle(term.position, term.omega32);
    trig32 = term.cosine ? std::cos(a32) : std::sin(a32);
  }
  return value_bound(precision, term, exact, trig32);
}

ValueBound value_bound(const PrecisionModel& precision, const TrigTerm& term, double exact, double trig_of_angle32) {
  return value_bound(precision, term, exact, trig_of_angle32, angle_departure(precision, term));
}

double angle_departure(const PrecisionModel& precision, const TrigTerm& term) {
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

ValueBound value_bound(const PrecisionModel& precision, const TrigTerm& term, double exact, double trig_of_angle32,
                       double angle) {
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
