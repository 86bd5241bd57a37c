#include "phasor/frequencies.hpp"

#include <gtest/gtest.h>

#include <cmath>

TEST(Frequencies, FirstPairTurnsOneRadianPerPositionWithWavelengthTwoPi) {
  double omega[256], lambda[256];
  phasor::frequencies(512, 10000.0, omega);
  phasor::wavelengths(512, 10000.0, lambda);
  EXPECT_EQ(omega[0], 1.0);
  EXPECT_DOUBLE_EQ(lambda[0], 2.0 * M_PI);
}

TEST(Frequencies, LastWavelengthIsJustUnderTwoPiTimesBase) {
  double lambda[256];
  phasor::wavelengths(512, 10000.0, lambda);
  // 2*pi * 10000^(510/512)
  EXPECT_NEAR(lambda[255], 2.0 * M_PI * std::pow(10000.0, 510.0 / 512.0), 1e-9);
  EXPECT_LT(lambda[255], 2.0 * M_PI * 10000.0);
}

TEST(Frequencies, DecreaseGeometricallySoEarlyDimensionsOscillateFastest) {
  double omega[8];
  phasor::frequencies(16, 100.0, omega);
  const double ratio = std::pow(100.0, -2.0 / 16.0);
  for (int i = 1; i < 8; ++i) {
    EXPECT_LT(omega[i], omega[i - 1]);
    EXPECT_NEAR(omega[i] / omega[i - 1], ratio, 1e-15);
  }
}

TEST(Frequencies, Tensor2tensorSpacingEndsExactlyAtTwoPiTimesBase) {
  double lambda[8];
  phasor::wavelengths(16, 10000.0, lambda, phasor::Spacing::tensor2tensor);
  EXPECT_DOUBLE_EQ(lambda[0], 2.0 * M_PI);
  EXPECT_NEAR(lambda[7], 2.0 * M_PI * 10000.0, 1e-8);
  for (int i = 1; i < 8; ++i) EXPECT_NEAR(lambda[i] / lambda[i - 1], std::pow(10000.0, 1.0 / 7.0), 1e-12);
}

TEST(Frequencies, Tensor2tensorSpacingWithOnePairTurnsOneRadianPerPosition) {
  EXPECT_EQ(phasor::frequency(0, 2, 10000.0, phasor::Spacing::tensor2tensor), 1.0);
}
