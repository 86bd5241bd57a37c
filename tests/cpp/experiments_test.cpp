// The smaller experiments: seeded samples, embedding scale, position resolution.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "numpy_fixture.hpp"
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
  EXPECT_NEAR(mean, 0.0, 0.01);  // 4.5 standard errors
  EXPECT_NEAR(square, 1.0, 0.015);
  EXPECT_NEAR(fourth, 3.0, 0.1);  // the normal's kurtosis
}

TEST(NormalSamples, AreTheSpecifiedSplitMix64BoxMullerStream) {
  // random.hpp's stream as tests/fixtures/make_rope_fixtures.py computes it in Python.
  std::vector<float> a(11), b(7);
  phasor::normal_samples(42, 1, 1.0, 11, a.data());
  phasor::normal_samples(5, 0, 0.25, 7, b.data());
  EXPECT_EQ(a, numpy_fixture::kNormalSamples42);
  EXPECT_EQ(b, numpy_fixture::kNormalSamples5);
}

TEST(NormalSamples, FromFirstAreTheSameSamplesAsOneDrawOfTheWhole) {
  // Even and odd starts (an odd one begins with the sine of a Box-Muller pair),
  // lengths that end mid-pair, and a start far down the stream.
  const std::int64_t n = 101;
  std::vector<float> whole(n);
  phasor::normal_samples(42, 1, 0.5, n, whole.data());
  for (std::int64_t first : {0, 1, 2, 7, 50, 99, 100})
    for (std::int64_t count : {std::int64_t{0}, std::int64_t{1}, std::int64_t{2}, std::int64_t{3}, n - first}) {
      if (first + count > n) continue;
      std::vector<float> part(count);
      phasor::normal_samples(42, 1, 0.5, count, part.data(), static_cast<std::uint64_t>(first));
      EXPECT_TRUE(std::equal(part.begin(), part.end(), whole.begin() + first)) << first << " " << count;
    }
  const std::uint64_t far = (std::uint64_t{1} << 40) + 3;
  std::vector<float> far_whole(6), far_part(3);
  phasor::normal_samples(7, 2, 1.0, 3, far_part.data(), far);
  phasor::normal_samples(7, 2, 1.0, 6, far_whole.data(), far - 3);
  EXPECT_TRUE(std::equal(far_part.begin(), far_part.end(), far_whole.begin() + 3));
  EXPECT_NE(far_part[0], whole[3]);
}

TEST(NormalSamples, RefuseAFirstOutsideItsRange) {
  EXPECT_NE(phasor::validate_normal_samples(1, 0, 4, 1.0, "seed", "std", -2).find("first"), std::string::npos);
  EXPECT_NE(phasor::validate_normal_samples(1, 0, 4, 1.0, "seed", "std", 1.5).find("first"), std::string::npos);
  EXPECT_EQ(phasor::validate_normal_samples(1, 0, 4, 1.0, "seed", "std", 1e15), "");
}

TEST(NormalSamples, ScaleWithTheStandardDeviation) {
  std::vector<float> unit(11), scaled(11);
  phasor::normal_samples(5, 0, 1.0, 11, unit.data());
  phasor::normal_samples(5, 0, 0.25, 11, scaled.data());
  for (int i = 0; i < 11; ++i) EXPECT_EQ(scaled[i], static_cast<float>(0.25 * static_cast<double>(unit[i]))) << i;
}

TEST(NormalSamples, AreTheStandardNormalsScaledByStdAndRoundedOnce) {
  // standard_normals is the float64 stream before scaling: for any std,
  // normal_samples' float32 sample is float32(std * z), the one rounding.
  // Odd and even starts, and a start far down the stream.
  for (const std::uint64_t first :
       {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{6}, (std::uint64_t{1} << 40) + 3}) {
    const std::int64_t n = 257;
    std::vector<double> z(n);
    phasor::standard_normals(42, 3, n, z.data(), first);
    bool beyond_float32 = false;
    for (double v : z) beyond_float32 = beyond_float32 || v != static_cast<double>(static_cast<float>(v));
    EXPECT_TRUE(beyond_float32) << "the normals must be float64, not float32 widened";
    for (const double std_dev : {1.0, 0.25, 1.0 / std::sqrt(1000.0), 1.0 / std::sqrt(1022.0), 3e-30, 1e30}) {
      std::vector<float> samples(n);
      phasor::normal_samples(42, 3, std_dev, n, samples.data(), first);
      for (std::int64_t k = 0; k < n; ++k)
        ASSERT_EQ(samples[k], static_cast<float>(std_dev * z[k]))
            << "first " << first << ", std " << std_dev << ", k " << k;
    }
  }
  // The fixture's first samples, from the float64 normals.
  std::vector<double> z(11);
  phasor::standard_normals(42, 1, 11, z.data());
  for (int k = 0; k < 11; ++k) EXPECT_EQ(static_cast<float>(z[k]), numpy_fixture::kNormalSamples42[k]) << k;
}

