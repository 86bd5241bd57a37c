// identify_rope against caches, inv_freq vectors and rotated rows written
// here from rope_frequencies (the core's float64 transcription of
// transformers' formulas, itself held to transformers by the conformance
// tests), rounded to float32 or bfloat16 as a model stores them: the scheme,
// pairing, attention factor and precision must come back; noise, a column at
// the wrong rate and shifted positions must not match. transformers' own
// float32 caches are in the Vitest suite (tests/unit/rope-identify-*.test.ts).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "phasor/rope_identify.hpp"

namespace {

using phasor::Pairing;
using phasor::Precision;
using phasor::RopeCandidate;
using phasor::RopeIdentification;
using phasor::RopeInput;
using phasor::RopeScaling;
using phasor::RopeScalingType;
using phasor::Storage;

enum class Store { float32, bfloat16 };

float bfloat16(float v) {  // round to nearest even, as torch's .to(torch.bfloat16)
  std::uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  bits = (bits + 0x7FFFu + ((bits >> 16) & 1u)) & 0xFFFF0000u;
  float out;
  std::memcpy(&out, &bits, sizeof out);
  return out;
}

struct Cache {
  std::vector<float> cos, sin;
  std::vector<double> positions;
  std::int64_t width = 0;
  RopeInput input() const {
    RopeInput in;
    in.cos = cos.data();
    in.sin = sin.data();
    in.positions = positions.data();
    in.rows = static_cast<std::int64_t>(positions.size());
    in.width = width;
    return in;
  }
};

// transformers' cat(freqs, freqs) layout (or each repeated), float64 rounded once.
Cache make_cache(std::int64_t dim, double theta, const RopeScaling& s, std::vector<double> positions,
                 Pairing layout = Pairing::half, Store store = Store::float32) {
  std::vector<double> omega(static_cast<std::size_t>(dim / 2));
  const double a = phasor::rope_frequencies(dim, theta, s, omega.data());
  Cache c;
  c.width = dim;
  c.positions = std::move(positions);
  for (const double p : c.positions) {
    for (std::int64_t col = 0; col < dim; ++col) {
      const std::int64_t j = layout == Pairing::half ? col % (dim / 2) : col / 2;
      auto cv = static_cast<float>(a * std::cos(p * omega[static_cast<std::size_t>(j)]));
      auto sv = static_cast<float>(a * std::sin(p * omega[static_cast<std::size_t>(j)]));
      if (store == Store::bfloat16) cv = bfloat16(cv), sv = bfloat16(sv);
      c.cos.push_back(cv);
      c.sin.push_back(sv);
    }
  }
  return c;
}

std::vector<double> count_up(int n, double first = 0.0) {
  std::vector<double> p(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) p[static_cast<std::size_t>(k)] = first + k;
  return p;
}

RopeScaling yarn(double factor, double length) {
  RopeScaling s;
  s.type = RopeScalingType::yarn;
  s.factor = factor;
  s.original_length = length;
  return s;
}

RopeIdentification run(const RopeInput& in) {
  EXPECT_EQ(phasor::validate_rope_input(in), "");
  return phasor::identify_rope(in, {});
}

TEST(IdentifyRope, AnExactCacheIsNamedWithItsPairingAndPrecision) {
  const Cache c = make_cache(128, 10000.0, {}, count_up(2048));
  const RopeIdentification id = run(c.input());
  ASSERT_TRUE(id.match) << id.candidates.size();
  const RopeCandidate& best = id.candidates.front();
  EXPECT_EQ(best.scaling.type, RopeScalingType::none);
  EXPECT_EQ(best.theta, 10000.0);
  EXPECT_EQ(best.pairing, static_cast<int>(Pairing::half));
  EXPECT_EQ(best.rotary_dim, 128);
  EXPECT_EQ(best.precision, Precision::exact);
  EXPECT_TRUE(best.exact);
  EXPECT_TRUE(best.verified);
  ASSERT_EQ(best.positions.size(), 2048u);  // every row, verified
  for (std::size_t k = 0; k < best.positions.size(); ++k) EXPECT_LE(best.deviation[k], best.bound[k]);
}

TEST(IdentifyRope, YarnIsFoundWithItsLengthAndAttentionFactor) {
  const Cache c = make_cache(128, 1e6, yarn(4, 32768), count_up(4096));
  const RopeIdentification id = run(c.input());
  ASSERT_TRUE(id.match);
  const RopeCandidate& best = id.candidates.front();
  EXPECT_EQ(best.scaling.type, RopeScalingType::yarn);
  EXPECT_EQ(best.theta, 1e6);
  EXPECT_EQ(best.scaling.factor, 4.0);
  EXPECT_EQ(best.scaling.original_length, 32768.0);
  EXPECT_NEAR(best.attention_factor, 0.1 * std::log(4.0) + 1.0, 1e-15);
  EXPECT_FALSE(best.attention_measured);
}

TEST(IdentifyRope, AdjacentLayoutIsRead) {
  const Cache c = make_cache(64, 10000.0, {}, count_up(300), Pairing::adjacent);
  const RopeIdentification id = run(c.input());
  ASSERT_TRUE(id.match);
  EXPECT_EQ(id.candidates.front().pairing, static_cast<int>(Pairing::adjacent));
}

TEST(IdentifyRope, ABfloat16CacheIsNamedWithItsStorage) {
  const Cache c = make_cache(128, 1e6, yarn(4, 32768), count_up(1024), Pairing::half, Store::bfloat16);
  const RopeIdentification id = run(c.input());
  EXPECT_FALSE(id.not_rope);
  EXPECT_EQ(id.storage, Storage::bfloat16);
  ASSERT_TRUE(id.match);
  const RopeCandidate& best = id.candidates.front();
  EXPECT_EQ(best.scaling.type, RopeScalingType::yarn);
  EXPECT_EQ(best.precision, Precision::bfloat16);
}

TEST(IdentifyRope, NoiseIsNotACache) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  Cache c = make_cache(64, 10000.0, {}, count_up(40));
  for (float& v : c.cos) v = u(rng);
  for (float& v : c.sin) v = u(rng);
  const RopeIdentification id = run(c.input());
  EXPECT_FALSE(id.match);
  EXPECT_TRUE(id.not_rope || !id.refusal.empty());
}

