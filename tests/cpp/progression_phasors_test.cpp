// Sines and cosines along an arithmetic progression by angle addition
// (cpp/src/progression_phasors.hpp), against long double evaluations of the
// same phases: within the rounding of the phase plus a few ulp at every row,
// however far along the progression (a walk by repeated rotation drifts),
// and std::sin's own value at every anchor.
#include "progression_phasors.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace {

struct Case {
  double w, start, step;
  std::int64_t count;
};

TEST(ProgressionPhasors, EveryRowIsWithinAFewUlpOfTheExactPhasor) {
  const Case cases[] = {{1.0, 0.0, 1.0, 5000},  {0.31622776601683794, 0.0, 1.0, 2048},
                        {1e-4, -7.0, 1.0, 300}, {0.9, 1000.5, 3.0, 4096},
                        {2.5, 3.0, 0.1, 1000},  {1.0, 1e6, 1.0, 200},
                        {0.037, 0.0, 1.0, 1},   {0.7, 0.0, 1.0, 63},
                        {0.7, 0.0, 1.0, 65},    {1.7, 0.0, -1.0, 130}};
  for (const auto& c : cases) {
    const auto n = static_cast<std::size_t>(c.count);
    std::vector<double> out(3 * n, 7.0);  // interleaved sin, cos, and a slot that must stay untouched
    phasor::progression_phasors(c.w, c.start, c.step, c.count, out.data(), out.data() + 1, 3);
    std::vector<double> sines(n);
    phasor::progression_phasors(c.w, c.start, c.step, c.count, sines.data(), nullptr, 1);
    double worst_late = 0.0;
    for (std::int64_t r = 0; r < c.count; ++r) {
      const long double p = static_cast<long double>(c.start) + static_cast<long double>(r) * c.step;
      const long double phase = static_cast<long double>(c.w) * p;
      const double bound = (std::fabs(static_cast<double>(phase)) + 8.0) * 0x1p-52;
      const double s = out[static_cast<std::size_t>(3 * r)], co = out[static_cast<std::size_t>(3 * r + 1)];
      ASSERT_NEAR(s, static_cast<double>(std::sin(phase)), bound) << "sin, row " << r << " of w " << c.w;
      ASSERT_NEAR(co, static_cast<double>(std::cos(phase)), bound) << "cos, row " << r << " of w " << c.w;
      ASSERT_EQ(out[static_cast<std::size_t>(3 * r + 2)], 7.0) << "row " << r;
      ASSERT_EQ(sines[static_cast<std::size_t>(r)], s) << "sines alone, row " << r;
      if (r % 64 == 0) {  // an anchor: std::sin and std::cos of the row's own float64 phase
        const double anchor = c.w * (c.start + static_cast<double>(r) * c.step);
        ASSERT_EQ(s, std::sin(anchor)) << "anchor row " << r;
        ASSERT_EQ(co, std::cos(anchor)) << "anchor row " << r;
      }
      if (r >= c.count - 64 && std::fabs(static_cast<double>(phase)) < 8.0)
        worst_late = std::max(worst_late, std::fabs(s - static_cast<double>(std::sin(phase))));
    }
    // Far along a small-phase progression the error is still a few ulp.
    EXPECT_LT(worst_late, 8 * 0x1p-52) << "w " << c.w;
  }
}

TEST(ProgressionPhasors, QuadraticPhasesStayWithinTheRoundingOfWPSquared) {
  // Bound: the rounding of w p^2 (three times: p's own rounding counts double), 64 roundings of a step's phase
  // w step (2 p + step) and 2048 of the turn 2 w step^2, and 512 ulp for the
  // products of up to 63 steps.
  const Case cases[] = {{1.0, 0.0, 1.0, 2048},  {0.31622776601683794, 0.0, 1.0, 2048},
                        {1e-4, -5.0, 1.0, 300}, {0.9, 300.0, 0.5, 1000},
                        {2.5, -40.0, 0.1, 900}, {0.7, 0.0, 1.0, 65},
                        {0.037, 3.0, 2.0, 1}};
  for (const auto& c : cases) {
    const auto n = static_cast<std::size_t>(c.count);
    std::vector<double> out(2 * n);
    phasor::quadratic_progression_phasors(c.w, c.start, c.step, c.count, out.data(), out.data() + 1, 2);
    for (std::int64_t r = 0; r < c.count; ++r) {
      const long double p = static_cast<long double>(c.start) + static_cast<long double>(r) * c.step;
      const long double phase = static_cast<long double>(c.w) * p * p;
      const double step_phase = c.w * std::fabs(c.step) * (2 * std::fabs(static_cast<double>(p)) + std::fabs(c.step));
      const double bound =
          (3 * std::fabs(static_cast<double>(phase)) + 64 * step_phase + 2048 * 2 * c.w * c.step * c.step + 512.0) *
          0x1p-52;
      const double s = out[static_cast<std::size_t>(2 * r)], co = out[static_cast<std::size_t>(2 * r + 1)];
      ASSERT_NEAR(s, static_cast<double>(std::sin(phase)), bound) << "sin, row " << r << " of w " << c.w;
      ASSERT_NEAR(co, static_cast<double>(std::cos(phase)), bound) << "cos, row " << r << " of w " << c.w;
      if (r % 64 == 0) {  // an anchor: the formula's own float64 values
        const double q = c.start + static_cast<double>(r) * c.step;
        ASSERT_EQ(s, std::sin(c.w * (q * q))) << "anchor row " << r;
        ASSERT_EQ(co, std::cos(c.w * (q * q))) << "anchor row " << r;
      }
    }
  }
}

}  // namespace
