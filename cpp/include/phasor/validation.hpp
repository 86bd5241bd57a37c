// Checks of user-supplied sizes and parameters. Each returns "" when the value
// is allowed, else one sentence naming the parameter (as the TypeScript API
// spells it: the caller passes the name in), the allowed range and the value
// received, so every caller (C++, Embind, TypeScript) reports the same.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace phasor {

// A number as error messages show it, as JavaScript would: integers below
// 2^63 exactly, other values of magnitude in [1e-3, 2^63) to six decimals,
// the rest in exponent form with six significant digits (1e+301, 2.5e-7);
// NaN and Infinity as JavaScript spells them.
std::string format_number(double value);

std::string check_integer(const char* name, double value, double lo, double hi);
// An even integer in [2, kMaxDModel] (dModel, RoPE's dim).
std::string check_d_model(double d_model, const char* name = "dModel");
// A finite number in (1, kMaxBase] (base, theta, bases[i]).
std::string check_base(double base, const char* name = "base");
std::string check_finite(const char* name, double value, double lo, double hi);
// positions * width * bytes_per_value must not exceed kMaxOutputBytes.
std::string check_output_size(const char* what, double count, double bytes_per_value);
// The work of one call, `product` (as the caller's options name it), at most `cap`.
std::string check_work(const char* product, double work, double cap);

// One of `count` codes 0..count-1, named in `names`; the message lists them
// as the TypeScript API does: "layout must be one of 'interleaved', 'split'".
std::string check_choice(const char* name, double code, const char* const* names, std::size_t count);
template <std::size_t N>
std::string check_choice(const char* name, double code, const std::array<const char*, N>& names) {
  return check_choice(name, code, names.data(), N);
}

}  // namespace phasor
