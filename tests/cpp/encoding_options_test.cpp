// The general table options (odd widths by rule, frequency range, order,
// scale, padding row, buffer, offset) against the closed form written out
// column by column, independently of the kernels' row formats; and the SIMD
// table kernel against its scalar sibling bit for bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "kernels.hpp"
#include "phasor/encoding.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"

namespace {

using phasor::EncodingSpec;
using phasor::Layout;
using phasor::OddWidth;
using phasor::Order;
using phasor::Spacing;

// T[r, c] from CONVENTIONS.md section (a), in float64.
double closed_form(const EncodingSpec& s, std::int64_t r, std::int64_t c) {
  const bool forward = s.padding_idx >= 0 && !s.buffer;
  const double p = s.offset + (forward ? static_cast<double>(s.padding_idx + 1) : 0.0) + static_cast<double>(r);
  if (s.padding_idx >= 0 && p == static_cast<double>(s.padding_idx)) return 0.0;
  const std::int64_t d = s.d_model;
  const bool odd = d % 2 == 1;
  if (odd && s.odd_width == OddWidth::zero_column && c == d - 1) return 0.0;
  const std::int64_t w = odd && s.odd_width == OddWidth::zero_column ? d - 1 : d;
  const std::int64_t sines = (w + 1) / 2, cosines = w / 2;  // extraSine: one more sine
  const bool cos_first = s.order == Order::cos_sin;
  std::int64_t i;
  bool is_sin;
  if (s.layout == Layout::interleaved) {
    i = c / 2;
    is_sin = (c % 2 == 0) != cos_first;
    if (c == w - 1 && w % 2 == 1) is_sin = true;  // the extra sine, last
  } else {
    const std::int64_t first_block = cos_first ? cosines : sines;
    const bool in_first = c < first_block;
    i = in_first ? c : c - first_block;
    is_sin = in_first != cos_first;
  }
  double omega;
  if (s.spacing == Spacing::paper) {
    omega = std::pow(s.base, -2.0 * static_cast<double>(i) / static_cast<double>(w));
  } else {
    const std::int64_t h = w / 2;
    omega = h == 1 ? 1.0 : std::exp(-static_cast<double>(i) * std::log(s.base) / static_cast<double>(h - 1));
  }
  omega *= s.max_frequency;
  return s.scale * (is_sin ? std::sin(omega * p) : std::cos(omega * p));
}

// Float32 rounding of values up to |scale| (half a float32 spacing at the
// power of two at or above it), plus the float64 phase's rounding.
double bound(const EncodingSpec& s, double p) {
  const double magnitude = std::max(1.0, std::exp2(std::ceil(std::log2(std::max(1.0, std::fabs(s.scale))))));
  return 6e-8 * magnitude + std::fabs(p) * s.max_frequency * 4e-16 * std::max(1.0, std::fabs(s.scale));
}

// "" or the first cell that misses the closed form.
std::string check(const EncodingSpec& s) {
  if (auto e = phasor::validate(s); !e.empty()) return "refused: " + e;
  std::vector<float> t(static_cast<std::size_t>(s.positions * s.d_model), NAN);
  phasor::encode(s, t.data());
  for (std::int64_t r = 0; r < s.positions; ++r)
    for (std::int64_t c = 0; c < s.d_model; ++c) {
      const double want = closed_form(s, r, c);
      const double got = t[static_cast<std::size_t>(r * s.d_model + c)];
      if (!(std::fabs(got - want) <= bound(s, s.offset + static_cast<double>(r) + 2.0)))
        return "row " + std::to_string(r) + " column " + std::to_string(c) + ": " + std::to_string(got) + " vs " +
               std::to_string(want);
    }
  return "";
}

EncodingSpec spec(std::int64_t positions, std::int64_t d) {
  EncodingSpec s;
  s.positions = positions;
  s.d_model = d;
  return s;
}

TEST(EncodeOptions, EveryWidthLayoutOrderAndOddRuleMatchesTheClosedFormAcrossAnchors) {
  for (std::int64_t d : {1, 2, 3, 4, 5, 7, 8, 9, 10, 17, 64, 65})
    for (Layout layout : {Layout::interleaved, Layout::split})
      for (Order order : {Order::sin_cos, Order::cos_sin})
        for (Spacing spacing : {Spacing::paper, Spacing::tensor2tensor})
          for (OddWidth odd : {OddWidth::error, OddWidth::zero_column, OddWidth::extra_sine}) {
            if ((d % 2 == 1) == (odd == OddWidth::error)) continue;  // even widths: the rule does not matter
            if (odd == OddWidth::extra_sine && spacing != Spacing::paper) continue;
            EncodingSpec s = spec(1100, d);
            s.layout = layout;
            s.order = order;
            s.spacing = spacing;
            s.odd_width = odd;
            s.offset = -3.5;
            EXPECT_EQ(check(s), "") << "d " << d << " layout " << static_cast<int>(layout) << " order "
                                    << static_cast<int>(order) << " spacing " << static_cast<int>(spacing) << " odd "
                                    << static_cast<int>(odd);
          }
}

TEST(EncodeOptions, FrequencyRangeScaleAndOffsetMatchTheClosedForm) {
  for (double max_frequency : {1.0, 0.5, 2.0 * M_PI, 64.0})
    for (double scale : {1.0, 0.125, -3.0, 0.0})
      for (double offset : {0.0, 4096.0, -1e6 + 0.25}) {
        EncodingSpec s = spec(40, 13);
        s.layout = Layout::split;
        s.spacing = Spacing::tensor2tensor;
        s.odd_width = OddWidth::zero_column;
        s.base = 5000.0 / 2.0;
        s.max_frequency = max_frequency;
        s.scale = scale;
        s.offset = offset;
        EXPECT_EQ(check(s), "") << max_frequency << " " << scale << " " << offset;
      }
}

TEST(EncodeOptions, GeometricFrequenciesRunFromMaxFrequencyDownToMaxFrequencyOverBase) {
  EncodingSpec s = spec(1, 10);
  s.spacing = Spacing::tensor2tensor;
  s.max_frequency = 2.0;  // tensor2tensor min_timescale 2, max_timescale 5000: base 2500
  s.base = 2500.0;
  const auto omega = phasor::encoding_frequencies(s);
  ASSERT_EQ(omega.size(), 5u);
  EXPECT_DOUBLE_EQ(omega[0], 2.0);
  EXPECT_NEAR(omega[4], 2.0 / 2500.0, 1e-18);
  EXPECT_NEAR(omega[2], 2.0 / 50.0, 1e-17);
  // One pair (width 2 or 3 with a zero column): tensor2tensor's maximum(h - 1, 1) gives w_0.
  s.d_model = 3;
  s.odd_width = OddWidth::zero_column;
  ASSERT_EQ(phasor::encoding_frequencies(s), std::vector<double>{2.0});
  // extraSine keeps the odd width in the exponent: (d + 1)/2 sines, w_i = base^(-2i/d).
  EncodingSpec e = spec(1, 7);
  e.odd_width = OddWidth::extra_sine;
  const auto w = phasor::encoding_frequencies(e);
  ASSERT_EQ(w.size(), 4u);
  EXPECT_DOUBLE_EQ(w[3], std::pow(10000.0, -6.0 / 7.0));
}

TEST(EncodeOptions, ThePaddingRowIsZeroInTheBufferAndForwardRowsStartPastIt) {
  for (std::int64_t pad : {0, 1, 2, 1000}) {
    EncodingSpec buffer = spec(pad + 40, 9);
    buffer.spacing = Spacing::tensor2tensor;
    buffer.layout = Layout::split;
    buffer.odd_width = OddWidth::zero_column;
    buffer.padding_idx = pad;
    buffer.buffer = true;
    EXPECT_EQ(check(buffer), "");
    std::vector<float> stored(static_cast<std::size_t>(buffer.positions * 9));
    phasor::encode(buffer, stored.data());
    for (int c = 0; c < 9; ++c) EXPECT_EQ(stored[static_cast<std::size_t>(pad * 9 + c)], 0.0f);
    EncodingSpec forward = buffer;
    forward.buffer = false;
    forward.positions = 39 - 0;
    EXPECT_EQ(check(forward), "");
    std::vector<float> rows(static_cast<std::size_t>(forward.positions * 9));
    phasor::encode(forward, rows.data());
    // fairseq: forward row r is stored row padding_idx + 1 + r.
    EXPECT_EQ(0, std::memcmp(rows.data(), stored.data() + (pad + 1) * 9, rows.size() * sizeof(float))) << pad;
  }
  // A forward table reaching back over the padding position (negative offset) shows the zero row there.
  EncodingSpec back = spec(6, 4);
  back.padding_idx = 1;
  back.offset = -4;  // positions -2 .. 3; position 1 is row 3
  EXPECT_EQ(check(back), "");
}

// A frequency so slow its wavelength 2 pi / omega is past float64 is refused
// (maxFrequency 5e-324 gave wavelengths of Infinity, issue 32); the slowest
// allowed, kMinFrequency, still has a finite wavelength, and the slowest
// table of the documented ranges (base 1e300, maxFrequency 1) passes.
TEST(EncodeOptions, TheSlowestFrequencyKeepsAFiniteWavelength) {
  EncodingSpec s = spec(4, 4);
  s.max_frequency = 5e-324;
  EXPECT_EQ(phasor::validate_frequencies(s),
            "the slowest frequency, from maxFrequency 4.94066e-324 and base 10000, must be at least 1e-307 (its "
            "wavelength 2*pi/omega finite); got 0");
  s.max_frequency = 1.0;
  s.base = 1e300;
  s.spacing = Spacing::tensor2tensor;
  EXPECT_EQ(phasor::validate_frequencies(s), "");
  EXPECT_TRUE(std::isfinite(2 * M_PI / phasor::kMinFrequency));
  s.d_model = 65536;
  s.spacing = Spacing::paper;
  EXPECT_EQ(phasor::validate_frequencies(s), "");
}

TEST(EncodeOptions, ValidateNamesEachNewOptionAndItsRange) {
  EncodingSpec s = spec(4, 7);
  EXPECT_NE(phasor::validate(s).find("dModel must be even when oddWidth is 'error'"), std::string::npos);
  s.odd_width = OddWidth::extra_sine;
  s.spacing = Spacing::tensor2tensor;
  EXPECT_NE(phasor::validate(s).find("oddWidth 'extraSine' keeps the odd dModel in the paper's exponent"),
            std::string::npos);
  s = spec(4, 8);
  s.max_frequency = 0.0;
  EXPECT_EQ(phasor::validate(s), "maxFrequency must be a finite number in (0, 64]; got 0");
  s.max_frequency = 65.0;
  EXPECT_EQ(phasor::validate(s), "maxFrequency must be a finite number in (0, 64]; got 65");
  s = spec(4, 8);
  s.scale = NAN;
  EXPECT_EQ(phasor::validate(s), "scale must be a finite number in [-1e+30, 1e+30]; got NaN");
  s = spec(4, 8);
  s.padding_idx = -5;
  EXPECT_EQ(phasor::validate(s), "paddingIdx must be an integer in [0, 2147483647]; got -5");
  s = spec(4, 8);
  s.odd_width = static_cast<OddWidth>(3);
  EXPECT_EQ(phasor::validate(s), "oddWidth must be one of 'error', 'zeroColumn', 'extraSine'; got code 3");
  s = spec(4, 8);
  s.order = static_cast<Order>(2);
  EXPECT_EQ(phasor::validate(s), "order must be one of 'sinCos', 'cosSin'; got code 2");
  s = spec(4, 0);
  EXPECT_EQ(phasor::validate(s), "dModel must be an integer in [1, 65536]; got 0");
  s = spec(3, 8);
  s.padding_idx = 1;
  s.offset = 2147483648.0 - 3.0;  // rows at positions 2 + offset .. 4 + offset: past 2^31
  EXPECT_EQ(phasor::validate(s),
            "offset (after paddingIdx + 1) must be a finite number in [-2147483650, 2147483644]; got 2147483645");
}

// The table kernel's SIMD and scalar siblings write the same bits, for every
// format (layout, order, extra sine, zero column, row stride) and pair count.
TEST(EncodeOptions, SimdTableRowsAreBitIdenticalToTheScalarSibling) {
  for (std::int64_t pairs : {0, 1, 2, 3, 4, 5, 7, 8, 9, 17, 33})
    for (int layout : {phasor::kernels::kInterleaved, phasor::kernels::kSplit})
      for (bool cos_first : {false, true})
        for (int odd : {0, 1, 2}) {  // none, extra sine, zero column
          if (pairs == 0 && odd == 0) continue;
          const bool extra = odd == 1;
          const std::int64_t width = 2 * pairs + (odd != 0 ? 1 : 0);
          phasor::kernels::RowFormat f{width, pairs, layout, cos_first, pairs, -1, odd == 2 ? width - 1 : -1};
          if (extra) {
            f.extra_sine = layout == phasor::kernels::kInterleaved || cos_first ? 2 * pairs : pairs;
            if (layout == phasor::kernels::kSplit && !cos_first) f.second = pairs + 1;
          }
          const std::size_t n = static_cast<std::size_t>(pairs + (extra ? 1 : 0));
          std::vector<double> s(n), c(n), ks(n), kc(n);
          for (std::size_t i = 0; i < n; ++i) {
            const double phase = 0.37 * static_cast<double>(i * i) - 11.0, step = 1.0 / (1.0 + static_cast<double>(i));
            s[i] = std::sin(phase);
            c[i] = std::cos(phase);
            ks[i] = std::sin(step);
            kc[i] = std::cos(step);
          }
          std::vector<double> s2 = s, c2 = c;
          phasor::kernels::PhasorState a{s.data(), c.data(), ks.data(), kc.data(), static_cast<std::int64_t>(n)};
          phasor::kernels::PhasorState b{s2.data(), c2.data(), ks.data(), kc.data(), static_cast<std::int64_t>(n)};
          const std::int64_t rows = 23;
          std::vector<float> simd(static_cast<std::size_t>(rows * width), NAN), scalar(simd.size(), NAN);
          phasor::kernels::pe_table_rows__wasmsimd(a, rows, f, simd.data());
          phasor::kernels::pe_table_rows__scalar(b, rows, f, scalar.data());
          EXPECT_EQ(s, s2) << pairs;  // the float64 state, bit for bit (no NaN here)
          EXPECT_EQ(0, std::memcmp(simd.data(), scalar.data(), simd.size() * sizeof(float)))
              << pairs << " pairs, layout " << layout << ", cos first " << cos_first << ", odd " << odd;
          for (float v : simd) EXPECT_FALSE(std::isnan(v)) << "a cell left unwritten";
        }
}

}  // namespace
