#include "phasor/shift_fit.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "numpy_fixture.hpp"
#include "phasor/least_squares.hpp"
#include "reference.hpp"

namespace {

using phasor::ShiftEncoding;

TEST(LeastSquares, SolvesAWellPosedSystemExactly) {
  // y = x B for a known B: the fit returns B.
  const std::int64_t rows = 30, cols = 5, rhs = 2;
  std::vector<double> x(rows * cols), b(cols * rhs), y(rows * rhs, 0.0);
  for (std::int64_t i = 0; i < rows * cols; ++i)
    x[i] = std::sin(0.37 * static_cast<double>(i * i) + 0.2);  // not of low rank
  for (std::int64_t i = 0; i < cols * rhs; ++i) b[i] = static_cast<double>(i) - 3.5;
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < rhs; ++c)
      for (std::int64_t j = 0; j < cols; ++j) y[r * rhs + c] += x[r * cols + j] * b[j * rhs + c];
  const auto ls = phasor::least_squares(x.data(), rows, cols, y.data(), rhs);
  EXPECT_EQ(ls.rank, 5);
  for (std::int64_t i = 0; i < cols * rhs; ++i) EXPECT_NEAR(ls.solution[i], b[i], 1e-12);
}

TEST(LeastSquares, SolvesATinySystemAsWellAsItsUnscaledCopy) {
  // X and Y times 2^-530: squares of the entries underflow (the fuzzer's
  // shiftFit with stride 4e-143 returned NaN singular values). The solution
  // of the scaled system is the same B; its singular values are scaled too.
  const std::int64_t rows = 30, cols = 5;
  std::vector<double> x(rows * cols), b(cols), y(rows, 0.0);
  for (std::int64_t i = 0; i < rows * cols; ++i) x[i] = std::sin(0.37 * static_cast<double>(i * i) + 0.2);
  for (std::int64_t i = 0; i < cols; ++i) b[i] = static_cast<double>(i) - 1.5;
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t j = 0; j < cols; ++j) y[r] += x[r * cols + j] * b[j];
  const auto plain = phasor::least_squares(x.data(), rows, cols, y.data(), 1);
  for (auto* v : {&x, &y})
    for (auto& e : *v) e = std::ldexp(e, -530);
  const auto tiny = phasor::least_squares(x.data(), rows, cols, y.data(), 1);
  EXPECT_EQ(tiny.rank, 5);
  for (std::int64_t i = 0; i < cols; ++i) EXPECT_NEAR(tiny.solution[i], b[i], 1e-12) << i;
  for (std::int64_t j = 0; j < cols; ++j)
    EXPECT_NEAR(std::ldexp(tiny.singular_values[j], 530), plain.singular_values[j], 1e-12 * plain.singular_values[0])
        << j;
  // Subnormal entries (the fuzzer's stride 3.8e-321): precision is gone, but
  // what comes back is finite, and zero rows or columns give zeros.
  for (auto* v : {&x, &y})
    for (auto& e : *v) e = std::ldexp(e, -530);
  const auto subnormal = phasor::least_squares(x.data(), rows, cols, y.data(), 1);
  for (double v : subnormal.singular_values) EXPECT_TRUE(std::isfinite(v));
  for (double v : subnormal.solution) EXPECT_TRUE(std::isfinite(v));
}

TEST(LeastSquares, TheLargestEntryWhereverItIsSetsTheScale) {
  // Entries of 2^-600 and one of 1.5 * 2^600, in turn at every index (the
  // scale's four running maxima and its tail): scaled by any smaller entry's
  // power of two, the large one overflows and the fit turns to NaN.
  const std::int64_t rows = 7, cols = 3, rhs = 2;
  for (std::int64_t at = 0; at < rows * cols; ++at) {
    std::vector<double> x(rows * cols), y(rows * rhs);
    for (std::int64_t i = 0; i < rows * cols; ++i) x[i] = std::ldexp(std::sin(static_cast<double>(i) + 1.0), -600);
    for (std::int64_t i = 0; i < rows * rhs; ++i) y[i] = std::ldexp(std::cos(static_cast<double>(i) + 1.0), -600);
    x[at] = std::ldexp(1.5, 600);
    y[at % (rows * rhs)] = std::ldexp(-1.25, 600);
    const auto ls = phasor::least_squares(x.data(), rows, cols, y.data(), rhs);
    ASSERT_NEAR(ls.singular_values[0], std::ldexp(1.5, 600), std::ldexp(1.5, 600) * 1e-12) << "large entry at " << at;
    for (double v : ls.singular_values) ASSERT_TRUE(std::isfinite(v)) << "large entry at " << at;
    for (double v : ls.solution) ASSERT_TRUE(std::isfinite(v)) << "large entry at " << at;
  }
}

