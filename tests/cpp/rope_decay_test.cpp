// RoFormer's relative upper bound and the measured mean |q.k| of random unit
// vectors (cpp/include/phasor/rope_decay.hpp) against numpy
// (tests/fixtures/make_decay_fixtures.py), and the shape of RoFormer's Figure 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "decay_fixture.hpp"
#include "phasor/random.hpp"
#include "phasor/rope_decay.hpp"
#include "phasor/rope_scaling.hpp"

namespace {

phasor::RopeScaling scaling_of(const decay_fixture::Scaling& s) {
  phasor::RopeScaling out;
  out.type = static_cast<phasor::RopeScalingType>(s.type);
  out.factor = s.factor;
  out.original_length = s.original_length;
  return out;
}

std::vector<double> decay(std::int64_t d, double base, std::int64_t max_distance, phasor::RopeScaling scaling = {}) {
  phasor::RopeDecaySpec spec{d, base, max_distance, scaling};
  EXPECT_EQ(phasor::validate_rope_decay(static_cast<double>(d), base, static_cast<double>(max_distance), scaling), "");
  std::vector<double> out(static_cast<std::size_t>(max_distance + 1));
  phasor::rope_decay(spec, out.data());
  return out;
}

void expect_relative(const std::vector<double>& got, const std::vector<double>& want, double tol) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t r = 0; r < got.size(); ++r)
    EXPECT_LE(std::fabs(got[r] - want[r]), tol * std::fabs(want[r])) << "r = " << r;
}

TEST(RopeDecay, MatchesNumpyToOnePartIn1e12) {
  for (const auto& c : decay_fixture::kBounds)
    expect_relative(decay(c.d_model, c.base, c.max_distance, scaling_of(c.scaling)), c.bound, 1e-12);
}

TEST(RopeDecay, HasTheShapeOfRoFormersFigure2) {
  const std::vector<double> b = decay(128, 10000.0, 300);
  // At r = 0 every term is 1, S_j = j: (1/(d/2)) sum_{j=1}^{d/2} j = (d/2 + 1)/2.
  EXPECT_EQ(b[0], 32.5);
  // First below half of it at r = 16 (numpy agrees: decay_reference.json).
  const auto half = std::find_if(b.begin(), b.end(), [&](double v) { return v < b[0] / 2; });
  EXPECT_EQ(half - b.begin(), 16);
  // The envelope falls: the running maximum over [r, 300] never rises with r,
  // and stays below 0.41 of the start from distance 50 on, 0.32 from 200 on.
  double tail_max = 0.0;
  std::vector<double> envelope(b.size());
  for (std::size_t r = b.size(); r-- > 0;) envelope[r] = tail_max = std::max(tail_max, b[r]);
  for (std::size_t r = 1; r < b.size(); ++r) EXPECT_LE(envelope[r], envelope[r - 1]);
  EXPECT_LT(envelope[50], 0.41 * b[0]);
  EXPECT_LT(envelope[200], 0.32 * b[0]);
  // It is not monotone itself: the ripples of the figure.
  int rises = 0;
  for (std::size_t r = 1; r < b.size(); ++r) rises += b[r] > b[r - 1];
  EXPECT_GT(rises, 10);
}

TEST(RopeDecay, StartsAtHalfOfPairsPlusOneForEveryWidth) {
  for (std::int64_t d : {2, 8, 64, 4096}) EXPECT_EQ(decay(d, 10000.0, 0)[0], (d / 2 + 1) / 2.0);
}

TEST(RopeDecay, FollowsTheClosedFormsOfTwoAndFourDimensionsOverLongWalks) {
  // d = 2: S_1 = e^{i r}, |S_1| = 1 at every distance. d = 4: theta = (1, t),
  // t = base^(-1/2); |S_1| = 1 and |S_2| = |1 + e^{i r (t - 1)}| = 2|cos(r (1 - t)/2)|,
  // so the bound is (1 + 2|cos(r (1 - t)/2)|)/2. 5000 distances cross many of
  // the walk's anchors (every 64) and its drift would show between them.
  const std::vector<double> two = decay(2, 10000.0, 5000);
  for (std::size_t r = 0; r < two.size(); ++r) ASSERT_NEAR(two[r], 1.0, 1e-14) << "r = " << r;
  for (const double base : {10000.0, 3.0, 1e6}) {
    const std::vector<double> four = decay(4, base, 5000);
    const double t = std::pow(base, -0.5);
    for (std::size_t r = 0; r < four.size(); ++r) {
      const double want = (1.0 + 2.0 * std::fabs(std::cos(static_cast<double>(r) * (1.0 - t) / 2.0))) / 2.0;
      // The phases r * theta_k are themselves rounded (about r * 2^-53 each), as
      // is r (1 - t)/2 here: the two sides agree to that, plus float64 sums.
      const double phase_error = 4.0 * static_cast<double>(r) * std::ldexp(1.0, -53);
      ASSERT_NEAR(four[r], want, 1e-14 + phase_error) << "base " << base << ", r = " << r;
    }
  }
}

