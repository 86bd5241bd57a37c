// identify against tables written here from the closed forms of
// tests/fixtures/frameworks/CONVENTIONS.md (b), in float64: each one's
// structure, frequencies, scale and first position must come back, and noise,
// a learned-looking table and one wrong column must not match.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "phasor/identify.hpp"

namespace {

using phasor::Identification;
using phasor::Layout;
using phasor::OddWidth;
using phasor::Order;
using phasor::Spacing;

// One framework's table: T[r, c] = scale * trig_c(w_i(c) * (first + r)).
struct Closed {
  int rows = 64, cols = 64;
  bool interleaved = false, cos_first = false;
  bool geometric = true;  // w_i = w_max (w_min/w_max)^(i/(h-1)); else base^(-2i/d_e)
  double base = 1e4, w_max = 1.0, scale = 1.0, first = 0.0;
  OddWidth odd = OddWidth::error;
  int padding_row = -1;
};

std::vector<double> make(const Closed& c) {
  const int h = c.odd == OddWidth::zero_column ? (c.cols - 1) / 2 : c.cols / 2;
  const int extra = c.odd == OddWidth::extra_sine ? 1 : 0;
  const double de = c.odd == OddWidth::zero_column ? c.cols - 1 : c.cols;
  auto omega = [&](int i) {
    return c.geometric ? c.w_max * std::pow(1.0 / c.base, h > 1 ? double(i) / (h - 1) : 0.0)
                       : std::pow(c.base, -2.0 * i / de);
  };
  std::vector<double> t(std::size_t(c.rows) * c.cols, 0.0);
  for (int r = 0; r < c.rows; ++r) {
    if (r == c.padding_row) continue;
    const double p = c.first + r;
    double* row = &t[std::size_t(r) * c.cols];
    for (int i = 0; i < h; ++i) {
      const double s = c.scale * std::sin(omega(i) * p), co = c.scale * std::cos(omega(i) * p);
      const double a = c.cos_first ? co : s, b = c.cos_first ? s : co;
      if (c.interleaved) {
        row[2 * i] = a, row[2 * i + 1] = b;
      } else {
        row[i] = a, row[h + extra + i] = b;
      }
    }
    if (extra) row[c.interleaved ? c.cols - 1 : h] = c.scale * std::sin(omega(h) * p);
  }
  return t;
}

Identification run(const Closed& c, const std::vector<double>& t) { return phasor::identify(t.data(), c.rows, c.cols); }

TEST(Identify, PaperTableAtAnUntunedBaseAndOffset) {
  Closed c;
  c.rows = 300, c.cols = 96, c.interleaved = true, c.geometric = false, c.base = 2500, c.first = 13;
  std::vector<double> t = make(c);
  for (double& v : t) v = static_cast<float>(v);  // as a model exports it: the fit must round what float32 blurs
  const Identification id = run(c, t);
  ASSERT_FALSE(id.fits.empty());
  const auto& best = id.fits[0];
  EXPECT_TRUE(best.reproduces) << best.differs << " " << best.max_error;
  EXPECT_EQ(best.form.layout, Layout::interleaved);
  EXPECT_EQ(best.form.spacing, Spacing::paper);
  EXPECT_EQ(best.form.order, Order::sin_cos);
  EXPECT_EQ(best.form.base, 2500.0);
  EXPECT_EQ(best.form.offset, 13.0);
  EXPECT_EQ(best.form.scale, 1.0);
  EXPECT_LT(best.max_error, 6e-8);  // the form is rounded to float32, as encode() rounds it
}

TEST(Identify, FairseqForwardIsSplitGeometricFromPositionTwo) {
  Closed c;
  c.rows = 200, c.cols = 65, c.odd = OddWidth::zero_column, c.first = 2;
  const Identification id = run(c, make(c));
  const auto& best = id.fits[0];
  EXPECT_TRUE(best.reproduces) << best.differs;
  EXPECT_EQ(best.form.layout, Layout::split);
  EXPECT_EQ(best.form.odd_width, OddWidth::zero_column);
  EXPECT_EQ(best.form.spacing, Spacing::tensor2tensor);
  EXPECT_EQ(best.form.base, 1e4);
  EXPECT_EQ(best.form.max_frequency, 1.0);
  EXPECT_EQ(best.form.offset, 2.0);
  EXPECT_EQ(best.form.padding_idx, -1);
  EXPECT_FALSE(best.form.buffer);
}

TEST(Identify, FairseqBufferHasItsZeroRow) {
  Closed c;
  c.rows = 40, c.cols = 64, c.padding_row = 1;
  const Identification id = run(c, make(c));
  const auto& best = id.fits[0];
  EXPECT_TRUE(best.reproduces) << best.differs;
  EXPECT_EQ(best.form.padding_idx, 1);
  EXPECT_TRUE(best.form.buffer);
  EXPECT_EQ(best.form.offset, 0.0);
}

TEST(Identify, Tensor2tensorMinTimescaleIsTheFastestFrequency) {
  Closed c;
  c.rows = 120, c.cols = 64, c.w_max = 2.0, c.base = 2500, c.first = 10;  // min 2, max 5000: w_min = 4/5000
  const Identification id = run(c, make(c));
  const auto& best = id.fits[0];
  EXPECT_TRUE(best.reproduces) << best.differs;
  EXPECT_EQ(best.form.spacing, Spacing::tensor2tensor);
  EXPECT_EQ(best.form.max_frequency, 2.0);
  EXPECT_NEAR(best.form.base, 2500.0, 1e-9);
  EXPECT_EQ(best.form.offset, 10.0);
}

TEST(Identify, MlxScaleAndCosFirst) {
  Closed c;
  c.rows = 100, c.cols = 96, c.cos_first = true, c.scale = std::sqrt(2.0 / 96), c.w_max = 0.5, c.base = 500;
  std::vector<double> t = make(c);
  for (double& v : t) v = static_cast<float>(v);  // the amplitude is then √(2/96) only to float32 rounding
  const Identification id = run(c, t);
  const auto& best = id.fits[0];
  EXPECT_TRUE(best.reproduces) << best.differs;
  EXPECT_EQ(best.form.order, Order::cos_sin);
  EXPECT_EQ(best.form.scale, std::sqrt(2.0 / 96));
  EXPECT_EQ(best.form.max_frequency, 0.5);
  EXPECT_NEAR(best.form.base, 500.0, 1e-9);
}

TEST(Identify, ExtraSineInterleavedAndSplit) {
  for (bool interleaved : {true, false}) {
    Closed c;
    c.rows = 150, c.cols = 97, c.interleaved = interleaved, c.geometric = false, c.odd = OddWidth::extra_sine;
    const Identification id = run(c, make(c));
    const auto& best = id.fits[0];
    EXPECT_TRUE(best.reproduces) << interleaved << " " << best.differs;
    EXPECT_EQ(best.form.odd_width, OddWidth::extra_sine);
    EXPECT_EQ(best.form.layout, interleaved ? Layout::interleaved : Layout::split);
    EXPECT_EQ(best.form.base, 1e4);
  }
}

TEST(Identify, NoiseDoesNotMatch) {
  Closed c;
  std::mt19937_64 gen(7);
  std::normal_distribution<double> normal;
  std::vector<double> t(std::size_t(c.rows) * c.cols);
  for (double& v : t) v = normal(gen);
  const Identification id = run(c, t);
  ASSERT_FALSE(id.fits.empty());
  EXPECT_FALSE(id.fits[0].reproduces);
  EXPECT_NE(id.fits[0].differs, "");
}

// Found by the fuzzer: zeros but for a few values read as an encoding of
// scale 0, and the half-precision check took log2(0) (undefined behaviour,
// caught by UBSan in the sanitizer build). A zero table is reproduced by scale
// 0; with stray values it is not, and the words say by how much.
TEST(Identify, AZeroTableWithStrayValuesIsDescribed) {
  Closed c;
  c.rows = 16, c.cols = 8;
  std::vector<double> t(std::size_t(c.rows) * c.cols, 0.0);
  EXPECT_TRUE(run(c, t).fits.at(0).reproduces);
  // The fuzzer's input: two rows of 1028, the first starting 2, 1028, 1028, 1, 0, 1, 2.5, the rest zeros.
  c.rows = 2, c.cols = 1028;
  t.assign(std::size_t(c.rows) * c.cols, 0.0);
  const double start[] = {2, 1028, 1028, 1, 0, 1, 2.5};
  std::copy(std::begin(start), std::end(start), t.begin());
  const Identification id = run(c, t);
  ASSERT_FALSE(id.fits.empty());
  for (const auto& fit : id.fits) {
    EXPECT_FALSE(fit.reproduces);
    EXPECT_NE(fit.differs, "");
  }
}

// Found by the fuzzer: a value of 2e193 made the squared errors overflow, so
// rmsError was infinite while maxError was finite.
TEST(Identify, HugeValuesKeepTheRmsErrorFinite) {
  Closed c;
  c.rows = 4, c.cols = 3;
  const std::vector<double> t = {0,
                                 0.14112000805986721,
                                 -0.27941549819892586,
                                 5.2231252401871641e-310,
                                 1023,
                                 -2089,
                                 499969,
                                 -6144,
                                 117,
                                 2.1805936972003232e+193,
                                 -1534,
                                 -4864};
  const Identification id = run(c, t);
  ASSERT_FALSE(id.fits.empty());
  for (const auto& fit : id.fits) {
    if (std::isinf(fit.max_error)) continue;  // a form encode() refuses: nothing was measured
    EXPECT_TRUE(std::isfinite(fit.rms_error)) << fit.rms_error;
    EXPECT_LE(fit.rms_error, fit.max_error);
    EXPECT_GE(fit.rms_error,
              fit.max_error / std::sqrt(12.0) * (1 - 1e-12));  // one error dominates: rms = max / sqrt(n)
  }
}

TEST(Identify, OneWrongColumnIsNamed) {
  Closed c;
  c.rows = 128, c.cols = 64;
  std::vector<double> t = make(c);
  // 3e-7: five float32 steps, invisible in a plot.
  for (int r = 0; r < c.rows; ++r) t[std::size_t(r) * c.cols + 17] += 3e-7 * std::cos(0.3 * r);
  const Identification id = run(c, t);
  const auto& best = id.fits[0];
  EXPECT_FALSE(best.reproduces);
  EXPECT_EQ(best.differs.rfind("column 17 differs", 0), 0u) << best.differs;
}

TEST(Identify, SwappedPairIsNamed) {
  Closed c;
  c.rows = 128, c.cols = 64, c.interleaved = true, c.geometric = false;
  std::vector<double> t = make(c);
  for (int r = 0; r < c.rows; ++r) std::swap(t[std::size_t(r) * c.cols + 0], t[std::size_t(r) * c.cols + 1]);
  const Identification id = run(c, t);
  const auto& best = id.fits[0];
  EXPECT_FALSE(best.reproduces);
  EXPECT_EQ(best.differs, "columns 0 and 1 swapped: cos first?");
}

TEST(Identify, TheLastColumnIsCheckedToo) {
  Closed c;
  c.rows = 90, c.cols = 33, c.odd = OddWidth::zero_column, c.first = 2;
  std::vector<double> t = make(c);
  for (int r = 0; r < c.rows; ++r) t[std::size_t(r) * c.cols + 32] = 1e-6;
  const Identification id = run(c, t);
  EXPECT_FALSE(id.fits[0].reproduces);
  EXPECT_EQ(id.fits[0].worst_column, 32);
  EXPECT_EQ(id.fits[0].differs.rfind("column 32 differs", 0), 0u) << id.fits[0].differs;
}

TEST(Identify, ErrorsAreMeasuredNotAssumed) {
  Closed c;
  c.rows = 64, c.cols = 16;
  std::vector<double> t = make(c);
  t[5 * 16 + 3] += 1e-4;
  const Identification id = run(c, t);
  EXPECT_NEAR(id.fits[0].max_error, 1e-4, 1e-7);
  EXPECT_EQ(id.fits[0].worst_row, 5);
  EXPECT_EQ(id.fits[0].worst_column, 3);
  EXPECT_EQ(id.fits[0].differs.rfind("row 5 differs", 0), 0u) << id.fits[0].differs;
}

TEST(Identify, SizesAreRefusedPastTheirLimits) {
  EXPECT_EQ(phasor::validate_identify(2, 2), "");
  EXPECT_EQ(phasor::validate_identify(5000, 512), "");  // the PyTorch tutorial's table
  EXPECT_EQ(phasor::validate_identify(3072, 1024), "");
  EXPECT_NE(phasor::validate_identify(1, 64), "");
  EXPECT_NE(phasor::validate_identify(64, 1), "");
  EXPECT_NE(phasor::validate_identify(64.5, 64), "");
  EXPECT_NE(phasor::validate_identify(3073, 1024), "");
  EXPECT_NE(phasor::validate_identify(std::nan(""), 64), "");
}

}  // namespace