TEST(LeastSquares, GivesTheMinimumNormSolutionOfARankDeficientSystem) {
  // Two equal columns: x = [a a], y = 2a. Every (s, 2 - s) fits; the smallest is (1, 1).
  std::vector<double> x, y;
  for (int r = 0; r < 6; ++r) {
    const double a = r + 1.0;
    x.push_back(a);
    x.push_back(a);
    y.push_back(2 * a);
  }
  const auto ls = phasor::least_squares(x.data(), 6, 2, y.data(), 1);
  EXPECT_EQ(ls.rank, 1);
  EXPECT_NEAR(ls.solution[0], 1.0, 1e-13);
  EXPECT_NEAR(ls.solution[1], 1.0, 1e-13);
  EXPECT_NEAR(ls.singular_values[0], std::sqrt(2.0 * 91.0), 1e-12);  // |[a a]| = sqrt(2 sum a^2)
  EXPECT_LT(ls.singular_values[1], 1e-12);
}

TEST(LeastSquares, MinimisesTheResidualOfAnInconsistentSystem) {
  // Fitting a line through (0,0), (1,1), (2,1): slope 1/2, intercept 1/6.
  const std::vector<double> x = {0, 1, 1, 1, 2, 1}, y = {0, 1, 1};
  const auto ls = phasor::least_squares(x.data(), 3, 2, y.data(), 1);
  EXPECT_NEAR(ls.solution[0], 0.5, 1e-14);
  EXPECT_NEAR(ls.solution[1], 1.0 / 6.0, 1e-14);
}

phasor::ShiftFitSpec spec_of(ShiftEncoding encoding, std::int64_t d, std::int64_t n, double k, double base = 10000.0) {
  phasor::ShiftFitSpec spec;
  spec.encoding = encoding;
  spec.d_model = d;
  spec.base = base;
  spec.k = k;
  spec.positions = n;
  return spec;
}

TEST(ShiftFit, TheSinusoidalMapIsExactAndIsTheBlockRotation) {
  // Base 10 and 8 dims: every pair turns enough over 200 positions to be identified.
  const auto spec = spec_of(ShiftEncoding::sinusoidal, 8, 200, 3.0, 10.0);
  ASSERT_EQ(phasor::validate_shift_fit(spec), "");
  const auto fit = phasor::shift_fit(spec);
  EXPECT_LT(fit.residual, 1e-12);
  EXPECT_EQ(fit.rank, 8);
  for (std::int64_t r = 0; r < 8; ++r)
    for (std::int64_t c = 0; c < 8; ++c) {
      const double a = reference::omega(r / 2, 8, 10.0) * 3.0;
      double want = 0.0;
      if (r / 2 == c / 2) {
        if (r % 2 == 0)
          want = c % 2 == 0 ? std::cos(a) : std::sin(a);
        else
          want = c % 2 == 0 ? -std::sin(a) : std::cos(a);
      }
      EXPECT_NEAR(fit.map[r * 8 + c], want, 1e-9) << r << "," << c;
    }
}

TEST(ShiftFit, LinearPhasesFitExactlyAndTheOthersDoNot) {
  for (std::int64_t d : {16, 64}) {
    EXPECT_LT(phasor::shift_fit(spec_of(ShiftEncoding::sinusoidal, d, 512, 5)).residual, 1e-9);
    EXPECT_LT(phasor::shift_fit(spec_of(ShiftEncoding::linear_frequencies, d, 512, 5)).residual, 1e-9);
    EXPECT_GT(phasor::shift_fit(spec_of(ShiftEncoding::sine_only, d, 512, 5)).residual, 0.1);
    EXPECT_GT(phasor::shift_fit(spec_of(ShiftEncoding::quadratic_phase, d, 512, 5)).residual, 0.1);
  }
}