TEST(RopeDecay, AgreesWithASinAndCosPerTermAtTheExplorersWidths) {
  // The definition evaluated term by term, std::cos and std::sin of each
  // phase r * theta_k (what the core computed before it walked the phasors).
  for (const std::int64_t d : {1000, 1024, 4096}) {
    const std::int64_t max_distance = d == 4096 ? 300 : 2100;
    const std::vector<double> got = decay(d, 10000.0, max_distance);
    std::vector<double> theta(static_cast<std::size_t>(d / 2));
    phasor::rope_frequencies(d, 10000.0, {}, theta.data());
    for (std::int64_t r = 0; r <= max_distance; r += 7) {
      double re = 0.0, im = 0.0, total = 0.0;
      for (const double w : theta) {
        re += std::cos(static_cast<double>(r) * w);
        im += std::sin(static_cast<double>(r) * w);
        total += std::sqrt(re * re + im * im);
      }
      const double want = total / static_cast<double>(d / 2);
      ASSERT_NEAR(got[static_cast<std::size_t>(r)], want, 1e-13 * want) << "d " << d << ", r = " << r;
    }
  }
}

TEST(RopeDecay, LinearScalingStretchesTheDistanceAxis) {
  // theta_k / 4 at r is theta_k at r / 4: the scaled curve at 4r is the plain one at r.
  phasor::RopeScaling linear;
  linear.type = phasor::RopeScalingType::linear;
  linear.factor = 4;
  const std::vector<double> plain = decay(64, 10000.0, 50), scaled = decay(64, 10000.0, 200, linear);
  for (std::size_t r = 0; r <= 50; ++r) EXPECT_NEAR(scaled[4 * r], plain[r], 1e-12 * plain[r]);
}

