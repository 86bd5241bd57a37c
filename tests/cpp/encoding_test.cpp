#include "phasor/encoding.hpp"
#include "phasor/validation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "reference.hpp"

namespace {

std::vector<float> encode(std::int64_t positions, std::int64_t d, double base = 10000.0, double offset = 0.0,
                          phasor::Layout layout = phasor::Layout::interleaved) {
  phasor::EncodingSpec spec{positions, d, base, offset, layout};
  EXPECT_EQ(phasor::validate(spec), "");
  std::vector<float> out(static_cast<std::size_t>(positions * d));
  phasor::encode(spec, out.data());
  return out;
}

double max_error(const std::vector<float>& table, std::int64_t positions, std::int64_t d, double base, double offset,
                 bool split = false) {
  double worst = 0.0;
  for (std::int64_t r = 0; r < positions; ++r)
    for (std::int64_t j = 0; j < d; ++j) {
      const double want = split ? reference::pe_split(offset + r, j, d, base) : reference::pe(offset + r, j, d, base);
      worst = std::max(worst, std::fabs(table[r * d + j] - want));
    }
  return worst;
}

TEST(Encode, MatchesTheSeedPyTorchTableFor5PositionsAnd4Dimensions) {
  // The table printed in the seed blog post: torch rounds to 4 decimals, so
  // each printed value is within half a unit of the 4th decimal.
  const float seed[5][4] = {{0.0000f, 1.0000f, 0.0000f, 1.0000f},
                            {0.8415f, 0.5403f, 0.0100f, 0.9999f},
                            {0.9093f, -0.4161f, 0.0200f, 0.9998f},
                            {0.1411f, -0.9900f, 0.0300f, 0.9996f},
                            {-0.7568f, -0.6536f, 0.0400f, 0.9992f}};
  const auto table = encode(5, 4);
  for (int p = 0; p < 5; ++p)
    for (int j = 0; j < 4; ++j) EXPECT_NEAR(table[p * 4 + j], seed[p][j], 5e-5 + 1e-7) << p << "," << j;
}

TEST(Encode, IsTheFloat64FormulaRoundedToFloat32AcrossAnchorBoundaries) {
  // 3000 rows cross the re-anchoring points at 1024 and 2048.
  for (std::int64_t d : {2, 4, 6, 8, 10, 14, 64, 130}) {
    const auto table = encode(3000, d);
    EXPECT_LT(max_error(table, 3000, d, 10000.0, 0.0), 6.0e-8) << "d=" << d;
  }
}

TEST(Encode, SplitLayoutPutsSinesFirstAndCosinesSecond) {
  for (std::int64_t d : {2, 6, 8, 18}) {
    const auto table = encode(1500, d, 10000.0, 0.0, phasor::Layout::split);
    EXPECT_LT(max_error(table, 1500, d, 10000.0, 0.0, true), 6.0e-8) << "d=" << d;
  }
}

TEST(Encode, HonoursOffsetsIncludingNegativeAndFractional) {
  for (double offset : {-1000.0, -0.5, 7.25, 123456.0}) {
    const auto table = encode(1100, 12, 500.0, offset);
    EXPECT_LT(max_error(table, 1100, 12, 500.0, offset), 6.0e-8) << "offset=" << offset;
  }
}

TEST(Encode, StaysWithin1em6OfFloat64At65536PositionsAndD4096) {
  // The last 2048 rows of a 65,536-position table at d = 4096: the largest
  // phases the accuracy promise covers, across two anchor intervals.
  const std::int64_t d = 4096, rows = 2048;
  const double offset = 65536.0 - rows;
  const auto table = encode(rows, d, 10000.0, offset);
  const double err = max_error(table, rows, d, 10000.0, offset);
  EXPECT_LT(err, 1.0e-6);
  EXPECT_LT(err, 1.0e-7) << "the bound documented in the README";
}

TEST(Encode, ValidateNamesTheParameterAndTheAllowedRange) {
  EXPECT_NE(phasor::validate({10, 7}).find("dModel must be even when oddWidth is 'error' (the paper's rule); got 7"),
            std::string::npos);
  EXPECT_NE(phasor::validate({0, 8}).find("positions must be an integer in [1,"), std::string::npos);
  EXPECT_NE(phasor::validate({10, 8, 1.0}).find("base must be a finite number in (1, 1e+300]; got 1"),
            std::string::npos);
  EXPECT_NE(phasor::validate({10, 8, NAN}).find("base"), std::string::npos);
  EXPECT_NE(phasor::validate({10, 8, 10000.0, INFINITY}).find("offset must be a finite number"), std::string::npos);
  EXPECT_NE(phasor::validate({1 << 20, 4096}).find("more than the 268435456"), std::string::npos);
  EXPECT_EQ(phasor::validate({1 << 16, 1024}), "");
}

TEST(Encode, Tensor2tensorSpacingRunsTheExponentOverHMinusOne) {
  // dModel 10, base 10000: w_i = 10000^(-i/4) = 1, 0.1, 0.01, 0.001, 0.0001.
  phasor::EncodingSpec spec{1500, 10, 10000.0, -3.0, phasor::Layout::split, phasor::Spacing::tensor2tensor};
  ASSERT_EQ(phasor::validate(spec), "");
  std::vector<float> table(1500 * 10);
  phasor::encode(spec, table.data());
  const double omega[5] = {1.0, 0.1, 0.01, 0.001, 0.0001};
  double worst = 0.0;
  for (int r = 0; r < 1500; ++r)
    for (int i = 0; i < 5; ++i) {
      const double p = r - 3.0;
      worst = std::max({worst, std::fabs(table[r * 10 + i] - std::sin(omega[i] * p)),
                        std::fabs(table[r * 10 + 5 + i] - std::cos(omega[i] * p))});
    }
  EXPECT_LT(worst, 6e-8);
}

TEST(Encode, AcceptsEachLimitAndRefusesJustPastIt) {
  using phasor::validate;
  const double two31 = 2147483648.0;
  // positions: 2^26 rows (of one value, an odd width: 256 MiB) yes, one more no.
  phasor::EncodingSpec longest{std::int64_t{1} << 26, 1};
  longest.odd_width = phasor::OddWidth::extra_sine;
  EXPECT_EQ(validate(longest), "");
  longest.positions += 1;
  EXPECT_NE(validate(longest), "");
  // dModel: 65536 yes, 65538 no.
  EXPECT_EQ(validate({1, 65536}), "");
  EXPECT_NE(validate({1, 65538}), "");
  // The result: exactly 2^28 bytes (256 MiB) yes, one row more no.
  EXPECT_EQ(validate({std::int64_t{1} << 16, 1024}), "");
  EXPECT_NE(validate({(std::int64_t{1} << 16) + 1, 1024}).find("more than the 268435456"), std::string::npos);
  // Every position within 2^31: the last row counts too.
  EXPECT_EQ(validate({2, 8, 10000.0, two31 - 1.0}), "");
  EXPECT_NE(validate({2, 8, 10000.0, two31 - 0.5}).find("offset must be a finite number"), std::string::npos);
  EXPECT_EQ(validate({2, 8, 10000.0, -two31}), "");
  EXPECT_NE(validate({2, 8, 10000.0, -two31 - 1.0}), "");
  // base: just above 1 yes, 1 no.
  EXPECT_EQ(validate({2, 8, 1.0000000000000002}), "");
  EXPECT_NE(validate({2, 8, 1.0}), "");
}

}  // namespace

