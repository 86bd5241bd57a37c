// The error model of precision.hpp, term by term as derived there.
#include "phasor/precision.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace phasor {
namespace {

using precision_detail::kBfloat16Bits;
using precision_detail::kBfloat16MinExponent;
using precision_detail::kFloat16Bits;
using precision_detail::kFloat16MinExponent;
using precision_detail::spacing;

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

Storage narrowest_storage(const double* values, std::int64_t count) {
  bool bfloat16 = true, float16 = true;
  std::int64_t telling = 0;  // values other than 0 and powers of two
  for (std::int64_t k = 0; k < count && (bfloat16 || float16); ++k) {
    const double v = values[k];
    const auto f = static_cast<float>(v);
    if (static_cast<double>(f) != v) return Storage::float32;  // not even a float32
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    const std::uint32_t mantissa = bits & 0x7fffff;
    const int exponent = static_cast<int>((bits >> 23) & 0xff) - 127;
    telling += mantissa != 0 ? 1 : 0;
    bfloat16 = bfloat16 && (bits & 0xffff) == 0;
    // float16: 10 fraction bits in its normal range, steps of 2^-24 below it (zero included).
    float16 = float16 && (exponent >= -14 ? exponent <= 15 && (mantissa & 0x1fff) == 0
                                          : std::ldexp(v, 24) == std::floor(std::ldexp(v, 24)));
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

}  // namespace phasor
