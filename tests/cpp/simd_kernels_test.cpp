// The *_wasmsimd kernels against their *_scalar siblings, natively: both are
// compiled in every native build (the SIMD ones through SIMDe's portable wasm
// intrinsics, cpp/kernels/simd128.hpp). The kernels promise the same float64
// operations in the same order, so results are compared bit for bit, in
// float64 before anything is rounded to float32: the phasor state after the
// walk, the float64 sums, and then the float32 rows. Sizes run below, at and
// above each vector step with every tail, on inputs whose sums change with the
// order of summation (each test checks that the order would show).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "kernels.hpp"
#include "least_squares_kernels.hpp"
#include "rope_kernels.hpp"

#if !PHASOR_SIMD_KERNELS
#error "native builds compile the SIMD kernels through SIMDe (CMakeLists.txt defines PHASOR_SIMDE)"
#endif

namespace {

using phasor::kernels::PhasorState;

// Index and values of the first element whose bits differ, or "" when all agree.
template <class T>
std::string first_difference(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return "sizes differ";
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::memcmp(&a[i], &b[i], sizeof(T)) != 0) {
      char text[128];
      std::snprintf(text, sizeof text, "index %zu: %a vs %a", i, static_cast<double>(a[i]), static_cast<double>(b[i]));
      return text;
    }
  }
  return "";
}

std::vector<double> uniform(std::size_t n, double lo, double hi, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(lo, hi);
  std::vector<double> v(n);
  for (auto& x : v) x = u(rng);
  return v;
}

// A phasor state for `pairs` pairs: the phasors of arbitrary phases (not
// exactly representable, so sums depend on their order) and steps of
// arbitrary angles.
struct Walk {
  std::vector<double> sin, cos, step_sin, step_cos;

  explicit Walk(std::int64_t pairs, std::uint64_t seed) {
    const auto n = static_cast<std::size_t>(pairs);
    const auto phase = uniform(n, -100.0, 100.0, seed);
    const auto step = uniform(n, 1e-4, 3.0, seed + 1);
    for (std::size_t i = 0; i < n; ++i) {
      sin.push_back(std::sin(phase[i]));
      cos.push_back(std::cos(phase[i]));
      step_sin.push_back(std::sin(step[i]));
      step_cos.push_back(std::cos(step[i]));
    }
  }
  PhasorState state() {
    return {sin.data(), cos.data(), step_sin.data(), step_cos.data(), static_cast<std::int64_t>(sin.size())};
  }
};

const std::int64_t kPairCounts[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 31, 32, 33, 65};

TEST(SimdKernels, PeRowsAdvanceTheStateAndWriteRowsBitForBitAsTheScalarKernel) {
  for (const std::int64_t pairs : kPairCounts) {
    for (const int layout : {phasor::kernels::kInterleaved, phasor::kernels::kSplit}) {
      const std::int64_t rows = 37;
      Walk simd(pairs, 11 * static_cast<std::uint64_t>(pairs)), scalar = simd;
      std::vector<float> simd_rows(static_cast<std::size_t>(rows * 2 * pairs)), scalar_rows(simd_rows.size());
      PhasorState a = simd.state(), b = scalar.state();
      phasor::kernels::pe_rows__wasmsimd(a, rows, layout, simd_rows.data());
      phasor::kernels::pe_rows__scalar(b, rows, layout, scalar_rows.data());
      // float64 first: the state 37 rotations on.
      EXPECT_EQ(first_difference(simd.sin, scalar.sin), "") << pairs << " pairs, layout " << layout;
      EXPECT_EQ(first_difference(simd.cos, scalar.cos), "") << pairs << " pairs, layout " << layout;
      EXPECT_EQ(first_difference(simd_rows, scalar_rows), "") << pairs << " pairs, layout " << layout;
      // The state moved: a kernel that skipped the rotation would agree with nothing.
      EXPECT_NE(simd.sin, Walk(pairs, 11 * static_cast<std::uint64_t>(pairs)).sin);
    }
  }
}

