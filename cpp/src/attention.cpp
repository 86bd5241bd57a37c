#include "phasor/attention.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "additive_offset.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"
#include "rope_kernels.hpp"

namespace phasor {

namespace {

using Rows = std::vector<double>;

// W (dModel x dHead, float32) as dHead rows of dModel float64 values: row f is
// the weights of output feature f, ready for cross_dot. With a permutation,
// feature f of the `to` layout comes from feature pairing_source(f) of W.
Rows transposed_weights(const float* w, const AttentionSpec& spec, bool permute) {
  const std::int64_t dm = spec.d_model, dh = spec.d_head;
  Rows out(static_cast<std::size_t>(dm * dh));
  double* o = out.data();
  for (std::int64_t f = 0; f < dh; ++f) {
    const std::int64_t from = permute ? pairing_source(f, dh, spec.weight_layout, spec.pairing) : f;
    for (std::int64_t t = 0; t < dm; ++t) o[f * dm + t] = w[t * dh + from];
  }
  return out;
}

// Token rows as float64, one per position (a shared token repeated).
Rows token_rows(const float* tokens, bool shared, std::int64_t count, std::int64_t dm) {
  Rows out(static_cast<std::size_t>(count * dm));
  double* o = out.data();
  for (std::int64_t r = 0; r < count; ++r)
    for (std::int64_t t = 0; t < dm; ++t) o[r * dm + t] = tokens[(shared ? 0 : r) * dm + t];
  return out;
}

// PE(position) in float64 (interleaved: sin at 2i, cos at 2i+1), straight from the formula.
Rows pe_rows(const double* positions, std::int64_t count, std::int64_t dm, double base) {
  Rows out(static_cast<std::size_t>(count * dm));
  double* o = out.data();
  for (std::int64_t i = 0; i < dm / 2; ++i) {
    const double w = frequency(i, dm, base);
    for (std::int64_t r = 0; r < count; ++r) {
      o[r * dm + 2 * i] = std::sin(positions[r] * w);
      o[r * dm + 2 * i + 1] = std::cos(positions[r] * w);
    }
  }
  return out;
}

// rows (count x dModel) times W: count x dHead.
Rows project(const Rows& rows, std::int64_t count, const Rows& weights_t, const AttentionSpec& spec) {
  Rows out(static_cast<std::size_t>(count * spec.d_head));
  kernels::cross_dot_f64(rows.data(), count, weights_t.data(), spec.d_head, spec.d_model, out.data());
  return out;
}

// The content part of q or k: each token row times W. A shared token gives
// the same row at every position, so it is projected once and copied (the
// same float64 operations in the same order: bit for bit what projecting
// every row gives, at 1/count of the cost; most of a scoreByOffset call).
Rows project_tokens(const float* tokens, bool shared, std::int64_t count, const Rows& weights_t,
                    const AttentionSpec& spec) {
  if (!shared) return project(token_rows(tokens, false, count, spec.d_model), count, weights_t, spec);
  const Rows one = project(token_rows(tokens, true, 1, spec.d_model), 1, weights_t, spec);
  Rows out(static_cast<std::size_t>(count * spec.d_head));
  for (std::int64_t r = 0; r < count; ++r) std::copy(one.begin(), one.end(), out.begin() + r * spec.d_head);
  return out;
}

// Each projected row turned by RoPE at its position, in place.
void rotate_rows(Rows& rows, const double* positions, std::int64_t count, const AttentionSpec& spec) {
  const std::int64_t dh = spec.d_head;
  std::vector<double> omega(static_cast<std::size_t>(dh / 2));
  const double factor = rope_frequencies(dh, spec.base, spec.scaling, omega.data());
  std::vector<double> c(static_cast<std::size_t>(dh)), s(c.size()), turned(c.size());
  for (std::int64_t r = 0; r < count; ++r) {
    rope_slot_phasors(omega.data(), dh, positions[r], factor, spec.table_layout, c.data(), s.data());
    rope_row_f64(rows.data() + r * dh, c.data(), s.data(), dh, spec.pairing, turned.data());
    std::copy(turned.begin(), turned.end(), rows.data() + r * dh);
  }
}

}  // namespace

std::string validate_alibi_heads(double heads) {
  return check_integer("heads", heads, 1, static_cast<double>(kMaxAlibiHeads));
}

void alibi_slopes(std::int64_t heads, double* out) {
  std::int64_t power = 1;  // the largest power of two <= heads
  while (power * 2 <= heads) power *= 2;
  const auto p = static_cast<double>(power);
  for (std::int64_t h = 0; h < power; ++h) out[h] = std::pow(2.0, -8.0 * static_cast<double>(h + 1) / p);
  // The rest: slopes 1, 3, 5, ... (1-based) of 2 * power heads, 2^(-4(2k+1)/power).
  for (std::int64_t k = 0; power + k < heads; ++k)
    out[power + k] = std::pow(2.0, -4.0 * static_cast<double>(2 * k + 1) / p);
}

namespace {

// W_q and W_k as transposed_weights gives them: made once per call, or once
// for every anchor of score_by_offset.
struct Weights {
  Rows wq, wk;
};

Weights transposed_pair(const AttentionSpec& spec, const float* wq, const float* wk) {
  const bool permute = spec.kind == AttentionKind::rope && spec.permute;
  return {transposed_weights(wq, spec, permute), transposed_weights(wk, spec, permute)};
}

void scores_with(const AttentionSpec& spec, const AttentionInput& in, const Weights& weights,
                 const AttentionScores& out) {
  const std::int64_t nq = in.queries, nk = in.keys, dm = spec.d_model, dh = spec.d_head;
  const Rows& wq = weights.wq;
  const Rows& wk = weights.wk;
  // Projected tokens: the content part of q and k.
  Rows cq = project_tokens(in.query_tokens, in.shared_tokens, nq, wq, spec);
  Rows ck = project_tokens(in.key_tokens, in.shared_tokens, nk, wk, spec);

  std::vector<double> row_sums(static_cast<std::size_t>(nk)), term_values(row_sums.size());
  double* row = row_sums.data();
  double* term = term_values.data();
  if (spec.kind == AttentionKind::additive) {
    const Rows pq = project(pe_rows(in.query_positions, nq, dm, spec.base), nq, wq, spec);
    const Rows pk = project(pe_rows(in.key_positions, nk, dm, spec.base), nk, wk, spec);
    const struct {
      const Rows& q;
      const Rows& k;
      float* out;
    } terms[] = {{cq, ck, out.content_content},
                 {cq, pk, out.content_position},
                 {pq, ck, out.position_content},
                 {pq, pk, out.position_position}};
    // One query row at a time keeps the float64 scratch at O(keys).
    for (std::int64_t i = 0; i < nq; ++i) {
      std::fill(row_sums.begin(), row_sums.end(), 0.0);
      for (const auto& t : terms) {
        kernels::cross_dot_f64(t.q.data() + i * dh, 1, t.k.data(), nk, dh, term);
        for (std::int64_t j = 0; j < nk; ++j) {
          row[j] += term[j];
          if (t.out != nullptr) t.out[i * nk + j] = static_cast<float>(term[j]);
        }
      }
      for (std::int64_t j = 0; j < nk; ++j) out.total[i * nk + j] = static_cast<float>(row[j]);
    }
    return;
  }

  if (spec.kind == AttentionKind::rope) {
    rotate_rows(cq, in.query_positions, nq, spec);
    rotate_rows(ck, in.key_positions, nk, spec);
  }
  double slope = 0.0;
  if (spec.kind == AttentionKind::alibi) {
    std::vector<double> slopes(static_cast<std::size_t>(spec.heads));
    alibi_slopes(spec.heads, slopes.data());
    slope = slopes[static_cast<std::size_t>(spec.head)];
  }
  for (std::int64_t i = 0; i < nq; ++i) {
    kernels::cross_dot_f64(cq.data() + i * dh, 1, ck.data(), nk, dh, row);
    for (std::int64_t j = 0; j < nk; ++j) {
      double score = row[j];
      if (spec.kind == AttentionKind::alibi) {
        const double bias = -slope * std::fabs(in.query_positions[i] - in.key_positions[j]);
        if (out.bias != nullptr) out.bias[i * nk + j] = static_cast<float>(bias);
        score += bias;
      }
      out.total[i * nk + j] = static_cast<float>(score);
    }
  }
}

}  // namespace

void attention_scores(const AttentionSpec& spec, const AttentionInput& in, const AttentionScores& out) {
  scores_with(spec, in, transposed_pair(spec, in.wq, in.wk), out);
}

std::string validate_score_by_offset(const AttentionSpec& spec, const double* anchors, std::int64_t anchor_count,
                                     const double* offsets, std::int64_t offset_count, const char* d_head_name) {
  const auto max_positions = static_cast<double>(kMaxAttentionPositions);
  if (auto e = check_integer("anchors.length", static_cast<double>(anchor_count), 1, max_positions); !e.empty())
    return e;
  if (auto e = check_integer("offsets.length", static_cast<double>(offset_count), 1, max_positions); !e.empty())
    return e;
  if (auto e = validate_attention(spec, static_cast<double>(anchor_count), static_cast<double>(offset_count),
                                  "anchors.length", "offsets.length", d_head_name);
      !e.empty())
    return e;
  // Each anchor projects its own keys: anchors x (offsets + (1 + offsets) x dModel) x dHead.
  const auto a = static_cast<double>(anchor_count), o = static_cast<double>(offset_count);
  const double work = a * (o + (1.0 + o) * static_cast<double>(spec.d_model)) * static_cast<double>(spec.d_head);
  if (auto e = check_work("anchors x (offsets + (1 + offsets) x dModel) x dHead", work, kMaxAttentionWork); !e.empty())
    return e;
  if (auto e = check_positions("anchors", anchors, anchor_count); !e.empty()) return e;
  if (auto e = check_positions("offsets", offsets, offset_count); !e.empty()) return e;
  for (std::int64_t a = 0; a < anchor_count; ++a)
    for (std::int64_t j = 0; j < offset_count; ++j)
      if (std::fabs(anchors[a] - offsets[j]) > kMaxAbsPosition)
        return "every key position anchor - offset must stay within [" + format_number(-kMaxAbsPosition) + ", " +
               format_number(kMaxAbsPosition) + "]";
  return "";
}

void score_by_offset(const AttentionSpec& spec, const float* query_token, const float* key_token, const float* wq,
                     const float* wk, const double* anchors, std::int64_t anchor_count, const double* offsets,
                     std::int64_t offset_count, float* out, float* terms) {
  if (spec.kind == AttentionKind::additive) {
    additive_score_by_offset(spec, query_token, key_token, wq, wk, anchors, anchor_count, offsets, offset_count, out,
                             terms);
    return;
  }
  std::vector<double> key_positions(static_cast<std::size_t>(offset_count));
  double* keys = key_positions.data();
  const Weights weights = transposed_pair(spec, wq, wk);  // the same for every anchor
  for (std::int64_t a = 0; a < anchor_count; ++a) {
    for (std::int64_t j = 0; j < offset_count; ++j) keys[j] = anchors[a] - offsets[j];
    AttentionInput in;
    in.query_positions = anchors + a;
    in.queries = 1;
    in.key_positions = keys;
    in.keys = offset_count;
    in.query_tokens = query_token;
    in.key_tokens = key_token;
    in.shared_tokens = true;
    in.wq = wq;
    in.wk = wk;
    AttentionScores scores;
    scores.total = out + a * offset_count;
    scores_with(spec, in, weights, scores);
  }
}

}  // namespace phasor
