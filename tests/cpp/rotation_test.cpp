#include "phasor/rotation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "reference.hpp"

namespace {

TEST(RotationMatrix, IsBlockDiagonalWithTheSeedsTwoByTwoBlocks) {
  const std::int64_t d = 6;
  const double k = 5.0;
  std::vector<float> m(d * d);
  phasor::rotation_matrix(d, 10000.0, k, phasor::Layout::interleaved, m.data());
  for (std::int64_t r = 0; r < d; ++r)
    for (std::int64_t c = 0; c < d; ++c) {
      const std::int64_t i = r / 2;
      const double a = reference::omega(i, d, 10000.0) * k;
      double want = 0.0;
      if (c / 2 == i) {
        if (r % 2 == 0)
          want = c % 2 == 0 ? std::cos(a) : std::sin(a);
        else
          want = c % 2 == 0 ? -std::sin(a) : std::cos(a);
      }
      EXPECT_NEAR(m[r * d + c], want, 6e-8) << r << "," << c;
    }
}

TEST(RotationMatrix, MapsPeOfPToPeOfPPlusKForEveryP) {
  for (auto layout : {phasor::Layout::interleaved, phasor::Layout::split}) {
    const std::int64_t d = 32;
    const double k = 7.0;
    std::vector<float> m(d * d);
    phasor::rotation_matrix(d, 10000.0, k, layout, m.data());
    for (double p : {0.0, 3.0, 1000.0, 40000.0}) {
      for (std::int64_t r = 0; r < d; ++r) {
        double acc = 0.0;
        for (std::int64_t c = 0; c < d; ++c) {
          const double x =
              layout == phasor::Layout::split ? reference::pe_split(p, c, d, 10000.0) : reference::pe(p, c, d, 10000.0);
          acc += m[r * d + c] * x;
        }
        const double want = layout == phasor::Layout::split ? reference::pe_split(p + k, r, d, 10000.0)
                                                            : reference::pe(p + k, r, d, 10000.0);
        ASSERT_NEAR(acc, want, 2e-7) << "p=" << p << " r=" << r;
      }
    }
  }
}

// max over p and every slot of |M_k PE(p) - PE(p + shift)| from what the API
// hands a user: the dense matrix of rotation_matrix and the tables of encode,
// multiplied out in float64 (no use of M_k's block structure, no chunks).
double dense_max_error(const phasor::EncodingSpec& spec, double k, double shift) {
  const std::int64_t d = spec.d_model;
  std::vector<float> m(static_cast<std::size_t>(d * d));
  phasor::rotation_matrix(d, spec.base, k, spec.layout, m.data(), spec.spacing);
  phasor::EncodingSpec shifted = spec;
  shifted.offset += shift;
  std::vector<float> x(static_cast<std::size_t>(spec.positions * d)), y(x.size());
  phasor::encode(spec, x.data());
  phasor::encode(shifted, y.data());
  double worst = 0.0;
  for (std::int64_t p = 0; p < spec.positions; ++p)
    for (std::int64_t r = 0; r < d; ++r) {
      double acc = 0.0;
      for (std::int64_t c = 0; c < d; ++c) acc += static_cast<double>(m[r * d + c]) * x[p * d + c];
      worst = std::max(worst, std::fabs(acc - y[p * d + r]));
    }
  return worst;
}

TEST(RotationMaxError, IsTheFloat32RoundingOfTheMatrixAndTablesAUserHolds) {
  // 2100 positions at d = 128 cross the check's chunk of 2^18 / d = 2048 rows.
  for (auto layout : {phasor::Layout::interleaved, phasor::Layout::split})
    for (auto spacing : {phasor::Spacing::paper, phasor::Spacing::tensor2tensor}) {
      const phasor::EncodingSpec spec{2100, 128, 10000.0, -37.5, layout, spacing};
      ASSERT_EQ(phasor::validate_rotation(spec, 5.0), "");
      const double err = phasor::rotation_max_error(spec, 5.0);
      EXPECT_NEAR(err, dense_max_error(spec, 5.0, 5.0), 1e-12);
      EXPECT_GT(err, 0.0);   // float32 tables are not exact...
      EXPECT_LT(err, 3e-7);  // ...but only by their rounding
    }
}

TEST(RotationMaxError, IsExactlyZeroForTheZeroShift) {
  // M_0 is the identity in float32 too, and PE(p) meets itself.
  const phasor::EncodingSpec spec{300, 24, 100.0, 11.0, phasor::Layout::split};
  EXPECT_EQ(phasor::rotation_max_error(spec, 0.0), 0.0);
}

TEST(RotationMaxError, DetectsAWrongShift) {
  // M_5 PE(p) is PE(p + 5), so against PE(p + 6) the check reports
  // max |PE(p + 5) - PE(p + 6)| over p < 64 and every slot: here from the
  // float64 formula, the check's float32 rounding apart.
  const phasor::EncodingSpec spec{64, 16, 10000.0, 0.0, phasor::Layout::interleaved};
  double want = 0.0;
  for (int p = 0; p < 64; ++p)
    for (int j = 0; j < 16; ++j)
      want = std::max(want, std::fabs(reference::pe(p + 5, j, 16, 10000.0) - reference::pe(p + 6, j, 16, 10000.0)));
  ASSERT_GT(want, 0.9);  // pair 0 turns a radian: up to 2 sin(1/2) = 0.96 apart
  EXPECT_NEAR(phasor::rotation_max_error(spec, 5.0, 6.0), want, 3e-7);
  EXPECT_LT(phasor::rotation_max_error(spec, 5.0, 5.0), 3e-7);
  // And a slow pair alone (d = 2 at base 10000 has pair 0 only: 1 rad per position).
  const phasor::EncodingSpec one_pair{64, 2, 10000.0, 0.0, phasor::Layout::interleaved};
  double one = 0.0;
  for (int p = 0; p < 64; ++p)
    for (int j = 0; j < 2; ++j)
      one = std::max(one, std::fabs(reference::pe(p + 3, j, 2, 10000.0) - reference::pe(p + 3.25, j, 2, 10000.0)));
  EXPECT_NEAR(phasor::rotation_max_error(one_pair, 3.0, 3.25), one, 3e-7);
  EXPECT_LT(one, 2.0 * std::sin(0.125) + 1e-12);  // two points a quarter radian apart on the unit circle
}

TEST(RotationValidation, RejectsNonFiniteK) {
  phasor::EncodingSpec spec{10, 8, 10000.0, 0.0, phasor::Layout::interleaved};
  EXPECT_NE(phasor::validate_rotation(spec, NAN).find("k must be a finite number"), std::string::npos);
}

}  // namespace