TEST(ShiftFit, TheLogPhaseMapFitsItsRangeRoughlyAndFailsBeyondIt) {
  auto spec = spec_of(ShiftEncoding::log_phase, 16, 512, 5);
  spec.extrapolate = 512;
  const auto log_fit = phasor::shift_fit(spec);
  spec.encoding = ShiftEncoding::sinusoidal;
  const auto sin_fit = phasor::shift_fit(spec);
  EXPECT_GT(log_fit.residual, 1e-6);
  EXPECT_GT(log_fit.extrapolation_residual, 1e-3);
  EXPECT_GT(log_fit.extrapolation_residual, 10 * log_fit.residual);
  EXPECT_LT(sin_fit.residual, 1e-12);
  EXPECT_LT(sin_fit.extrapolation_residual, 1e-9);
  EXPECT_EQ(log_fit.per_position.size(), 1024u);
}

TEST(ShiftFit, AStrideSpanningTheSlowWavelengthsIdentifiesEverySinusoidalPair) {
  // 512 consecutive positions leave the slow pairs of d = 64 undetermined...
  auto spec = spec_of(ShiftEncoding::sinusoidal, 64, 512, 5);
  spec.extrapolate = 512;
  const auto short_range = phasor::shift_fit(spec);
  EXPECT_LT(short_range.rank, 64);
  EXPECT_GT(short_range.extrapolation_residual, 1e-4);
  // ...512 positions 128 apart pin down all 64 dimensions: the map is M_k.
  spec.stride = 128;
  const auto spread = phasor::shift_fit(spec);
  EXPECT_EQ(spread.rank, 64);
  EXPECT_LT(spread.extrapolation_residual, 1e-9);
}

ShiftEncoding encoding_named(const std::string& name) {
  if (name == "sine-only") return ShiftEncoding::sine_only;
  if (name == "linear-frequencies") return ShiftEncoding::linear_frequencies;
  if (name == "quadratic-phase") return ShiftEncoding::quadratic_phase;
  if (name == "log-phase") return ShiftEncoding::log_phase;
  return ShiftEncoding::sinusoidal;
}

TEST(ShiftFit, ResidualsRankAndSingularValuesMatchNumpyLstsq) {
  // tests/fixtures/make_cpp_fixtures.py: numpy.linalg.lstsq on the encodings
  // written in numpy. The minimum residual is unique, whatever map attains it.
  for (const auto& c : numpy_fixture::kShiftFits) {
    auto spec = spec_of(encoding_named(c.encoding), c.d_model, c.positions, c.k);
    spec.offset = c.offset;
    spec.stride = c.stride;
    spec.extrapolate = c.extrapolate;
    ASSERT_EQ(phasor::validate_shift_fit(spec), "") << c.encoding;
    const auto fit = phasor::shift_fit(spec);
    EXPECT_EQ(fit.rank, c.rank) << c.encoding;
    EXPECT_NEAR(fit.residual, c.residual, 1e-10 + 1e-6 * c.residual) << c.encoding;
    if (c.extrapolate == 0) {
      EXPECT_TRUE(std::isnan(fit.extrapolation_residual)) << c.encoding;
    } else {
      EXPECT_NEAR(fit.extrapolation_residual, c.extrapolation_residual, 1e-6 + 1e-3 * c.extrapolation_residual)
          << c.encoding;
    }
    ASSERT_EQ(fit.per_position.size(), c.per_position.size()) << c.encoding;
    // Per position the miss depends a little on which near-minimal map an
    // ill-conditioned fit lands on: to 5 % of itself.
    for (std::size_t r = 0; r < static_cast<std::size_t>(c.positions); ++r)
      ASSERT_NEAR(fit.per_position[r], c.per_position[r], 1e-8 + 0.05 * c.per_position[r]) << c.encoding << " p " << r;
    ASSERT_EQ(fit.singular_values.size(), c.singular_values.size()) << c.encoding;
    for (std::size_t j = 0; j < c.singular_values.size(); ++j)
      EXPECT_NEAR(fit.singular_values[j], c.singular_values[j], 1e-10 * c.singular_values[0]) << c.encoding << " " << j;
    // The encoding itself, at the second position.
    const auto w = phasor::shift_encoding_frequencies(spec);
    std::vector<double> row(static_cast<std::size_t>(c.d_model));
    phasor::shift_encoding(spec, w, c.offset + c.stride, row.data());
    for (std::size_t j = 0; j < row.size(); ++j)
      EXPECT_NEAR(row[j], c.encoding_at_1[j], 1e-15) << c.encoding << " slot " << j;
  }
}

