// Angular frequencies w_i = base^(-2i/d) and wavelengths 2*pi/w_i, i < d/2.
// Pair 0 turns fastest (w_0 = 1 rad per position, wavelength 2*pi); the last
// pair slowest (wavelength just under 2*pi*base).
#pragma once
#include <cstdint>
#include <vector>

namespace phasor {

inline constexpr double kTwoPi = 6.283185307179586476925286766559;

double frequency(std::int64_t pair, std::int64_t d_model, double base);
void frequencies(std::int64_t d_model, double base, double* omega /* [d_model/2] */);
void wavelengths(std::int64_t d_model, double base, double* lambda /* [d_model/2] */);
std::vector<double> frequencies(std::int64_t d_model, double base);

}  // namespace phasor