TEST(IdentifyRope, OneColumnAtTheWrongRateIsRefusedWithTheNearestNamed) {
  Cache c = make_cache(64, 10000.0, {}, count_up(64));
  for (std::size_t k = 0; k < c.positions.size(); ++k) {
    c.cos[k * 64 + 5] = static_cast<float>(std::cos(c.positions[k] * 0.3));
    c.sin[k * 64 + 5] = static_cast<float>(std::sin(c.positions[k] * 0.3));
  }
  const RopeIdentification id = run(c.input());
  EXPECT_FALSE(id.match);
}

TEST(IdentifyRope, InvFreqIsMeasuredRelative) {
  std::vector<double> omega(64);
  phasor::rope_frequencies(128, 500000.0, {}, omega.data());
  RopeInput in;
  in.inv_freq = omega.data();
  in.pairs = 64;
  const RopeIdentification id = run(in);
  ASSERT_TRUE(id.match);
  EXPECT_EQ(id.candidates.front().theta, 500000.0);
  EXPECT_EQ(id.candidates.front().pairing, -1);
}

TEST(IdentifyRope, RefusesNonFiniteValuesNamingTheOption) {
  Cache c = make_cache(8, 10000.0, {}, count_up(4));
  c.sin[9] = NAN;
  EXPECT_EQ(phasor::validate_rope_input(c.input()),
            "sin must hold finite numbers; got NaN at row 1, column 1 (values are read as float32)");
  RopeInput in = c.input();
  in.has_head_dim = true;
  in.head_dim = -1;
  EXPECT_NE(phasor::validate_rope_input(in).find("headDim"), std::string::npos);
}

}  // namespace
