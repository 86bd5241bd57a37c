// Two products the attention patterns (attention_pattern.cpp) are built from,
// each computed once for many entries.
#pragma once
#include <cstdint>
#include <vector>

#include "phasor/rope.hpp"

namespace phasor {

// RoPE's score of one (unrotated) q and k, d_head values each, at every
// offset o = m - n in [-(n-1), n-1]: out[o + n - 1] = q_m . k_n, with q turned
// by m omega, k by n omega and both scaled by `factor` (rope_slot_phasors,
// rope_row_f64, pairs by `pairing`).
void rope_offset_scores(const std::vector<double>& q, const std::vector<double>& k, Pairing pairing,
                        const std::vector<double>& omega, double factor, std::int64_t n, double* out);

// W_K W_Q^T (d_model x d_model) of weights d_model x d_head (rows of d_head):
// row u, column t = sum_f W_K[u][f] W_Q[t][f], so that cross_dot(x, .., it)
// gives x W_Q W_K^T. The product of the last weights is kept (compared bit for
// bit, when at most kKeptWeightProduct doubles): the returned reference is to
// it, or to `fresh`. The wasm module is single-threaded.
inline constexpr std::int64_t kKeptWeightProduct = std::int64_t{1} << 18;

// Whether a pattern's drawn scores go through W_Q W_K^T rather than project
// the queries and keys: only without a rotation between the projections (not
// RoPE) and without the terms, when dHead >= dModel (the product is then never
// wider), and when building it (dModel^2 x dHead) costs no more than the
// projections it saves ((rows + cols) x dModel x dHead): at dModel 4096 the
// product of 7e10 multiply-adds took 100 s for 16 rows, past any work cap.
bool uses_weight_product(bool rope, bool terms, std::int64_t d_model, std::int64_t d_head, std::int64_t rows,
                         std::int64_t cols);
const std::vector<double>& key_query_product(const float* wq, const float* wk, std::int64_t d_model,
                                             std::int64_t d_head, std::vector<double>& fresh);

}  // namespace phasor
