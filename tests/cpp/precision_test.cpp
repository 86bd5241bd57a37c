// The error model's parts (phasor/precision.hpp) against closed forms: the
// storage types' rounding and spacing, storage detection, and each term of a
// value's bound at positions where it can be worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "phasor/precision.hpp"

namespace {

using phasor::PrecisionModel;
using phasor::Storage;
using phasor::TrigTerm;

TEST(Precision, Float16RoundsToElevenSignificantBitsTiesToEven) {
  EXPECT_EQ(phasor::round_to(Storage::float16, 1.0 / 3), 0.333251953125);  // 0x3555
  EXPECT_EQ(phasor::round_to(Storage::float16, 1 + 0x1p-11), 1.0);         // a tie: to the even neighbour
  EXPECT_EQ(phasor::round_to(Storage::float16, 1 + 3 * 0x1p-11), 1 + 0x1p-9);
  EXPECT_EQ(phasor::round_to(Storage::float16, 1e-7), 2 * 0x1p-24);  // subnormal: steps of 2^-24
  EXPECT_EQ(phasor::round_to(Storage::float16, -0.7), -0.7001953125);
  EXPECT_TRUE(std::isinf(phasor::round_to(Storage::float16, 65520.0)));
}

TEST(Precision, Bfloat16RoundsToEightSignificantBits) {
  EXPECT_EQ(phasor::round_to(Storage::bfloat16, 1.0 / 3), 0.333984375);               // 0x3EAB
  EXPECT_EQ(phasor::round_to(Storage::bfloat16, 1 + 0x1p-8), 1.0);                    // a tie: to the even neighbour
  EXPECT_EQ(phasor::round_to(Storage::bfloat16, 0x1p-100 * (1 + 0x1p-9)), 0x1p-100);  // float32's exponent range
  EXPECT_EQ(phasor::round_to(Storage::bfloat16, 300.7), 300.0);                       // 256..512 in steps of 2
}

TEST(Precision, HalfStepsAreHalfTheTypesSpacingAtTheValue) {
  EXPECT_EQ(phasor::half_step(Storage::float16, 0.7), 0x1p-12);
  EXPECT_EQ(phasor::half_step(Storage::bfloat16, 0.7), 0x1p-9);
  EXPECT_EQ(phasor::half_step(Storage::float32, 0.7), 0x1p-25);
  EXPECT_EQ(phasor::half_step(Storage::float16, 1e-6), 0x1p-25);  // subnormal float16
  EXPECT_EQ(phasor::half_step(Storage::float32, 1.0), 0x1p-24);
  EXPECT_EQ(phasor::float32_ulp(1.0), 0x1p-23);
  EXPECT_EQ(phasor::float32_ulp(0.0), 0x1p-149);
}

TEST(Precision, TheNarrowestStorageIsWhatEveryValueFitsIn) {
  std::vector<double> v = {0.0, 1.0, 0.5, -0.333984375, 0.84375, 0.75};
  // Three values other than 0 and powers of two say nothing: float32.
  EXPECT_EQ(phasor::narrowest_storage(v.data(), 6), Storage::float32);
  v.push_back(0.625);
  EXPECT_EQ(phasor::narrowest_storage(v.data(), 7), Storage::bfloat16);
  v.push_back(0.333251953125);
  EXPECT_EQ(phasor::narrowest_storage(v.data(), 8), Storage::float16);
  v.push_back(static_cast<float>(std::sin(1.0)));
  EXPECT_EQ(phasor::narrowest_storage(v.data(), 9), Storage::float32);
}

TEST(Precision, ExactArithmeticAllowsTheTwoRoundingsToFloat32) {
  const TrigTerm t{3.0, 1.0, 0.0, 0.0, 1.0, false};
  const auto b = phasor::value_bound(PrecisionModel{}, t);
  EXPECT_EQ(b.exact, std::sin(3.0));
  const double half = phasor::float32_ulp(std::sin(3.0)) / 2, phase = 3 * 0x1p-48 + 0x1p-40;
  EXPECT_DOUBLE_EQ(b.tolerance, half + phase);
  EXPECT_DOUBLE_EQ(b.bound, 2 * (half + phase));
  const auto h = phasor::value_bound(PrecisionModel{false, Storage::float16}, t);
  EXPECT_DOUBLE_EQ(h.tolerance, half + phase + phasor::half_step(Storage::float16, std::sin(3.0)));
}

TEST(Precision, Float32ArithmeticAtPositionZeroIsTheSinesUlpsOnly) {
  // w32 = w: no frequency error; p = 0: the angle is 0 exactly, cos 0 = 1.
  const TrigTerm t{0.0, 1.0, 1.0, 0.0, 1.0, true};
  const auto b = phasor::value_bound(PrecisionModel{true, Storage::float32}, t);
  EXPECT_EQ(b.model, 1.0);
  EXPECT_DOUBLE_EQ(b.tolerance, phasor::kTrigUlps * 0x1p-23 + 0x1p-50);
}

TEST(Precision, Float32AngleRoundingGrowsWithThePosition) {
  // p = 5000, w = w32 = 1: the angle 5000 is exact; p = 5000.3 rounds p to float32.
  const PrecisionModel f32{true, Storage::float32};
  const auto at = [&](double p, double w, double w32) {
    return phasor::value_bound(f32, TrigTerm{p, w, w32, 0.0, 1.0, false});
  };
  const double w = 0.1;
  const double w32 = static_cast<float>(w);
  const auto b = at(5000, w, w32);
  // The known frequency error times p, half an ulp of the angle (500, binade 2^8), the sine and both roundings.
  const double angle = 5000 * std::fabs(w32 - w) + 0x1p-16;
  EXPECT_NEAR(b.bound - b.tolerance, angle + phasor::float32_ulp(b.exact) / 2 + 500 * 0x1p-48 + 0x1p-40, 1e-15);
  EXPECT_EQ(b.model, std::sin(static_cast<double>(static_cast<float>(5000 * w32))));
  // Not reproduced: the assumed frequency error instead, and no model.
  const auto g = phasor::value_bound(f32, TrigTerm{5000, w, NAN, phasor::float32_frequency_error(w, 1.0), 1.0, false});
  EXPECT_TRUE(std::isnan(g.model));
  EXPECT_TRUE(std::isinf(g.tolerance));
  EXPECT_GT(g.bound, 5000 * w * 0x1p-23 * (2 * std::log(10.0) + 4));
}

TEST(Precision, StorageWidensTheToleranceByItsHalfStep) {
  const TrigTerm t{7.0, 0.25, 0.25, 0.0, 1.0, false};
  const auto f = phasor::value_bound(PrecisionModel{true, Storage::float32}, t);
  const auto h = phasor::value_bound(PrecisionModel{true, Storage::float16}, t);
  const auto bf = phasor::value_bound(PrecisionModel{true, Storage::bfloat16}, t);
  // sin(7 * 0.25) = 0.98: float16 steps 2^-11 there, bfloat16 2^-8.
  EXPECT_NEAR(h.tolerance - f.tolerance, 0x1p-12, 1e-18);
  EXPECT_NEAR(bf.tolerance - f.tolerance, 0x1p-9, 1e-18);
}

TEST(Precision, PrecisionNamesFollowStorageThenArithmetic) {
  EXPECT_EQ(phasor::precision_of({false, Storage::float32}), phasor::Precision::exact);
  EXPECT_EQ(phasor::precision_of({true, Storage::float32}), phasor::Precision::float32);
  EXPECT_EQ(phasor::precision_of({false, Storage::float16}), phasor::Precision::float16);
  EXPECT_EQ(phasor::precision_of({true, Storage::bfloat16}), phasor::Precision::bfloat16);
}

}  // namespace