TEST(ShiftFit, RowsAreTheEncodingAtPAndPPlusKCopiedWhereTheSameP) {
  // shift_fit_rows copies e(p_r + k) from row r + k/stride when that row's p
  // is exactly p_r + k. At offset 0.1, stride 0.1, k 0.2 it is not, for
  // about a third of the rows (0.1 + (r + 2) 0.1 != 0.1 + r 0.1 + 0.2): those
  // must be computed, not copied. Log phase comes from shift_encoding bit for
  // bit; the others along the progression, within a few ulp of the exact
  // values (long double) for linear phases, within the rounding of w p^2 for
  // quadratic ones, and bit for bit shift_encoding's at every 64th row (the anchors).
  struct Case {
    ShiftEncoding encoding;
    double offset, stride, k;
  };
  const Case cases[] = {{ShiftEncoding::sinusoidal, 0, 1, 8},
                        {ShiftEncoding::sinusoidal, 0.1, 0.1, 0.2},
                        {ShiftEncoding::quadratic_phase, -5, 1, -3},
                        {ShiftEncoding::log_phase, 0, 2, 4},
                        {ShiftEncoding::sine_only, 3, 0.5, 1.5},
                        {ShiftEncoding::linear_frequencies, 0, 1, 0.5},
                        {ShiftEncoding::sinusoidal, 0, 1, 64},
                        {ShiftEncoding::sinusoidal, 1000.5, 3, -9},
                        {ShiftEncoding::log_phase, 0.1, 0.1, 0.2},
                        {ShiftEncoding::quadratic_phase, 0, 1, 2},
                        {ShiftEncoding::quadratic_phase, 300, 0.5, 1.25}};
  int copied_somewhere = 0, computed_somewhere = 0;
  for (const auto& c : cases) {
    auto spec = spec_of(c.encoding, 6, 100, c.k);
    spec.offset = c.offset;
    spec.stride = c.stride;
    spec.extrapolate = 60;
    const std::int64_t all = 160, d = 6;
    const bool along = c.encoding != ShiftEncoding::log_phase;
    const bool quadratic = c.encoding == ShiftEncoding::quadratic_phase;
    const auto w = phasor::shift_encoding_frequencies(spec);
    std::vector<double> x(static_cast<std::size_t>(all * d)), y(x.size()), want(static_cast<std::size_t>(d));
    phasor::shift_fit_rows(spec, w, x.data(), y.data());
    const auto position = [&](std::int64_t r) { return spec.offset + static_cast<double>(r) * spec.stride; };
    // The exact encoding at p (long double phases from the float64 frequencies),
    // and how far a float64 evaluation may be from it: the phase's rounding plus
    // a few ulp; for quadratic phase that rounding three times (p's own counts
    // double in p^2), 64 roundings of a step's phase
    // w stride (2 p + stride), 2048 of the step's turn 2 w stride^2 and 512
    // ulp for the products of up to 63 steps.
    const auto expect_close = [&](const double* row, long double p, const char* which, std::int64_t r) {
      for (std::int64_t j = 0; j < d; ++j) {
        const bool sine_only = c.encoding == ShiftEncoding::sine_only;
        const long double wj = w[static_cast<std::size_t>(sine_only ? j : j / 2)];
        const long double phase = wj * (quadratic ? p * p : p);
        const long double exact = sine_only || j % 2 == 0 ? std::sin(phase) : std::cos(phase);
        const double step_phase =
            quadratic ? static_cast<double>(wj) * c.stride * (2 * std::fabs(static_cast<double>(p)) + c.stride) : 0.0;
        const double curve = quadratic ? 2 * static_cast<double>(wj) * c.stride * c.stride : 0.0;
        const double bound = ((quadratic ? 3 : 1) * std::fabs(static_cast<double>(phase)) + 64 * step_phase +
                              2048 * curve + (quadratic ? 512.0 : 8.0)) *
                             0x1p-52;
        ASSERT_NEAR(row[j], static_cast<double>(exact), bound)
            << which << " row " << r << " slot " << j << " of case " << &c - cases;
      }
    };
    for (std::int64_t r = 0; r < all; ++r) {
      const long double exact_p = static_cast<long double>(spec.offset) + static_cast<long double>(r) * spec.stride;
      phasor::shift_encoding(spec, w, position(r), want.data());
      for (std::int64_t j = 0; j < d; ++j)
        if (!along || r % 64 == 0) ASSERT_EQ(x[r * d + j], want[j]) << "x row " << r << " of case " << &c - cases;
      if (along) expect_close(x.data() + r * d, exact_p, "x", r);
      phasor::shift_encoding(spec, w, position(r) + spec.k, want.data());
      const double ahead = c.k / c.stride;
      const auto same = r + static_cast<std::int64_t>(ahead);
      if (ahead == std::trunc(ahead) && same >= 0 && same < all && position(same) == position(r) + spec.k) {
        for (std::int64_t j = 0; j < d; ++j)
          ASSERT_EQ(y[r * d + j], x[same * d + j]) << "copied y row " << r << " of case " << &c - cases;
        ++copied_somewhere;
      } else {
        ++computed_somewhere;
      }
      if (!along) {
        for (std::int64_t j = 0; j < d; ++j)
          ASSERT_EQ(y[r * d + j], want[j]) << "y row " << r << " of case " << &c - cases;
      } else {
        expect_close(y.data() + r * d, exact_p + static_cast<long double>(spec.k), "y", r);
      }
    }
  }
  EXPECT_GT(copied_somewhere, 0);
  EXPECT_GT(computed_somewhere, 0);
}

