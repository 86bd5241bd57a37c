// The RoPE options of issue 9 against closed forms: longrope's factors and
// attention factor and its switch at the original length, YaRN's mscale pair,
// partial rotary (which dims turn, the exponent's width, the rest untouched),
// and dynamic NTK's "no change" until a call runs past L.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "phasor/rope.hpp"
#include "phasor/rope_scaling.hpp"

namespace {

using phasor::Pairing;
using phasor::RopeDims;
using phasor::RopeScaling;
using phasor::RopeScalingType;
using phasor::RopeSpec;

std::vector<double> frequencies(std::int64_t dim, double theta, const RopeScaling& s, double* attention = nullptr) {
  std::vector<double> w(static_cast<std::size_t>(dim / 2));
  const double a = phasor::rope_frequencies(dim, theta, s, w.data());
  if (attention != nullptr) *attention = a;
  return w;
}

RopeScaling longrope(double factor, double length, std::vector<double> short_factor, std::vector<double> long_factor) {
  RopeScaling s;
  s.type = RopeScalingType::longrope;
  s.factor = factor;
  s.original_length = length;
  s.short_factor = std::move(short_factor);
  s.long_factor = std::move(long_factor);
  return s;
}

TEST(Longrope, DividesEachPairByItsFactorAndScalesBySqrtOfOnePlusLnFactorOverLnL) {
  auto s = longrope(32.0, 4096.0, {1.0, 1.5, 2.0, 3.0}, {2.0, 4.0, 8.0, 16.0});
  double attention = 0.0;
  auto w = frequencies(8, 500.0, s, &attention);
  EXPECT_DOUBLE_EQ(attention, std::sqrt(1.0 + std::log(32.0) / std::log(4096.0)));  // Phi-3: 1.19024
  const double shorts[] = {1.0, 1.5, 2.0, 3.0};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(w[i] * shorts[i] / std::pow(500.0, -i / 4.0), 1.0, 1e-15) << i;
  s.factor = 1.0;  // no extension: cos and sin as they are
  frequencies(8, 500.0, s, &attention);
  EXPECT_EQ(attention, 1.0);
  s.attention_factor = 0.75;
  frequencies(8, 500.0, s, &attention);
  EXPECT_EQ(attention, 0.75);
}

TEST(Longrope, SwitchesToTheLongFactorsOnlyPastTheOriginalLength) {
  auto s = longrope(2.0, 64.0, {1.0, 1.0}, {4.0, 8.0});
  const auto base = frequencies(4, 100.0, RopeScaling{});
  for (double seq : {0.0, 1.0, 63.0, 64.0}) {  // not given, or at most L: short
    s.sequence_length = seq;
    EXPECT_EQ(frequencies(4, 100.0, s), base) << seq;
  }
  s.sequence_length = 65.0;
  const auto w = frequencies(4, 100.0, s);
  EXPECT_DOUBLE_EQ(w[0], base[0] / 4.0);
  EXPECT_DOUBLE_EQ(w[1], base[1] / 8.0);
}

TEST(Longrope, FactorsAreReadAsFloat32LikeTransformersTensors) {
  auto s = longrope(2.0, 64.0, {1.1, 1.3000000000000003}, {1.0, 1.0});
  const auto w = frequencies(4, 100.0, s);
  EXPECT_EQ(w[0], 1.0 / static_cast<double>(static_cast<float>(1.1)));
  EXPECT_NE(w[0], 1.0 / 1.1);
}

TEST(Longrope, RopeUsesTheLongFactorsForEveryRowOfACallPastL) {
  RopeSpec spec;
  spec.count = 2;
  spec.dim = 4;
  spec.theta = 100.0;
  spec.scaling = longrope(2.0, 64.0, {1.0, 1.0}, {4.0, 8.0});
  const std::vector<float> rows = {1, 0, 0, 0, 1, 0, 0, 0};
  std::vector<float> out(8);
  const double at_edge[] = {1.0, 63.0};  // max + 1 = 64: short factors
  ASSERT_EQ(phasor::validate_rope(spec, at_edge), "");
  phasor::rope(spec, rows.data(), at_edge, out.data());
  const double attention = std::sqrt(1.0 + std::log(2.0) / std::log(64.0));
  EXPECT_FLOAT_EQ(out[0], static_cast<float>(std::cos(1.0) * attention));
  const double past[] = {1.0, 64.0};  // max + 1 = 65: long, position 1 included
  phasor::rope(spec, rows.data(), past, out.data());
  EXPECT_FLOAT_EQ(out[0], static_cast<float>(std::cos(1.0 / 4.0) * attention));
}

TEST(Longrope, RefusesFactorListsOfTheWrongLengthNamingTheWidth) {
  auto s = longrope(2.0, 64.0, {1.0, 1.0, 1.0}, {1.0, 1.0, 1.0, 1.0});
  EXPECT_EQ(phasor::validate_rope_scaling(s, 8, "rotaryDim"),
            "scaling.shortFactor must hold rotaryDim/2 = 4 values (one per pair); got 3");
  s.short_factor.push_back(0.0);
  EXPECT_EQ(phasor::validate_rope_scaling(s, 8),
            "scaling.shortFactor[3] must be a finite number in [1e-6, 1000000]; got 0");
}

TEST(YarnMscale, BothSetGiveTheirRatioDeepSeekV3GetsExactlyOne) {
  RopeScaling s;
  s.type = RopeScalingType::yarn;
  s.factor = 40.0;
  s.original_length = 4096.0;
  double attention = 0.0;
  frequencies(64, 10000.0, s, &attention);
  EXPECT_DOUBLE_EQ(attention, 0.1 * std::log(40.0) + 1.0);  // 1.36889, the default without mscale
  s.mscale = 1.0;
  s.mscale_all_dim = 1.0;
  frequencies(64, 10000.0, s, &attention);
  EXPECT_EQ(attention, 1.0);
  s.mscale = 0.707;
  frequencies(64, 10000.0, s, &attention);
  EXPECT_DOUBLE_EQ(attention, (0.0707 * std::log(40.0) + 1.0) / (0.1 * std::log(40.0) + 1.0));
  s.mscale_all_dim = 0.0;  // transformers needs both (truthy): mscale alone is ignored
  frequencies(64, 10000.0, s, &attention);
  EXPECT_DOUBLE_EQ(attention, 0.1 * std::log(40.0) + 1.0);
  s.mscale_all_dim = 1.0;
  s.attention_factor = 1.5;  // an explicit attention factor wins
  frequencies(64, 10000.0, s, &attention);
  EXPECT_EQ(attention, 1.5);
}

TEST(DynamicNtk, WithoutASequenceLengthNothingChangesAsInTransformers) {
  RopeScaling s;
  s.type = RopeScalingType::dynamic_ntk;
  s.factor = 4.0;
  s.original_length = 4096.0;
  EXPECT_EQ(frequencies(64, 10000.0, s), frequencies(64, 10000.0, RopeScaling{}));
  // rope() runs at max(positions) + 1: 8192 gives theta * (4 * 2 - 3)^(64/62).
  RopeSpec spec;
  spec.count = 1;
  spec.dim = 64;
  spec.scaling = s;
  std::vector<float> row(64, 0.0f);
  row[63] = 0.0f;
  row[31] = 1.0f;  // the slowest pair's first slot (half pairing)
  std::vector<float> out(64);
  const double position = 8191.0;
  phasor::rope(spec, row.data(), &position, out.data());
  const double omega = std::pow(10000.0 * std::pow(5.0, 64.0 / 62.0), -62.0 / 64.0);
  EXPECT_FLOAT_EQ(out[31], static_cast<float>(std::cos(position * omega)));
  EXPECT_FLOAT_EQ(out[63], static_cast<float>(std::sin(position * omega)));
}

TEST(RotaryDim, TurnsOnlyTheRotarySliceWithItsOwnExponentAndPassesTheRestThrough) {
  for (RopeDims where : {RopeDims::first, RopeDims::last}) {
    for (Pairing pairing : {Pairing::half, Pairing::adjacent}) {
      RopeSpec spec;
      spec.count = 1;
      spec.dim = 10;
      spec.rotary_dim = 4;
      spec.rope_dims = where;
      spec.pairing = pairing;
      spec.table_layout = pairing;
      ASSERT_EQ(phasor::validate_rope(spec, std::vector<double>{0.0}.data()), "");
      const std::vector<float> row = {1.5f, -2.f, 3.25f, 0.5f, 7.f, -1.f, 0.125f, 9.f, -4.f, 2.f};
      std::vector<float> out(10);
      const double position = 3.0;
      phasor::rope(spec, row.data(), &position, out.data());
      const int at = where == RopeDims::first ? 0 : 6;
      for (int j = 0; j < 10; ++j)
        if (j < at || j >= at + 4) EXPECT_EQ(out[j], row[j]) << j;  // bit for bit
      // Pair 1 turns by 3 * 10000^(-2/4) = 0.03 (rotaryDim in the exponent, not dim).
      const int a = at + (pairing == Pairing::adjacent ? 2 : 1);
      const int b = at + (pairing == Pairing::adjacent ? 3 : 3);
      const double angle = 3.0 * std::pow(10000.0, -0.5);
      EXPECT_FLOAT_EQ(out[a], static_cast<float>(row[a] * std::cos(angle) - row[b] * std::sin(angle)));
      EXPECT_FLOAT_EQ(out[b], static_cast<float>(row[a] * std::sin(angle) + row[b] * std::cos(angle)));
    }
  }
}

TEST(RotaryDim, RefusesOddOrWiderThanTheRow) {
  EXPECT_EQ(phasor::check_rotary_dim(3, 8), "rotaryDim must be even (it rotates pairs); got 3");
  EXPECT_EQ(phasor::check_rotary_dim(10, 8), "rotaryDim must be an integer in [2, 8]; got 10");
  // 0 or -0 is refused, not read as "the whole row" (issue 32 item 9): the bindings pass dim when not given.
  EXPECT_EQ(phasor::check_rotary_dim(0, 8), "rotaryDim must be an integer in [2, 8]; got 0");
  EXPECT_EQ(phasor::check_rotary_dim(-0.0, 8), "rotaryDim must be an integer in [2, 8]; got 0");
  EXPECT_EQ(phasor::check_rotary_dim(8, 8), "");
}

}  // namespace

