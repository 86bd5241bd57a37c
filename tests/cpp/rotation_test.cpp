#include "phasor/rotation.hpp"

#include <gtest/gtest.h>

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
        if (r % 2 == 0) want = c % 2 == 0 ? std::cos(a) : std::sin(a);
        else want = c % 2 == 0 ? -std::sin(a) : std::cos(a);
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
          const double x = layout == phasor::Layout::split ? reference::pe_split(p, c, d, 10000.0)
                                                           : reference::pe(p, c, d, 10000.0);
          acc += m[r * d + c] * x;
        }
        const double want = layout == phasor::Layout::split
                                 ? reference::pe_split(p + k, r, d, 10000.0)
                                 : reference::pe(p + k, r, d, 10000.0);
        ASSERT_NEAR(acc, want, 2e-7) << "p=" << p << " r=" << r;
      }
    }
  }
}

TEST(RotationMaxError, IsFloat32RoundingOnlyOverTwoThousandPositions) {
  phasor::EncodingSpec spec{2048, 512, 10000.0, 0.0, phasor::Layout::interleaved};
  ASSERT_EQ(phasor::validate_rotation(spec, 5.0), "");
  const double err = phasor::rotation_max_error(spec, 5.0);
  EXPECT_GT(err, 0.0);  // float32 tables are not exact...
  EXPECT_LT(err, 3e-7);  // ...but only by their rounding
}

TEST(RotationMaxError, DetectsAWrongShift) {
  // The check must be able to fail: M_5 applied to PE(p) is not PE(p + 6).
  phasor::EncodingSpec spec{64, 16, 10000.0, 0.0, phasor::Layout::interleaved};
  const double honest = phasor::rotation_max_error(spec, 5.0);
  std::vector<float> m(16 * 16);
  phasor::rotation_matrix(16, 10000.0, 5.0, phasor::Layout::interleaved, m.data());
  double worst = 0.0;
  for (int p = 0; p < 64; ++p)
    for (int r = 0; r < 16; ++r) {
      double acc = 0.0;
      for (int c = 0; c < 16; ++c) acc += m[r * 16 + c] * reference::pe(p, c, 16, 10000.0);
      worst = std::max(worst, std::fabs(acc - reference::pe(p + 6, r, 16, 10000.0)));
    }
  EXPECT_LT(honest, 1e-6);
  EXPECT_GT(worst, 0.1);
}

TEST(RotationValidation, RejectsNonFiniteK) {
  phasor::EncodingSpec spec{10, 8, 10000.0, 0.0, phasor::Layout::interleaved};
  EXPECT_NE(phasor::validate_rotation(spec, NAN).find("k must be a finite number"),
            std::string::npos);
}

}  // namespace
