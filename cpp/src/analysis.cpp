#include "phasor/analysis.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "kernels.hpp"
#include "phase_walk.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

namespace {

std::string check_metric(double metric) {
  if (metric == 0 || metric == 1 || metric == 2) return "";
  return "metric must be 'l2', 'dot' or 'cosine'";
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
  for (std::size_t p = 0; p < n; ++p)
    std::memcpy(out + p * n, mirrored.data() + (n - 1 - p), n * sizeof(float));
}

}  // namespace

std::string validate_dot_by_offset(double d_model, double base, double max_offset) {
  if (auto e = check_d_model(d_model); !e.empty()) return e;
  if (auto e = check_base(base); !e.empty()) return e;
  if (auto e = check_integer("maxOffset", max_offset, 0, static_cast<double>(kMaxPositions));
      !e.empty())
    return e;
  return check_output_size("the dot products (maxOffset + 1 float32 values)", max_offset + 1, 4);
}

void dot_by_offset(std::int64_t d_model, double base, std::int64_t max_offset, double* out,
                   Spacing spacing) {
  PhaseWalk walk(frequencies(d_model, base, spacing), 0.0, 1.0);
  walk.run(max_offset + 1,
           [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
             kernels::cos_sums(state, count, out + first);
           });
}

std::string validate_offset_matrix(double positions, double d_model, double base, double metric) {
  if (auto e = check_integer("positions", positions, 1, static_cast<double>(kMaxPositions));
      !e.empty())
    return e;
  if (auto e = check_d_model(d_model); !e.empty()) return e;
  if (auto e = check_base(base); !e.empty()) return e;
  if (auto e = check_metric(metric); !e.empty()) return e;
  return check_output_size("the matrix (positions x positions float32 values)",
                           positions * positions, 4);
}

void offset_row(std::int64_t positions, std::int64_t d_model, double base, Metric metric,
                float* out, Spacing spacing) {
  const auto n = static_cast<std::size_t>(positions);
  std::vector<double> dots(n);
  dot_by_offset(d_model, base, positions - 1, dots.data(), spacing);
  const double half = static_cast<double>(d_model / 2);  // |PE(p)|^2 = d/2
  for (std::size_t k = 0; k < n; ++k) {
    switch (metric) {
      case Metric::dot: out[k] = static_cast<float>(dots[k]); break;
      case Metric::cosine: out[k] = static_cast<float>(dots[k] / half); break;
      case Metric::l2: out[k] = static_cast<float>(std::sqrt(std::max(0.0, 2.0 * (half - dots[k])))); break;
    }
  }
}

void offset_matrix(std::int64_t positions, std::int64_t d_model, double base, Metric metric,
                   float* out, Spacing spacing) {
  std::vector<float> row(static_cast<std::size_t>(positions));
  offset_row(positions, d_model, base, metric, row.data(), spacing);
  fill_symmetric_toeplitz(row, out);
}

std::string validate_pairwise(double n, double d, double metric) {
  if (auto e = check_integer("count", n, 1, static_cast<double>(kMaxPositions)); !e.empty())
    return e;
  if (auto e = check_integer("dim", d, 1, static_cast<double>(kMaxDModel)); !e.empty()) return e;
  if (auto e = check_metric(metric); !e.empty()) return e;
  if (auto e = check_output_size("the input rows (count x dim float32 values)", n * d, 4); !e.empty())
    return e;
  return check_output_size("the matrix (count x count float32 values)", n * n, 4);
}

void pairwise(const float* x, std::int64_t n, std::int64_t d, Metric metric, float* out) {
  if (metric == Metric::l2) {
    kernels::pairwise_sq_l2(x, n, d, out);
    for (std::int64_t i = 0; i < n * n; ++i) out[i] = std::sqrt(out[i]);
    return;
  }
  kernels::pairwise_dot(x, n, d, out);
  if (metric == Metric::cosine) {
    std::vector<float> norm(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) norm[static_cast<std::size_t>(i)] = std::sqrt(out[i * n + i]);
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < n; ++j) {
        const float denom = norm[static_cast<std::size_t>(i)] * norm[static_cast<std::size_t>(j)];
        out[i * n + j] = denom > 0.0f ? out[i * n + j] / denom : 0.0f;
      }
  }
}

}  // namespace phasor