// DeepSeek in transformers (apply_rotary_pos_emb_interleave): pairs (2i, 2i+1)
// in, the turned slice out as its evens then its odds.
TEST(OutputPairing, AdjacentPairsWrittenInTheHalfLayoutAreTheSameValuesPermuted) {
  RopeSpec spec;
  spec.count = 1;
  spec.dim = 8;
  spec.rotary_dim = 4;
  spec.rope_dims = RopeDims::last;
  spec.theta = 100.0;
  spec.pairing = Pairing::adjacent;
  spec.table_layout = Pairing::adjacent;
  const std::vector<float> rows = {9, 8, 7, 6, 1, 2, 3, 4};
  const double position = 3.0;
  std::vector<float> same(8), half(8);
  phasor::rope(spec, rows.data(), &position, same.data());
  spec.output_pairing = Pairing::half;
  phasor::rope(spec, rows.data(), &position, half.data());
  for (int j = 0; j < 4; ++j) EXPECT_EQ(half[j], rows[j]) << j;  // the pass-through slice
  // half slot i <- adjacent 2i, half slot 2 + i <- adjacent 2i + 1
  EXPECT_EQ(half[4], same[4]);
  EXPECT_EQ(half[5], same[6]);
  EXPECT_EQ(half[6], same[5]);
  EXPECT_EQ(half[7], same[7]);
  EXPECT_NE(same[5], same[6]);
}