TEST(SimdKernels, PeRowsPlaceEachPairWhereTheLayoutSays) {
  // Against the state itself rather than the sibling: sin of pair i at 2i
  // (interleaved) or i (split), cos at 2i+1 or h+i, for the first row.
  for (const std::int64_t pairs : kPairCounts) {
    for (const int layout : {phasor::kernels::kInterleaved, phasor::kernels::kSplit}) {
      Walk walk(pairs, 5);
      const Walk start = walk;
      std::vector<float> row(static_cast<std::size_t>(2 * pairs));
      PhasorState s = walk.state();
      phasor::kernels::pe_rows__wasmsimd(s, 1, layout, row.data());
      for (std::int64_t i = 0; i < pairs; ++i) {
        const std::int64_t at_sin = layout == phasor::kernels::kInterleaved ? 2 * i : i;
        const std::int64_t at_cos = layout == phasor::kernels::kInterleaved ? 2 * i + 1 : pairs + i;
        ASSERT_EQ(row[at_sin], static_cast<float>(start.sin[i])) << pairs << " pairs, pair " << i;
        ASSERT_EQ(row[at_cos], static_cast<float>(start.cos[i])) << pairs << " pairs, pair " << i;
      }
    }
  }
}

TEST(SimdKernels, CosSumsAreBitIdenticalInFloat64AndTheOrderWouldShow) {
  bool order_shows = false;
  for (const std::int64_t pairs : kPairCounts) {
    const std::int64_t rows = 29;
    Walk simd(pairs, 3 * static_cast<std::uint64_t>(pairs)), scalar = simd;
    const Walk start = simd;
    std::vector<double> simd_sums(rows), scalar_sums(rows);
    PhasorState a = simd.state(), b = scalar.state();
    phasor::kernels::cos_sums__wasmsimd(a, rows, simd_sums.data());
    phasor::kernels::cos_sums__scalar(b, rows, scalar_sums.data());
    EXPECT_EQ(first_difference(simd_sums, scalar_sums), "") << pairs << " pairs";
    EXPECT_EQ(first_difference(simd.cos, scalar.cos), "") << pairs << " pairs";
    EXPECT_EQ(first_difference(simd.sin, scalar.sin), "") << pairs << " pairs";
    // The first sum in plain left-to-right order: differs somewhere, so a
    // kernel summing in another order than the sibling's would be caught.
    double sequential = 0.0;
    for (double c : start.cos) sequential += c;
    order_shows = order_shows || sequential != scalar_sums[0];
  }
  EXPECT_TRUE(order_shows) << "inputs too tame: every order gives the same sums";
}

TEST(SimdKernels, Float64PhasorRowsAreBitIdenticalAndHoldEachPairAsCosThenSin) {
  for (const std::int64_t pairs : kPairCounts) {
    const std::int64_t rows = 23;
    Walk simd(pairs, 13 * static_cast<std::uint64_t>(pairs)), scalar = simd;
    const Walk start = simd;
    std::vector<double> simd_rows(static_cast<std::size_t>(rows * 2 * pairs)), scalar_rows(simd_rows.size());
    PhasorState a = simd.state(), b = scalar.state();
    phasor::kernels::phasor_rows_f64__wasmsimd(a, rows, simd_rows.data());
    phasor::kernels::phasor_rows_f64__scalar(b, rows, scalar_rows.data());
    EXPECT_EQ(first_difference(simd_rows, scalar_rows), "") << pairs << " pairs";
    EXPECT_EQ(first_difference(simd.sin, scalar.sin), "") << pairs << " pairs";
    EXPECT_EQ(first_difference(simd.cos, scalar.cos), "") << pairs << " pairs";
    for (std::int64_t i = 0; i < pairs; ++i) {
      // Row 0 is the state as given, row 1 one rotation on: cos(x + w), sin(x + w).
      ASSERT_EQ(simd_rows[2 * i], start.cos[i]) << pairs << " pairs, pair " << i;
      ASSERT_EQ(simd_rows[2 * i + 1], start.sin[i]) << pairs << " pairs, pair " << i;
      const double c = start.cos[i] * start.step_cos[i] - start.sin[i] * start.step_sin[i];
      const double s = start.sin[i] * start.step_cos[i] + start.cos[i] * start.step_sin[i];
      ASSERT_EQ(simd_rows[2 * pairs + 2 * i], c) << pairs << " pairs, pair " << i;
      ASSERT_EQ(simd_rows[2 * pairs + 2 * i + 1], s) << pairs << " pairs, pair " << i;
    }
  }
}

