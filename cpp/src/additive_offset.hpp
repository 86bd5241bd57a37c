// score_by_offset for additive PE (attention.hpp), computed from the key side:
// a key's position term reaches the score only through p_n W_K . q, so
// instead of projecting every key's PE row (keys x dModel x dHead), each query
// vector q is taken back through W_K once (u = W_K q, dModel values) and each
// score is PE(n) . u (dModel). With n = m - offset, PE(n) . u splits by angle
// addition into the sines and cosines of w_i m (one set per anchor) and of
// w_i offset (one set for all anchors, along the progression when the offsets
// are one, progression_phasors.hpp): about (anchors + 2 sqrt(offsets)) x
// dModel/2 sin/cos pairs instead of anchors x offsets x dModel/2. Everything float64,
// each output rounded to float32 once; the sums run in another order than
// attention_scores' (equal to float64 rounding, not bit for bit).
#pragma once
#include <cstdint>

#include "phasor/attention.hpp"

namespace phasor {

// out: anchors x offsets totals; terms (or null): four more such blocks,
// content-content, content-position, position-content, position-position.
void additive_score_by_offset(const AttentionSpec& spec, const float* query_token, const float* key_token,
                              const float* wq, const float* wk, const double* anchors, std::int64_t anchor_count,
                              const double* offsets, std::int64_t offset_count, float* out, float* terms);

}  // namespace phasor
