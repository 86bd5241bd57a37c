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

// The angle of pair i of PE(p) on its circle, from sin and cos of the phase in
// long double: where atan2 of the drawn point puts it, independent of any
// reduction of the phase.
long double circle_angle(std::int64_t i, std::int64_t d, double base, double p) {
  const long double phase = static_cast<long double>(p) / std::pow(static_cast<long double>(base), 2.0L * i / d);
  return std::atan2(std::sin(phase), std::cos(phase));
}

TEST(PairTurn, AngleIsWherePairIOfPeOfPSitsOnItsCircle) {
  const std::int64_t d = 64;
  for (std::int64_t i : {0, 1, 5, 31})
    for (double p : {0.0, 1.0, 10.0, -3.0, 100000.0, 2147483647.0, -2147483648.0}) {
      const auto t = phasor::pair_turn(d, 10000.0, phasor::Spacing::paper, i, p, 3.0);
      // float64 phase: |omega p| 2^-52 from the product, and as much again from 2 pi.
      const double phase = std::abs(p * reference::omega(i, d, 10000.0));
      const double bound = phase * 5e-16 + 1e-15;
      const long double want = circle_angle(i, d, 10000.0, p);
      // [-pi, pi] and (-pi, pi] meet at the same point of the circle.
      const long double apart =
          std::remainder(static_cast<long double>(t.angle) - want, 2.0L * 3.14159265358979323846L);
      EXPECT_LE(std::abs(static_cast<double>(apart)), bound) << "pair " << i << " p " << p;
      EXPECT_LE(std::abs(t.angle), 3.141592653589794);
    }
}

TEST(PairTurn, TurnIsOmegaTimesKAndSweepItsRemainderOfWholeTurns) {
  const std::int64_t d = 16;
  const double tau = 6.283185307179586;
  for (std::int64_t i : {0, 3, 7})
    for (double k : {3.0, -3.0, 10.0, 1000.0, -123456.0, 0.25}) {
      const auto t = phasor::pair_turn(d, 100.0, phasor::Spacing::paper, i, 0.0, k);
      EXPECT_DOUBLE_EQ(t.turn, reference::omega(i, d, 100.0) * k);
      EXPECT_LT(std::abs(t.sweep), tau);
      EXPECT_TRUE(t.sweep == 0 || (t.sweep > 0) == (t.turn > 0)) << "the sweep keeps the turn's direction";
      const double whole = (t.turn - t.sweep) / tau;
      EXPECT_NEAR(whole, std::round(whole), 1e-9) << "turn − sweep is whole turns";
      EXPECT_EQ(std::abs(whole) < 0.5, std::abs(t.turn) < tau) << "under one turn, the sweep is the turn";
    }
  const auto none = phasor::pair_turn(16, 100.0, phasor::Spacing::paper, 0, 5.0, 0.0);
  EXPECT_EQ(none.turn, 0.0);
  EXPECT_EQ(none.sweep, 0.0);
}

TEST(PairTurn, FollowsTheSpacing) {
  const auto paper = phasor::pair_turn(16, 10000.0, phasor::Spacing::paper, 7, 0.0, 1.0);
  const auto t2t = phasor::pair_turn(16, 10000.0, phasor::Spacing::tensor2tensor, 7, 0.0, 1.0);
  EXPECT_DOUBLE_EQ(paper.turn, reference::omega(7, 16, 10000.0));
  EXPECT_DOUBLE_EQ(t2t.turn, 1.0 / 10000.0);  // tensor2tensor: the last pair at 1/base
}

TEST(ValidatePairTurn, RefusesPairsPastTheWidthAndPositionsPastTheLimit) {
  EXPECT_EQ(phasor::validate_pair_turn(64, 31, 10, 3), "");
  EXPECT_NE(phasor::validate_pair_turn(64, 32, 10, 3).find("pair"), std::string::npos);
  EXPECT_NE(phasor::validate_pair_turn(64, 1.5, 10, 3).find("pair"), std::string::npos);
  EXPECT_NE(phasor::validate_pair_turn(64, 0, 4294967296.0, 3).find("p"), std::string::npos);
  EXPECT_NE(phasor::validate_pair_turn(64, 0, 0, NAN).find("k"), std::string::npos);
  EXPECT_NE(phasor::validate_pair_turn(7, 0, 0, 0).find("dModel"), std::string::npos);
}

}  // namespace
