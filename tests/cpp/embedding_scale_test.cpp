// embedding_scale against float64 references, its kernel's SIMD and scalar
// builds against each other, and its blocks against one call.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "embedding_kernels.hpp"
#include "phasor/embedding_scale.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/random.hpp"
#include "reference.hpp"

#if !PHASOR_SIMD_KERNELS
#error "native builds compile the SIMD kernels through SIMDe (CMakeLists.txt defines PHASOR_SIMDE)"
#endif

namespace {

using phasor::kernels::EmbeddingSums;
using phasor::kernels::PhasorState;

std::vector<float> tokens_for(std::int64_t n, std::int64_t d, std::uint64_t seed) {
  std::vector<float> t(static_cast<std::size_t>(n * d));
  phasor::normal_samples(seed, 4, 1.0 / std::sqrt(static_cast<double>(d)), n * d, t.data());
  return t;
}

std::vector<double> run(std::int64_t d, std::int64_t n, double offset, double base, const float* tokens) {
  const phasor::EmbeddingScaleSpec spec{d, n, offset, base};
  EXPECT_EQ(phasor::validate_embedding_scale(spec), "");
  std::vector<double> out(static_cast<std::size_t>(phasor::kEmbeddingNormCount * n));
  phasor::embedding_scale(spec, tokens, out.data());
  return out;
}

// The five norms of row r written out: sin and cos of p * omega_i per entry
// (omega_i from `omega`), sums in entry order. With reference::omega it is
// independent of the core; with the core's frequencies it is what
// embedding_scale computed before the phase walk.
std::vector<double> direct(std::int64_t d, std::int64_t n, double offset, const std::vector<double>& omega,
                           const float* tokens) {
  const double scale = std::sqrt(static_cast<double>(d));
  std::vector<double> out(static_cast<std::size_t>(phasor::kEmbeddingNormCount * n));
  for (std::int64_t r = 0; r < n; ++r) {
    const double p = offset + static_cast<double>(r);
    double token = 0.0, pe = 0.0, sum = 0.0, scaled = 0.0;
    for (std::int64_t j = 0; j < d; ++j) {
      const double phase = p * omega[static_cast<std::size_t>(j / 2)];
      const double q = j % 2 == 0 ? std::sin(phase) : std::cos(phase);
      const double t = tokens[r * d + j];
      token += t * t;
      pe += q * q;
      sum += (t + q) * (t + q);
      scaled += (scale * t + q) * (scale * t + q);
    }
    out[phasor::kTokenNorm * n + r] = std::sqrt(token);
    out[phasor::kScaledTokenNorm * n + r] = scale * std::sqrt(token);
    out[phasor::kPeNorm * n + r] = std::sqrt(pe);
    out[phasor::kSumNorm * n + r] = std::sqrt(sum);
    out[phasor::kScaledSumNorm * n + r] = std::sqrt(scaled);
  }
  return out;
}

std::vector<double> reference_omega(std::int64_t d, double base) {
  std::vector<double> omega(static_cast<std::size_t>(d / 2));
  for (std::int64_t i = 0; i < d / 2; ++i) omega[static_cast<std::size_t>(i)] = reference::omega(i, d, base);
  return omega;
}

// Widths with an odd pair count (the SIMD tail) and the explorer's large ones;
// 300 positions cross several re-anchorings.
const std::int64_t kWidths[] = {2, 6, 64, 1000, 1024};

TEST(EmbeddingScale, EqualsTheFloat64FormulaWithinFloat64Rounding) {
  for (const std::int64_t d : kWidths) {
    for (const double offset : {0.0, 7.0, -1000.25, 9000.5}) {
      for (const double base : {10000.0, 500.0}) {
        const std::int64_t n = 300;
        const auto tokens = tokens_for(n, d, static_cast<std::uint64_t>(d));
        const auto got = run(d, n, offset, base, tokens.data());
        const auto want = direct(d, n, offset, reference_omega(d, base), tokens.data());
        for (std::size_t k = 0; k < got.size(); ++k)
          ASSERT_NEAR(got[k], want[k], 1e-11 * want[k])
              << "d " << d << ", offset " << offset << ", base " << base << ", norm " << k / n << ", row " << k % n;
      }
    }
  }
}

TEST(EmbeddingScale, EqualsTheSinCosPerEntryNumbersWithinFloat32RoundingAtPositionsNear2To31) {
  // Far out, float64 p * omega is itself rounded by up to 2^31 * 2^-53: the
  // walk and a sin/cos per entry differ there by such phase roundings, which
  // move a norm by far less than float32's resolution (the API's output).
  const double top = phasor::kMaxAbsPosition;
  for (const std::int64_t d : kWidths) {
    const std::int64_t n = 200;
    for (const double offset : {top - static_cast<double>(n - 1), -top, 1e9 + 0.5}) {
      const auto tokens = tokens_for(n, d, 3 + static_cast<std::uint64_t>(d));
      const auto got = run(d, n, offset, 10000.0, tokens.data());
      const auto want = direct(d, n, offset, phasor::frequencies(d, 10000.0), tokens.data());
      std::size_t same = 0;
      for (std::size_t k = 0; k < got.size(); ++k) {
        ASSERT_NEAR(got[k], want[k], 0x1p-26 * want[k])
            << "d " << d << ", offset " << offset << ", norm " << k / n << ", row " << k % n;
        same += static_cast<float>(got[k]) == static_cast<float>(want[k]);
      }
      // Rounded to float32, nearly all are the very same numbers.
      EXPECT_GE(static_cast<double>(same), 0.98 * static_cast<double>(got.size()))
          << "d " << d << ", offset " << offset;
    }
  }
}

TEST(EmbeddingScale, BlocksOfAMultipleOfTheAnchorIntervalGiveOneCallsNumbersBitForBit) {
  // What <phasor-embedding-scale> relies on when it computes between frames.
  const std::int64_t d = 66, n = 700;
  const double offset = -37.5;
  const auto tokens = tokens_for(n, d, 9);
  const auto whole = run(d, n, offset, 10000.0, tokens.data());
  for (const std::int64_t block : {phasor::kEmbeddingScaleBlock, 3 * phasor::kEmbeddingScaleBlock}) {
    for (std::int64_t first = 0; first < n; first += block) {
      const std::int64_t count = std::min(block, n - first);
      const auto part = run(d, count, offset + static_cast<double>(first), 10000.0, tokens.data() + first * d);
      for (int norm = 0; norm < phasor::kEmbeddingNormCount; ++norm)
        ASSERT_EQ(std::memcmp(part.data() + norm * count, whole.data() + norm * n + first, sizeof(double) * count), 0)
            << "block " << block << " from " << first << ", norm " << norm;
    }
  }
}

// A phasor state of arbitrary phases and steps (sums depend on their order).
struct State {
  std::vector<double> sin, cos, step_sin, step_cos;
  explicit State(std::int64_t pairs, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> phase(-100.0, 100.0), step(1e-4, 3.0);
    for (std::int64_t i = 0; i < pairs; ++i) {
      const double a = phase(rng), w = step(rng);
      sin.push_back(std::sin(a));
      cos.push_back(std::cos(a));
      step_sin.push_back(std::sin(w));
      step_cos.push_back(std::cos(w));
    }
  }
  PhasorState view() {
    return {sin.data(), cos.data(), step_sin.data(), step_cos.data(), static_cast<std::int64_t>(sin.size())};
  }
};

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(EmbeddingKernels, SimdSumsAndStateAreBitIdenticalToTheScalarKernelAndTheOrderWouldShow) {
  // Both token sources: float32 tokens, and float64 normals with a std.
  bool order_shows = false;
  for (std::int64_t pairs = 1; pairs <= 35; ++pairs) {
    for (const bool from_normals : {false, true}) {
      const std::int64_t rows = 19;
      const double scale = std::sqrt(2.0 * static_cast<double>(pairs));
      const double std_dev = 1.0 / scale;
      State simd(pairs, 17 * static_cast<std::uint64_t>(pairs)), scalar = simd;
      const State start = simd;
      const auto tokens = tokens_for(rows, 2 * pairs, static_cast<std::uint64_t>(pairs));
      std::vector<double> normals(tokens.size());
      phasor::standard_normals(static_cast<std::uint64_t>(pairs), 4, rows * 2 * pairs, normals.data());
      phasor::kernels::TokenSource source;
      if (from_normals) {
        source.normals = normals.data();
        source.std_dev = std_dev;
      } else {
        source.tokens = tokens.data();
      }
      std::vector<EmbeddingSums> a(rows), b(rows);
      PhasorState sa = simd.view(), sb = scalar.view();
      phasor::kernels::embedding_sums__wasmsimd(sa, rows, source, scale, a.data());
      phasor::kernels::embedding_sums__scalar(sb, rows, source, scale, b.data());
      const char* what = from_normals ? "normals" : "tokens";
      for (std::int64_t r = 0; r < rows; ++r) {
        EXPECT_TRUE(same_bits(a[r].token, b[r].token)) << pairs << " pairs, row " << r << ", " << what;
        EXPECT_TRUE(same_bits(a[r].pe, b[r].pe)) << pairs << " pairs, row " << r << ", " << what;
        EXPECT_TRUE(same_bits(a[r].sum, b[r].sum)) << pairs << " pairs, row " << r << ", " << what;
        EXPECT_TRUE(same_bits(a[r].scaled_sum, b[r].scaled_sum)) << pairs << " pairs, row " << r << ", " << what;
      }
      for (std::int64_t i = 0; i < pairs; ++i) {
        EXPECT_TRUE(same_bits(simd.sin[i], scalar.sin[i]) && same_bits(simd.cos[i], scalar.cos[i]))
            << pairs << " pairs, pair " << i;
        EXPECT_NE(simd.sin[i], start.sin[i]);  // the state moved on
      }
      // Row 0 against the sums written out in entry order (the state's phasors
      // as PE, the entries float32(std z) from normals): equal up to float64
      // rounding, and the order shows somewhere.
      double token = 0.0, pe = 0.0, sum = 0.0, scaled = 0.0;
      for (std::int64_t j = 0; j < 2 * pairs; ++j) {
        const double t = from_normals ? static_cast<double>(static_cast<float>(std_dev * normals[j])) : tokens[j];
        const double q = j % 2 == 0 ? start.sin[j / 2] : start.cos[j / 2];
        token += t * t;
        pe += q * q;
        sum += (t + q) * (t + q);
        scaled += (scale * t + q) * (scale * t + q);
      }
      EXPECT_NEAR(b[0].token, token, 1e-14 * token) << what;
      EXPECT_NEAR(b[0].pe, pe, 1e-14 * pe) << what;
      EXPECT_NEAR(b[0].sum, sum, 1e-14 * sum) << what;
      EXPECT_NEAR(b[0].scaled_sum, scaled, 1e-14 * scaled) << what;
      order_shows = order_shows || scaled != b[0].scaled_sum || sum != b[0].sum;
    }
  }
  EXPECT_TRUE(order_shows) << "inputs too tame: every order gives the same sums";
}

TEST(EmbeddingScale, FromStandardNormalsAreTheNormsOfNormalSamplesAsTokensBitForBit) {
  // What <phasor-embedding-scale> relies on: normals drawn once, any d_model's std.
  for (const std::int64_t d : kWidths) {
    const std::int64_t n = 130;
    const double std_dev = 1.0 / std::sqrt(static_cast<double>(d));
    std::vector<double> normals(static_cast<std::size_t>(n * d));
    std::vector<float> tokens(normals.size());
    phasor::standard_normals(11, 4, n * d, normals.data(), 5);
    phasor::normal_samples(11, 4, std_dev, n * d, tokens.data(), 5);
    const phasor::EmbeddingScaleSpec spec{d, n, 3.0, 10000.0};
    std::vector<double> from_normals(static_cast<std::size_t>(phasor::kEmbeddingNormCount * n));
    phasor::embedding_scale_from_normals(spec, normals.data(), std_dev, from_normals.data());
    const auto from_tokens = run(d, n, 3.0, 10000.0, tokens.data());
    ASSERT_EQ(std::memcmp(from_normals.data(), from_tokens.data(), sizeof(double) * from_tokens.size()), 0)
        << "d " << d;
    // And the std is applied: another std gives other token norms.
    phasor::embedding_scale_from_normals(spec, normals.data(), 2.0 * std_dev, from_normals.data());
    EXPECT_NEAR(from_normals[phasor::kTokenNorm * n], 2.0 * from_tokens[phasor::kTokenNorm * n],
                1e-6 * from_tokens[phasor::kTokenNorm * n]);
  }
}

}  // namespace
