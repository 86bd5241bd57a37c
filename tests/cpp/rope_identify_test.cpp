// identify_rope against caches, inv_freq vectors and rotated rows written
// here from rope_frequencies (the core's float64 transcription of
// transformers' formulas, itself held to transformers by the conformance
// tests), rounded to float32 or bfloat16 as a model stores them: the scheme,
// pairing, attention factor and precision must come back; noise, a column at
// the wrong rate and shifted positions must not match. transformers' own
// float32 caches are in the Vitest suite (tests/unit/rope-identify-*.test.ts).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "phasor/rope_identify.hpp"
#include "rope_fit.hpp"
#include "rope_phasors.hpp"

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

// Twenty bfloat16 rows read theta = 4100 as 4101.18 (0.03 % off, the scatter
// of their phases): the round base within that scatter is a candidate and matches.
TEST(IdentifyRope, AShortBfloat16CacheOfARoundThetaIsMatched) {
  const Cache c = make_cache(24, 4100.0, {}, count_up(20), Pairing::half, Store::bfloat16);
  const RopeIdentification id = run(c.input());
  ASSERT_TRUE(id.match);
  EXPECT_EQ(id.candidates.front().theta, 4100.0);
  EXPECT_EQ(id.candidates.front().scaling.type, RopeScalingType::none);
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

namespace {

TEST(IdentifyRopeSample, SpansThePositionsFromZeroToTheLargestAtDoublingDistances) {
  const std::vector<double> p = count_up(131072);
  const std::vector<std::int64_t> rows = phasor::sample_rows(p.data(), 131072);
  EXPECT_LE(rows.size(), 300u);
  // Sorted by |position|, from the rows nearest 0 to the largest.
  for (std::size_t k = 1; k < rows.size(); ++k) EXPECT_LT(p[rows[k - 1]], p[rows[k]]);
  for (std::int64_t k = 0; k < 32; ++k) EXPECT_EQ(rows[k], k);
  EXPECT_EQ(rows.back(), 131071);
  // No jump of more than twice the distance so far (the unwrapping's condition) ...
  for (std::size_t k = 32; k < rows.size(); ++k) EXPECT_LE(p[rows[k]], 2.0 * p[rows[k - 1]]) << k;
  // ... and no gap wider than 1/100 of the positions (the sample is spread over them all).
  for (std::size_t k = 1; k < rows.size(); ++k) EXPECT_LE(p[rows[k]] - p[rows[k - 1]], 131072.0 / 100);
}

TEST(IdentifyRopeSample, TakesBothSidesOfZeroAndUnsortedPositions) {
  std::vector<double> p;
  for (int k = 0; k < 5000; ++k) p.push_back(k % 2 == 0 ? -k : k);  // 0, 1, -2, 3, -4, ...
  const std::vector<std::int64_t> rows = phasor::sample_rows(p.data(), static_cast<std::int64_t>(p.size()));
  EXPECT_EQ(rows.front(), 0);
  double most = 0, least = 0;
  for (const std::int64_t r : rows) most = std::max(most, p[r]), least = std::min(least, p[r]);
  EXPECT_EQ(most, 4999.0);
  EXPECT_EQ(least, -4998.0);
}

TEST(IdentifyRopeVerify, TheSecondCopyOfAPairIsMeasuredToo) {
  // Column h + 5 (the second copy of pair 5) departs at one row outside the
  // sample: the layout still reads as half, and the first copies alone match.
  Cache c = make_cache(64, 10000.0, {}, count_up(2048));
  const std::vector<std::int64_t> sample = phasor::sample_rows(c.positions.data(), 2048);
  std::int64_t row = 1500;
  while (std::find(sample.begin(), sample.end(), row) != sample.end()) ++row;
  c.cos[static_cast<std::size_t>(row * 64 + 37)] += 1e-3f;
  const RopeIdentification id = run(c.input());
  EXPECT_FALSE(id.match);
  const RopeCandidate& best = id.candidates.front();
  EXPECT_EQ(best.pairing, static_cast<int>(Pairing::half));
  EXPECT_EQ(best.theta, 10000.0);  // the nearest, named
  EXPECT_GT(best.deviation[static_cast<std::size_t>(row)], best.bound[static_cast<std::size_t>(row)]);
}

TEST(IdentifyRopeVerify, ARowOutsideTheSampleIsMeasured) {
  Cache c = make_cache(64, 10000.0, {}, count_up(2048));
  const std::vector<std::int64_t> sample = phasor::sample_rows(c.positions.data(), 2048);
  std::int64_t row = 1001;
  while (std::find(sample.begin(), sample.end(), row) != sample.end()) ++row;
  for (int col = 0; col < 64; ++col) c.sin[static_cast<std::size_t>(row * 64 + col)] *= -1.0f;
  const RopeIdentification id = run(c.input());
  EXPECT_FALSE(id.match);
  // The bad row is reported: its deviation over its bound.
  const RopeCandidate& best = id.candidates.front();
  ASSERT_TRUE(best.verified);
  ASSERT_EQ(best.positions.size(), 2048u);
  EXPECT_GT(best.deviation[static_cast<std::size_t>(row)], best.bound[static_cast<std::size_t>(row)]);
}

TEST(IdentifyRopeVerify, DigitTablesGiveTheDirectPhasors) {
  // Integer positions over two and three base-1024 digits, against std::cos / std::sin.
  const std::vector<double> omega = {1.0, 0.37, 1e-3, 2e-6};
  for (const double first : {0.0, -700000.0, 5e8}) {
    std::vector<double> p;
    for (int k = 0; k < 5000; ++k) p.push_back(first + 131.0 * k);
    phasor::RowPhasors tables(omega, p.data(), nullptr, 5000);
    double c[4], s[4];
    for (std::int64_t k = 0; k < 5000; k += 7) {
      tables.at(k, c, s);
      for (int j = 0; j < 4; ++j) {
        // Each rounds the float64 angle p w (by up to |p w| 2^-53; the tables once per digit), differently.
        const double angle = p[static_cast<std::size_t>(k)] * omega[static_cast<std::size_t>(j)];
        const double tolerance = std::fabs(angle) * 0x1p-50 + 1e-13;
        EXPECT_NEAR(c[j], std::cos(angle), tolerance);
        EXPECT_NEAR(s[j], std::sin(angle), tolerance);
      }
    }
  }
}

TEST(IdentifyRopeVerify, AMatchIsVerifiedAndEveryRowWithinItsBound) {
  const Cache c = make_cache(128, 500000.0, {}, count_up(6000), Pairing::half, Store::bfloat16);
  const RopeIdentification id = run(c.input());
  ASSERT_TRUE(id.match);
  for (const RopeCandidate& k : id.candidates) {
    if (!k.match) continue;
    EXPECT_TRUE(k.verified);
    for (std::size_t r = 0; r < k.positions.size(); ++r) EXPECT_LE(k.deviation[r], k.bound[r]);
  }
  // Unverified candidates never claim a match.
  for (const RopeCandidate& k : id.candidates) EXPECT_TRUE(k.verified || !k.match);
}

// DeepSeek-V3 in transformers: apply_rotary_pos_emb_interleave reads the
// pairs (2i, 2i+1) and writes the rotated slice as evens then odds. Its
// float64 transcription, against identify_rope.
TEST(IdentifyRopeRows, DeepSeekInterleaveIsAdjacentInHalfOut) {
  RopeScaling s = yarn(40, 4096);
  s.mscale = 1.0;
  s.mscale_all_dim = 1.0;
  std::vector<double> omega(32);
  const double a = phasor::rope_frequencies(64, 10000.0, s, omega.data());
  std::mt19937 rng(3);
  std::normal_distribution<double> z(0.0, 1.0);
  const int n = 200;
  std::vector<float> q(n * 64), out(n * 64);
  std::vector<double> positions;
  // Rows 0..99, then scattered positions up to 5000 (two rows one position apart start the phases).
  for (int k = 0; k < n; ++k) positions.push_back(k < 100 ? k : 100 + k * 37 % 4900);
  for (float& v : q) v = static_cast<float>(z(rng));
  for (int k = 0; k < n; ++k) {
    const float* x = &q[static_cast<std::size_t>(k * 64)];
    for (int i = 0; i < 32; ++i) {
      const double t = positions[static_cast<std::size_t>(k)] * omega[static_cast<std::size_t>(i)];
      const double c = a * std::cos(t), sn = a * std::sin(t);
      out[static_cast<std::size_t>(k * 64 + i)] = static_cast<float>(x[2 * i] * c - x[2 * i + 1] * sn);
      out[static_cast<std::size_t>(k * 64 + 32 + i)] = static_cast<float>(x[2 * i + 1] * c + x[2 * i] * sn);
    }
  }
  RopeInput in;
  in.rotated = out.data();
  in.original = q.data();
  in.positions = positions.data();
  in.rows = n;
  in.width = 64;
  const RopeIdentification id = run(in);
  ASSERT_TRUE(id.match);
  const RopeCandidate& best = id.candidates.front();
  EXPECT_EQ(best.pairing, static_cast<int>(Pairing::adjacent));
  EXPECT_EQ(best.output_pairing, static_cast<int>(Pairing::half));
  EXPECT_EQ(best.scaling.type, RopeScalingType::yarn);
  EXPECT_EQ(best.scaling.factor, 40.0);
  EXPECT_EQ(best.precision, Precision::exact);
}

}  // namespace

namespace {

// transformers' float32 arithmetic, transcribed: inv_freq = 1 / theta^(2i/d)
// in float32, the angle float32(p * inv_freq), cos and sin in float32.
Cache float32_cache(std::int64_t dim, float theta, const std::vector<double>& positions) {
  Cache c;
  c.width = dim;
  c.positions = positions;
  const std::int64_t h = dim / 2;
  std::vector<float> inv(static_cast<std::size_t>(h));
  for (std::int64_t i = 0; i < h; ++i)
    inv[static_cast<std::size_t>(i)] = 1.0f / std::pow(theta, static_cast<float>(2 * i) / static_cast<float>(dim));
  for (const double p : positions)
    for (std::int64_t col = 0; col < dim; ++col) {
      const float angle = static_cast<float>(p) * inv[static_cast<std::size_t>(col % h)];
      c.cos.push_back(std::cos(angle));
      c.sin.push_back(std::sin(angle));
    }
  return c;
}

TEST(IdentifyRope, AFloat32ArithmeticCacheIsNamedFloat32NotExact) {
  std::vector<double> positions = count_up(64);
  for (double p = 100; p < 60000; p *= 1.3) positions.push_back(std::floor(p));
  const Cache c = float32_cache(128, 500000.0f, positions);
  const RopeIdentification id = run(c.input());
  ASSERT_TRUE(id.match);
  const RopeCandidate& best = id.candidates.front();
  EXPECT_EQ(best.theta, 500000.0);
  EXPECT_EQ(best.precision, Precision::float32);
  EXPECT_FALSE(best.exact);
}

TEST(IdentifyRopeRows, GptJRowsAreAdjacentInAndOut) {
  // GPT-J's rotate_every_two: pairs (2i, 2i+1) turned in place, rotary width 64.
  std::vector<double> omega(32);
  phasor::rope_frequencies(64, 10000.0, {}, omega.data());
  const int n = 100;
  std::vector<float> q(n * 64), out(n * 64);
  std::vector<double> positions = count_up(n);
  for (std::size_t k = 0; k < q.size(); ++k) q[k] = static_cast<float>(std::sin(0.7 * static_cast<double>(k)));
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < 32; ++i) {
      const double t = k * omega[static_cast<std::size_t>(i)];
      const double x = q[static_cast<std::size_t>(k * 64 + 2 * i)], y = q[static_cast<std::size_t>(k * 64 + 2 * i + 1)];
      out[static_cast<std::size_t>(k * 64 + 2 * i)] = static_cast<float>(x * std::cos(t) - y * std::sin(t));
      out[static_cast<std::size_t>(k * 64 + 2 * i + 1)] = static_cast<float>(y * std::cos(t) + x * std::sin(t));
    }
  RopeInput in;
  in.rotated = out.data();
  in.original = q.data();
  in.positions = positions.data();
  in.rows = n;
  in.width = 64;
  const RopeIdentification id = run(in);
  ASSERT_TRUE(id.match);
  EXPECT_EQ(id.candidates.front().pairing, static_cast<int>(Pairing::adjacent));
  EXPECT_EQ(id.candidates.front().output_pairing, static_cast<int>(Pairing::adjacent));
}

}  // namespace

