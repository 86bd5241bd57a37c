#include "phasor/analysis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "kernels.hpp"
#include "phase_walk.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

namespace {

std::string check_metric(double metric) { return check_choice("metric", metric, kMetricNames); }

// 2^(1-e) for the largest |value| v = f 2^e (f in [0.5, 1)) of `count`
// values: it takes v into [1, 2). 1 when all are zero (or not finite).
double unit_scale(const float* x, std::int64_t count) {
  float largest = 0.0f;
  for (std::int64_t k = 0; k < count; ++k) largest = std::max(largest, std::fabs(x[k]));
  if (!(largest > 0.0f) || !std::isfinite(largest)) return 1.0;
  int e = 0;
  std::frexp(largest, &e);
  return std::ldexp(1.0, 1 - e);
}

// Row 0 of a symmetric Toeplitz matrix -> the whole matrix. Row p is the
// window [n-1-p, 2n-1-p) of (v[n-1], ..., v[1], v[0], v[1], ..., v[n-1]).
void fill_symmetric_toeplitz(const std::vector<float>& v, float* out) {
  const std::size_t n = v.size();
  std::vector<float> mirrored(2 * n - 1);
  for (std::size_t j = 0; j < n; ++j) {
    mirrored[n - 1 + j] = v[j];
    mirrored[n - 1 - j] = v[j];
  }
  for (std::size_t p = 0; p < n; ++p) std::memcpy(out + p * n, mirrored.data() + (n - 1 - p), n * sizeof(float));
}

// out[j][i] = out[i][j] for j > i, in tiles that stay in cache (a column
// written straight down touches a new cache line, and page, a value).
void mirror_upper_triangle(float* out, std::int64_t n) {
  constexpr std::int64_t kTile = 64;
  for (std::int64_t i0 = 0; i0 < n; i0 += kTile)
    for (std::int64_t j0 = i0; j0 < n; j0 += kTile)
      for (std::int64_t j = j0; j < std::min(j0 + kTile, n); ++j)
        for (std::int64_t i = i0; i < std::min(i0 + kTile, j); ++i) out[j * n + i] = out[i * n + j];
}

}  // namespace

std::string validate_dot_by_offset(double d_model, double base, double max_offset) {
  if (auto e = check_d_model(d_model); !e.empty()) return e;
  if (auto e = check_base(base); !e.empty()) return e;
  if (auto e = check_integer("maxOffset", max_offset, 0, static_cast<double>(kMaxPositions)); !e.empty()) return e;
  if (auto e = check_output_size("the dot products (maxOffset + 1 float32 values)", max_offset + 1, 4); !e.empty())
    return e;
  return check_work("(maxOffset + 1) x dModel/2", (max_offset + 1) * (d_model / 2), kMaxDotByOffsetWork);
}

void dot_by_offset(std::int64_t d_model, double base, std::int64_t max_offset, double* out, Spacing spacing) {
  PhaseWalk walk(frequencies(d_model, base, spacing), 0.0, 1.0);
  walk.run(max_offset + 1, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    kernels::cos_sums(state, count, out + first);
  });
}

// The largest matrix (2^13 positions, the 256 MiB output cap) walks its first
// row within the dot-by-offset work cap.
static_assert(8193.0 * 8193.0 * 4.0 > static_cast<double>(kMaxOutputBytes));
static_assert(8192.0 * static_cast<double>(kMaxDModel / 2) <= kMaxDotByOffsetWork);

std::string validate_offset_matrix(double positions, double d_model, double base, double metric) {
  if (auto e = check_integer("positions", positions, 1, static_cast<double>(kMaxPositions)); !e.empty()) return e;
  if (auto e = check_d_model(d_model); !e.empty()) return e;
  if (auto e = check_base(base); !e.empty()) return e;
  if (auto e = check_metric(metric); !e.empty()) return e;
  return check_output_size("the matrix (positions x positions float32 values)", positions * positions, 4);
}

