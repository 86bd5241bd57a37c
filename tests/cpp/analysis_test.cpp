#include "phasor/analysis.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "kernels.hpp"
#include "reference.hpp"

namespace {

double closed_form_dot(double k, std::int64_t d, double base) {
  double sum = 0.0;
  for (std::int64_t i = 0; i < d / 2; ++i) sum += std::cos(reference::omega(i, d, base) * k);
  return sum;
}

TEST(DotByOffset, EqualsTheClosedFormSumOfCosines) {
  const std::int64_t d = 512, max_offset = 4100;  // crosses anchor boundaries
  std::vector<double> dots(max_offset + 1);
  phasor::dot_by_offset(d, 10000.0, max_offset, dots.data());
  EXPECT_DOUBLE_EQ(dots[0], 256.0);
  for (std::int64_t k = 0; k <= max_offset; ++k)
    ASSERT_NEAR(dots[k], closed_form_dot(static_cast<double>(k), d, 10000.0), 1e-9) << k;
}

TEST(DotByOffset, DoesNotDependOnTheStartingPosition) {
  const std::int64_t d = 64;
  std::vector<double> dots(50);
  phasor::dot_by_offset(d, 10000.0, 49, dots.data());
  for (double p : {0.0, 17.0, 900.0})
    for (int k = 0; k < 50; k += 7) {
      const auto a = reference::row(p, d, 10000.0), b = reference::row(p + k, d, 10000.0);
      double dot = 0.0;
      for (std::int64_t j = 0; j < d; ++j) dot += a[j] * b[j];
      EXPECT_NEAR(dots[k], dot, 1e-10) << "p=" << p << " k=" << k;
    }
}

TEST(OffsetMatrix, L2DistanceMatchesTheDirectFloat64Distance) {
  const std::int64_t n = 70, d = 40;
  std::vector<float> m(n * n);
  phasor::offset_matrix(n, d, 10000.0, phasor::Metric::l2, m.data());
  for (std::int64_t p = 0; p < n; ++p)
    for (std::int64_t q = 0; q < n; ++q) {
      const auto a = reference::row(static_cast<double>(p), d, 10000.0);
      const auto b = reference::row(static_cast<double>(q), d, 10000.0);
      double sq = 0.0;
      for (std::int64_t j = 0; j < d; ++j) sq += (a[j] - b[j]) * (a[j] - b[j]);
      ASSERT_NEAR(m[p * n + q], std::sqrt(sq), 1e-6) << p << "," << q;
    }
}

TEST(OffsetMatrix, DotAndCosineAreToeplitzWithUnitCosineDiagonal) {
  const std::int64_t n = 33, d = 16;
  std::vector<float> dot(n * n), cosine(n * n);
  phasor::offset_matrix(n, d, 10000.0, phasor::Metric::dot, dot.data());
  phasor::offset_matrix(n, d, 10000.0, phasor::Metric::cosine, cosine.data());
  for (std::int64_t p = 0; p < n; ++p) {
    EXPECT_FLOAT_EQ(cosine[p * n + p], 1.0f);
    for (std::int64_t q = 0; q < n; ++q) {
      const double want = closed_form_dot(static_cast<double>(p - q), d, 10000.0);
      ASSERT_NEAR(dot[p * n + q], want, 2e-6);
      ASSERT_NEAR(cosine[p * n + q], want / 8.0, 2e-7);
    }
  }
}

std::vector<float> random_rows(std::int64_t n, std::int64_t d, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<float> x(n * d);
  for (auto& v : x) v = normal(rng);
  return x;
}

TEST(Pairwise, TinyAndHugeRowsKeepTheirCosineAndDistance) {
  // float32 squares of 1e-24 underflow and of 4e30 overflow; the rows are
  // rescaled by powers of two first, so the float64 answers survive.
  const std::vector<float> tiny = {1e-24f, 1e-24f, 1e-24f, 1e-24f, -1e-24f, -1e-24f, 0.0f, 0.0f};
  std::vector<float> out(16);
  ASSERT_TRUE(phasor::pairwise(tiny.data(), 4, 2, phasor::Metric::cosine, out.data()));
  EXPECT_EQ(out[1], 1.0f);
  EXPECT_EQ(out[2], -1.0f);
  EXPECT_EQ(out[3], 0.0f);  // against a zero row
  ASSERT_TRUE(phasor::pairwise(tiny.data(), 4, 2, phasor::Metric::l2, out.data()));
  EXPECT_EQ(out[3], static_cast<float>(std::hypot(static_cast<double>(tiny[0]), static_cast<double>(tiny[1]))));
  const std::vector<float> huge = {3e30f, 4e30f, 0.0f, 0.0f};
  ASSERT_TRUE(phasor::pairwise(huge.data(), 2, 2, phasor::Metric::l2, out.data()));
  EXPECT_NEAR(out[1] / std::hypot(3e30, 4e30), 1.0, 1e-6);
  // Products of 1e20s overflow float32; the dot product itself does not.
  const std::vector<float> cancel = {1e20f, -1e20f, 1e20f, 1e20f};
  ASSERT_TRUE(phasor::pairwise(cancel.data(), 2, 2, phasor::Metric::dot, out.data()));
  EXPECT_EQ(out[1], 0.0f);
  EXPECT_EQ(out[0], static_cast<float>(2.0 * 1e20f * 1e20f));
}

TEST(Pairwise, L2DotAndCosineMatchFloat64OnArbitraryRows) {
  // 150 rows: the lower triangle is mirrored from the upper one in tiles of
  // 64, so rows and columns cross tile edges.
  for (std::int64_t d : {1, 3, 4, 7, 8, 9, 33})
    for (const std::int64_t n : {std::int64_t{11}, std::int64_t{150}}) {
      const auto x = random_rows(n, d, static_cast<unsigned>(d));
      std::vector<float> l2(n * n), dot(n * n), cosine(n * n);
      phasor::pairwise(x.data(), n, d, phasor::Metric::l2, l2.data());
      phasor::pairwise(x.data(), n, d, phasor::Metric::dot, dot.data());
      phasor::pairwise(x.data(), n, d, phasor::Metric::cosine, cosine.data());
      for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j < n; ++j) {
          double sq = 0, xy = 0, xx = 0, yy = 0;
          for (std::int64_t t = 0; t < d; ++t) {
            const double a = x[i * d + t], b = x[j * d + t];
            sq += (a - b) * (a - b);
            xy += a * b;
            xx += a * a;
            yy += b * b;
          }
          ASSERT_NEAR(l2[i * n + j], std::sqrt(sq), 1e-5 * (1 + std::sqrt(sq))) << d;
          ASSERT_NEAR(dot[i * n + j], xy, 1e-5 * (1 + std::sqrt(xx * yy))) << d;
          ASSERT_NEAR(cosine[i * n + j], xy / std::sqrt(xx * yy), 1e-5) << d;
          ASSERT_EQ(l2[i * n + j], l2[j * n + i]) << d << " (" << i << ", " << j << ")";
          ASSERT_EQ(dot[i * n + j], dot[j * n + i]) << d << " (" << i << ", " << j << ")";
          ASSERT_EQ(cosine[i * n + j], cosine[j * n + i]) << d << " (" << i << ", " << j << ")";
        }
    }
}

