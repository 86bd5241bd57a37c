// Men et al.'s bound (cpp/include/phasor/rope_base_bound.hpp): the walked scan
// against a direct sum of cosines at every m, a closed form for one pair, and
// the paper's Table 1 at the points it states.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "phasor/rope_base_bound.hpp"

namespace {

std::int64_t scan(std::int64_t dim, std::int64_t pairs, double base, std::int64_t from, std::int64_t to,
                  std::int64_t still = 0) {
  EXPECT_EQ(
      phasor::validate_rope_base_bound(static_cast<double>(dim), static_cast<double>(pairs), static_cast<double>(still),
                                       base, static_cast<double>(from), static_cast<double>(to)),
      "");
  return phasor::rope_base_bound_scan({dim, pairs, still, base, from, to});
}

// The same question asked of std::cos at every m, frequencies from std::pow as the paper writes them.
std::int64_t direct(std::int64_t dim, std::int64_t pairs, double base, std::int64_t from, std::int64_t to,
                    std::int64_t still = 0) {
  for (std::int64_t m = from; m < to; ++m) {
    double sum = static_cast<double>(still);
    for (std::int64_t i = 0; i < pairs; ++i)
      sum +=
          std::cos(static_cast<double>(m) * std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(dim)));
    if (sum < 0.0) return m;
  }
  return -1;
}

TEST(RopeBaseBound, OnePairTurnsNegativeWhereCosDoes) {
  // dim 2: theta_0 = 1 whatever the base, B_m = cos(m): negative first at m = 2, then 3, 4; positive at 5, 6, 7.
  EXPECT_EQ(scan(2, 1, 10000.0, 0, 100), 2);
  EXPECT_EQ(scan(2, 1, 10000.0, 3, 100), 3);
  EXPECT_EQ(scan(2, 1, 10000.0, 5, 100), 8);
  // Closed form: the first integer m >= from with m mod 2 pi in (pi/2, 3 pi/2).
  for (std::int64_t from : {10, 100, 1000, 123456}) {
    std::int64_t m = from;
    while (std::cos(static_cast<double>(m)) >= 0.0) ++m;
    EXPECT_EQ(scan(2, 1, 10000.0, from, from + 10), m) << from;
  }
}

TEST(RopeBaseBound, EqualsTheDirectSumOfCosines) {
  for (double base : {500.0, 3900.0, 4300.0, 10000.0, 84000.0})
    EXPECT_EQ(scan(128, 64, base, 0, 1 << 17), direct(128, 64, base, 0, 1 << 17)) << base;
  // Phi-2-like partial rotary with fewer still pairs than turning ones: 16 turn, 10 still.
  EXPECT_EQ(scan(32, 16, 10000.0, 0, 1 << 16, 10), direct(32, 16, 10000.0, 0, 1 << 16, 10));
  EXPECT_EQ(scan(512, 64, 1e6, 0, 1 << 18), direct(512, 64, 1e6, 0, 1 << 18));
  // Far from the origin, where the walk starts from its own anchor.
  const std::int64_t far = std::int64_t{1} << 30;
  EXPECT_EQ(scan(64, 32, 10000.0, far, far + 4096), direct(64, 32, 10000.0, far, far + 4096));
}

TEST(RopeBaseBound, AsManyStillPairsAsTurningOnesNeverTurnNegative) {
  // Gemma 4's full attention: 64 pairs turn, 192 have frequency 0: B_m >= 192 - 64 at every m.
  EXPECT_EQ(scan(512, 64, 1e6, 0, 1 << 18, 192), -1);
  EXPECT_EQ(scan(2, 1, 1e4, 0, 100, 1), -1);  // 1 + cos m >= 0
}

TEST(RopeBaseBound, NoNegativeInRangeIsMinusOne) {
  // B_m >= 0 for m < 818 at base 3900 (the direct sum agrees above): a scan that stops short finds nothing.
  EXPECT_EQ(direct(128, 64, 3900.0, 0, 818), -1);
  EXPECT_EQ(scan(128, 64, 3900.0, 0, 818), -1);
}

TEST(RopeBaseBound, AgreesWithTheTableOfMenEtAl) {
  // Table 1 of arXiv 2405.14591 at d = 128: a base of 4.3e3 for a context of 1k, 8.4e4 for 8k (the smallest
  // bases holding, on a grid of 400 per decade, are 4315 and 84140).
  EXPECT_GE(scan(128, 64, 4.3e3, 0, 1 << 20), 1024);
  EXPECT_GE(scan(128, 64, 8.4e4, 0, 1 << 20), 8192);
  // …and a lower base falls short of the same context (the bound is not monotone in the base: the paper's
  // bound is the smallest base that holds).
  EXPECT_LT(scan(128, 64, 3.9e3, 0, 1 << 20), 1024);
}

TEST(RopeBaseBound, RefusesOutOfRangeInput) {
  EXPECT_NE(phasor::validate_rope_base_bound(3, 1, 0, 1e4, 0, 10).find("dim"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_base_bound(128, 65, 0, 1e4, 0, 10).find("pairs"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_base_bound(128, 0, 0, 1e4, 0, 10).find("pairs"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_base_bound(128, 64, -1, 1e4, 0, 10).find("still"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_base_bound(128, 64, 0.5, 1e4, 0, 10).find("still"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_base_bound(128, 64, 0, 0.5, 0, 10).find("theta"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_base_bound(128, 64, 0, 1e4, 10, 10).find("to"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_base_bound(128, 64, 0, 1e4, -1, 10).find("from"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_base_bound(128, 64, 0, 1e4, 0, 1e7).find("work"), std::string::npos);
}

}  // namespace
