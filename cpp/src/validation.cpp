#include "phasor/validation.hpp"

#include <cmath>
#include <cstdint>

#include "phasor/limits.hpp"

namespace phasor {
namespace {

// Hand-rolled instead of snprintf("%g"): printf's float formatting would add
// about 8 KB to the wasm for what are only error messages. Exact for integers
// below 2^63; other values get six decimals, enough to recognise them.
std::string format_integer(std::uint64_t v) {
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + v % 10));
    v /= 10;
  } while (v != 0);
  return digits;
}

}  // namespace

std::string format_number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  const std::string sign = v < 0 ? "-" : "";
  const double a = std::fabs(v);
  if (a >= 9.2e18) return sign + "more than 9.2e18";
  const double whole = std::floor(a);
  std::string out = sign + format_integer(static_cast<std::uint64_t>(whole));
  auto micro = static_cast<std::uint64_t>(std::llround((a - whole) * 1e6));
  if (micro == 0) return out;
  if (micro >= 1000000) return sign + format_integer(static_cast<std::uint64_t>(whole) + 1);
  std::string frac = format_integer(micro);
  frac.insert(frac.begin(), 6 - frac.size(), '0');
  while (frac.back() == '0') frac.pop_back();
  return out + "." + frac;
}

namespace {

std::string range_text(double lo, double hi) {
  return "[" + format_number(lo) + ", " + format_number(hi) + "]";
}

}  // namespace

std::string check_integer(const char* name, double value, double lo, double hi) {
  if (std::isfinite(value) && value == std::floor(value) && value >= lo && value <= hi) return "";
  return std::string(name) + " must be an integer in " + range_text(lo, hi) + "; got " +
         format_number(value);
}

std::string check_d_model(double d_model) {
  const bool ok = std::isfinite(d_model) && d_model == std::floor(d_model) && d_model >= 2 &&
                  d_model <= static_cast<double>(kMaxDModel) && std::fmod(d_model, 2.0) == 0.0;
  if (ok) return "";
  return "dModel must be an even integer in " +
         range_text(2, static_cast<double>(kMaxDModel)) + "; got " + format_number(d_model);
}

std::string check_base(double base) {
  if (std::isfinite(base) && base > 1.0 && base <= 1e300) return "";
  return "base must be a finite number greater than 1; got " + format_number(base);
}

std::string check_finite(const char* name, double value, double lo, double hi) {
  if (std::isfinite(value) && value >= lo && value <= hi) return "";
  return std::string(name) + " must be a finite number in " + range_text(lo, hi) + "; got " +
         format_number(value);
}

std::string check_output_size(const char* what, double count, double bytes_per_value) {
  const double bytes = count * bytes_per_value;
  if (bytes <= static_cast<double>(kMaxOutputBytes)) return "";
  return std::string(what) + " would take " + format_number(bytes) +
         " bytes, more than the " + format_number(static_cast<double>(kMaxOutputBytes)) +
         " a wasm32 result may use; ask for fewer positions or a smaller dModel";
}

}  // namespace phasor
