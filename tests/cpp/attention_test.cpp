#include "phasor/attention.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "phasor/random.hpp"
#include "reference.hpp"

namespace {

using phasor::AttentionKind;
using phasor::Pairing;

struct Experiment {
  std::int64_t dm, dh, n;
  std::vector<double> positions;
  std::vector<float> tokens, wq, wk;
};

Experiment make_experiment(std::int64_t dm, std::int64_t dh, std::int64_t n, double first = 0.0) {
  Experiment s{dm,
               dh,
               n,
               {},
               std::vector<float>(static_cast<std::size_t>(n * dm)),
               std::vector<float>(static_cast<std::size_t>(dm * dh)),
               std::vector<float>(static_cast<std::size_t>(dm * dh))};
  for (std::int64_t i = 0; i < n; ++i) s.positions.push_back(first + static_cast<double>(i));
  phasor::normal_samples(7, 3, 1.0, n * dm, s.tokens.data());
  phasor::normal_samples(7, 1, 1.0 / std::sqrt(static_cast<double>(dm)), dm * dh, s.wq.data());
  phasor::normal_samples(7, 2, 1.0 / std::sqrt(static_cast<double>(dm)), dm * dh, s.wk.data());
  return s;
}

phasor::AttentionInput input_of(const Experiment& s, bool shared = false) {
  phasor::AttentionInput in;
  in.query_positions = s.positions.data();
  in.queries = s.n;
  in.key_positions = s.positions.data();
  in.keys = s.n;
  in.query_tokens = s.tokens.data();
  in.key_tokens = s.tokens.data();
  in.shared_tokens = shared;
  in.wq = s.wq.data();
  in.wk = s.wk.data();
  return in;
}

phasor::AttentionSpec spec_of(AttentionKind kind, const Experiment& s) {
  phasor::AttentionSpec spec;
  spec.kind = kind;
  spec.d_model = s.dm;
  spec.d_head = s.dh;
  return spec;
}

// x W in float64, x of width dm.
std::vector<double> times(const std::vector<double>& x, const std::vector<float>& w, std::int64_t dh) {
  const auto dm = static_cast<std::int64_t>(x.size());
  std::vector<double> out(static_cast<std::size_t>(dh), 0.0);
  for (std::int64_t f = 0; f < dh; ++f)
    for (std::int64_t t = 0; t < dm; ++t) out[f] += x[t] * w[t * dh + f];
  return out;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

TEST(AttentionAdditive, FourTermsMatchTheDirectProductsAndSumToTheTotal) {
  const Experiment s = make_experiment(16, 8, 10, 3.0);
  const auto n = static_cast<std::size_t>(s.n * s.n);
  std::vector<float> total(n), cc(n), cp(n), pc(n), pp(n);
  phasor::AttentionScores out{total.data(), cc.data(), cp.data(), pc.data(), pp.data(), nullptr};
  const auto spec = spec_of(AttentionKind::additive, s);
  ASSERT_EQ(phasor::validate_attention(spec, 10, 10), "");
  phasor::attention_scores(spec, input_of(s), out);
  for (std::int64_t m = 0; m < s.n; ++m) {
    for (std::int64_t k = 0; k < s.n; ++k) {
      std::vector<double> wm(s.tokens.begin() + m * 16, s.tokens.begin() + (m + 1) * 16);
      std::vector<double> wn(s.tokens.begin() + k * 16, s.tokens.begin() + (k + 1) * 16);
      const auto pm = reference::row(s.positions[m], 16, 10000.0);
      const auto pn = reference::row(s.positions[k], 16, 10000.0);
      std::vector<double> xm(16), xn(16);
      for (int t = 0; t < 16; ++t) {
        xm[t] = wm[t] + pm[t];
        xn[t] = wn[t] + pn[t];
      }
      const std::size_t at = m * s.n + k;
      const double want_total = dot(times(xm, s.wq, 8), times(xn, s.wk, 8));
      EXPECT_NEAR(total[at], want_total, 1e-6 * (1 + std::fabs(want_total)));
      EXPECT_NEAR(cc[at], dot(times(wm, s.wq, 8), times(wn, s.wk, 8)), 1e-6 * (1 + std::fabs(cc[at])));
      EXPECT_NEAR(cp[at], dot(times(wm, s.wq, 8), times(pn, s.wk, 8)), 1e-6 * (1 + std::fabs(cp[at])));
      EXPECT_NEAR(pc[at], dot(times(pm, s.wq, 8), times(wn, s.wk, 8)), 1e-6 * (1 + std::fabs(pc[at])));
      EXPECT_NEAR(pp[at], dot(times(pm, s.wq, 8), times(pn, s.wk, 8)), 1e-6 * (1 + std::fabs(pp[at])));
      EXPECT_NEAR(static_cast<double>(cc[at]) + cp[at] + pc[at] + pp[at], total[at], 4e-7 * (1 + std::fabs(total[at])));
    }
  }
}

// Largest difference, over the offsets, between the scores of different anchors.
double offset_spread(const phasor::AttentionSpec& spec, const Experiment& s) {
  const std::vector<double> anchors = {0, 17, 300, 4000};
  std::vector<double> offsets;
  for (int o = -12; o <= 12; ++o) offsets.push_back(o);
  std::vector<float> out(anchors.size() * offsets.size());
  EXPECT_EQ(phasor::validate_score_by_offset(spec, anchors.data(), 4, offsets.data(), 25), "");
  phasor::score_by_offset(spec, s.tokens.data(), s.tokens.data(), s.wq.data(), s.wk.data(), anchors.data(), 4,
                          offsets.data(), 25, out.data());
  double spread = 0.0;
  for (std::size_t j = 0; j < offsets.size(); ++j) {
    double lo = out[j], hi = out[j];
    for (std::size_t a = 1; a < anchors.size(); ++a) {
      lo = std::min<double>(lo, out[a * offsets.size() + j]);
      hi = std::max<double>(hi, out[a * offsets.size() + j]);
    }
    spread = std::max(spread, hi - lo);
  }
  return spread;
}

// Float32 values a and b at most one float32 ulp apart (both rounded once from
// float64 values that agree to float64 rounding).
bool within_one_ulp(float a, float b) { return a == b || std::nextafter(a, b) == b; }

TEST(AttentionOffset, AdditiveScoresAndTermsAreTheDirectProductsAndTheGridsDiagonals) {
  // score_by_offset computes additive PE from the key side (PE(m - o) . W_K q
  // by angle addition); attention_scores projects every key's PE row. Both
  // are float64 rounded once: within a float32 ulp of each other, and each
  // term the direct float64 product of the definitions (reference.hpp rows).
  // Offsets along a progression (their sines and cosines by angle addition
  // too) and offsets that are not one (each computed).
  const std::vector<double> consecutive = [] {
    std::vector<double> o;
    for (int j = -12; j <= 13; ++j) o.push_back(j);
    return o;
  }();
  const std::vector<double> scattered = [&] {
    std::vector<double> o = consecutive;
    o.push_back(1000.25);
    return o;
  }();
  const std::vector<double> strided = {-70.5, -63, -55.5, -48, -40.5, -33, -25.5, -18, -10.5, -3, 4.5};
  for (const auto& [dm, dh] : {std::pair<std::int64_t, std::int64_t>{16, 8}, {64, 64}, {130, 6}, {2, 2}})
    for (const auto* offset_set : {&consecutive, &scattered, &strided}) {
      const Experiment s = make_experiment(dm, dh, 1);
      const std::vector<double> anchors = {0, 17, 300, 4000, -9.5};
      const std::vector<double>& offsets = *offset_set;
      const auto na = static_cast<std::int64_t>(anchors.size()), no = static_cast<std::int64_t>(offsets.size());
      const auto grid = static_cast<std::size_t>(na * no);
      auto spec = spec_of(AttentionKind::additive, s);
      spec.base = 500.0;
      ASSERT_EQ(phasor::validate_score_by_offset(spec, anchors.data(), na, offsets.data(), no), "");
      std::vector<float> total(grid), terms(4 * grid), alone(grid);
      phasor::score_by_offset(spec, s.tokens.data(), s.tokens.data(), s.wq.data(), s.wk.data(), anchors.data(), na,
                              offsets.data(), no, total.data(), terms.data());
      phasor::score_by_offset(spec, s.tokens.data(), s.tokens.data(), s.wq.data(), s.wk.data(), anchors.data(), na,
                              offsets.data(), no, alone.data());
      EXPECT_EQ(alone, total) << "without terms";
      const std::vector<double> w(s.tokens.begin(), s.tokens.begin() + dm);
      for (std::int64_t a = 0; a < na; ++a) {
        // The grid of attention_scores: the query at anchors[a] against its keys.
        std::vector<double> keys(static_cast<std::size_t>(no));
        for (std::int64_t j = 0; j < no; ++j) keys[j] = anchors[a] - offsets[j];
        std::vector<float> g(static_cast<std::size_t>(no)), gcc(g.size()), gcp(g.size()), gpc(g.size()), gpp(g.size());
        phasor::AttentionInput in = input_of(s, true);
        in.query_positions = anchors.data() + a;
        in.queries = 1;
        in.key_positions = keys.data();
        in.keys = no;
        phasor::attention_scores(spec, in, {g.data(), gcc.data(), gcp.data(), gpc.data(), gpp.data(), nullptr});
        const auto pm = reference::row(anchors[a], dm, spec.base);
        const auto qc = times(w, s.wq, dh), kc = times(w, s.wk, dh), qp = times(pm, s.wq, dh);
        for (std::int64_t j = 0; j < no; ++j) {
          const std::size_t at = static_cast<std::size_t>(a * no + j);
          const auto pn = reference::row(keys[j], dm, spec.base);
          const auto kp = times(pn, s.wk, dh);
          const float* t = terms.data();
          const double want[4] = {dot(qc, kc), dot(qc, kp), dot(qp, kc), dot(qp, kp)};
          const float grid_terms[4] = {gcc[j], gcp[j], gpc[j], gpp[j]};
          for (int k = 0; k < 4; ++k) {
            const float got = t[static_cast<std::size_t>(k) * grid + at];
            EXPECT_NEAR(got, want[k], 1e-6 * (1 + std::fabs(want[k])))
                << "term " << k << ", anchor " << a << ", offset " << offsets[j];
            EXPECT_TRUE(within_one_ulp(got, grid_terms[k]))
                << got << " vs " << grid_terms[k] << ": term " << k << ", d " << dm;
          }
          EXPECT_NEAR(total[at], want[0] + want[1] + want[2] + want[3], 1e-6 * (1 + std::fabs(total[at])));
          EXPECT_TRUE(within_one_ulp(total[at], g[j]))
              << total[at] << " vs " << g[j] << ": anchor " << a << ", d " << dm;
        }
      }
    }
}

TEST(AttentionOffset, RopeScoresDependOnTheOffsetOnlyAndAdditiveScoresDoNot) {
  const Experiment s = make_experiment(32, 32, 1);
  EXPECT_LT(offset_spread(spec_of(AttentionKind::rope, s), s), 1e-5);
  EXPECT_GT(offset_spread(spec_of(AttentionKind::additive, s), s), 0.1);
  EXPECT_LT(offset_spread(spec_of(AttentionKind::alibi, s), s), 1e-5);
}

TEST(AttentionOffset, ATableMismatchBreaksTheOffsetPropertyAndAWeightMismatchDoesNot) {
  const Experiment s = make_experiment(32, 32, 1);
  auto spec = spec_of(AttentionKind::rope, s);
  spec.pairing = Pairing::half;
  spec.table_layout = Pairing::adjacent;
  EXPECT_GT(offset_spread(spec, s), 0.1);
  spec.table_layout = Pairing::half;
  spec.weight_layout = Pairing::adjacent;  // weights made for adjacent pairs, used unpermuted
  EXPECT_LT(offset_spread(spec, s), 1e-5);
}

TEST(AttentionPairing, PermutingTheWeightsRestoresTheOtherLayoutsScores) {
  const Experiment s = make_experiment(16, 16, 12);
  const auto n = static_cast<std::size_t>(s.n * s.n);
  std::vector<float> reference(n), mismatched(n), fixed(n);
  auto spec = spec_of(AttentionKind::rope, s);
  spec.pairing = spec.table_layout = spec.weight_layout = Pairing::adjacent;
  phasor::attention_scores(spec, input_of(s), {reference.data()});
  spec.pairing = spec.table_layout = Pairing::half;
  phasor::attention_scores(spec, input_of(s), {mismatched.data()});
  spec.permute = true;
  phasor::attention_scores(spec, input_of(s), {fixed.data()});
  double mismatch = 0.0, restored = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    mismatch = std::max<double>(mismatch, std::fabs(mismatched[i] - reference[i]));
    restored = std::max<double>(restored, std::fabs(fixed[i] - reference[i]));
  }
  EXPECT_GT(mismatch, 0.1);
  EXPECT_LT(restored, 1e-5);
}

TEST(AttentionAlibi, SlopesAreThePapersGeometricSequence) {
  std::vector<double> slopes(8);
  phasor::alibi_slopes(8, slopes.data());
  for (int h = 0; h < 8; ++h) EXPECT_DOUBLE_EQ(slopes[h], std::pow(2.0, -(h + 1)));
  std::vector<double> sixteen(16);
  phasor::alibi_slopes(16, sixteen.data());
  for (int h = 0; h < 16; ++h) EXPECT_DOUBLE_EQ(sixteen[h], std::pow(2.0, -0.5 * (h + 1)));
  // 12 heads: the 8-head slopes, then slopes 1, 3, 5, 7 of 16 heads.
  std::vector<double> twelve(12);
  phasor::alibi_slopes(12, twelve.data());
  for (int h = 0; h < 8; ++h) EXPECT_DOUBLE_EQ(twelve[h], slopes[h]);
  for (int k = 0; k < 4; ++k) EXPECT_DOUBLE_EQ(twelve[8 + k], sixteen[2 * k]);
}

TEST(AttentionAlibi, BiasIsMinusSlopeTimesDistance) {
  const Experiment s = make_experiment(8, 8, 6);
  auto spec = spec_of(AttentionKind::alibi, s);
  spec.heads = 4;
  spec.head = 1;  // slope 2^-4
  std::vector<float> total(36), bias(36), content(36);
  phasor::AttentionScores out;
  out.total = total.data();
  out.bias = bias.data();
  phasor::attention_scores(spec, input_of(s), out);
  spec.kind = AttentionKind::rope;  // the same tokens without position: RoPE at offset 0 is plain q.k
  for (int m = 0; m < 6; ++m)
    for (int k = 0; k < 6; ++k) {
      EXPECT_FLOAT_EQ(bias[m * 6 + k], static_cast<float>(-std::abs(m - k) / 16.0));
      std::vector<double> wm(s.tokens.begin() + m * 8, s.tokens.begin() + (m + 1) * 8);
      std::vector<double> wn(s.tokens.begin() + k * 8, s.tokens.begin() + (k + 1) * 8);
      EXPECT_NEAR(total[m * 6 + k], dot(times(wm, s.wq, 8), times(wn, s.wk, 8)) - std::abs(m - k) / 16.0, 1e-6);
    }
}

TEST(AttentionValidation, NamesTheOptionAndRange) {
  const Experiment s = make_experiment(8, 8, 1);
  auto spec = spec_of(AttentionKind::rope, s);
  spec.d_head = 7;
  EXPECT_NE(phasor::validate_attention(spec, 4, 4).find("dHead must be even for RoPE"), std::string::npos);
  spec = spec_of(AttentionKind::alibi, s);
  spec.head = 8;
  EXPECT_NE(phasor::validate_attention(spec, 4, 4).find("head must be an integer in [0, 7]; got 8"), std::string::npos);
  spec = spec_of(AttentionKind::additive, s);
  EXPECT_NE(phasor::validate_attention(spec, 5000, 4).find("positions.length must be an integer in [1, 4096]"),
            std::string::npos);
  spec.d_head = 4096;
  EXPECT_NE(phasor::validate_attention(spec, 4096, 4096).find("at most 1073741824"), std::string::npos);
}

// Additive PE's work counts its four terms, each a queries x keys product
// (issue 32's work table); RoPE's is one product.
TEST(AttentionValidation, AdditiveWorkCountsItsFourTerms) {
  const Experiment s = make_experiment(8, 8, 1);
  auto spec = spec_of(AttentionKind::additive, s);
  spec.d_model = spec.d_head = 60;
  EXPECT_EQ(phasor::validate_attention(spec, 4096, 4096),
            "the work of one call, (4 queries x keys + (queries + keys) x dModel) x dHead, additive PE's four terms, "
            "must be at most 1073741824; got 4056023040");
  spec.kind = AttentionKind::rope;
  EXPECT_EQ(phasor::validate_attention(spec, 4096, 4096), "");
}

// The result holds every matrix the call returns: 4096 x 4096 additive
// scores with their four terms are 320 MiB, past the 256 MiB result cap,
// whatever dHead; RoPE's one matrix and ALiBi's two fit.
TEST(AttentionValidation, TheResultCapCountsEveryMatrixReturned) {
  const Experiment s = make_experiment(8, 8, 1);
  auto spec = spec_of(AttentionKind::additive, s);
  spec.d_model = spec.d_head = 2;
  EXPECT_EQ(phasor::validate_attention(spec, 4096, 4096),
            "the result (queries x keys float32 values, for the scores and each term) would take 335544320 bytes, "
            "more than the 268435456 a wasm32 result may use; ask for fewer positions or a smaller dModel");
  EXPECT_EQ(phasor::validate_attention(spec, 3276, 4096), "");  // 3276 x 4096 x 5 x 4 bytes < 2^28
  EXPECT_NE(phasor::validate_attention(spec, 3277, 4096), "");
  spec.kind = AttentionKind::rope;
  EXPECT_EQ(phasor::validate_attention(spec, 4096, 4096), "");
  spec.kind = AttentionKind::alibi;
  EXPECT_EQ(phasor::validate_attention(spec, 4096, 4096), "");
}

// A dHead left to default to an odd dModel is reported as dModel, the option the caller gave (issue 32).
TEST(AttentionValidation, NamesDModelWhenDHeadDefaultsToIt) {
  const Experiment s = make_experiment(8, 8, 1);
  auto spec = spec_of(AttentionKind::rope, s);
  spec.d_model = spec.d_head = 5;
  EXPECT_EQ(phasor::validate_attention(spec, 4, 4, "positions.length", "keyPositions.length", "dModel"),
            "dModel must be even for RoPE (its slots turn in pairs); got 5");
  EXPECT_EQ(phasor::validate_attention(spec, 4, 4), "dHead must be even for RoPE (its slots turn in pairs); got 5");
}

}  // namespace