TEST(Proportional, TurnsTheFirstPartialShareOfThePairsAtTheWholeWidthsExponentAndStopsTheRest) {
  RopeScaling s;
  s.type = RopeScalingType::proportional;
  s.partial_rotary_factor = 0.25;
  s.factor = 4.0;
  std::vector<double> w(256);
  EXPECT_EQ(phasor::rope_frequencies(512, 1e6, s, w.data()), 1.0);
  for (int i = 0; i < 256; ++i) {
    if (i < 64)
      EXPECT_NEAR(w[i] * 4.0 / std::pow(1e6, -2.0 * i / 512.0), 1.0, 1e-15) << i;
    else
      EXPECT_EQ(w[i], 0.0) << i;
  }
  EXPECT_EQ(phasor::proportional_pairs(10, 0.3), 1);  // 3.0000000000000004 / 2, floored
  EXPECT_EQ(phasor::proportional_pairs(512, 1.0), 256);
}

TEST(Mrope, EachPairTakesItsAxisInOrderOrInterleaved) {
  RopeSpec spec;
  spec.mrope = true;
  spec.mrope_sections = {16, 24, 24};
  std::vector<std::uint8_t> axes(64);
  phasor::mrope_axes(spec, 64, axes.data());
  EXPECT_EQ(axes[15], 0);
  EXPECT_EQ(axes[16], 1);
  EXPECT_EQ(axes[39], 1);
  EXPECT_EQ(axes[40], 2);
  spec.mrope_interleaved = true;
  spec.mrope_sections = {11, 11, 10};
  phasor::mrope_axes(spec, 32, axes.data());
  int count[3] = {0, 0, 0};
  for (int i = 0; i < 32; ++i) ++count[axes[i]];
  EXPECT_EQ(count[0], 11);
  EXPECT_EQ(count[1], 11);
  EXPECT_EQ(count[2], 10);
  EXPECT_EQ(axes[30], 0);  // 30 mod 3 = 0
  EXPECT_EQ(axes[31], 1);  // 31 < 33
  EXPECT_EQ(axes[29], 2);  // 29 < 30
}