TEST(ShiftFit, TheExplorersSinusoidalFitIsExactToRoundingInAndBeyondItsRange) {
  // The explorer's chart: d 16, 1024 positions fitted and 1024 more checked.
  // Float64 rounding of the rows and of the fit: 1-3e-15 in the range (sin +
  // cos) and 3-14e-15 (linear frequencies); beyond it the slow pairs, hardly
  // turning over the range, carry ~1e-12. Far below the chart's "exact" line
  // (1e-9), and no larger than with every row from std::sin (4.8e-15 and
  // 2.0e-14 at k 8).
  for (const double k : {1.0, 8.0, 37.0}) {
    auto spec = spec_of(ShiftEncoding::sinusoidal, 16, 1024, k);
    spec.extrapolate = 1024;
    const auto fit = phasor::shift_fit(spec);
    EXPECT_LT(fit.residual, 1e-14) << "k " << k;
    EXPECT_LT(fit.extrapolation_residual, 1e-11) << "k " << k;
    spec.encoding = ShiftEncoding::linear_frequencies;
    const auto linear = phasor::shift_fit(spec);
    EXPECT_LT(linear.residual, 1e-13) << "k " << k;
    EXPECT_LT(linear.extrapolation_residual, 1e-12) << "k " << k;
  }
}

TEST(ShiftFit, SineOnlyConfusesPWithPiOverOmegaMinusP) {
  // Slot 3 of 16 at base 10000: v = 10000^(-3/16) = 10^(-3/4); q = pi/v - 2 =
  // 15.666473760279496 (both to 40 digits with Python's decimal).
  const auto c = phasor::sine_collision(16, 10000.0, 3, 2.0);
  EXPECT_NEAR(c[0], 0.17782794100389228012, 3e-17);
  EXPECT_NEAR(c[1], 15.666473760279496088, 1e-14);
  // The collision, recomputed here: same sine, opposite cosine.
  EXPECT_NEAR(std::sin(c[0] * c[1]), std::sin(c[0] * 2.0), 1e-14);
  EXPECT_NEAR(std::cos(c[0] * c[1]), -std::cos(c[0] * 2.0), 1e-14);
  EXPECT_DOUBLE_EQ(c[2], std::sin(0.17782794100389228012 * 2.0));
  EXPECT_NEAR(c[3], c[2], 1e-14);
  EXPECT_NEAR(c[4], -c[5], 1e-14);
  EXPECT_DOUBLE_EQ(c[4], std::cos(0.17782794100389228012 * 2.0));
}

TEST(ShiftFitValidation, NamesTheOptionAndRange) {
  auto spec = spec_of(ShiftEncoding::sinusoidal, 512, 10, 1);
  EXPECT_NE(phasor::validate_shift_fit(spec).find("dModel must be an even integer in [2, 128] for shiftFit; got 512"),
            std::string::npos);
  spec = spec_of(ShiftEncoding::log_phase, 8, 10, -2);
  EXPECT_NE(phasor::validate_shift_fit(spec).find("log-phase needs every p and p + k above -1"), std::string::npos);
  spec = spec_of(ShiftEncoding::sinusoidal, 8, 10, 1);
  spec.stride = 0;
  EXPECT_NE(phasor::validate_shift_fit(spec).find("stride must be a finite number in (0, 2147483648]; got 0"),
            std::string::npos);
  spec = spec_of(ShiftEncoding::sinusoidal, 8, 5000, 1);
  EXPECT_NE(phasor::validate_shift_fit(spec).find("positions must be an integer in [1, 4096]; got 5000"),
            std::string::npos);
}

}  // namespace
