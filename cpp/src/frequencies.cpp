#include "phasor/frequencies.hpp"

#include <cmath>

namespace phasor {

double frequency(std::int64_t pair, std::int64_t d_model, double base, Spacing spacing) {
  const auto i = static_cast<double>(pair);
  if (spacing == Spacing::tensor2tensor) {
    const double last = static_cast<double>(d_model / 2 - 1);
    return last > 0 ? std::pow(base, -i / last) : 1.0;
  }
  return std::pow(base, -2.0 * i / static_cast<double>(d_model));
}

void frequencies(std::int64_t d_model, double base, double* omega, Spacing spacing) {
  for (std::int64_t i = 0; i < d_model / 2; ++i) omega[i] = frequency(i, d_model, base, spacing);
}

void wavelengths(std::int64_t d_model, double base, double* lambda, Spacing spacing) {
  for (std::int64_t i = 0; i < d_model / 2; ++i) lambda[i] = kTwoPi / frequency(i, d_model, base, spacing);
}

std::vector<double> frequencies(std::int64_t d_model, double base, Spacing spacing) {
  std::vector<double> omega(static_cast<std::size_t>(d_model / 2));
  frequencies(d_model, base, omega.data(), spacing);
  return omega;
}

}  // namespace phasor
