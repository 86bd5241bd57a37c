#include "phasor/frequencies.hpp"

#include <cmath>

namespace phasor {

double frequency(std::int64_t pair, std::int64_t d_model, double base) {
  return std::pow(base, -2.0 * static_cast<double>(pair) / static_cast<double>(d_model));
}

void frequencies(std::int64_t d_model, double base, double* omega) {
  for (std::int64_t i = 0; i < d_model / 2; ++i) omega[i] = frequency(i, d_model, base);
}

void wavelengths(std::int64_t d_model, double base, double* lambda) {
  for (std::int64_t i = 0; i < d_model / 2; ++i) lambda[i] = kTwoPi / frequency(i, d_model, base);
}

std::vector<double> frequencies(std::int64_t d_model, double base) {
  std::vector<double> omega(static_cast<std::size_t>(d_model / 2));
  frequencies(d_model, base, omega.data());
  return omega;
}

}  // namespace phasor