TEST(SimdKernels, PhasorDotsAreBitIdenticalInFloat64AndTheOrderWouldShow) {
  bool order_shows = false;
  for (const std::int64_t pairs : kPairCounts) {
    const std::int64_t rows = 19;
    Walk simd(pairs, 17 * static_cast<std::uint64_t>(pairs)), scalar = simd;
    const Walk start = simd;
    const auto a = uniform(static_cast<std::size_t>(pairs), -2.0, 2.0, 41 + static_cast<std::uint64_t>(pairs));
    const auto b = uniform(static_cast<std::size_t>(pairs), -2.0, 2.0, 43 + static_cast<std::uint64_t>(pairs));
    std::vector<double> simd_dots(rows), scalar_dots(rows);
    PhasorState sa = simd.state(), sb = scalar.state();
    phasor::kernels::phasor_dots__wasmsimd(sa, rows, a.data(), b.data(), simd_dots.data());
    phasor::kernels::phasor_dots__scalar(sb, rows, a.data(), b.data(), scalar_dots.data());
    EXPECT_EQ(first_difference(simd_dots, scalar_dots), "") << pairs << " pairs";
    EXPECT_EQ(first_difference(simd.sin, scalar.sin), "") << pairs << " pairs";
    EXPECT_EQ(first_difference(simd.cos, scalar.cos), "") << pairs << " pairs";
    // Row 0 is the dot with the state as given: sum_i a_i cos_i + b_i sin_i.
    double sequential = 0.0;
    for (std::int64_t i = 0; i < pairs; ++i) sequential += a[i] * start.cos[i] + b[i] * start.sin[i];
    EXPECT_NEAR(scalar_dots[0], sequential, 1e-13 * static_cast<double>(pairs)) << pairs << " pairs";
    order_shows = order_shows || sequential != scalar_dots[0];
  }
  EXPECT_TRUE(order_shows) << "inputs too tame: every order gives the same sums";
}

TEST(SimdKernels, PartialSumModuliAreBitIdenticalAndAreTheSumOfPrefixModuli) {
  for (const std::int64_t pairs : kPairCounts) {
    for (const std::int64_t rows : {1, 2, 3, 7, 8}) {
      const auto z =
          uniform(static_cast<std::size_t>(rows * 2 * pairs), -1.0, 1.0, 31 + static_cast<std::uint64_t>(pairs));
      std::vector<double> simd(static_cast<std::size_t>(rows)), scalar(simd.size());
      phasor::kernels::partial_sum_moduli__wasmsimd(z.data(), rows, pairs, simd.data());
      phasor::kernels::partial_sum_moduli__scalar(z.data(), rows, pairs, scalar.data());
      EXPECT_EQ(first_difference(simd, scalar), "") << pairs << " pairs, " << rows << " rows";
      for (std::int64_t r = 0; r < rows; ++r) {
        // sum_j |z_0 + ... + z_{j-1}|, each prefix summed afresh.
        double want = 0.0;
        for (std::int64_t j = 1; j <= pairs; ++j) {
          double re = 0.0, im = 0.0;
          for (std::int64_t k = 0; k < j; ++k) {
            re += z[static_cast<std::size_t>(r * 2 * pairs + 2 * k)];
            im += z[static_cast<std::size_t>(r * 2 * pairs + 2 * k + 1)];
          }
          want += std::hypot(re, im);
        }
        ASSERT_NEAR(scalar[static_cast<std::size_t>(r)], want, 1e-13 * want) << pairs << " pairs, row " << r;
      }
    }
  }
}

TEST(SimdKernels, RopeRowsAreBitIdenticalInBothPairings) {
  for (std::int64_t dim = 2; dim <= 40; dim += 2) {
    for (const int pairing : {phasor::kernels::kAdjacentPairs, phasor::kernels::kHalfPairs}) {
      const auto n = static_cast<std::size_t>(dim);
      const auto x64 = uniform(n, -3.0, 3.0, static_cast<std::uint64_t>(dim));
      std::vector<float> x(x64.begin(), x64.end());
      const auto c = uniform(n, -1.2, 1.2, 100 + static_cast<std::uint64_t>(dim));
      const auto s = uniform(n, -1.2, 1.2, 200 + static_cast<std::uint64_t>(dim));
      std::vector<float> simd(n), scalar(n);
      phasor::kernels::rope_row__wasmsimd(x.data(), c.data(), s.data(), dim, pairing, simd.data());
      phasor::kernels::rope_row__scalar(x.data(), c.data(), s.data(), dim, pairing, scalar.data());
      EXPECT_EQ(first_difference(simd, scalar), "") << "dim " << dim << ", pairing " << pairing;
    }
  }
}

