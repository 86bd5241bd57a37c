// The drawn n x n patterns (attention_pattern.hpp) against attention_scores
// (itself held to numpy in attention_test.cpp), for each kind, token mode and
// mask; the Toeplitz path's offsets and log-sum-exp windows included.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "pattern_products.hpp"
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

// A read-out asks for one entry with its softmax (and additive PE's terms):
// its row's scores against every key then come from q_m W_K^T rather than the
// W_Q W_K^T product or projected keys. The same softmax as the whole row's.
TEST_P(Pattern, OneEntryWithTheTermsHasItsRowsSoftmax) {
  const Case c = GetParam();
  const Reference r(c);
  const std::int64_t n = kN;
  phasor::PatternSpec spec{r.spec, n, c.shared, c.causal, true};
  spec.terms = true;
  for (const double m : kRows) {
    const auto row = static_cast<std::int64_t>(m);
    const std::int64_t last = c.causal ? row : n - 1;
    double sum = 0.0;
    for (std::int64_t k = 0; k <= last; ++k) sum += std::exp(static_cast<double>(r.want[row * n + k]));
    for (const double k : kCols) {
      phasor::PatternInput in{r.tokens.data(), r.wq.data(), r.wk.data(), &m, 1, &k, 1};
      ASSERT_EQ(phasor::validate_attention_pattern(spec, in), "");
      float total = 0.0f, softmax = 0.0f;
      std::vector<float> terms(4);
      phasor::PatternOutput out;
      out.total = &total;
      out.softmax = &softmax;
      if (c.kind == phasor::AttentionKind::additive)
        for (int t = 0; t < 4; ++t) out.terms[t] = &terms[static_cast<std::size_t>(t)];
      phasor::attention_pattern(spec, in, out);
      const auto key = static_cast<std::int64_t>(k);
      if (key > last) {
        EXPECT_EQ(softmax, 0.0f);
        continue;
      }
      const double w = r.want[row * n + key];
      EXPECT_NEAR(softmax, std::exp(w) / sum, 1e-6) << "m " << m << " n " << k;
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

INSTANTIATE_TEST_SUITE_P(KindsTokensMasks, Pattern,
                         ::testing::Values(Case{phasor::AttentionKind::additive, true, false},
                                           Case{phasor::AttentionKind::additive, false, true},
                                           Case{phasor::AttentionKind::rope, true, false},
                                           Case{phasor::AttentionKind::rope, true, true},
                                           Case{phasor::AttentionKind::rope, false, false},
                                           Case{phasor::AttentionKind::alibi, true, true},
                                           Case{phasor::AttentionKind::alibi, true, false},
                                           Case{phasor::AttentionKind::alibi, false, true}));

// RoPE's Toeplitz path walks the phasors e^{i o theta} along the 2n - 1
// offsets (an exact sin/cos every 64): against attention_scores, which turns q
// and k by a sin and cos of each position, on a long axis, in both pairings,
// with YaRN's attention factor on cos and sin, causal and not, softmax on.
TEST(PatternRope, WalkedOffsetsMatchAttentionScoresOnALongAxis) {
  constexpr std::int64_t n = 1500, dm = 16;
  std::vector<float> wq(dm * dm), wk(dm * dm), token(dm);
  phasor::normal_samples(9, 1, 0.35, dm * dm, wq.data());
  phasor::normal_samples(9, 2, 0.35, dm * dm, wk.data());
  phasor::normal_samples(9, 3, 1.0, dm, token.data());
  const std::vector<double> rows = {0, 1, 63, 64, 65, 700, 1499}, cols = {0, 2, 64, 128, 777, 1200, 1499};
  for (const phasor::Pairing pairing : {phasor::Pairing::half, phasor::Pairing::adjacent}) {
    for (const bool causal : {false, true}) {
      phasor::AttentionSpec a;
      a.kind = phasor::AttentionKind::rope;
      a.d_model = a.d_head = dm;
      a.base = 500.0;
      a.pairing = a.table_layout = pairing;
      a.scaling.type = phasor::RopeScalingType::yarn;
      a.scaling.factor = 8;
      a.scaling.original_length = 256;
      phasor::PatternSpec spec{a, n, true, causal, true};
      ASSERT_TRUE(phasor::pattern_is_toeplitz(spec));
      phasor::PatternInput in{token.data(), wq.data(), wk.data(), rows.data(), 7, cols.data(), 7};
      ASSERT_EQ(phasor::validate_attention_pattern(spec, in), "");
      std::vector<float> total(49), softmax(49);
      phasor::PatternOutput out;
      out.total = total.data();
      out.softmax = softmax.data();
      phasor::attention_pattern(spec, in, out);
      // attention_scores of each drawn row against every key (for the softmax).
      std::vector<double> keys(n);
      for (std::int64_t k = 0; k < n; ++k) keys[k] = static_cast<double>(k);
      std::vector<float> want(7 * n);
      phasor::AttentionInput full;
      full.query_positions = rows.data();
      full.queries = 7;
      full.key_positions = keys.data();
      full.keys = n;
      full.query_tokens = full.key_tokens = token.data();
      full.shared_tokens = true;
      full.wq = wq.data();
      full.wk = wk.data();
      phasor::AttentionScores scores;
      scores.total = want.data();
      phasor::attention_scores(a, full, scores);
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto m = static_cast<std::int64_t>(rows[i]);
        const std::int64_t last = causal ? m : n - 1;
        double sum = 0.0;
        for (std::int64_t k = 0; k <= last; ++k) sum += std::exp(static_cast<double>(want[i * n + k]));
        for (std::size_t j = 0; j < cols.size(); ++j) {
          const auto k = static_cast<std::int64_t>(cols[j]);
          const float got = total[i * 7 + j];
          if (k > last) {
            EXPECT_TRUE(std::isnan(got));
            continue;
          }
          const float w = want[i * n + k];
          EXPECT_NEAR(got, w, 1.2e-7 * std::fabs(w) + 1e-12)
              << "pairing " << static_cast<int>(pairing) << ", m " << m << " n " << k;
          EXPECT_NEAR(softmax[i * 7 + j], std::exp(static_cast<double>(w)) / sum, 1e-6) << "m " << m << " n " << k;
        }
      }
    }
  }
}

// Additive PE and ALiBi without the terms compute q_m . k_n as x_m (W_Q W_K^T) x_n,
// with W_Q W_K^T kept for the last weights: calls whose weights change (W_K
// alone, W_Q alone, back again), widths with dHead above dModel, and both
// kinds each match attention_scores.
TEST(PatternProduct, KeptWeightProductFollowsTheWeights) {
  constexpr std::int64_t n = 50;
  struct Call {
    phasor::AttentionKind kind;
    std::int64_t dm, dh;
    std::uint64_t wq_seed, wk_seed;
    bool shared;
  };
  const Call calls[] = {
      {phasor::AttentionKind::additive, 8, 8, 1, 2, true},  {phasor::AttentionKind::additive, 8, 8, 1, 3, true},
      {phasor::AttentionKind::additive, 8, 8, 4, 3, true},  {phasor::AttentionKind::additive, 8, 8, 1, 2, false},
      {phasor::AttentionKind::alibi, 8, 8, 1, 2, false},    {phasor::AttentionKind::additive, 6, 10, 1, 2, true},
      {phasor::AttentionKind::additive, 10, 6, 1, 2, true}, {phasor::AttentionKind::additive, 8, 8, 1, 3, true},
  };
  const std::vector<double> rows = {0, 3, 17, 49}, cols = {1, 2, 17, 30, 49};
  for (const Call& c : calls) {
    std::vector<float> wq(c.dm * c.dh), wk(c.dm * c.dh), tokens((c.shared ? 1 : n) * c.dm);
    phasor::normal_samples(c.wq_seed, 1, 0.35, c.dm * c.dh, wq.data());
    phasor::normal_samples(c.wk_seed, 2, 0.35, c.dm * c.dh, wk.data());
    phasor::normal_samples(5, 3, 1.0, static_cast<std::int64_t>(tokens.size()), tokens.data());
    phasor::AttentionSpec a;
    a.kind = c.kind;
    a.d_model = c.dm;
    a.d_head = c.dh;
    a.base = 100.0;
    phasor::PatternSpec spec{a, n, c.shared, false, true};
    phasor::PatternInput in{tokens.data(), wq.data(), wk.data(), rows.data(), 4, cols.data(), 5};
    ASSERT_EQ(phasor::validate_attention_pattern(spec, in), "");
    std::vector<float> total(20), softmax(20);
    phasor::PatternOutput out;
    out.total = total.data();
    out.softmax = softmax.data();
    phasor::attention_pattern(spec, in, out);
    std::vector<double> keys(n);
    for (std::int64_t k = 0; k < n; ++k) keys[k] = static_cast<double>(k);
    std::vector<float> query_tokens;
    for (const double m : rows)
      for (std::int64_t t = 0; t < c.dm; ++t)
        query_tokens.push_back(tokens[(c.shared ? 0 : static_cast<std::int64_t>(m)) * c.dm + t]);
    std::vector<float> want(4 * n);
    phasor::AttentionInput full;
    full.query_positions = rows.data();
    full.queries = 4;
    full.key_positions = keys.data();
    full.keys = n;
    full.query_tokens = c.shared ? tokens.data() : query_tokens.data();
    full.key_tokens = tokens.data();
    full.shared_tokens = c.shared;
    full.wq = wq.data();
    full.wk = wk.data();
    phasor::AttentionScores scores;
    scores.total = want.data();
    phasor::attention_scores(a, full, scores);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      double sum = 0.0;
      for (std::int64_t k = 0; k < n; ++k) sum += std::exp(static_cast<double>(want[i * n + k]));
      for (std::size_t j = 0; j < cols.size(); ++j) {
        const float w = want[i * n + static_cast<std::int64_t>(cols[j])];
        EXPECT_NEAR(total[i * 5 + j], w, 1.2e-7 * std::fabs(w) + 1e-12)
            << "kind " << static_cast<int>(c.kind) << ", d " << c.dm << " x " << c.dh << ", seeds " << c.wq_seed << " "
            << c.wk_seed;
        EXPECT_NEAR(softmax[i * 5 + j], std::exp(static_cast<double>(w)) / sum, 1e-6);
      }
    }
  }
}

// A RoPE table laid out for the other pairing is no rotation: not Toeplitz, computed entry by entry.
TEST(PatternRope, AMismatchedTableLayoutIsNotToeplitz) {
  phasor::PatternSpec spec;
  spec.attention.kind = phasor::AttentionKind::rope;
  spec.attention.pairing = phasor::Pairing::adjacent;
  spec.attention.table_layout = phasor::Pairing::half;
  EXPECT_FALSE(phasor::pattern_is_toeplitz(spec));
  spec.attention.table_layout = phasor::Pairing::adjacent;
  EXPECT_TRUE(phasor::pattern_is_toeplitz(spec));
}

TEST(PatternValidation, NamesTheIndexAndTheWork) {
  phasor::PatternSpec spec;
  spec.attention.kind = phasor::AttentionKind::rope;
  spec.attention.d_model = spec.attention.d_head = 8;
  spec.n = 10;
  const std::vector<double> ok = {0, 9}, bad = {0, 10}, half = {0.5};
  std::vector<float> none;
  EXPECT_EQ(phasor::validate_attention_pattern(spec, {nullptr, nullptr, nullptr, ok.data(), 2, ok.data(), 2}), "");
  EXPECT_NE(phasor::validate_attention_pattern(spec, {nullptr, nullptr, nullptr, bad.data(), 2, ok.data(), 2})
                .find("rows[i]"),
            std::string::npos);
  EXPECT_NE(phasor::validate_attention_pattern(spec, {nullptr, nullptr, nullptr, ok.data(), 2, half.data(), 1})
                .find("cols[j]"),
            std::string::npos);
  spec.n = 0;
  EXPECT_NE(
      phasor::validate_attention_pattern(spec, {nullptr, nullptr, nullptr, ok.data(), 2, ok.data(), 2}).find("n must"),
      std::string::npos);
}

// The product W_Q W_K^T is used only where building it costs no more than the
// projections it saves (issue 32: at dModel 4096, 16 rows, it was 7e10
// multiply-adds inside a call of 5e8 allowed work); a square chart's additive
// panel still uses it.
TEST(PatternProduct, UsedOnlyWhereItCostsNoMoreThanTheProjections) {
  EXPECT_TRUE(phasor::uses_weight_product(false, false, 256, 256, 306, 306));
  EXPECT_FALSE(phasor::uses_weight_product(false, false, 4096, 4096, 16, 16));
  EXPECT_FALSE(phasor::uses_weight_product(true, false, 64, 64, 306, 306));
  EXPECT_FALSE(phasor::uses_weight_product(false, true, 64, 64, 306, 306));
  EXPECT_FALSE(phasor::uses_weight_product(false, false, 64, 32, 306, 306));
}

// Additive PE's terms are four more rows x cols products in the work of one call.
TEST(PatternValidation, AdditiveTermsCountInTheWork) {
  phasor::PatternSpec spec;
  spec.attention.kind = phasor::AttentionKind::additive;
  spec.attention.d_model = spec.attention.d_head = 30;
  spec.n = 4096;
  spec.softmax = true;
  spec.shared_tokens = false;
  std::vector<double> all(4096);
  for (int i = 0; i < 4096; ++i) all[static_cast<std::size_t>(i)] = i;
  const phasor::PatternInput in{nullptr, nullptr, nullptr, all.data(), 4096, all.data(), 4096};
  EXPECT_EQ(phasor::validate_attention_pattern(spec, in), "");
  spec.terms = true;
  EXPECT_EQ(
      phasor::validate_attention_pattern(spec, in),
      "the work of one call, (2 n x dModel + 5 rows x cols + rows x n) x dHead, with additive PE's terms, must be "
      "at most 1073741824; got 3027271680");
}

// The total, its softmax and the four terms share one result: at n 4096 that
// is 384 MiB, past the 256 MiB result cap, however small dHead; without the
// terms it is 128 MiB.
TEST(PatternValidation, TheResultCapCountsTheSoftmaxAndTheTerms) {
  phasor::PatternSpec spec;
  spec.attention.kind = phasor::AttentionKind::additive;
  spec.attention.d_model = spec.attention.d_head = 2;
  spec.n = 4096;
  spec.softmax = true;
  spec.terms = true;
  spec.shared_tokens = false;
  std::vector<double> all(4096);
  for (int i = 0; i < 4096; ++i) all[static_cast<std::size_t>(i)] = i;
  const phasor::PatternInput in{nullptr, nullptr, nullptr, all.data(), 4096, all.data(), 4096};
  EXPECT_EQ(phasor::validate_attention_pattern(spec, in),
            "the result (rows x cols float32 values, for the total, its softmax and additive PE's terms as asked) "
            "would take 402653184 bytes, more than the 268435456 a wasm32 result may use; ask for fewer positions or "
            "a smaller dModel");
  const phasor::PatternInput fewer{nullptr, nullptr, nullptr, all.data(), 2730, all.data(), 4096};
  EXPECT_EQ(phasor::validate_attention_pattern(spec, fewer), "");  // 2730 x 4096 x 6 x 4 bytes < 2^28
  spec.terms = false;
  EXPECT_EQ(phasor::validate_attention_pattern(spec, in), "");
}

}  // namespace
