// The phase walk itself, in float64 (the tables' float32 rounding would hide
// it): every 1,024 steps the phasors are re-anchored from float64 sin and cos,
// so the rotation recurrence's drift (about 5e-14 per 1,024 steps) never builds
// up. Frequencies and positions are chosen so that every phase w * p is exact
// in float64 (w a short binary fraction, p an integer below 2^31): the
// reference sin(w p) then carries no rounding of its own and the drift is all
// that separates the walk from it.
#include "phase_walk.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "kernels.hpp"

namespace {

const std::vector<double> kOmega = {1.0, 0.75, 0.5, 0.0078125, 3.0 / 1024.0};
// What the walk may drift from float64 sin/cos at any step: a 1,024-step
// stretch drifts about 5e-14.
constexpr double kAllowedDrift = 1e-13;

struct Recorded {
  std::vector<double> sin, cos;  // [step * pairs + i]
  std::vector<std::int64_t> chunk_first, chunk_count;
};

// Runs a PhaseWalk over `total` steps, recording the float64 phasors at every
// step; emit advances the state one step at a time with the scalar kernel.
Recorded walk(double start, double step, std::int64_t total) {
  const auto pairs = static_cast<std::int64_t>(kOmega.size());
  Recorded out;
  std::vector<float> row(static_cast<std::size_t>(2 * pairs));
  phasor::PhaseWalk w(kOmega, start, step);
  w.run(total, [&](phasor::kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    out.chunk_first.push_back(first);
    out.chunk_count.push_back(count);
    for (std::int64_t r = 0; r < count; ++r) {
      out.sin.insert(out.sin.end(), state.sin, state.sin + pairs);
      out.cos.insert(out.cos.end(), state.cos, state.cos + pairs);
      phasor::kernels::pe_rows__scalar(state, 1, phasor::kernels::kInterleaved, row.data());
    }
  });
  return out;
}

// Largest |walk - float64 sin/cos| over the recorded steps.
double max_drift(const Recorded& r, double start, double step) {
  const std::size_t pairs = kOmega.size();
  double worst = 0.0;
  for (std::size_t n = 0; n < r.sin.size() / pairs; ++n) {
    const double p = start + static_cast<double>(n) * step;
    for (std::size_t i = 0; i < pairs; ++i) {
      worst = std::max(worst, std::fabs(r.sin[n * pairs + i] - std::sin(kOmega[i] * p)));
      worst = std::max(worst, std::fabs(r.cos[n * pairs + i] - std::cos(kOmega[i] * p)));
    }
  }
  return worst;
}

const double kStarts[] = {0.0, -50000.0, 1000000.0, 2147483648.0 - 40000.0};
constexpr std::int64_t kSteps = 32768;  // 32 anchor intervals

TEST(PhaseWalk, ReAnchorsFromFloat64SinAndCosEvery1024Steps) {
  for (const double start : kStarts) {
    const Recorded r = walk(start, 1.0, kSteps);
    const std::size_t pairs = kOmega.size();
    for (std::int64_t n = 0; n < kSteps; n += 1024) {
      const double p = start + static_cast<double>(n);
      for (std::size_t i = 0; i < pairs; ++i) {
        const auto at = static_cast<std::size_t>(n) * pairs + i;
        ASSERT_EQ(r.sin[at], std::sin(kOmega[i] * p)) << "start " << start << ", step " << n << ", pair " << i;
        ASSERT_EQ(r.cos[at], std::cos(kOmega[i] * p)) << "start " << start << ", step " << n << ", pair " << i;
      }
    }
  }
}

TEST(PhaseWalk, CoversEveryStepInChunksOfAtMost1024) {
  const Recorded r = walk(0.0, 1.0, 3000);
  EXPECT_EQ(r.chunk_first, (std::vector<std::int64_t>{0, 1024, 2048}));
  EXPECT_EQ(r.chunk_count, (std::vector<std::int64_t>{1024, 1024, 952}));
  const Recorded one = walk(5.0, 1.0, 1);
  EXPECT_EQ(one.chunk_first, (std::vector<std::int64_t>{0}));
  EXPECT_EQ(one.chunk_count, (std::vector<std::int64_t>{1}));
}

TEST(PhaseWalk, StaysWithin1em13OfFloat64WhereAnUnanchoredWalkDriftsPastIt) {
  for (const double start : kStarts) {
    EXPECT_LT(max_drift(walk(start, 1.0, kSteps), start, 1.0), kAllowedDrift) << "start " << start;
    // The same recurrence anchored once, at the start: over these steps its
    // drift exceeds the allowance, so the allowance would catch a walk that
    // stopped re-anchoring.
    std::vector<double> s, c, ks, kc;
    for (const double w : kOmega) {
      s.push_back(std::sin(w * start));
      c.push_back(std::cos(w * start));
      ks.push_back(std::sin(w));
      kc.push_back(std::cos(w));
    }
    phasor::kernels::PhasorState state{s.data(), c.data(), ks.data(), kc.data(),
                                       static_cast<std::int64_t>(kOmega.size())};
    std::vector<float> row(2 * kOmega.size());
    double unanchored = 0.0;
    for (std::int64_t n = 0; n < kSteps; ++n) {
      const double p = start + static_cast<double>(n);
      for (std::size_t i = 0; i < kOmega.size(); ++i)
        unanchored = std::max(
            {unanchored, std::fabs(s[i] - std::sin(kOmega[i] * p)), std::fabs(c[i] - std::cos(kOmega[i] * p))});
      phasor::kernels::pe_rows__scalar(state, 1, phasor::kernels::kInterleaved, row.data());
    }
    EXPECT_GT(unanchored, 5 * kAllowedDrift) << "start " << start;
  }
}

TEST(PhaseWalk, WalksAnyStepFromAnyStart) {
  // Step 0.5 from a fractional start: the anchors sit at start + 1024 * 0.5 * j.
  const Recorded r = walk(-3.25, 0.5, 4000);
  EXPECT_LT(max_drift(r, -3.25, 0.5), kAllowedDrift);
  EXPECT_EQ(r.sin[1024 * kOmega.size()], std::sin(kOmega[0] * (-3.25 + 512.0)));
}

}  // namespace
