// The rotation chart's pieces against the full matrix and the float64 formula.
#include "phasor/rotation_view.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "phasor/rotation.hpp"
#include "reference.hpp"

namespace {

TEST(RotationWindow, IsTheSameWindowOfTheFullMatrix) {
  for (auto layout : {phasor::Layout::interleaved, phasor::Layout::split}) {
    const std::int64_t d = 40;
    std::vector<float> full(d * d);
    phasor::rotation_matrix(d, 10000.0, 7.5, layout, full.data());
    for (std::int64_t row0 : {0, 6, 27})
      for (std::int64_t col0 : {0, 6, 30}) {
        const std::int64_t rows = std::min<std::int64_t>(12, d - row0), cols = std::min<std::int64_t>(10, d - col0);
        std::vector<float> w(rows * cols, 99.0f);
        phasor::rotation_window(d, 10000.0, 7.5, layout, phasor::Spacing::paper, row0, col0, rows, cols, w.data());
        for (std::int64_t r = 0; r < rows; ++r)
          for (std::int64_t c = 0; c < cols; ++c)
            ASSERT_EQ(w[r * cols + c], full[(row0 + r) * d + col0 + c]) << row0 << "," << col0 << " " << r << "," << c;
      }
  }
}

TEST(RotateEncoding, IsMkTimesPeOfPAndLandsOnPeOfPPlusK) {
  for (auto layout : {phasor::Layout::interleaved, phasor::Layout::split}) {
    const std::int64_t d = 64;
    const double k = 3.0;
    for (double p : {0.0, 10.0, 100000.0, -2147480000.0}) {
      phasor::EncodingSpec spec;
      spec.positions = 1;
      spec.d_model = d;
      spec.offset = p;
      spec.layout = layout;
      std::vector<double> got(d);
      phasor::rotate_encoding(spec, k, got.data());
      std::vector<float> m(d * d), pe(d);
      phasor::rotation_matrix(d, 10000.0, k, layout, m.data());
      phasor::encode(spec, pe.data());
      double worst = 0.0;
      for (std::int64_t r = 0; r < d; ++r) {
        double acc = 0.0;
        for (std::int64_t c = 0; c < d; ++c) acc += static_cast<double>(m[r * d + c]) * pe[c];
        ASSERT_NEAR(got[r], acc, 1e-15) << r;
        const double want = layout == phasor::Layout::split ? reference::pe_split(p + k, r, d, 10000.0)
                                                            : reference::pe(p + k, r, d, 10000.0);
        ASSERT_NEAR(got[r], want, 2e-7 + std::fabs(p) * 5e-16) << "p=" << p << " r=" << r;
        EXPECT_TRUE(std::isfinite(got[r]));
        worst = std::max(worst, std::fabs(got[r] - [&] {
                           phasor::EncodingSpec shifted = spec;
                           shifted.offset = p + k;
                           std::vector<float> q(d);
                           phasor::encode(shifted, q.data());
                           return static_cast<double>(q[r]);
                         }()));
      }
      // The error at p is rotation_max_error over the one position p.
      EXPECT_EQ(worst, phasor::rotation_max_error(spec, k)) << "p=" << p;
    }
  }
}

TEST(ValidateRotationWindow, RefusesWindowsOutsideTheMatrix) {
  EXPECT_EQ(phasor::validate_rotation_window(64, 0, 0, 12, 12), "");
  EXPECT_NE(phasor::validate_rotation_window(64, 60, 0, 12, 12).find("rows"), std::string::npos);
  EXPECT_NE(phasor::validate_rotation_window(64, 0, 64, 1, 1).find("col0"), std::string::npos);
  EXPECT_NE(phasor::validate_rotation_window(7, 0, 0, 1, 1).find("dModel"), std::string::npos);
}

}  // namespace
