// The smaller experiments: seeded samples, embedding scale, position resolution.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "phasor/embedding_scale.hpp"
#include "phasor/random.hpp"
#include "phasor/resolution.hpp"
#include "reference.hpp"

namespace {

TEST(NormalSamples, AreReproducibleAndStandardNormal) {
  const std::int64_t n = 200001;  // odd: the last sine is dropped
  std::vector<float> a(n), b(n), other(n);
  phasor::normal_samples(42, 1, 1.0, n, a.data());
  phasor::normal_samples(42, 1, 1.0, n, b.data());
  phasor::normal_samples(42, 2, 1.0, n, other.data());
  EXPECT_EQ(a, b);
  EXPECT_NE(a, other);
  double mean = 0.0, square = 0.0, fourth = 0.0;
  for (float v : a) {
    mean += v;
    square += static_cast<double>(v) * v;
    fourth += std::pow(static_cast<double>(v), 4);
  }
  mean /= n;
  square /= n;
  fourth /= n;
  EXPECT_NEAR(mean, 0.0, 0.01);       // 4.5 standard errors
  EXPECT_NEAR(square, 1.0, 0.015);
  EXPECT_NEAR(fourth, 3.0, 0.1);      // the normal's kurtosis
}

TEST(NormalSamples, ScaleWithTheStandardDeviation) {
  std::vector<float> unit(11), scaled(11);
  phasor::normal_samples(5, 0, 1.0, 11, unit.data());
  phasor::normal_samples(5, 0, 0.25, 11, scaled.data());
  for (int i = 0; i < 11; ++i) EXPECT_EQ(scaled[i], static_cast<float>(0.25 * static_cast<double>(unit[i])) ) << i;
}

TEST(EmbeddingScale, PeHasNormSqrtHalfDModelAndTheScaleMultipliesTheToken) {
  const std::int64_t d = 64, n = 40;
  std::vector<float> tokens(n * d);
  phasor::normal_samples(1, 4, 1.0 / 8.0, n * d, tokens.data());
  phasor::EmbeddingScaleSpec spec{d, n, 100.0, 10000.0};
  ASSERT_EQ(phasor::validate_embedding_scale(spec), "");
  std::vector<double> out(phasor::kEmbeddingNormCount * n);
  phasor::embedding_scale(spec, tokens.data(), out.data());
  for (std::int64_t r = 0; r < n; ++r) {
    const auto pe = reference::row(100.0 + static_cast<double>(r), d, 10000.0);
    double token = 0.0, sum = 0.0, scaled = 0.0;
    for (std::int64_t j = 0; j < d; ++j) {
      const double t = tokens[r * d + j];
      token += t * t;
      sum += (t + pe[j]) * (t + pe[j]);
      scaled += (8.0 * t + pe[j]) * (8.0 * t + pe[j]);
    }
    EXPECT_NEAR(out[phasor::kPeNorm * n + r], std::sqrt(32.0), 1e-14);
    EXPECT_NEAR(out[phasor::kTokenNorm * n + r], std::sqrt(token), 1e-14);
    EXPECT_NEAR(out[phasor::kScaledTokenNorm * n + r], 8.0 * std::sqrt(token), 1e-13);
    EXPECT_NEAR(out[phasor::kSumNorm * n + r], std::sqrt(sum), 1e-13);
    EXPECT_NEAR(out[phasor::kScaledSumNorm * n + r], std::sqrt(scaled), 1e-13);
    // With std 1/sqrt(d), the token is about 1 and PE about 5.7: PE drowns it unless scaled.
    EXPECT_LT(out[phasor::kTokenNorm * n + r], 2.0);
  }
}

TEST(PositionResolution, EqualsTheBruteForceMinimumOverAllPairs) {
  const std::int64_t d = 4;
  const std::vector<double> bases = {10.0, 10000.0}, lengths = {50, 3, 400};
  for (std::int64_t min_offset : {1, 2, 20}) {
    std::vector<double> distance(6), at(6), bound(3);
    ASSERT_EQ(phasor::validate_position_resolution(4, bases.data(), 2, lengths.data(), 3,
                                                   static_cast<double>(min_offset)),
              "");
    phasor::position_resolution(d, bases.data(), 2, lengths.data(), 3, min_offset, distance.data(),
                                at.data(), bound.data());
    for (std::size_t b = 0; b < 2; ++b)
      for (std::size_t l = 0; l < 3; ++l) {
        const auto n = static_cast<int>(lengths[l]);
        double best = std::numeric_limits<double>::infinity();
        for (int p = 0; p < n; ++p)
          for (int q = p + static_cast<int>(min_offset); q < n; ++q) {
            const auto a = reference::row(p, d, bases[b]), c = reference::row(q, d, bases[b]);
            double sq = 0.0;
            for (int j = 0; j < d; ++j) sq += (a[j] - c[j]) * (a[j] - c[j]);
            best = std::min(best, std::sqrt(sq));
          }
        const double got = distance[b * 3 + l];
        if (std::isinf(best)) {
          EXPECT_TRUE(std::isnan(got));
        } else {
          EXPECT_NEAR(got, best, 1e-7) << "base " << bases[b] << " n " << n;
          // The reported offset attains the minimum.
          const auto a = reference::row(0, d, bases[b]), c = reference::row(at[b * 3 + l], d, bases[b]);
          double sq = 0.0;
          for (int j = 0; j < d; ++j) sq += (a[j] - c[j]) * (a[j] - c[j]);
          EXPECT_NEAR(std::sqrt(sq), best, 1e-7);
        }
      }
    EXPECT_NEAR(bound[0], 2.0 * 2.0 * (std::ldexp(1.0, -25) + 49.0 * std::ldexp(1.0, -51)), 1e-20);
  }
}

TEST(PositionResolution, ValidationNamesTheOption) {
  const std::vector<double> bases = {1.0}, lengths = {10};
  EXPECT_NE(phasor::validate_position_resolution(8, bases.data(), 1, lengths.data(), 1, 1)
                .find("bases[0] must be a finite number in (1, 1e+300]; got 1"),
            std::string::npos);
  const std::vector<double> ok = {100.0}, short_length = {1};
  EXPECT_NE(phasor::validate_position_resolution(8, ok.data(), 1, short_length.data(), 1, 1)
                .find("lengths[0] must be an integer in [2, 67108864]; got 1"),
            std::string::npos);
}

}  // namespace