TEST(SimdKernels, CrossDotsAreBitIdenticalInFloat64AndTheOrderWouldShow) {
  bool order_shows = false;
  // Sizes around the SIMD kernel's blocks (2 rows x 4 columns) and their tails.
  const std::pair<std::int64_t, std::int64_t> sizes[] = {{3, 5}, {1, 1}, {2, 4}, {4, 9}, {5, 3}};
  for (const auto& [na, nb] : sizes) {
    for (std::int64_t len = 1; len <= 19; ++len) {
      const auto a = uniform(static_cast<std::size_t>(na * len), -2.0, 2.0, 7 + static_cast<std::uint64_t>(len));
      const auto b = uniform(static_cast<std::size_t>(nb * len), -2.0, 2.0, 70 + static_cast<std::uint64_t>(len));
      std::vector<double> simd(static_cast<std::size_t>(na * nb)), scalar(simd.size());
      phasor::kernels::cross_dot_f64__wasmsimd(a.data(), na, b.data(), nb, len, simd.data());
      phasor::kernels::cross_dot_f64__scalar(a.data(), na, b.data(), nb, len, scalar.data());
      EXPECT_EQ(first_difference(simd, scalar), "") << na << " x " << nb << ", len " << len;
      for (std::int64_t i = 0; i < na; ++i)
        for (std::int64_t j = 0; j < nb; ++j) {
          double sequential = 0.0;
          for (std::int64_t t = 0; t < len; ++t) sequential += a[i * len + t] * b[j * len + t];
          order_shows = order_shows || sequential != scalar[i * nb + j];
          // And both are the dot product, up to float64 rounding.
          ASSERT_NEAR(scalar[i * nb + j], sequential, 1e-13 * static_cast<double>(len));
        }
    }
  }
  EXPECT_TRUE(order_shows) << "inputs too tame: every order gives the same sums";
}

TEST(SimdKernels, PairwiseAgreesWithFloat64WithinFloat32SummationError) {
  // Not bit-identical by design (eight float32 accumulators against one):
  // both within the float32 summation bound of the float64 value.
  for (const std::int64_t d : {1, 3, 4, 7, 8, 9, 15, 16, 17, 33}) {
    const std::int64_t n = 6;
    const auto x64 = uniform(static_cast<std::size_t>(n * d), -3.0, 3.0, 900 + static_cast<std::uint64_t>(d));
    const std::vector<float> x(x64.begin(), x64.end());
    std::vector<float> l2(static_cast<std::size_t>(n * n)), dot(l2.size()), l2_scalar(l2.size()), dot_scalar(l2.size());
    phasor::kernels::pairwise_sq_l2__wasmsimd(x.data(), n, d, l2.data());
    phasor::kernels::pairwise_dot__wasmsimd(x.data(), n, d, dot.data());
    phasor::kernels::pairwise_sq_l2__scalar(x.data(), n, d, l2_scalar.data());
    phasor::kernels::pairwise_dot__scalar(x.data(), n, d, dot_scalar.data());
    // The kernels fill the upper triangle (j >= i); pairwise() mirrors it.
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = i; j < n; ++j) {
        double sq = 0.0, xy = 0.0, magnitude = 0.0;
        for (std::int64_t t = 0; t < d; ++t) {
          const double a = x[i * d + t], b = x[j * d + t];
          sq += (a - b) * (a - b);
          xy += a * b;
          magnitude += std::fabs(a * b) + (a - b) * (a - b);
        }
        const double bound = 1.2e-7 * static_cast<double>(d + 2) * magnitude;
        const auto at = static_cast<std::size_t>(i * n + j);
        ASSERT_NEAR(l2[at], sq, bound) << "d " << d << " (" << i << ", " << j << ")";
        ASSERT_NEAR(l2_scalar[at], sq, bound) << "d " << d;
        ASSERT_NEAR(dot[at], xy, bound) << "d " << d << " (" << i << ", " << j << ")";
        ASSERT_NEAR(dot_scalar[at], xy, bound) << "d " << d;
      }
    for (std::int64_t i = 0; i < n; ++i) EXPECT_EQ(l2[static_cast<std::size_t>(i * n + i)], 0.0f);
  }
}