TEST(Kernels, CosSumsSplitEvenAndOddPairsLikeTheTwoSimdLanes) {
  // Cosines whose sum depends on the order: even pairs 1e16, -1e16, 0.5 sum
  // to 0.5 and odd pairs 1, 1 to 2, so the two-lane order gives 2.5; left to
  // right, 1e16 + 1 rounds back to 1e16 and the sum is 1.5. Steps of angle 0
  // (sin 0, cos 1) keep the phasors as they are for the second row.
  double s[5] = {0, 0, 0, 0, 0}, c[5] = {1e16, 1, -1e16, 1, 0.5};
  const double ks[5] = {0, 0, 0, 0, 0}, kc[5] = {1, 1, 1, 1, 1};
  phasor::kernels::PhasorState st{s, c, ks, kc, 5};
  double scalar[2], simd[2];
  phasor::kernels::cos_sums__scalar(st, 2, scalar);
  EXPECT_EQ(scalar[0], 2.5);
  EXPECT_EQ(scalar[1], 2.5);
  phasor::kernels::cos_sums__wasmsimd(st, 2, simd);  // through SIMDe natively
  EXPECT_EQ(simd[0], 2.5);
  EXPECT_EQ(simd[1], 2.5);
}

TEST(Analysis, ValidationNamesEachParameter) {
  EXPECT_NE(phasor::validate_dot_by_offset(8, 10000, -1).find("maxOffset must be an integer"), std::string::npos);
  EXPECT_NE(phasor::validate_offset_matrix(100000, 8, 10000, 0).find("bytes, more than"), std::string::npos);
  EXPECT_NE(phasor::validate_offset_matrix(10, 8, 10000, 5).find("metric must be"), std::string::npos);
  EXPECT_NE(phasor::validate_pairwise(10, 0, 0).find("dim must be an integer"), std::string::npos);
  EXPECT_EQ(phasor::validate_pairwise(10, 3, 2), "");
}

}  // namespace