TEST(FormatNumber, ShowsIntegersExactlyAndSpellsNaNAndInfinityLikeJavaScript) {
  EXPECT_EQ(phasor::format_number(0), "0");
  EXPECT_EQ(phasor::format_number(-3), "-3");
  EXPECT_EQ(phasor::format_number(40000000000.0), "40000000000");
  EXPECT_EQ(phasor::format_number(2.5), "2.5");
  EXPECT_EQ(phasor::format_number(-0.125), "-0.125");
  EXPECT_EQ(phasor::format_number(1.0 / 3.0), "0.333333");
  EXPECT_EQ(phasor::format_number(NAN), "NaN");
  EXPECT_EQ(phasor::format_number(-INFINITY), "-Infinity");
}

TEST(FormatNumber, WritesHugeAndTinyNumbersWithAnExponentAsJavaScriptDoes) {
  EXPECT_EQ(phasor::format_number(1e301), "1e+301");
  EXPECT_EQ(phasor::format_number(1e300), "1e+300");
  EXPECT_EQ(phasor::format_number(-2.5e-7), "-2.5e-7");
  EXPECT_EQ(phasor::format_number(9.3e18), "9.3e+18");
  EXPECT_EQ(phasor::format_number(1.2345678e22), "1.23457e+22");
  EXPECT_EQ(phasor::format_number(5e-324), "4.94066e-324");
  EXPECT_EQ(phasor::format_number(9007199254740991.0), "9007199254740991");
}
