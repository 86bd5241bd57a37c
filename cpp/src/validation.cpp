#include "phasor/validation.hpp"

#include <cmath>
#include <cstdint>

#include "phasor/limits.hpp"

namespace phasor {
namespace {

// Hand-rolled instead of snprintf("%g"): printf's float formatting would
// bring its whole machinery into the wasm for what are only error messages.
std::string format_integer(std::uint64_t v) {
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + v % 10));
    v /= 10;
  } while (v != 0);
  return digits;
}

// Six significant digits and an exponent: 1e+301, 2.5e-7, 9.22337e+18.
std::string format_exponent(double a) {
  int e = static_cast<int>(std::floor(std::log10(a)));
  // a / 10^e without overflowing 10^-e for subnormals.
  double m = e < -300 ? a * 1e300 * std::pow(10.0, -e - 300) : a / std::pow(10.0, e);
  auto digits = static_cast<std::uint64_t>(std::llround(m * 1e5));
  if (digits >= 1000000) {
    digits /= 10;
    ++e;
  } else if (digits < 100000) {
    digits *= 10;
    --e;
  }
  std::string mantissa = format_integer(digits);  // six digits
  while (mantissa.size() > 1 && mantissa.back() == '0') mantissa.pop_back();
  if (mantissa.size() > 1) mantissa.insert(1, ".");
  return mantissa + (e < 0 ? "e-" : "e+") + format_integer(static_cast<std::uint64_t>(e < 0 ? -e : e));
}

}  // namespace

std::string format_number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == 0) return "0";
  const std::string sign = v < 0 ? "-" : "";
  const double a = std::fabs(v);
  const double whole = std::floor(a);
  if (a >= 9.2e18 || (a < 1e-3 && whole != a)) return sign + format_exponent(a);
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

std::string range_text(double lo, double hi) { return "[" + format_number(lo) + ", " + format_number(hi) + "]"; }

}  // namespace

std::string check_integer(const char* name, double value, double lo, double hi) {
  if (std::isfinite(value) && value == std::floor(value) && value >= lo && value <= hi) return "";
  return std::string(name) + " must be an integer in " + range_text(lo, hi) + "; got " + format_number(value);
}

std::string check_d_model(double d_model, const char* name) {
  const bool ok = std::isfinite(d_model) && d_model == std::floor(d_model) && d_model >= 2 &&
                  d_model <= static_cast<double>(kMaxDModel) && std::fmod(d_model, 2.0) == 0.0;
  if (ok) return "";
  return std::string(name) + " must be an even integer in " + range_text(2, static_cast<double>(kMaxDModel)) +
         "; got " + format_number(d_model);
}

std::string check_base(double base, const char* name) {
  if (std::isfinite(base) && base > 1.0 && base <= kMaxBase) return "";
  return std::string(name) + " must be a finite number in (1, " + format_number(kMaxBase) + "]; got " +
         format_number(base);
}

std::string check_finite(const char* name, double value, double lo, double hi) {
  if (std::isfinite(value) && value >= lo && value <= hi) return "";
  return std::string(name) + " must be a finite number in " + range_text(lo, hi) + "; got " + format_number(value);
}

std::string check_output_size(const char* what, double count, double bytes_per_value) {
  const double bytes = count * bytes_per_value;
  if (bytes <= static_cast<double>(kMaxOutputBytes)) return "";
  return std::string(what) + " would take " + format_number(bytes) + " bytes, more than the " +
         format_number(static_cast<double>(kMaxOutputBytes)) +
         " a wasm32 result may use; ask for fewer positions or a smaller dModel";
}

std::string check_work(const char* product, double work, double cap) {
  if (work <= cap) return "";
  return std::string("the work of one call, ") + product + ", must be at most " + format_number(cap) + "; got " +
         format_number(work);
}

std::string check_choice(const char* name, double code, const char* const* names, std::size_t count) {
  for (std::size_t c = 0; c < count; ++c)
    if (code == static_cast<double>(c)) return "";
  std::string list;
  for (std::size_t c = 0; c < count; ++c) list += (c == 0 ? "'" : ", '") + std::string(names[c]) + "'";
  return std::string(name) + " must be one of " + list + "; got code " + format_number(code);
}

}  // namespace phasor
