// The n x n attention pattern at the resolution it is drawn: for query
// positions rows[i] and key positions cols[j] (any subset of 0 .. n-1, e.g.
// one per pixel), the pre-softmax score q_m . k_n (attention.hpp's three
// kinds, with additive PE's four terms) and, when asked, the softmax of the
// whole row m over every key 0 .. n-1 (0 .. m when causal), read at cols[j].
//
// Position m carries token m of `tokens` (n rows), or the one shared token.
// With a shared token, RoPE and ALiBi scores depend on m - n alone (Toeplitz):
// the 2n - 1 offsets are computed once (RoPE: the pair products of q and k
// against the phasors e^{i o theta}, walked along the offsets with an exact
// sin/cos every 64) and each row's softmax normaliser is taken over a window of
// them (a segment tree, O(log n) per row); ALiBi's softmax then weighs the bias
// alone, as the shared token's q . k is the same at every offset. Else
// (additive PE, or
// distinct tokens) each drawn entry is its own dot product, and a softmax row
// needs the row's n scores: rows x n x dHead work. With no rotation between
// the projections (additive PE, ALiBi) and no terms asked, q_m . k_n is
// x_m (W_Q W_K^T) x_n, the product of the weights kept for the next call with
// the same weights.
//
// A softmax subtracts its row's largest score and divides by the sum of
// e^(score - largest), so every entry is in [0, 1] and a row sums to 1 within
// rounding, for any finite scores (the issue 32 numbers: tokenStd 2e4 once
// gave Infinity). Everything is float64 (projections, rotations, sums); each
// value is rounded to float32 once. Masked entries (key after query, causal)
// are NaN scores and 0 softmax.
#pragma once
#include <cstdint>
#include <string>

#include "phasor/attention.hpp"

namespace phasor {

struct PatternSpec {
  AttentionSpec attention;  // kind, widths, base/theta, scaling, ALiBi heads
  std::int64_t n = 0;       // positions 0 .. n-1
  bool shared_tokens = true;
  bool causal = false;
  bool softmax = false;
};

struct PatternInput {
  const float* tokens = nullptr;  // n x dModel, or one row when shared
  const float* wq = nullptr;      // dModel x dHead
  const float* wk = nullptr;
  const double* rows = nullptr;  // query positions drawn
  std::int64_t row_count = 0;
  const double* cols = nullptr;  // key positions drawn
  std::int64_t col_count = 0;
};

// Each rows x cols, row-major; softmax only when spec.softmax, the terms only
// when terms[0] is given (additive; the total is then their sum).
struct PatternOutput {
  float* total = nullptr;
  float* softmax = nullptr;
  float* terms[4] = {nullptr, nullptr, nullptr, nullptr};  // cc, cp, pc, pp
};

// "" or what is wrong: the attention spec (as validate_attention), n in
// [1, kMaxAttentionPositions], rows and cols integers in [0, n) (at most n
// each), and the work within kMaxAttentionWork.
std::string validate_attention_pattern(const PatternSpec& spec, const PatternInput& in,
                                       const char* d_head_name = "dHead");

// Whether the pattern is Toeplitz (a shared token with RoPE or ALiBi).
bool pattern_is_toeplitz(const PatternSpec& spec);

void attention_pattern(const PatternSpec& spec, const PatternInput& in, const PatternOutput& out);

}  // namespace phasor
