#include "phasor/rope.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "numpy_fixture.hpp"
#include "phasor/rope_scaling.hpp"

namespace {

using phasor::Pairing;
using phasor::RopeScaling;
using phasor::RopeScalingType;

constexpr double kTwoPi = 6.283185307179586476925286766559;

std::vector<float> test_rows(std::int64_t count, std::int64_t dim) {
  std::vector<float> rows(static_cast<std::size_t>(count * dim));
  for (std::size_t i = 0; i < rows.size(); ++i)
    rows[i] = static_cast<float>(std::sin(0.7 * static_cast<double>(i) + 0.3) * 2.5);
  return rows;
}

// The rotation written out: pair i of the row turned by position * theta^(-2i/dim).
std::vector<double> direct_rope(const float* x, std::int64_t dim, double position, double theta, Pairing pairing,
                                double frequency_divisor = 1.0) {
  std::vector<double> out(static_cast<std::size_t>(dim));
  const std::int64_t h = dim / 2;
  for (std::int64_t i = 0; i < h; ++i) {
    const double angle =
        position * std::pow(theta, -2.0 * static_cast<double>(i) / static_cast<double>(dim)) / frequency_divisor;
    const std::int64_t a = pairing == Pairing::adjacent ? 2 * i : i;
    const std::int64_t b = pairing == Pairing::adjacent ? 2 * i + 1 : h + i;
    out[a] = x[a] * std::cos(angle) - x[b] * std::sin(angle);
    out[b] = x[a] * std::sin(angle) + x[b] * std::cos(angle);
  }
  return out;
}

phasor::RopeSpec spec_of(std::int64_t count, std::int64_t dim, Pairing pairing) {
  phasor::RopeSpec spec;
  spec.count = count;
  spec.dim = dim;
  spec.pairing = pairing;
  spec.table_layout = pairing;
  return spec;
}

TEST(Rope, EqualsTheDirectRotationInBothPairingsWithinFloat32Rounding) {
  for (auto pairing : {Pairing::adjacent, Pairing::half}) {
    for (std::int64_t dim : {2, 6, 8, 64, 130}) {
      const std::vector<double> positions = {0, 1, 2, 17.5, -3, 4095, 123456, 2147483000.0};
      const auto count = static_cast<std::int64_t>(positions.size());
      const auto rows = test_rows(count, dim);
      std::vector<float> out(rows.size());
      auto spec = spec_of(count, dim, pairing);
      ASSERT_EQ(phasor::validate_rope(spec, positions.data()), "");
      phasor::rope(spec, rows.data(), positions.data(), out.data());
      for (std::int64_t r = 0; r < count; ++r) {
        const auto want = direct_rope(rows.data() + r * dim, dim, positions[r], 10000.0, pairing);
        for (std::int64_t j = 0; j < dim; ++j)
          ASSERT_NEAR(out[r * dim + j], want[j], 2e-7 * (1.0 + std::fabs(want[j])))
              << "dim " << dim << " row " << r << " slot " << j;
      }
    }
  }
}

TEST(Rope, LinearScalingIsPositionInterpolation) {
  const std::int64_t dim = 16;
  const std::vector<double> positions = {0, 5, 1000, 8191};
  const auto rows = test_rows(4, dim);
  std::vector<float> out(rows.size());
  auto spec = spec_of(4, dim, Pairing::half);
  spec.scaling.type = RopeScalingType::linear;
  spec.scaling.factor = 4.0;
  phasor::rope(spec, rows.data(), positions.data(), out.data());
  for (std::int64_t r = 0; r < 4; ++r) {
    // RoPE at position m / 4 without scaling.
    const auto want = direct_rope(rows.data() + r * dim, dim, positions[r] / 4.0, 10000.0, Pairing::half);
    for (std::int64_t j = 0; j < dim; ++j) ASSERT_NEAR(out[r * dim + j], want[j], 3e-7);
  }
}

TEST(Rope, YarnScalesTheRotatedRowsByItsAttentionFactor) {
  // A rotation keeps the norm; YaRN then multiplies by its factor: 1.5 when
  // given, 0.1 ln 16 + 1 by default.
  const std::int64_t dim = 32;
  const std::vector<double> positions = {0, 7, 5000};
  const auto rows = test_rows(3, dim);
  for (const auto& [given, factor] : {std::pair{1.5, 1.5}, std::pair{0.0, 1.2772588722239782}}) {
    auto spec = spec_of(3, dim, Pairing::half);
    spec.scaling.type = RopeScalingType::yarn;
    spec.scaling.factor = 16.0;
    spec.scaling.original_length = 4096;
    spec.scaling.attention_factor = given;
    ASSERT_EQ(phasor::validate_rope(spec, positions.data()), "");
    std::vector<float> out(rows.size());
    phasor::rope(spec, rows.data(), positions.data(), out.data());
    for (std::int64_t r = 0; r < 3; ++r) {
      double before = 0.0, after = 0.0;
      for (std::int64_t j = 0; j < dim; ++j) {
        before += static_cast<double>(rows[r * dim + j]) * rows[r * dim + j];
        after += static_cast<double>(out[r * dim + j]) * out[r * dim + j];
      }
      EXPECT_NEAR(std::sqrt(after), factor * std::sqrt(before), 1e-6 * std::sqrt(before)) << "row " << r;
    }
  }
}

TEST(Rope, KeepsNormsAndMakesDotProductsDependOnTheOffsetOnly) {
  const std::int64_t dim = 32;
  const auto q = test_rows(1, dim);
  auto k = test_rows(2, dim);
  k.erase(k.begin(), k.begin() + dim);
  auto rotate = [&](const std::vector<float>& x, double m) {
    std::vector<float> out(static_cast<std::size_t>(dim));
    phasor::rope(spec_of(1, dim, Pairing::adjacent), x.data(), &m, out.data());
    return out;
  };
  auto dot = [&](const std::vector<float>& a, const std::vector<float>& b) {
    double s = 0.0;
    for (std::int64_t j = 0; j < dim; ++j) s += static_cast<double>(a[j]) * b[j];
    return s;
  };
  const double norm = std::sqrt(dot(q, q));
  for (double m : {0.0, 3.0, 50.0, 1e6}) {
    const auto rq = rotate(q, m);
    EXPECT_NEAR(std::sqrt(dot(rq, rq)), norm, 1e-6);
    // Offset 7 at every m gives the same score.
    EXPECT_NEAR(dot(rq, rotate(k, m - 7.0)), dot(rotate(q, 7.0), k), 2e-5) << m;
  }
}

TEST(Rope, AMismatchedCosSinTableIsNotARotation) {
  const std::int64_t dim = 16;
  const auto rows = test_rows(1, dim);
  std::vector<float> out(rows.size());
  auto spec = spec_of(1, dim, Pairing::half);
  spec.table_layout = Pairing::adjacent;  // a GPT-J table fed to rotate_half
  const double m = 37.0;
  phasor::rope(spec, rows.data(), &m, out.data());
  double before = 0.0, after = 0.0;
  for (std::int64_t j = 0; j < dim; ++j) {
    before += static_cast<double>(rows[j]) * rows[j];
    after += static_cast<double>(out[j]) * out[j];
  }
  EXPECT_GT(std::fabs(std::sqrt(after) - std::sqrt(before)), 1e-3);
}

TEST(Rope, PermutingFeaturesMovesAnAdjacentRowToTheHalfLayout) {
  const std::int64_t dim = 12;
  const auto rows = test_rows(1, dim);
  std::vector<float> permuted(rows.size()), a(rows.size()), b(rows.size());
  for (std::int64_t j = 0; j < dim; ++j)
    permuted[j] = rows[phasor::pairing_source(j, dim, Pairing::adjacent, Pairing::half)];
  EXPECT_EQ(phasor::pairing_source(1, dim, Pairing::adjacent, Pairing::half), 2);
  EXPECT_EQ(phasor::pairing_source(6, dim, Pairing::adjacent, Pairing::half), 1);
  EXPECT_EQ(phasor::pairing_source(3, dim, Pairing::half, Pairing::adjacent), 7);
  const double m = 9.0;
  phasor::rope(spec_of(1, dim, Pairing::adjacent), rows.data(), &m, a.data());
  phasor::rope(spec_of(1, dim, Pairing::half), permuted.data(), &m, b.data());
  for (std::int64_t j = 0; j < dim; ++j)
    EXPECT_EQ(b[j], a[phasor::pairing_source(j, dim, Pairing::adjacent, Pairing::half)]);
}

TEST(RopeValidation, NamesTheOptionAndRange) {
  const double p = 0.0, nan = NAN;
  auto spec = spec_of(1, 7, Pairing::half);
  EXPECT_NE(phasor::validate_rope(spec, &p).find("dim must be an even integer in [2, 65536]; got 7"),
            std::string::npos);
  spec = spec_of(1, 8, Pairing::half);
  spec.theta = 1.0;
  EXPECT_NE(phasor::validate_rope(spec, &p).find("theta must be a finite number in (1, 1e+300]; got 1"),
            std::string::npos);
  spec.theta = 10000.0;
  EXPECT_NE(phasor::validate_rope(spec, &nan).find("positions[0] must be a finite number in"), std::string::npos);
  spec.scaling.type = RopeScalingType::yarn;
  spec.scaling.factor = 0.5;
  EXPECT_NE(phasor::validate_rope(spec, &p).find("scaling.factor must be a finite number in [1, 1000000]; got 0.5"),
            std::string::npos);
  spec.scaling.factor = 2.0;
  EXPECT_NE(phasor::validate_rope(spec, &p).find("scaling.originalLength"), std::string::npos);
}

// ---- frequencies under scaling -------------------------------------------

std::vector<double> scaled(std::int64_t dim, double theta, const RopeScaling& s, double* factor = nullptr) {
  std::vector<double> w(static_cast<std::size_t>(dim / 2));
  const double f = phasor::rope_frequencies(dim, theta, s, w.data());
  if (factor != nullptr) *factor = f;
  return w;
}

RopeScaling scaling_of(const numpy_fixture::RopeFrequencies& c) {
  RopeScaling s;
  s.type = static_cast<RopeScalingType>(c.type);
  s.factor = c.factor;
  s.original_length = c.original_length;
  s.sequence_length = c.sequence_length;
  s.beta_fast = c.beta_fast;
  s.beta_slow = c.beta_slow;
  s.truncate = c.truncate;
  s.low_freq_factor = c.low_freq_factor;
  s.high_freq_factor = c.high_freq_factor;
  s.attention_factor = c.attention_factor;
  return s;
}

TEST(RopeFrequencies, EachScalingMatchesTransformersFormulasInNumpy) {
  // tests/fixtures/make_cpp_fixtures.py: modeling_rope_utils.py's formulas
  // transcribed to numpy float64 (make_rope_fixtures.py), every scaling type.
  for (const auto& c : numpy_fixture::kRopeFrequencies) {
    double attention = 0.0;
    const auto w = scaled(c.dim, c.theta, scaling_of(c), &attention);
    ASSERT_EQ(w.size(), c.frequencies.size());
    for (std::size_t i = 0; i < w.size(); ++i)
      ASSERT_NEAR(w[i], c.frequencies[i], 1e-15 * c.frequencies[i])
          << "type " << c.type << " dim " << c.dim << " pair " << i;
    EXPECT_NEAR(attention, c.attention, 1e-15) << "type " << c.type;
  }
}

TEST(RopeFrequencies, UnscaledAreTheDecimalPowersOfTheta) {
  // theta = 10000, dim = 8: w_i = 10000^(-i/4) = 1, 0.1, 0.01, 0.001.
  const auto w = scaled(8, 10000.0, RopeScaling{});
  const double want[4] = {1.0, 0.1, 0.01, 0.001};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(w[i], want[i], 2e-16 * want[i]) << i;
}

TEST(RopeFrequencies, NtkKeepsTheFastestPairDividesTheSlowestByTheFactorAndStaysGeometric) {
  // What defines the NTK-aware base change, without its formula: w_0 = 1,
  // w_(h-1) divided by the factor, one ratio between neighbours.
  const std::int64_t dim = 128;
  RopeScaling s;
  const auto none = scaled(dim, 500000.0, s);
  s.type = RopeScalingType::ntk;
  s.factor = 8.0;
  const auto ntk = scaled(dim, 500000.0, s);
  EXPECT_EQ(ntk[0], 1.0);
  EXPECT_NEAR(ntk[63] * 8.0 / none[63], 1.0, 1e-12);
  for (std::int64_t i = 2; i < dim / 2; ++i) EXPECT_NEAR(ntk[i] / ntk[i - 1], ntk[1] / ntk[0], 1e-13) << i;
  s.type = RopeScalingType::linear;
  const auto linear = scaled(dim, 500000.0, s);
  for (std::int64_t i = 0; i < dim / 2; ++i) EXPECT_NEAR(linear[i] * 8.0, none[i], 1e-15 * none[i]) << i;
}

TEST(RopeFrequencies, NtkStaysFiniteAndExactAtTheLargestThetaAndFactor) {
  // theta' = 1e300 * (1e6)^(4/2) = 1e312 overflows float64, but its powers do
  // not: w_1 = theta'^(-1/2) = 1e-156 (found by the fuzzer as 0).
  RopeScaling s;
  s.type = RopeScalingType::ntk;
  s.factor = 1e6;
  ASSERT_EQ(phasor::validate_rope_scaling(s, 4), "");
  auto w = scaled(4, 1e300, s);
  EXPECT_EQ(w[0], 1.0);
  EXPECT_NEAR(w[1], 1e-156, 4e-15 * 1e-156);
  // Dynamic NTK at its longest run: growth g = 1e6 * 2^31 - (1e6 - 1), w_1 = 1e-150 / g.
  s.type = RopeScalingType::dynamic_ntk;
  s.original_length = 1.0;
  s.sequence_length = 2147483648.0;
  ASSERT_EQ(phasor::validate_rope_scaling(s, 4), "");
  w = scaled(4, 1e300, s);
  const double g = 1e6 * 2147483648.0 - 999999.0;
  EXPECT_NEAR(w[1], 1e-150 / g, 4e-15 * 1e-150 / g);
}

TEST(RopeFrequencies, DynamicNtkChangesNothingUpToTheTrainingLength) {
  RopeScaling s;
  const auto none = scaled(64, 10000.0, s);
  s.type = RopeScalingType::dynamic_ntk;
  s.factor = 4.0;
  s.original_length = 4096;
  for (double length : {1.0, 1000.0, 4096.0}) {
    s.sequence_length = length;
    EXPECT_EQ(scaled(64, 10000.0, s), none) << length;
  }
  s.sequence_length = 4097.0;  // one past L: every pair but the first turns slower
  const auto longer = scaled(64, 10000.0, s);
  EXPECT_EQ(longer[0], 1.0);
  for (std::int64_t i = 1; i < 32; ++i) EXPECT_LT(longer[i], none[i]) << i;
}

TEST(RopeFrequencies, YarnKeepsFastPairsDividesSlowPairsAndScalesAttention) {
  RopeScaling s;
  const auto none = scaled(128, 10000.0, s);
  s.type = RopeScalingType::yarn;
  s.factor = 16.0;
  s.original_length = 4096;
  double attention = 0.0;
  const auto w = scaled(128, 10000.0, s, &attention);
  EXPECT_NEAR(attention, 1.2772588722239782, 1e-15);  // 0.1 ln 16 + 1
  // Ends of the ramp: pairs turning more than 32 times in L stay, fewer than once are divided.
  int kept = 0, divided = 0;
  for (std::int64_t i = 0; i < 64; ++i) {
    const double turns = 4096.0 * none[i] / kTwoPi;
    if (turns > 64.0) {
      EXPECT_EQ(w[i], none[i]) << i;
      ++kept;
    }
    if (turns < 0.5) {
      EXPECT_NEAR(w[i] * 16.0 / none[i], 1.0, 1e-14) << i;
      ++divided;
    }
    EXPECT_LE(w[i], none[i]);
    EXPECT_GE(w[i] * 16.0 * (1 + 1e-12), none[i]);
  }
  EXPECT_GT(kept, 0);
  EXPECT_GT(divided, 0);
}

TEST(RopeFrequencies, Llama3DividesOnlyWavelengthsAboveTheLowFrequencyBand) {
  RopeScaling s;
  const auto none = scaled(128, 500000.0, s);
  s.type = RopeScalingType::llama3;
  s.factor = 8.0;
  s.original_length = 8192;
  s.low_freq_factor = 1.0;
  s.high_freq_factor = 4.0;
  const auto w = scaled(128, 500000.0, s);
  int kept = 0, divided = 0, blended = 0;
  for (std::int64_t i = 0; i < 64; ++i) {
    const double wavelength = kTwoPi / none[i];
    if (wavelength < 2048.0) {
      EXPECT_EQ(w[i], none[i]);
      ++kept;
    } else if (wavelength > 8192.0) {
      EXPECT_NEAR(w[i] * 8.0 / none[i], 1.0, 1e-15);
      ++divided;
    } else {
      // In the band: strictly between the two, and slower for longer wavelengths.
      EXPECT_LT(w[i], none[i]);
      EXPECT_GT(w[i], none[i] / 8.0);
      ++blended;
    }
  }
  EXPECT_GT(kept, 0);
  EXPECT_GT(divided, 0);
  EXPECT_GT(blended, 0);
}

}  // namespace
