// Similarity and distance between encodings.
//
// PE(p).PE(q) = sum_i cos(w_i (p - q)) depends only on the offset p - q, and
// so does |PE(p) - PE(q)| = sqrt(d - 2 sum_i cos(w_i (p - q))). The matrices
// over n positions are therefore symmetric Toeplitz: one O(n d) pass computes
// their first row and O(n^2) copies fill them, instead of the tutorials'
// O(n^2 d) work and n*n*d temporary. pairwise() is the general O(n^2 d) kernel
// for rows that do not have this structure (PE plus token embeddings, RoPE).
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "phasor/frequencies.hpp"

namespace phasor {

enum class Metric { l2 = 0, dot = 1, cosine = 2 };
inline constexpr std::array<const char*, 3> kMetricNames = {"l2", "dot", "cosine"};

// out[k] = PE(p).PE(p+k) for k = 0..max_offset (any p), float64 sums.
void dot_by_offset(std::int64_t d_model, double base, std::int64_t max_offset, double* out,
                   Spacing spacing = Spacing::paper);
std::string validate_dot_by_offset(double d_model, double base, double max_offset);

// out[k] = metric(PE(0), PE(k)) for k < positions: the first row of the
// matrix below, which every other row repeats shifted (row p, column q holds
// out[|p - q|]).
void offset_row(std::int64_t positions, std::int64_t d_model, double base, Metric metric, float* out,
                Spacing spacing = Spacing::paper);

// out[p * n + q] = metric(PE(p), PE(q)) for p, q < positions.
void offset_matrix(std::int64_t positions, std::int64_t d_model, double base, Metric metric, float* out,
                   Spacing spacing = Spacing::paper);
std::string validate_offset_matrix(double positions, double d_model, double base, double metric);

// out[i * n + j] = metric(x_i, x_j) over n rows of width d (float32 sums on
// a copy of the rows rescaled by powers of two, so tiny and huge rows
// neither underflow nor overflow before the result does). false when that
// copy could not be allocated (out is then untouched).
bool pairwise(const float* x, std::int64_t n, std::int64_t d, Metric metric, float* out);
std::string validate_pairwise(double n, double d, double metric);

}  // namespace phasor