TEST(RopeDecay, RefusesBadOptionsByName) {
  EXPECT_NE(phasor::validate_rope_decay(7, 10000, 10, {}).find("dModel"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_decay(8, 1, 10, {}).find("base"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_decay(8, 10000, -1, {}).find("maxDistance"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_decay(8, 10000, 0.5, {}).find("maxDistance"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_decay(4096, 10000, 1 << 20, {}).find("(maxDistance + 1) x dModel/2"),
            std::string::npos);
  EXPECT_EQ(phasor::validate_rope_decay(4096, 10000, (1 << 15) - 1, {}), "");  // exactly the cap
  EXPECT_NE(phasor::validate_rope_decay(4096, 10000, 1 << 15, {}), "");        // just past it
  EXPECT_NE(phasor::validate_rope_random_scores(8, 10000, 10, {}, 0, 1).find("samples"), std::string::npos);
  EXPECT_NE(phasor::validate_rope_random_scores(8, 10000, 10, {}, 4, -1).find("seed"), std::string::npos);
}

TEST(RopeRandomScores, MatchNumpyToOnePartIn1e12) {
  for (const auto& c : decay_fixture::kRandom) {
    phasor::RopeDecaySpec spec{c.d_model, c.base, c.max_distance, scaling_of(c.scaling)};
    ASSERT_EQ(
        phasor::validate_rope_random_scores(static_cast<double>(c.d_model), c.base, static_cast<double>(c.max_distance),
                                            spec.scaling, static_cast<double>(c.samples), static_cast<double>(c.seed)),
        "");
    std::vector<double> independent(c.independent.size()), self(c.self.size());
    phasor::rope_random_scores(spec, c.samples, c.seed, independent.data(), self.data());
    expect_relative(independent, c.independent, 1e-12);
    expect_relative(self, c.self, 1e-12);
  }
}

TEST(RopeRandomScores, KeptSamplesFollowTheSeedSamplesAndWidth) {
  // The core keeps the last call's sample products (they do not depend on the
  // base) and the normal samples drawn so far: each call here must give the
  // definition's numbers, and what it gives when it is the first.
  struct Call {
    std::int64_t d, samples;
    std::uint64_t seed;
    double base;
  };
  // Widths and sample counts read longer and shorter prefixes of the same streams.
  const Call calls[] = {{64, 8, 3, 10000.0}, {64, 8, 4, 10000.0}, {64, 8, 3, 500.0},    {64, 9, 3, 500.0},
                        {32, 8, 3, 500.0},   {96, 12, 3, 500.0},  {2048, 40, 3, 500.0}, {64, 8, 3, 10000.0}};
  auto run = [](const Call& c) {
    phasor::RopeDecaySpec spec{c.d, c.base, 40, {}};
    std::vector<double> independent(41), self(41);
    phasor::rope_random_scores(spec, c.samples, c.seed, independent.data(), self.data());
    independent.insert(independent.end(), self.begin(), self.end());
    return independent;
  };
  // Each call against the definition from a fresh draw of the streams.
  auto direct = [](const Call& c) {
    const auto d = static_cast<std::size_t>(c.d), n = static_cast<std::size_t>(c.samples);
    std::vector<float> qf(n * d), kf(n * d);
    phasor::normal_samples(c.seed, phasor::kDecayQueryStream, 1.0, c.samples * c.d, qf.data());
    phasor::normal_samples(c.seed, phasor::kDecayKeyStream, 1.0, c.samples * c.d, kf.data());
    std::vector<double> theta(d / 2);
    phasor::rope_frequencies(c.d, c.base, {}, theta.data());
    std::vector<double> out(82, 0.0);
    for (std::size_t s = 0; s < n; ++s) {
      double nq = 0.0, nk = 0.0;
      for (std::size_t t = 0; t < d; ++t) {
        nq += static_cast<double>(qf[s * d + t]) * qf[s * d + t];
        nk += static_cast<double>(kf[s * d + t]) * kf[s * d + t];
      }
      nq = std::sqrt(nq);
      nk = std::sqrt(nk);
      for (std::size_t r = 0; r <= 40; ++r) {
        double qk = 0.0, qq = 0.0;
        for (std::size_t i = 0; i < d / 2; ++i) {
          const double q0 = qf[s * d + 2 * i] / nq, q1 = qf[s * d + 2 * i + 1] / nq;
          const double k0 = kf[s * d + 2 * i] / nk, k1 = kf[s * d + 2 * i + 1] / nk;
          const double c = std::cos(static_cast<double>(r) * theta[i]),
                       si = std::sin(static_cast<double>(r) * theta[i]);
          qk += (q0 * k0 + q1 * k1) * c + (q0 * k1 - q1 * k0) * si;
          qq += (q0 * q0 + q1 * q1) * c;
        }
        out[r] += std::fabs(qk) / static_cast<double>(n);
        out[41 + r] += std::fabs(qq) / static_cast<double>(n);
      }
    }
    return out;
  };
  std::vector<std::vector<double>> in_order;
  for (const Call& c : calls) {
    in_order.push_back(run(c));
    const std::vector<double> want = direct(c);
    for (std::size_t r = 0; r < want.size(); ++r)
      ASSERT_NEAR(in_order.back()[r], want[r], 1e-12 * want[r])
          << "d " << c.d << ", " << c.samples << " samples, seed " << c.seed << ", at " << r;
  }
  for (std::size_t i = 0; i < std::size(calls); ++i) {
    run(calls[(i + 3) % std::size(calls)]);  // something else kept
    EXPECT_EQ(run(calls[i]), in_order[i]) << "call " << i;
  }
  EXPECT_NE(in_order[0], in_order[1]);  // the seed shows
  EXPECT_NE(in_order[0], in_order[2]);  // the base shows
}

TEST(RopeRandomScores, SelfStartsAtOneAndIndependentPairsDoNotDecay) {
  const std::int64_t d = 128, samples = 512, max_distance = 300;
  phasor::RopeDecaySpec spec{d, 10000.0, max_distance, {}};
  std::vector<double> independent(max_distance + 1), self(max_distance + 1);
  phasor::rope_random_scores(spec, samples, 11, independent.data(), self.data());
  EXPECT_NEAR(self[0], 1.0, 1e-14);  // |q.q| of unit vectors
  // E|q.k| of independent unit vectors is about sqrt(2/(pi d)) at every distance
  // (turning k leaves it uniform): no decay at all.
  const double expected = std::sqrt(2.0 / (M_PI * static_cast<double>(d)));
  for (std::int64_t r = 0; r <= max_distance; r += 25) EXPECT_NEAR(independent[r], expected, 0.15 * expected);
  // q against itself does fall, to the independent level's order.
  EXPECT_LT(self[200], 0.35);
}

}  // namespace
