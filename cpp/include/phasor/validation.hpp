// Checks of user-supplied sizes and parameters. Each returns "" when the value
// is allowed, else one sentence naming the parameter, the allowed range and the
// value received, so every caller (C++, Embind, TypeScript) reports the same.
#pragma once
#include <cstdint>
#include <string>

namespace phasor {

// A number as error messages show it: integers exactly, NaN and Infinity as
// JavaScript spells them, other values to six decimals.
std::string format_number(double value);

std::string check_integer(const char* name, double value, double lo, double hi);
std::string check_d_model(double d_model);
std::string check_base(double base);
std::string check_finite(const char* name, double value, double lo, double hi);
// positions * width * bytes_per_value must not exceed kMaxOutputBytes.
std::string check_output_size(const char* what, double count, double bytes_per_value);

}  // namespace phasor
