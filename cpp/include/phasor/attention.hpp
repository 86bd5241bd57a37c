// Attention scores q_m . k_n between queries at positions m and keys at
// positions n, for the three ways position reaches attention:
//
//   additive  x = token + PE(position) enters W_Q and W_K, so
//             q_m . k_n = (w_m + p_m) W_Q . (w_n + p_n) W_K splits into four
//             terms: content-content w_m W_Q . w_n W_K, content-position
//             w_m W_Q . p_n W_K, position-content p_m W_Q . w_n W_K and
//             position-position p_m W_Q . p_n W_K. Only the raw p_m . p_n
//             depends on m - n alone; after W_Q, W_K none of the terms does.
//   rope      q_m = R_m (w_m W_Q), k_n = R_n (w_n W_K): the rotation comes after
//             the projection, so with one token everywhere the score depends
//             on m - n only.
//   alibi     q . k of the tokens plus the bias -slope_h |m - n| (Press et
//             al. 2022), slope_h = 2^(-8(h+1)/H) for head h < H.
//
// Everything is float64 (projections, rotations, sums); each score is rounded
// to float32 once. Weights act on rows: q = x W_Q with W_Q dModel x dHead.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "phasor/limits.hpp"
#include "phasor/rope.hpp"
#include "phasor/rope_scaling.hpp"

namespace phasor {

enum class AttentionKind { additive = 0, rope = 1, alibi = 2 };
inline constexpr std::array<const char*, 3> kAttentionKindNames = {"additive", "rope", "alibi"};

struct AttentionSpec {
  AttentionKind kind = AttentionKind::additive;
  std::int64_t d_model = 0;
  std::int64_t d_head = 0;
  double base = 10000.0;                  // additive: the PE base; rope: theta
  Pairing pairing = Pairing::half;        // rope: the rotation applied
  Pairing table_layout = Pairing::half;   // rope: layout of its cos/sin table
  Pairing weight_layout = Pairing::half;  // rope: the pairing W_Q, W_K were made for
  bool permute = false;                   // rope: permute W's output features from weight_layout to pairing
  RopeScaling scaling;                    // rope
  std::int64_t heads = 8;                 // alibi
  std::int64_t head = 0;                  // alibi, 0-based
};

struct AttentionInput {
  const double* query_positions = nullptr;
  std::int64_t queries = 0;
  const double* key_positions = nullptr;
  std::int64_t keys = 0;
  // Token embeddings, queries x dModel and keys x dModel; with shared_tokens
  // one row each, used at every position (position is then all that varies).
  const float* query_tokens = nullptr;
  const float* key_tokens = nullptr;
  bool shared_tokens = false;
  const float* wq = nullptr;  // dModel x dHead
  const float* wk = nullptr;  // dModel x dHead
};

// queries x keys each, row = query. total always; the four terms only for
// additive and bias only for alibi (others may be null).
struct AttentionScores {
  float* total = nullptr;
  float* content_content = nullptr;
  float* content_position = nullptr;
  float* position_content = nullptr;
  float* position_position = nullptr;
  float* bias = nullptr;
};

// Checks the spec and sizes (not the positions' values: check_positions);
// the counts are named as the caller passed them, and dHead too ("dModel"
// when the caller left dHead to default to it).
std::string validate_attention(const AttentionSpec& spec, double queries, double keys,
                               const char* queries_name = "positions.length",
                               const char* keys_name = "keyPositions.length", const char* d_head_name = "dHead");
void attention_scores(const AttentionSpec& spec, const AttentionInput& in, const AttentionScores& out);

// out[a * offsets + j] = score of the query at anchors[a] against the key at
// anchors[a] - offset[j] (offset = m - n), one shared token (query_tokens /
// key_tokens one row each). The offset-only property reads as: every row equal.
// Additive PE also writes its four terms to `terms` (four such blocks:
// content-content, content-position, position-content, position-position)
// unless it is null, and is computed from the key side (additive_offset.hpp):
// the same values as attention_scores to float64 rounding, at a fraction of
// the work (no key's PE row is projected).
std::string validate_score_by_offset(const AttentionSpec& spec, const double* anchors, std::int64_t anchor_count,
                                     const double* offsets, std::int64_t offset_count,
                                     const char* d_head_name = "dHead");
void score_by_offset(const AttentionSpec& spec, const float* query_token, const float* key_token, const float* wq,
                     const float* wk, const double* anchors, std::int64_t anchor_count, const double* offsets,
                     std::int64_t offset_count, float* out, float* terms = nullptr);

// The paper's head slopes: 2^(-8(h+1)/H) when H is a power of two; otherwise
// the reference code's rule (the slopes of the power of two below H, then
// every other slope of twice that power).
std::string validate_alibi_heads(double heads);
void alibi_slopes(std::int64_t heads, double* out);

}  // namespace phasor
