// The pixel-resolution views against brute-force float64 means of the
// formula (reference.hpp), and against their full-resolution siblings.
#include "phasor/window.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "phasor/analysis.hpp"
#include "phasor/encoding.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"
#include "reference.hpp"

namespace {

phasor::EncodingSpec spec(std::int64_t d, double base = 10000.0, phasor::Layout layout = phasor::Layout::interleaved) {
  phasor::EncodingSpec s;
  s.positions = 1;
  s.d_model = d;
  s.base = base;
  s.layout = layout;
  return s;
}

// Mean of PE(p, j) over p = first .. first + stride - 1, summed in float64.
double brute_mean(double first, std::int64_t stride, std::int64_t j, std::int64_t d, double base) {
  double sum = 0.0;
  for (std::int64_t n = 0; n < stride; ++n) sum += reference::pe(first + static_cast<double>(n), j, d, base);
  return sum / static_cast<double>(stride);
}

TEST(EncodeBins, WithStrideOneEqualsEncodeBitForBit) {
  for (double first : {0.0, -37.0, 123456.5, 2147480000.0}) {
    const std::int64_t d = 64, count = 1500;  // past one anchor interval
    phasor::EncodingSpec s = spec(d);
    s.positions = count;
    s.offset = first;
    std::vector<float> want(count * d), got(count * d);
    phasor::encode(s, want.data());
    phasor::encode_bins(s, {first, 1, count}, got.data());
    ASSERT_EQ(want, got) << "first=" << first;
  }
}

TEST(EncodeBins, EachRowIsTheMeanOfItsPositions) {
  const std::int64_t d = 16;
  for (std::int64_t stride : {2, 3, 64, 1000}) {
    for (double first : {0.0, -5000.0, 2147483648.0 - 40.0 * 1000}) {
      const std::int64_t count = 40;
      std::vector<float> got(count * d);
      phasor::encode_bins(spec(d), {first, stride, count}, got.data());
      for (std::int64_t r = 0; r < count; r += 7)
        for (std::int64_t j = 0; j < d; ++j) {
          const double want = brute_mean(first + static_cast<double>(r * stride), stride, j, d, 10000.0);
          // float32 rounding (6e-8) plus the reference's own |p| 2^-53 phase error.
          ASSERT_NEAR(got[r * d + j], want, 6e-8 + std::fabs(first) * 2.3e-16)
              << "stride=" << stride << " first=" << first << " r=" << r << " j=" << j;
        }
    }
  }
}

TEST(EncodeBins, AWholeAnchorIntervalOfHugeStridesDriftsNoFurtherThanStrideOne) {
  // 1024 bins of 3,000,017 positions (not a power of two) from -2^31: the last
  // bin of the first anchor interval is 3e9 positions from its anchor.
  const std::int64_t d = 4, stride = 3000017, count = 1024;
  const double first = -2147483648.0;
  std::vector<float> got(count * d);
  phasor::encode_bins(spec(d), {first, stride, count}, got.data());
  for (std::int64_t r : {1, 511, 1023})
    for (std::int64_t j = 0; j < d; ++j) {
      const double want = brute_mean(first + static_cast<double>(r * stride), stride, j, d, 10000.0);
      ASSERT_NEAR(got[r * d + j], want, 1e-6) << "r=" << r << " j=" << j;
    }
}

TEST(EncodeBins, APairFasterThanABinAveragesTowardsZero) {
  const std::int64_t d = 8, stride = 1 << 20;
  std::vector<float> got(4 * d);
  phasor::encode_bins(spec(d), {0.0, stride, 4}, got.data());
  // pair 0 (wavelength 2 pi): |mean| <= 1 / (s sin(1/2)) ~ 2e-6.
  for (std::int64_t r = 0; r < 4; ++r) EXPECT_LT(std::fabs(got[r * d]), 2.1e-6);
  EXPECT_NEAR(phasor::bin_attenuation(1.0, 1), 1.0, 0.0);
  EXPECT_NEAR(phasor::bin_attenuation(1e-9, 1000), 1.0, 1e-12);
}

TEST(EncodeBinDims, GivesTheChosenColumnsOfEncodeBinsBitForBit) {
  for (auto layout : {phasor::Layout::interleaved, phasor::Layout::split}) {
    const std::int64_t d = 32, count = 1100, stride = 7;
    std::vector<float> all(count * d);
    phasor::encode_bins(spec(d, 500.0, layout), {-300.0, stride, count}, all.data());
    const std::vector<std::int64_t> dims = {0, 1, 5, 16, 31};
    std::vector<float> cols(count * dims.size());
    phasor::encode_bin_dims(spec(d, 500.0, layout), {-300.0, stride, count}, dims.data(),
                            static_cast<std::int64_t>(dims.size()), cols.data());
    for (std::size_t n = 0; n < dims.size(); ++n)
      for (std::int64_t r = 0; r < count; ++r)
        ASSERT_EQ(cols[n * count + r], all[r * d + dims[n]]) << "dim " << dims[n] << " r " << r;
  }
}

TEST(DotByOffsetBins, WithStrideOneEqualsDotByOffset) {
  const std::int64_t d = 128, count = 3000;
  std::vector<double> want(count), got(count);
  phasor::dot_by_offset(d, 10000.0, count - 1, want.data());
  phasor::dot_by_offset_bins(d, 10000.0, phasor::Spacing::paper, {0.0, 1, count}, got.data());
  ASSERT_EQ(want, got);
}

TEST(DotByOffsetBins, EachBinIsTheMeanOfTheClosedForm) {
  const std::int64_t d = 32, count = 30, stride = 50;
  const double first = 1000.0;
  std::vector<double> got(count);
  phasor::dot_by_offset_bins(d, 10000.0, phasor::Spacing::paper, {first, stride, count}, got.data());
  for (std::int64_t r = 0; r < count; ++r) {
    double sum = 0.0;
    for (std::int64_t n = 0; n < stride; ++n) {
      const double k = first + static_cast<double>(r * stride + n);
      for (std::int64_t i = 0; i < d / 2; ++i) sum += std::cos(reference::omega(i, d, 10000.0) * k);
    }
    ASSERT_NEAR(got[r], sum / stride, 1e-11) << r;
  }
}

TEST(MeasuredDotBins, WithStrideOneIsTheDotOfTheEncodedRows) {
  // 303 rows: the core sums four rows at a time, and the last three alone.
  const std::int64_t d = 64, count = 303;
  const double p = 12345.0;
  std::vector<double> got(count);
  phasor::measured_dot_bins(d, 10000.0, phasor::Spacing::paper, p, {0.0, 1, count}, got.data());
  phasor::EncodingSpec s = spec(d);
  s.positions = count;
  s.offset = p;
  std::vector<float> table(count * d);
  phasor::encode(s, table.data());
  for (std::int64_t k = 0; k < count; ++k) {
    double dot = 0.0;
    for (std::int64_t j = 0; j < d; ++j) dot += static_cast<double>(table[j]) * table[k * d + j];
    ASSERT_EQ(got[k], dot) << k;
    // ... and that is the closed form up to float32 rounding of the rows.
    double closed = 0.0;
    for (std::int64_t i = 0; i < d / 2; ++i) closed += std::cos(reference::omega(i, d, 10000.0) * k);
    ASSERT_NEAR(got[k], closed, 4e-6);
  }
}

TEST(MeasuredDotBins, BinnedMatchesTheMeanOfTheClosedForm) {
  const std::int64_t d = 16, count = 10, stride = 1000;
  std::vector<double> measured(count), closed(count);
  phasor::measured_dot_bins(d, 10000.0, phasor::Spacing::paper, -70.0, {5.0, stride, count}, measured.data());
  phasor::dot_by_offset_bins(d, 10000.0, phasor::Spacing::paper, {5.0, stride, count}, closed.data());
  for (std::int64_t r = 0; r < count; ++r) ASSERT_NEAR(measured[r], closed[r], 1e-6) << r;
}

TEST(OffsetRowBins, WithStrideOneEqualsOffsetRow) {
  for (auto metric : {phasor::Metric::l2, phasor::Metric::dot, phasor::Metric::cosine}) {
    const std::int64_t d = 100, n = 1200;
    std::vector<float> want(n), got(n);
    phasor::offset_row(n, d, 10000.0, metric, want.data());
    phasor::offset_row_bins(d, 10000.0, phasor::Spacing::paper, metric, {0.0, 1, n}, got.data());
    ASSERT_EQ(want, got);
  }
}

TEST(OffsetRowBins, EachBlockIsTheRootMeanSquareDistanceOverItsCells) {
  const std::int64_t d = 20, stride = 16, count = 12;
  const double first = -4.0 * stride;  // blocks centred on offsets -64, -48, ...
  std::vector<float> got(count);
  phasor::offset_row_bins(d, 10000.0, phasor::Spacing::paper, phasor::Metric::l2, {first, stride, count}, got.data());
  for (std::int64_t r = 0; r < count; ++r) {
    // Bins p in [0, s), q in [m s, m s + s) for m = first / s + r.
    const double qStart = first + static_cast<double>(r * stride);
    double sum = 0.0;
    for (std::int64_t a = 0; a < stride; ++a)
      for (std::int64_t b = 0; b < stride; ++b) {
        const auto x = reference::row(static_cast<double>(a), d, 10000.0);
        const auto y = reference::row(qStart + static_cast<double>(b), d, 10000.0);
        for (std::int64_t j = 0; j < d; ++j) sum += (x[j] - y[j]) * (x[j] - y[j]);
      }
    ASSERT_NEAR(got[r], std::sqrt(sum / (stride * stride)), 2e-6) << r;
  }
}

TEST(ValidateBins, RefusesWindowsOutsideThePositionsPhasorAccepts) {
  EXPECT_EQ(phasor::validate_bins(0, 1, 10, 0, 4), "");
  EXPECT_EQ(phasor::validate_bins(-2147483648.0, 4194304, 1024, 0, 4), "");
  EXPECT_NE(phasor::validate_bins(-2147483648.0, 4194304, 1025, 0, 4), "");
  EXPECT_NE(phasor::validate_bins(0, 1.5, 10, 0, 4).find("stride"), std::string::npos);
  EXPECT_NE(phasor::validate_bins(0, 1, 0, 0, 4).find("count"), std::string::npos);
  EXPECT_NE(phasor::validate_bins(NAN, 1, 1, 0, 4).find("first"), std::string::npos);
  EXPECT_NE(phasor::validate_bins(2147483600.0, 1, 10, 100, 4), "");
}

// The bins' sums over d/2 frequencies are bounded as dotByOffset's are: 2^26
// bins at dModel 65536 (2^41 terms, hours) passed the output cap (issue 32).
TEST(WindowValidation, BinSumsAreBoundedByDotByOffsetsCap) {
  const double cap = phasor::kMaxDotByOffsetWork;
  const double at_cap = cap / 32768;  // bins at dModel 65536
  EXPECT_EQ(phasor::validate_bin_sums(at_cap, 65536), "");
  EXPECT_EQ(phasor::validate_bin_sums(67108864, 65536), "the work of one call, count x dModel/2, must be at most " +
                                                            phasor::format_number(cap) + "; got 2199023255552");
  EXPECT_EQ(phasor::validate_bin_sums(at_cap + 1, 65536), "the work of one call, count x dModel/2, must be at most " +
                                                              phasor::format_number(cap) + "; got " +
                                                              phasor::format_number((at_cap + 1) * 32768));
}

// A bin is a chart's column: at most kMaxBins of them, however narrow (2^25
// bins of dModel 32 took dotByOffsetBins 1.3 s: issue 32's work table).
TEST(WindowValidation, BinsAreAtMostKMaxBins) {
  const auto max = static_cast<double>(phasor::kMaxBins);
  EXPECT_EQ(phasor::validate_bins(0, 1, max, 0, 1), "");
  EXPECT_EQ(
      phasor::validate_bins(0, 1, max + 1, 0, 1),
      "count must be an integer in [1, " + phasor::format_number(max) + "]; got " + phasor::format_number(max + 1));
}

// measuredDotBins encodes each bin's row: count x dModel values at most 2^24
// (16384 bins of dModel 65536, within the sums' cap, blocked for a minute: issue 32).
TEST(WindowValidation, MeasuredBinsAreBoundedByTheirRows) {
  EXPECT_EQ(phasor::validate_measured_bins(256, 65536), "");
  EXPECT_EQ(phasor::validate_measured_bins(257, 65536),
            "the work of one call, count x dModel, must be at most 16777216; got 16842752");
}

}  // namespace
