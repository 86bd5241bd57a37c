// The drawn pattern's softmax stays a distribution for every finite input the
// API accepts (issue 32): at tokenStd 2e4 additive PE gave Infinity or rows
// summing to 0 (the drawn entries were the four terms' sum, rounded otherwise
// than the row's normaliser), at 1e6 an entry of 1.00098, and ALiBi with a
// shared token at 1e9 rows summing to 5 (the log-sum-exp lost log n to
// rounding). Each row here is drawn whole: entries in [0, 1], rows summing to
// 1 within float32 rounding; ALiBi's shared-token rows are the bias's softmax,
// the closed form exp(-slope |m - k|) / sum, the shared q . k cancelling.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "phasor/attention.hpp"
#include "phasor/attention_pattern.hpp"
#include "phasor/limits.hpp"
#include "phasor/random.hpp"

namespace {

struct Drawn {
  std::vector<float> total, softmax;
};

// Every row and column of an n x n pattern, its tokens and weights drawn as the API draws them.
Drawn draw(phasor::AttentionKind kind, std::int64_t n, std::int64_t dm, double token_std, bool shared, bool causal,
           bool terms) {
  phasor::PatternSpec spec;
  spec.attention.kind = kind;
  spec.attention.d_model = spec.attention.d_head = dm;
  spec.attention.heads = 8;
  spec.attention.head = 0;
  spec.n = n;
  spec.shared_tokens = shared;
  spec.causal = causal;
  spec.softmax = true;
  std::vector<float> wq(static_cast<std::size_t>(dm * dm)), wk(wq.size());
  std::vector<float> tokens(static_cast<std::size_t>((shared ? 1 : n) * dm));
  phasor::normal_samples(0, 1, 1 / std::sqrt(static_cast<double>(dm)), dm * dm, wq.data());
  phasor::normal_samples(0, 2, 1 / std::sqrt(static_cast<double>(dm)), dm * dm, wk.data());
  phasor::normal_samples(0, 3, token_std, static_cast<std::int64_t>(tokens.size()), tokens.data());
  std::vector<double> all(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = static_cast<double>(i);
  const phasor::PatternInput in{tokens.data(), wq.data(), wk.data(), all.data(), n, all.data(), n};
  EXPECT_EQ(phasor::validate_attention_pattern(spec, in), "");
  Drawn d{std::vector<float>(static_cast<std::size_t>(n * n)), std::vector<float>(static_cast<std::size_t>(n * n))};
  std::vector<float> term_blocks(static_cast<std::size_t>(4 * n * n));
  phasor::PatternOutput out;
  out.total = d.total.data();
  out.softmax = d.softmax.data();
  if (terms)
    for (int t = 0; t < 4; ++t) out.terms[t] = term_blocks.data() + t * n * n;
  phasor::attention_pattern(spec, in, out);
  return d;
}

// Entries in [0, 1], 0 where masked, and each row's sum 1 within n float32 roundings.
void expect_distribution(const Drawn& d, std::int64_t n, bool causal, const char* what) {
  for (std::int64_t m = 0; m < n; ++m) {
    double sum = 0.0;
    for (std::int64_t k = 0; k < n; ++k) {
      const float w = d.softmax[static_cast<std::size_t>(m * n + k)];
      ASSERT_TRUE(w >= 0.0f && w <= 1.0f) << what << ": entry (" << m << ", " << k << ") = " << w;
      if (causal && k > m) ASSERT_EQ(w, 0.0f) << what;
      sum += w;
    }
    ASSERT_NEAR(sum, 1.0, static_cast<double>(n) * 0x1p-24) << what << ": row " << m;
  }
}

TEST(PatternSoftmax, AdditiveWithItsTermsAtTokenStd2e4IsADistribution) {
  for (const bool causal : {false, true}) {
    const std::int64_t n = 64;
    expect_distribution(draw(phasor::AttentionKind::additive, n, 16, 2e4, true, causal, true), n, causal,
                        "additive, tokenStd 2e4");
  }
}

TEST(PatternSoftmax, AdditiveAtTokenStd1e6HasNoEntryAboveOne) {
  const std::int64_t n = 5;
  expect_distribution(draw(phasor::AttentionKind::additive, n, 16, 1e6, true, false, true), n, false,
                      "additive, n 5, tokenStd 1e6");
}

TEST(PatternSoftmax, AlibiWithASharedTokenAt1e9IsTheBiasSoftmax) {
  const std::int64_t n = 5;
  for (const bool causal : {false, true}) {
    const Drawn d = draw(phasor::AttentionKind::alibi, n, 16, 1e9, true, causal, false);
    expect_distribution(d, n, causal, "alibi, shared, tokenStd 1e9");
    std::vector<double> slopes(8);
    phasor::alibi_slopes(8, slopes.data());
    for (std::int64_t m = 0; m < n; ++m) {
      const std::int64_t last = causal ? m : n - 1;
      double sum = 0.0;
      for (std::int64_t k = 0; k <= last; ++k) sum += std::exp(-slopes[0] * static_cast<double>(std::abs(m - k)));
      for (std::int64_t k = 0; k <= last; ++k) {
        const double want = std::exp(-slopes[0] * static_cast<double>(std::abs(m - k))) / sum;
        EXPECT_NEAR(d.softmax[static_cast<std::size_t>(m * n + k)], want, 0x1p-24 * want + 1e-12)
            << "m " << m << " k " << k;
      }
    }
  }
}

TEST(PatternSoftmax, EveryKindAndTokenModeUpToTheLargestTokenStdIsADistribution) {
  for (const double token_std : {1e3, 1e9, phasor::kMaxTokenStd}) {
    for (const auto kind :
         {phasor::AttentionKind::additive, phasor::AttentionKind::rope, phasor::AttentionKind::alibi}) {
      for (const bool shared : {true, false}) {
        for (const bool causal : {false, true}) {
          const std::int64_t n = 33;
          const Drawn d = draw(kind, n, 8, token_std, shared, causal, kind == phasor::AttentionKind::additive);
          expect_distribution(d, n, causal, "a kind at a large tokenStd");
          // And the scores themselves stay within float32 up to kMaxTokenStd.
          for (std::int64_t e = 0; e < n * n; ++e) {
            const float s = d.total[static_cast<std::size_t>(e)];
            ASSERT_TRUE(std::isnan(s) || std::isfinite(s)) << "score " << e << " = " << s;
          }
        }
      }
    }
  }
}

}  // namespace
