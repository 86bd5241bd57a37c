// The float64 formula written out directly, independent of the core's phase
// walk: the golden values the C++ tests compare against.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

namespace reference {

inline double omega(std::int64_t i, std::int64_t d, double base) {
  return 1.0 / std::pow(base, 2.0 * static_cast<double>(i) / static_cast<double>(d));
}

// PE(p, j) in the interleaved layout: sin at 2i, cos at 2i+1.
inline double pe(double p, std::int64_t j, std::int64_t d, double base) {
  const double phase = p * omega(j / 2, d, base);
  return j % 2 == 0 ? std::sin(phase) : std::cos(phase);
}

// PE(p, j) in the split layout: sin at i < d/2, cos at d/2 + i.
inline double pe_split(double p, std::int64_t j, std::int64_t d, double base) {
  const std::int64_t h = d / 2;
  const double phase = p * omega(j % h, d, base);
  return j < h ? std::sin(phase) : std::cos(phase);
}

inline std::vector<double> row(double p, std::int64_t d, double base) {
  std::vector<double> out(static_cast<std::size_t>(d));
  for (std::int64_t j = 0; j < d; ++j) out[j] = pe(p, j, d, base);
  return out;
}

}  // namespace reference
