#include "rope_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "phasor/frequencies.hpp"

namespace phasor {

namespace {

constexpr std::int64_t kNearZero = 32;  // the rows nearest position 0 start the unwrapping
constexpr std::int64_t kSpread = 128;   // rows at evenly spaced ranks

double wrap(double angle) { return angle - kTwoPi * std::round(angle / kTwoPi); }

}  // namespace

std::vector<std::int64_t> sample_rows(const double* positions, std::int64_t rows) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(rows));
  std::iota(order.begin(), order.end(), std::int64_t{0});
  const auto by_position = [&](std::int64_t a, std::int64_t b) { return positions[a] < positions[b]; };
  if (!std::is_sorted(order.begin(), order.end(), by_position))
    std::stable_sort(order.begin(), order.end(), by_position);
  const auto at = [&](std::int64_t rank) { return positions[order[static_cast<std::size_t>(rank)]]; };
  // The first rank at or above `value`.
  const auto rank_of = [&](double value) {
    return static_cast<std::int64_t>(std::lower_bound(order.begin(), order.end(), value,
                                                      [&](std::int64_t row, double v) { return positions[row] < v; }) -
                                     order.begin());
  };
  std::vector<std::int64_t> pick;
  // Nearest position 0, outwards on both sides.
  std::int64_t right = rank_of(0.0), left = right - 1;
  for (std::int64_t t = 0; t < kNearZero && (left >= 0 || right < rows); ++t) {
    if (right >= rows || (left >= 0 && std::fabs(at(left)) <= std::fabs(at(right)))) {
      pick.push_back(order[static_cast<std::size_t>(left--)]);
    } else {
      pick.push_back(order[static_cast<std::size_t>(right++)]);
    }
  }
  for (std::int64_t t = 0; t < kSpread; ++t) {
    const auto rank = static_cast<std::int64_t>(
        std::llround(static_cast<double>(t) * static_cast<double>(rows - 1) / static_cast<double>(kSpread - 1)));
    pick.push_back(order[static_cast<std::size_t>(rank)]);
  }
  // Doubling distances from 0, on both sides, so the unwrapping never jumps far.
  const double largest = std::max(std::fabs(at(0)), std::fabs(at(rows - 1)));
  for (double g = 1.0; g <= largest; g *= 2.0) {
    for (const double target : {g, -g}) {
      const std::int64_t r = rank_of(target);
      for (const std::int64_t k : {r - 1, r})
        if (k >= 0 && k < rows) pick.push_back(order[static_cast<std::size_t>(k)]);
    }
  }
  pick.push_back(order.front());
  pick.push_back(order.back());
  std::sort(pick.begin(), pick.end(), [&](std::int64_t a, std::int64_t b) {
    const double pa = std::fabs(positions[a]), pb = std::fabs(positions[b]);
    return pa != pb ? pa < pb : a < b;
  });
  pick.erase(std::unique(pick.begin(), pick.end()), pick.end());
  return pick;
}

std::vector<double> fit_frequencies(const double* positions, const std::vector<std::int64_t>& rows, std::int64_t pairs,
                                    const PhaseAt& phase) {
  const std::size_t m = rows.size();
  std::vector<double> out(static_cast<std::size_t>(pairs), std::numeric_limits<double>::quiet_NaN());
  std::vector<double> y(m);
  std::vector<char> has(m);
  for (std::int64_t j = 0; j < pairs; ++j) {
    for (std::size_t k = 0; k < m; ++k) has[k] = phase(rows[k], j, &y[k]) ? 1 : 0;
    // Start from the two closest positions among near neighbours (|w dp| < pi assumed).
    double best = std::numeric_limits<double>::infinity();
    double omega = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t a = 0; a < m; ++a) {
      for (std::size_t b = a + 1; b < std::min(m, a + 4); ++b) {
        const double dp = positions[rows[b]] - positions[rows[a]];
        if (dp == 0.0 || !(std::fabs(dp) < best) || !has[a] || !has[b]) continue;
        best = std::fabs(dp);
        omega = wrap(y[b] - y[a]) / dp;
      }
    }
    if (!std::isfinite(omega)) continue;
    // Then through the origin, row by row outwards, each phase on the turn the fit so far predicts.
    double spp = 0.0, spy = 0.0;
    for (std::size_t k = 0; k < m; ++k) {
      const double p = positions[rows[k]];
      if (p == 0.0 || !has[k]) continue;
      const double unwrapped = y[k] + kTwoPi * std::round((omega * p - y[k]) / kTwoPi);
      spp += p * p;
      spy += p * unwrapped;
      omega = spy / spp;
    }
    out[static_cast<std::size_t>(j)] = omega;
  }
  return out;
}

}  // namespace phasor