namespace {

TEST(IdentifyRope, AHeadDimBelowTheRotaryWidthIsRefused) {
  const Cache c = make_cache(64, 10000.0, {}, count_up(20));
  RopeInput in = c.input();
  in.has_head_dim = true;
  in.head_dim = 32;
  EXPECT_EQ(phasor::identify_rope(in, {}).error,
            "headDim must be at least the rotary width the input shows (64); got 32");
  in.head_dim = 64;
  EXPECT_EQ(phasor::identify_rope(in, {}).error, "");
}

// transformers in bfloat16: cos and sin computed in float32 and cast to
// bfloat16, q in bfloat16, q * cos + rotate_half(q) * sin with each product
// and the sum rounded to bfloat16.
TEST(IdentifyRopeRows, Bfloat16RowsAreNamedWithTheirPrecision) {
  const int dim = 64, h = 32, n = 300;
  std::vector<float> inv(h);
  for (int i = 0; i < h; ++i) inv[static_cast<std::size_t>(i)] = 1.0f / std::pow(10000.0f, 2.0f * i / dim);
  std::vector<float> q(n * dim), out(n * dim);
  std::vector<double> positions = count_up(n);
  for (std::size_t k = 0; k < q.size(); ++k)
    q[k] = bfloat16(static_cast<float>(std::sin(1.3 * static_cast<double>(k))));
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < h; ++i) {
      const float angle = static_cast<float>(k) * inv[static_cast<std::size_t>(i)];
      const float c = bfloat16(std::cos(angle)), s = bfloat16(std::sin(angle));
      const float x = q[static_cast<std::size_t>(k * dim + i)], y = q[static_cast<std::size_t>(k * dim + h + i)];
      out[static_cast<std::size_t>(k * dim + i)] = bfloat16(bfloat16(x * c) + bfloat16(-y * s));
      out[static_cast<std::size_t>(k * dim + h + i)] = bfloat16(bfloat16(y * c) + bfloat16(x * s));
    }
  RopeInput in;
  in.rotated = out.data();
  in.original = q.data();
  in.positions = positions.data();
  in.rows = n;
  in.width = dim;
  const RopeIdentification id = run(in);
  ASSERT_TRUE(id.match);
  EXPECT_EQ(id.storage, Storage::bfloat16);
  EXPECT_EQ(id.candidates.front().precision, Precision::bfloat16);
  EXPECT_EQ(id.candidates.front().theta, 10000.0);
}

}  // namespace

namespace {

TEST(IdentifyRopeVerify, DigitTablesTakeHalfIntegerAndOffsetLattices) {
  // Positions 0.5, 1.5, ... and -3000.25 + 0.75 k: a lattice from the smallest |p|, not integers.
  const std::vector<double> omega = {1.0, 0.2, 3e-4};
  for (const auto& [first, step] : {std::pair{0.5, 1.0}, std::pair{-3000.25, 0.75}}) {
    std::vector<double> p;
    for (int k = 0; k < 6000; ++k) p.push_back(first + step * k);
    phasor::RowPhasors tables(omega, p.data(), nullptr, 6000);
    double c[3], s[3];
    for (std::int64_t k = 0; k < 6000; k += 11) {
      tables.at(k, c, s);
      for (int j = 0; j < 3; ++j) {
        const double angle = p[static_cast<std::size_t>(k)] * omega[static_cast<std::size_t>(j)];
        const double tolerance = std::fabs(angle) * 0x1p-49 + 1e-13;
        EXPECT_NEAR(c[j], std::cos(angle), tolerance);
        EXPECT_NEAR(s[j], std::sin(angle), tolerance);
      }
    }
  }
}

}  // namespace
