// The drawn n x n patterns (attention_pattern.hpp) against attention_scores
// (itself held to numpy in attention_test.cpp), for each kind, token mode and
// mask; the Toeplitz path's offsets and log-sum-exp windows included.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "phasor/attention.hpp"
#include "phasor/attention_pattern.hpp"
#include "phasor/random.hpp"

namespace {

struct Case {
  phasor::AttentionKind kind;
  bool shared;
  bool causal;
};

class Pattern : public ::testing::TestWithParam<Case> {};

constexpr std::int64_t kN = 37, kDm = 8;

// Seeded weights and tokens, and attention_scores' full n x n matrix for them.
struct Reference {
  std::vector<float> wq, wk, tokens, want;
  phasor::AttentionSpec spec;

  explicit Reference(const Case& c) : wq(kDm * kDm), wk(kDm * kDm), tokens((c.shared ? 1 : kN) * kDm), want(kN * kN) {
    phasor::normal_samples(4, 1, 0.35, kDm * kDm, wq.data());
    phasor::normal_samples(4, 2, 0.35, kDm * kDm, wk.data());
    phasor::normal_samples(4, 3, 1.0, static_cast<std::int64_t>(tokens.size()), tokens.data());
    std::vector<double> positions(kN);
    for (std::int64_t i = 0; i < kN; ++i) positions[i] = static_cast<double>(i);
    spec.kind = c.kind;
    spec.d_model = spec.d_head = kDm;
    spec.heads = 4;
    spec.head = 1;
    phasor::AttentionInput full;
    full.query_positions = full.key_positions = positions.data();
    full.queries = full.keys = kN;
    full.query_tokens = full.key_tokens = tokens.data();
    full.shared_tokens = c.shared;
    full.wq = wq.data();
    full.wk = wk.data();
    phasor::AttentionScores scores;
    scores.total = want.data();
    phasor::attention_scores(spec, full, scores);
  }
};

// A subset of rows and columns, as a chart at under one pixel per position draws.
const std::vector<double> kRows = {0, 1, 5, 17, 36}, kCols = {0, 2, 3, 17, 30, 36};

TEST_P(Pattern, MatchesAttentionScoresAndItsSoftmax) {
  const Case c = GetParam();
  const Reference r(c);
  const std::int64_t n = kN;
  const auto& rows = kRows;
  const auto& cols = kCols;
  const auto& want = r.want;
  phasor::PatternSpec spec{r.spec, n, c.shared, c.causal, true};
  phasor::PatternInput in{r.tokens.data(), r.wq.data(), r.wk.data(), rows.data(), 5, cols.data(), 6};
  ASSERT_EQ(phasor::validate_attention_pattern(spec, in), "");
  std::vector<float> total(30), softmax(30);
  phasor::PatternOutput out;
  out.total = total.data();
  out.softmax = softmax.data();
  phasor::attention_pattern(spec, in, out);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto m = static_cast<std::int64_t>(rows[i]);
    const std::int64_t last = c.causal ? m : n - 1;
    double sum = 0.0;  // the row's softmax denominator, from attention_scores' float32 scores
    for (std::int64_t k = 0; k <= last; ++k) sum += std::exp(static_cast<double>(want[m * n + k]));
    for (std::size_t j = 0; j < cols.size(); ++j) {
      const auto k = static_cast<std::int64_t>(cols[j]);
      const float got = total[i * cols.size() + j];
      if (k > last) {
        EXPECT_TRUE(std::isnan(got));
        EXPECT_EQ(softmax[i * cols.size() + j], 0.0f);
        continue;
      }
      const float w = want[m * n + k];
      EXPECT_NEAR(got, w, 1.2e-7 * std::fabs(w) + 1e-12) << "m " << m << " n " << k;
      EXPECT_NEAR(softmax[i * cols.size() + j], std::exp(static_cast<double>(w)) / sum, 1e-6)
          << "m " << m << " n " << k;
    }
  }
}

// Without the softmax the Toeplitz path computes only the drawn entries' offsets: the same scores.
TEST_P(Pattern, ScoresAloneMatchAttentionScores) {
  const Case c = GetParam();
  const Reference r(c);
  phasor::PatternSpec spec{r.spec, kN, c.shared, c.causal, false};
  phasor::PatternInput in{r.tokens.data(), r.wq.data(), r.wk.data(), kRows.data(), 5, kCols.data(), 6};
  ASSERT_EQ(phasor::validate_attention_pattern(spec, in), "");
  std::vector<float> total(30);
  phasor::PatternOutput out;
  out.total = total.data();
  phasor::attention_pattern(spec, in, out);
  for (std::size_t i = 0; i < kRows.size(); ++i) {
    const auto m = static_cast<std::int64_t>(kRows[i]);
    for (std::size_t j = 0; j < kCols.size(); ++j) {
      const auto k = static_cast<std::int64_t>(kCols[j]);
      const float got = total[i * kCols.size() + j];
      if (c.causal && k > m) {
        EXPECT_TRUE(std::isnan(got));
        continue;
      }
      const float w = r.want[m * kN + k];
      EXPECT_NEAR(got, w, 1.2e-7 * std::fabs(w) + 1e-12) << "m " << m << " n " << k;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    KindsTokensMasks, Pattern,
    ::testing::Values(Case{phasor::AttentionKind::additive, true, false},
                      Case{phasor::AttentionKind::additive, false, true},
                      Case{phasor::AttentionKind::rope, true, false},
                      Case{phasor::AttentionKind::rope, true, true},
                      Case{phasor::AttentionKind::rope, false, false},
                      Case{phasor::AttentionKind::alibi, true, true},
                      Case{phasor::AttentionKind::alibi, true, false},
                      Case{phasor::AttentionKind::alibi, false, true}));

TEST(PatternValidation, NamesTheIndexAndTheWork) {
  phasor::PatternSpec spec;
  spec.attention.kind = phasor::AttentionKind::rope;
  spec.attention.d_model = spec.attention.d_head = 8;
  spec.n = 10;
  const std::vector<double> ok = {0, 9}, bad = {0, 10}, half = {0.5};
  std::vector<float> none;
  EXPECT_EQ(phasor::validate_attention_pattern(spec, {nullptr, nullptr, nullptr, ok.data(), 2, ok.data(), 2}), "");
  EXPECT_NE(phasor::validate_attention_pattern(spec, {nullptr, nullptr, nullptr, bad.data(), 2, ok.data(), 2}).find("rows[i]"),
            std::string::npos);
  EXPECT_NE(phasor::validate_attention_pattern(spec, {nullptr, nullptr, nullptr, ok.data(), 2, half.data(), 1}).find("cols[j]"),
            std::string::npos);
  spec.n = 0;
  EXPECT_NE(phasor::validate_attention_pattern(spec, {nullptr, nullptr, nullptr, ok.data(), 2, ok.data(), 2}).find("n must"),
            std::string::npos);
}

}  // namespace