TEST(EmbeddingScale, NormsFollowPythagorasForTokensOrthogonalToPe) {
  // Token p is t times PE(p) turned a quarter within each pair, (cos, -sin):
  // orthogonal to PE(p), of norm t sqrt(d/2). So, with |PE| = sqrt(d/2),
  //   |e| = t sqrt(d/2), |e + PE| = sqrt(1 + t^2) sqrt(d/2),
  //   |sqrt(d) e + PE| = sqrt(1 + d t^2) sqrt(d/2),
  // up to the tokens' float32 rounding (relative 6e-8).
  const std::int64_t d = 64, n = 40;
  const double offset = 100.0, t = 0.125, half = std::sqrt(32.0);
  std::vector<float> tokens(n * d);
  for (std::int64_t r = 0; r < n; ++r)
    for (std::int64_t i = 0; i < d / 2; ++i) {
      tokens[r * d + 2 * i] = static_cast<float>(t * reference::pe(offset + r, 2 * i + 1, d, 10000.0));
      tokens[r * d + 2 * i + 1] = static_cast<float>(-t * reference::pe(offset + r, 2 * i, d, 10000.0));
    }
  phasor::EmbeddingScaleSpec spec{d, n, offset, 10000.0};
  ASSERT_EQ(phasor::validate_embedding_scale(spec), "");
  std::vector<double> out(phasor::kEmbeddingNormCount * n);
  phasor::embedding_scale(spec, tokens.data(), out.data());
  for (std::int64_t r = 0; r < n; ++r) {
    EXPECT_NEAR(out[phasor::kPeNorm * n + r], half, 1e-14) << r;
    EXPECT_NEAR(out[phasor::kTokenNorm * n + r], t * half, 1e-7) << r;
    EXPECT_NEAR(out[phasor::kScaledTokenNorm * n + r], 8.0 * t * half, 1e-6) << r;
    EXPECT_NEAR(out[phasor::kSumNorm * n + r], std::sqrt(1.0 + t * t) * half, 1e-7) << r;
    EXPECT_NEAR(out[phasor::kScaledSumNorm * n + r], std::sqrt(1.0 + 64.0 * t * t) * half, 1e-6) << r;
  }
}

TEST(EmbeddingScale, PeDrownsATokenOfStd1OverSqrtDUnlessScaled) {
  const std::int64_t d = 64, n = 40;
  std::vector<float> tokens(n * d);
  phasor::normal_samples(1, 4, 1.0 / 8.0, n * d, tokens.data());
  phasor::EmbeddingScaleSpec spec{d, n, 100.0, 10000.0};
  std::vector<double> out(phasor::kEmbeddingNormCount * n);
  phasor::embedding_scale(spec, tokens.data(), out.data());
  for (std::int64_t r = 0; r < n; ++r) {
    // With std 1/sqrt(d), the token is about 1 and PE about 5.7: PE drowns it unless scaled.
    EXPECT_GT(out[phasor::kTokenNorm * n + r], 0.5);
    EXPECT_LT(out[phasor::kTokenNorm * n + r], 2.0);
    EXPECT_GT(out[phasor::kScaledTokenNorm * n + r], 4.0);
    // |e + PE| between |PE| - |e| and |PE| + |e| (triangle inequality).
    const double pe = out[phasor::kPeNorm * n + r], e = out[phasor::kTokenNorm * n + r];
    EXPECT_LE(out[phasor::kSumNorm * n + r], pe + e + 1e-12);
    EXPECT_GE(out[phasor::kSumNorm * n + r], pe - e - 1e-12);
  }
}

TEST(PositionResolution, EqualsTheBruteForceMinimumOverAllPairs) {
  const std::int64_t d = 4;
  const std::vector<double> bases = {10.0, 10000.0}, lengths = {50, 3, 400};
  for (std::int64_t min_offset : {1, 2, 20}) {
    std::vector<double> distance(6), at(6), bound(3);
    ASSERT_EQ(
        phasor::validate_position_resolution(4, bases.data(), 2, lengths.data(), 3, static_cast<double>(min_offset)),
        "");
    phasor::position_resolution(d, bases.data(), 2, lengths.data(), 3, min_offset, distance.data(), at.data(),
                                bound.data());
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

TEST(PositionResolution, CrossesThePhaseWalksChunksLikeTheBruteForce) {
  // Lengths past 1,024 offsets: the walk hands its sums over in chunks.
  const std::int64_t d = 6;
  const std::vector<double> bases = {3.0}, lengths = {2600, 1030, 1100};
  std::vector<double> distance(3), at(3), bound(3);
  ASSERT_EQ(phasor::validate_position_resolution(6, bases.data(), 1, lengths.data(), 3, 1), "");
  phasor::position_resolution(d, bases.data(), 1, lengths.data(), 3, 1, distance.data(), at.data(), bound.data());
  std::vector<std::vector<double>> table;
  for (int p = 0; p < 2600; ++p) table.push_back(reference::row(p, d, 3.0));
  for (std::size_t l = 0; l < 3; ++l) {
    const auto n = static_cast<int>(lengths[l]);
    double best = std::numeric_limits<double>::infinity();
    for (int p = 0; p < n; ++p)
      for (int q = p + 1; q < n; ++q) {
        double sq = 0.0;
        for (int j = 0; j < d; ++j) sq += (table[p][j] - table[q][j]) * (table[p][j] - table[q][j]);
        best = std::min(best, sq);
      }
    EXPECT_NEAR(distance[l], std::sqrt(best), 1e-7) << "n " << n;
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