// The least-squares kernels (least_squares_kernels.hpp): the same float64
// sums as their scalar siblings, and those sums are the mathematical ones.
TEST(SimdKernels, LeastSquaresDotsAndReflectionsAreBitIdenticalAndTheOrderWouldShow) {
  bool order_shows = false;
  for (std::int64_t len = 1; len <= 21; ++len) {
    const auto v = uniform(static_cast<std::size_t>(len), -2.0, 2.0, 300 + static_cast<std::uint64_t>(len));
    const auto b = uniform(static_cast<std::size_t>(len), -2.0, 2.0, 400 + static_cast<std::uint64_t>(len));
    const double simd = phasor::kernels::dot_f64__wasmsimd(v.data(), b.data(), len);
    const double scalar = phasor::kernels::dot_f64__scalar(v.data(), b.data(), len);
    EXPECT_EQ(first_difference(std::vector<double>{simd}, std::vector<double>{scalar}), "") << "len " << len;
    double sequential = 0.0;
    for (std::int64_t t = 0; t < len; ++t) sequential += v[t] * b[t];
    order_shows = order_shows || sequential != scalar;
    ASSERT_NEAR(scalar, sequential, 1e-13 * static_cast<double>(len));
    // Reflections of 1 to 9 columns (blocks of 4 and every tail), columns
    // `stride` apart with values between them that must stay untouched.
    for (std::int64_t count = 1; count <= 9; ++count) {
      const std::int64_t stride = len + 3;
      const auto columns =
          uniform(static_cast<std::size_t>(count * stride), -2.0, 2.0, 500 + static_cast<std::uint64_t>(len * count));
      auto a = columns, c = columns;
      phasor::kernels::reflect_columns__wasmsimd(v.data(), len, 0.37, a.data(), stride, count);
      phasor::kernels::reflect_columns__scalar(v.data(), len, 0.37, c.data(), stride, count);
      ASSERT_EQ(first_difference(a, c), "") << "len " << len << ", " << count << " columns";
      for (std::int64_t k = 0; k < count; ++k) {
        const double* column = columns.data() + k * stride;
        double f = 0.0;
        for (std::int64_t t = 0; t < len; ++t) f += v[t] * column[t];
        for (std::int64_t t = 0; t < stride; ++t) {
          const double want = t < len ? column[t] - 0.37 * f * v[t] : column[t];
          ASSERT_NEAR(c[k * stride + t], want, 1e-12 * static_cast<double>(len)) << "column " << k << ", t " << t;
        }
      }
    }
  }
  EXPECT_TRUE(order_shows) << "inputs too tame: every order gives the same sums";
}

TEST(SimdKernels, RowsTimesMatrixIsBitIdenticalAndSumsAlongJInOrder) {
  // Shapes around the SIMD kernel's blocks (2 rows x 8 columns, then 2, then
  // an odd last column). Each entry must be the sequential sum over j: the
  // prediction of a shift fit adds up as a dot product of the map's row.
  for (const std::int64_t rows : {1, 2, 3, 5}) {
    for (const std::int64_t cols : {1, 2, 3, 7, 8, 9, 16, 17}) {
      for (const std::int64_t inner : {1, 4, 16, 19}) {
        const auto x = uniform(static_cast<std::size_t>(rows * inner), -2.0, 2.0,
                               600 + static_cast<std::uint64_t>(rows * cols * inner));
        const auto b = uniform(static_cast<std::size_t>(inner * cols), -2.0, 2.0,
                               700 + static_cast<std::uint64_t>(rows * cols * inner));
        std::vector<double> simd(static_cast<std::size_t>(rows * cols)), scalar(simd.size());
        phasor::kernels::rows_times_matrix__wasmsimd(x.data(), rows, inner, b.data(), cols, simd.data());
        phasor::kernels::rows_times_matrix__scalar(x.data(), rows, inner, b.data(), cols, scalar.data());
        ASSERT_EQ(first_difference(simd, scalar), "") << rows << " x " << inner << " times " << inner << " x " << cols;
        for (std::int64_t r = 0; r < rows; ++r)
          for (std::int64_t i = 0; i < cols; ++i) {
            double sequential = 0.0;
            for (std::int64_t j = 0; j < inner; ++j) sequential += b[j * cols + i] * x[r * inner + j];
            ASSERT_EQ(scalar[r * cols + i], sequential) << "entry " << r << ", " << i;
          }
      }
    }
  }
}

}  // namespace