void offset_row(std::int64_t positions, std::int64_t d_model, double base, Metric metric, float* out, Spacing spacing) {
  const auto n = static_cast<std::size_t>(positions);
  std::vector<double> dots(n);
  dot_by_offset(d_model, base, positions - 1, dots.data(), spacing);
  const double half = static_cast<double>(d_model / 2);  // |PE(p)|^2 = d/2
  for (std::size_t k = 0; k < n; ++k) {
    switch (metric) {
      case Metric::dot:
        out[k] = static_cast<float>(dots[k]);
        break;
      case Metric::cosine:
        out[k] = static_cast<float>(dots[k] / half);
        break;
      case Metric::l2:
        out[k] = static_cast<float>(std::sqrt(std::max(0.0, 2.0 * (half - dots[k]))));
        break;
    }
  }
}

void offset_matrix(std::int64_t positions, std::int64_t d_model, double base, Metric metric, float* out,
                   Spacing spacing) {
  std::vector<float> row(static_cast<std::size_t>(positions));
  offset_row(positions, d_model, base, metric, row.data(), spacing);
  fill_symmetric_toeplitz(row, out);
}

std::string validate_pairwise(double n, double d, double metric) {
  if (auto e = check_integer("count", n, 1, static_cast<double>(kMaxPositions)); !e.empty()) return e;
  if (auto e = check_integer("dim", d, 1, static_cast<double>(kMaxDModel)); !e.empty()) return e;
  if (auto e = check_metric(metric); !e.empty()) return e;
  if (auto e = check_output_size("the input rows (count x dim float32 values)", n * d, 4); !e.empty()) return e;
  if (auto e = check_output_size("the matrix (count x count float32 values)", n * n, 4); !e.empty()) return e;
  return check_work("count x count x dim", n * n * d, kMaxPairwiseWork);
}

bool pairwise(const float* x, std::int64_t n, std::int64_t d, Metric metric, float* out) {
  // Rows rescaled by powers of two (exact), so float32 squares and products
  // of tiny rows do not underflow nor those of huge rows overflow: one scale
  // for all rows (l2: differences need a common scale) or one per row (dot,
  // cosine); undone in float64 on the sums.
  const auto count = static_cast<std::size_t>(n * d);
  std::unique_ptr<float, void (*)(void*)> scaled(static_cast<float*>(std::malloc(count * sizeof(float))), std::free);
  if (!scaled) return false;
  float* y = scaled.get();
  const bool per_row = metric != Metric::l2;
  std::vector<double> scale(static_cast<std::size_t>(per_row ? n : 1));
  if (!per_row) scale[0] = unit_scale(x, n * d);
  for (std::int64_t i = 0; i < n; ++i) {
    double& s = scale[per_row ? static_cast<std::size_t>(i) : 0];
    if (per_row) s = unit_scale(x + i * d, d);
    for (std::int64_t k = 0; k < d; ++k) y[i * d + k] = static_cast<float>(x[i * d + k] * s);
  }
  // The kernels fill the upper triangle; it is finished in place, then mirrored.
  if (metric == Metric::l2) {
    kernels::pairwise_sq_l2(y, n, d, out);
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = i; j < n; ++j)
        out[i * n + j] = static_cast<float>(static_cast<double>(std::sqrt(out[i * n + j])) / scale[0]);
    mirror_upper_triangle(out, n);
    return true;
  }
  kernels::pairwise_dot(y, n, d, out);
  const auto at = [](std::int64_t i) { return static_cast<std::size_t>(i); };
  std::vector<double> norm(at(n));
  for (std::int64_t i = 0; i < n; ++i) norm[at(i)] = std::sqrt(static_cast<double>(out[i * n + i]));
  for (std::int64_t i = 0; i < n; ++i)
    for (std::int64_t j = i; j < n; ++j) {
      const double dot = out[i * n + j];
      if (metric == Metric::dot) {
        out[i * n + j] = static_cast<float>(dot / (scale[at(i)] * scale[at(j)]));
      } else {
        const double denom = norm[at(i)] * norm[at(j)];
        out[i * n + j] = denom > 0.0 ? static_cast<float>(dot / denom) : 0.0f;
      }
    }
  mirror_upper_triangle(out, n);
  return true;
}

}  // namespace phasor
