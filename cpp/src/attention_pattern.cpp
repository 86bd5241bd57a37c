#include "phasor/attention_pattern.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "kernels.hpp"
#include "pattern_products.hpp"
#include "phase_walk.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/rope.hpp"
#include "phasor/validation.hpp"
#include "rope_kernels.hpp"

namespace phasor {

namespace {

using Rows = std::vector<double>;
constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// A softmax normaliser kept as (max, sum of e^(x - max)): the max is one of
// the scores, exact, and the sum lies in [1, count], so e^(x - max) / sum is
// in [0, 1] and a row sums to 1 to rounding for any finite scores (a
// log-sum-exp, max + log(sum), loses log(sum) to rounding once |max| passes
// 2^53: a row of ties at 1e19 then summed to its length).
struct Normaliser {
  double max = kNegInf;
  double sum = 0.0;

  double weight(double x) const { return std::exp(x - max) / sum; }

  static Normaliser combine(const Normaliser& a, const Normaliser& b) {
    if (a.sum == 0.0) return b;
    if (b.sum == 0.0) return a;
    const double hi = std::max(a.max, b.max);
    return {hi, a.sum * std::exp(a.max - hi) + b.sum * std::exp(b.max - hi)};
  }
};

// The normaliser of any window of `values`, O(log n) a query (iterative segment tree).
class NormaliserTree {
 public:
  explicit NormaliserTree(const Rows& values) : size_(static_cast<std::int64_t>(values.size())) {
    tree_.assign(static_cast<std::size_t>(2 * size_), Normaliser{});
    Normaliser* t = tree_.data();
    for (std::int64_t i = 0; i < size_; ++i) t[size_ + i] = {values[static_cast<std::size_t>(i)], 1.0};
    for (std::int64_t i = size_ - 1; i > 0; --i) t[i] = Normaliser::combine(t[2 * i], t[2 * i + 1]);
  }
  // Over values[lo .. hi] inclusive.
  Normaliser window(std::int64_t lo, std::int64_t hi) const {
    const Normaliser* t = tree_.data();
    Normaliser left, right;
    for (lo += size_, hi += size_ + 1; lo < hi; lo /= 2, hi /= 2) {
      if (lo & 1) left = Normaliser::combine(left, t[lo++]);
      if (hi & 1) right = Normaliser::combine(t[--hi], right);
    }
    return Normaliser::combine(left, right);
  }

 private:
  std::int64_t size_;
  std::vector<Normaliser> tree_;
};

// W (dModel x dHead) as dHead rows of dModel values, for cross_dot.
Rows transposed(const float* w, std::int64_t dm, std::int64_t dh) {
  Rows out(static_cast<std::size_t>(dm * dh));
  for (std::int64_t f = 0; f < dh; ++f)
    for (std::int64_t t = 0; t < dm; ++t) out.data()[f * dm + t] = w[t * dh + f];
  return out;
}

struct Projector {
  const PatternSpec& spec;
  const PatternInput& in;
  Rows wq, wk, omega, pe_omega;
  double factor = 1.0;
  // A shared token's projections, made once: (w W_Q, w W_K).
  Rows shared_q, shared_k;
  // pe_rows' last positions and rows.
  mutable std::vector<double> pe_positions_;
  mutable Rows pe_;

  // Without `projects` (the caller multiplies by W_Q W_K^T itself) W is not
  // transposed: the transpose would be work whose result nothing reads.
  Projector(const PatternSpec& s, const PatternInput& i, bool projects = true) : spec(s), in(i) {
    const AttentionSpec& a = spec.attention;
    if (a.kind == AttentionKind::rope) {
      omega.resize(static_cast<std::size_t>(a.d_head / 2));
      factor = rope_frequencies(a.d_head, a.base, a.scaling, omega.data());
    }
    if (a.kind == AttentionKind::additive) {
      pe_omega.resize(static_cast<std::size_t>(a.d_model / 2));
      for (std::int64_t p = 0; p < a.d_model / 2; ++p)
        pe_omega[static_cast<std::size_t>(p)] = frequency(p, a.d_model, a.base);
    }
    if (!projects) return;
    wq = transposed(in.wq, a.d_model, a.d_head);
    wk = transposed(in.wk, a.d_model, a.d_head);
    if (spec.shared_tokens) {
      shared_q.resize(static_cast<std::size_t>(a.d_head));
      shared_k.resize(shared_q.size());
      const Rows token(in.tokens, in.tokens + a.d_model);
      kernels::cross_dot_f64(token.data(), 1, wq.data(), a.d_head, a.d_model, shared_q.data());
      kernels::cross_dot_f64(token.data(), 1, wk.data(), a.d_head, a.d_model, shared_k.data());
    }
  }

  // PE(position) rows of `positions` (additive): count x dModel, sin(p w_i) at
  // 2i, cos at 2i + 1. The last positions' rows are kept: a square chart asks
  // for the same positions as queries and as keys, and the sines and cosines
  // would otherwise be computed twice.
  const Rows& pe_rows(const std::vector<double>& positions) const {
    if (positions == pe_positions_) return pe_;
    const std::int64_t dm = spec.attention.d_model;
    pe_.assign(positions.size() * static_cast<std::size_t>(dm), 0.0);
    for (std::size_t r = 0; r < positions.size(); ++r) {
      double* row = pe_.data() + r * static_cast<std::size_t>(dm);
      for (std::int64_t i = 0; i < dm / 2; ++i) {
        const double w = pe_omega[static_cast<std::size_t>(i)];
        row[2 * i] = std::sin(positions[r] * w);
        row[2 * i + 1] = std::cos(positions[r] * w);
      }
    }
    pe_positions_ = positions;
    return pe_;
  }

  // What enters W at `positions`: count x dModel rows, the token (part 0), PE
  // (part 1, additive only) or both summed (part 2).
  Rows inputs(const std::vector<double>& positions, int part) const {
    const std::int64_t dm = spec.attention.d_model, count = static_cast<std::int64_t>(positions.size());
    const bool with_pe = part != 0 && spec.attention.kind == AttentionKind::additive;
    Rows x(static_cast<std::size_t>(count * dm), 0.0);
    const double* pe = with_pe ? pe_rows(positions).data() : nullptr;
    for (std::int64_t r = 0; r < count; ++r) {
      const double p = positions[static_cast<std::size_t>(r)];
      double* row = x.data() + r * dm;
      if (part != 1) {
        const float* token = in.tokens + (spec.shared_tokens ? 0 : static_cast<std::int64_t>(p) * dm);
        for (std::int64_t t = 0; t < dm; ++t) row[t] = token[t];
      }
      if (with_pe)
        for (std::int64_t t = 0; t < dm; ++t) row[t] += pe[r * dm + t];
    }
    return x;
  }

  // Token or PE rows of `positions` times W: count x dHead. part 0: the token
  // (content), 1: PE(position) (additive only), 2: both summed; RoPE turns them.
  Rows project(const std::vector<double>& positions, bool query, int part) const {
    const AttentionSpec& a = spec.attention;
    const std::int64_t dm = a.d_model, dh = a.d_head, count = static_cast<std::int64_t>(positions.size());
    const bool with_pe = part != 0 && a.kind == AttentionKind::additive;
    Rows out(static_cast<std::size_t>(count * dh), 0.0);
    if (part != 1 && spec.shared_tokens && !with_pe) {
      // The same projected token at every position.
      const Rows& row = query ? shared_q : shared_k;
      for (std::int64_t r = 0; r < count; ++r) std::copy(row.begin(), row.end(), out.data() + r * dh);
    } else if (part != 1 || with_pe) {
      const Rows x = inputs(positions, part);
      kernels::cross_dot_f64(x.data(), count, (query ? wq : wk).data(), dh, dm, out.data());
    }
    if (a.kind == AttentionKind::rope) {
      std::vector<double> c(static_cast<std::size_t>(dh)), s(c.size()), turned(c.size());
      for (std::int64_t r = 0; r < count; ++r) {
        rope_slot_phasors(omega.data(), dh, positions[static_cast<std::size_t>(r)], factor, a.table_layout, c.data(),
                          s.data());
        rope_row_f64(out.data() + r * dh, c.data(), s.data(), dh, a.pairing, turned.data());
        std::copy(turned.begin(), turned.end(), out.data() + r * dh);
      }
    }
    return out;
  }
};

double alibi_slope(const AttentionSpec& a) {
  if (a.kind != AttentionKind::alibi) return 0.0;
  std::vector<double> slopes(static_cast<std::size_t>(a.heads));
  alibi_slopes(a.heads, slopes.data());
  return slopes[static_cast<std::size_t>(a.head)];
}

std::vector<double> positions_of(const double* p, std::int64_t count) { return {p, p + count}; }

std::vector<double> all_positions(std::int64_t n) {
  std::vector<double> out(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = static_cast<double>(i);
  return out;
}

// Row i's key range: 0 .. n-1, or 0 .. m when causal.
std::int64_t last_key(const PatternSpec& spec, std::int64_t m) { return spec.causal ? m : spec.n - 1; }

void toeplitz(const PatternSpec& spec, const PatternInput& in, const PatternOutput& out) {
  const std::int64_t n = spec.n;
  const Projector proj(spec, in);
  const double slope = alibi_slope(spec.attention);
  // diag[o + n - 1] = score at offset o = m - key, o in [-(n-1), n-1]: every
  // offset, drawn or not (each row's softmax needs them all, and a read-out of
  // one entry then computes it as the drawn chart did).
  Rows diag(static_cast<std::size_t>(2 * n - 1));
  if (spec.attention.kind == AttentionKind::rope) {
    rope_offset_scores(proj.shared_q, proj.shared_k, spec.attention.pairing, proj.omega, proj.factor, n, diag.data());
  } else {  // ALiBi: the shared token's q . k at every offset, less the bias
    double qk = 0.0;
    kernels::cross_dot_f64(proj.shared_q.data(), 1, proj.shared_k.data(), 1, spec.attention.d_head, &qk);
    for (std::int64_t o = -(n - 1); o <= n - 1; ++o)
      diag[static_cast<std::size_t>(o + n - 1)] = qk - slope * static_cast<double>(o >= 0 ? o : -o);
  }
  // The softmax of a row over offsets: with ALiBi the shared token's q . k is
  // the same at every offset, so only the bias weighs (at q . k = 1e19 the
  // scores themselves have rounded the bias away).
  Rows weighed;
  if (spec.softmax && spec.attention.kind == AttentionKind::alibi) {
    weighed.resize(diag.size());
    for (std::int64_t o = -(n - 1); o <= n - 1; ++o)
      weighed[static_cast<std::size_t>(o + n - 1)] = -slope * static_cast<double>(o >= 0 ? o : -o);
  }
  const Rows& logits = weighed.empty() ? diag : weighed;
  const NormaliserTree tree(spec.softmax ? logits : Rows{});
  for (std::int64_t i = 0; i < in.row_count; ++i) {
    const auto m = static_cast<std::int64_t>(in.rows[i]);
    // Keys 0 .. last: offsets m - last .. m.
    const Normaliser norm = spec.softmax ? tree.window(m - last_key(spec, m) + n - 1, m + n - 1) : Normaliser{};
    for (std::int64_t j = 0; j < in.col_count; ++j) {
      const auto key = static_cast<std::int64_t>(in.cols[j]);
      const auto at = static_cast<std::size_t>(m - key + n - 1);
      const bool masked = key > last_key(spec, m);
      out.total[i * in.col_count + j] = masked ? std::numeric_limits<float>::quiet_NaN() : static_cast<float>(diag[at]);
      if (spec.softmax) out.softmax[i * in.col_count + j] = masked ? 0.0f : static_cast<float>(norm.weight(logits[at]));
    }
  }
}

// Every key's input x_n = token + PE(n) (PE for additive only), n x dModel:
// PE's sines and cosines walked along n (PhaseWalk, an exact sin/cos every
// 1024 keys) rather than a sin and cos per entry.
Rows key_inputs(const PatternSpec& spec, const Projector& proj) {
  const std::int64_t dm = spec.attention.d_model, n = spec.n;
  Rows x = proj.inputs(all_positions(n), 0);  // the tokens
  if (spec.attention.kind != AttentionKind::additive) return x;
  // phasor_rows_f64 writes each pair as (cos, sin); PE holds sin at 2p, cos at 2p + 1.
  const auto pairs = static_cast<std::int64_t>(proj.pe_omega.size());
  Rows walked(static_cast<std::size_t>(PhaseWalk::kChunk * 2 * pairs));
  PhaseWalk walk(proj.pe_omega, 0.0, 1.0);
  walk.run(n, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    kernels::phasor_rows_f64(state, count, walked.data());
    for (std::int64_t r = 0; r < count; ++r) {
      double* row = x.data() + (first + r) * dm;
      const double* phasors = walked.data() + r * 2 * pairs;
      for (std::int64_t p = 0; p < pairs; ++p) {
        row[2 * p] += phasors[2 * p + 1];
        row[2 * p + 1] += phasors[2 * p];
      }
    }
  });
  return x;
}

// A drawn row's scores against keys 0 .. count-1, for its softmax. Without a
// rotation between the projections (additive PE, ALiBi), q_m . k_n =
// u_m . x_n with u_m = q_m W_K^T (dModel values) and x_n the key's input: one
// u per row and no key projected. Chosen when it costs less than projecting
// every key (rows x dModel x (dHead + n) against n x dHead x (dModel + rows)):
// always when dHead = dModel and rows < n, as for a read-out's single entry.
// RoPE turns each key by its own angle, so its keys are projected.
class KeyScores {
 public:
  // `q`: the rows' queries, projected (rows x dHead) or, through the W_Q W_K^T
  // product, already u (`q_is_u`).
  KeyScores(const PatternSpec& spec, const PatternInput& in, const Projector& proj, const Rows& q, bool q_is_u,
            std::int64_t rows)
      : width_(spec.attention.d_model) {
    const AttentionSpec& a = spec.attention;
    const auto dm = static_cast<double>(a.d_model), dh = static_cast<double>(a.d_head);
    const auto n = static_cast<double>(spec.n), r = static_cast<double>(rows);
    if (a.kind == AttentionKind::rope || (!q_is_u && r * dm * (dh + n) > n * dh * (dm + r))) {
      keys_ = proj.project(all_positions(spec.n), false, 2);
      width_ = a.d_head;
      return;
    }
    keys_ = key_inputs(spec, proj);
    if (q_is_u) return;
    // u = q W_K^T: W_K as dModel rows of dHead.
    const Rows wk(in.wk, in.wk + a.d_model * a.d_head);
    u_.resize(static_cast<std::size_t>(rows * a.d_model));
    kernels::cross_dot_f64(q.data(), rows, wk.data(), a.d_model, a.d_head, u_.data());
  }

  // Row i's scores against keys 0 .. count-1 into out, from its query `q`
  // (dHead values, or u when the queries already are).
  void row(const double* q, std::int64_t i, std::int64_t count, double* out) const {
    const double* u = u_.empty() ? q : u_.data() + i * width_;
    kernels::cross_dot_f64(u, 1, keys_.data(), count, width_, out);
  }

 private:
  std::int64_t width_;
  Rows keys_, u_;
};

void direct(const PatternSpec& spec, const PatternInput& in, const PatternOutput& out) {
  const AttentionSpec& a = spec.attention;
  const std::int64_t dh = a.d_head, nr = in.row_count, nc = in.col_count;
  const auto rows = positions_of(in.rows, nr), cols = positions_of(in.cols, nc);
  const double slope = alibi_slope(a);
  const bool additive = a.kind == AttentionKind::additive;
  // Drawn entries: the four terms (additive) or the one product. Without a
  // rotation between the projections (additive PE, ALiBi) and without the
  // terms, q_m . k_n = x_m (W_Q W_K^T) x_n: the queries become x_m W_Q W_K^T
  // (rows x dModel^2) and the keys stay their inputs x_n, no key projection at
  // all (for dHead >= dModel never more work: a square chart's additive panel
  // 44 M multiply-adds instead of 64 M at 306 x 306, dModel 256).
  const std::int64_t dm = a.d_model;
  const bool product = uses_weight_product(a.kind == AttentionKind::rope, out.terms[0] != nullptr, dm, dh, nr, nc);
  const Projector proj(spec, in, !product);
  Rows fresh;
  const Rows* kq = product ? &key_query_product(in.wq, in.wk, dm, dh, fresh) : nullptr;
  const std::int64_t width = product ? dm : dh;
  const auto queries = [&](const std::vector<double>& at) {
    if (!product) return proj.project(at, true, 2);
    const Rows x = proj.inputs(at, 2);
    Rows q(static_cast<std::size_t>(static_cast<std::int64_t>(at.size()) * dm));
    kernels::cross_dot_f64(x.data(), static_cast<std::int64_t>(at.size()), kq->data(), dm, dm, q.data());
    return q;
  };
  const auto keys = [&](const std::vector<double>& at) {
    return product ? proj.inputs(at, 2) : proj.project(at, false, 2);
  };
  const bool terms = additive && out.terms[0] != nullptr;
  // The queries serve the drawn product and each drawn row's softmax; with the
  // terms the total is their sum, so neither the product nor the keys.
  const Rows q = !terms || spec.softmax ? queries(rows) : Rows();
  Rows total(static_cast<std::size_t>(nr * nc));
  if (!terms) {
    const Rows k = keys(cols);
    kernels::cross_dot_f64(q.data(), nr, k.data(), nc, width, total.data());
  } else {
    const Rows cq = proj.project(rows, true, 0), pq = proj.project(rows, true, 1);
    const Rows ck = proj.project(cols, false, 0), pk = proj.project(cols, false, 1);
    const Rows* pairs[4][2] = {{&cq, &ck}, {&cq, &pk}, {&pq, &ck}, {&pq, &pk}};
    Rows term(total.size());
    // The total as the four terms' sum, as attention_scores adds them.
    for (int t = 0; t < 4; ++t) {
      kernels::cross_dot_f64(pairs[t][0]->data(), nr, pairs[t][1]->data(), nc, dh, term.data());
      for (std::size_t e = 0; e < term.size(); ++e) {
        total[e] += term[e];
        out.terms[t][e] = static_cast<float>(term[e]);
      }
    }
  }
  for (std::int64_t i = 0; i < nr; ++i) {
    const auto m = static_cast<std::int64_t>(rows[static_cast<std::size_t>(i)]);
    for (std::int64_t j = 0; j < nc; ++j) {
      const auto key = static_cast<std::int64_t>(cols[static_cast<std::size_t>(j)]);
      const double s = total[static_cast<std::size_t>(i * nc + j)] - slope * std::fabs(static_cast<double>(m - key));
      out.total[i * nc + j] = key > last_key(spec, m) ? std::numeric_limits<float>::quiet_NaN() : static_cast<float>(s);
    }
  }
  if (!spec.softmax) return;
  // Each drawn row's softmax: its scores against every key, their normaliser,
  // and the drawn entries weighed from those same scores (the drawn total may
  // be the four terms' sum, rounded otherwise: at scores of 1e9 a difference of
  // rounding is past e^709).
  Rows scores(static_cast<std::size_t>(spec.n));
  double* row = scores.data();
  const KeyScores key_scores(spec, in, proj, q, product, nr);
  for (std::int64_t i = 0; i < nr; ++i) {
    const auto m = static_cast<std::int64_t>(rows[static_cast<std::size_t>(i)]);
    const std::int64_t last = last_key(spec, m);
    key_scores.row(q.data() + i * width, i, last + 1, row);
    double hi = kNegInf;
    for (std::int64_t j = 0; j <= last; ++j) {
      row[j] -= slope * std::fabs(static_cast<double>(m - j));
      hi = std::max(hi, row[j]);
    }
    double sum = 0.0;
    for (std::int64_t j = 0; j <= last; ++j) sum += std::exp(row[j] - hi);
    const Normaliser norm{hi, sum};
    for (std::int64_t j = 0; j < nc; ++j) {
      const auto key = static_cast<std::int64_t>(cols[static_cast<std::size_t>(j)]);
      out.softmax[i * nc + j] = key > last ? 0.0f : static_cast<float>(norm.weight(row[key]));
    }
  }
}

}  // namespace

bool pattern_is_toeplitz(const PatternSpec& spec) {
  const AttentionSpec& a = spec.attention;
  // A RoPE table laid out for another pairing turns the two slots of a pair by
  // different angles: no longer a rotation, no longer a function of m - n.
  const bool rotation = a.kind != AttentionKind::rope || a.table_layout == a.pairing;
  return spec.shared_tokens && a.kind != AttentionKind::additive && rotation;
}

std::string validate_attention_pattern(const PatternSpec& spec, const PatternInput& in, const char* d_head_name) {
  const auto max_positions = static_cast<double>(kMaxAttentionPositions);
  const auto n = static_cast<double>(spec.n);
  if (auto e = check_integer("n", n, 1, max_positions); !e.empty()) return e;
  if (auto e = check_integer("rows.length", static_cast<double>(in.row_count), 1, n); !e.empty()) return e;
  if (auto e = check_integer("cols.length", static_cast<double>(in.col_count), 1, n); !e.empty()) return e;
  const auto dm = static_cast<double>(spec.attention.d_model), dh = static_cast<double>(spec.attention.d_head);
  const auto r = static_cast<double>(in.row_count), c = static_cast<double>(in.col_count);
  // Projections of every position, the drawn entries, and each drawn row's
  // softmax. Checked first: it bounds attention_scores' work for these rows and
  // columns too ((rows + cols) x dModel <= 2 n x dModel), so a refusal names
  // this call's product.
  // Additive PE's terms, when asked, are four more rows x cols products, counted
  // as attention_scores counts them.
  const double products = spec.terms && spec.attention.kind == AttentionKind::additive ? 5 : 1;
  const double work = (2 * n * dm + products * r * c + (spec.softmax && !pattern_is_toeplitz(spec) ? r * n : 0)) * dh;
  if (auto e = check_work(products > 1 ? "(2 n x dModel + 5 rows x cols + rows x n) x dHead, with additive PE's terms"
                                       : "(2 n x dModel + rows x cols + rows x n) x dHead",
                          work, kMaxAttentionWork);
      !e.empty())
    return e;
  // One buffer holds the total, its softmax and the terms: with all of them
  // n 4096 was 384 MiB, past the result cap.
  const double matrices = products + (spec.softmax ? 1 : 0);
  if (auto e = check_output_size(
          "the result (rows x cols float32 values, for the total, its softmax and additive PE's terms as asked)",
          r * c * matrices, 4);
      !e.empty())
    return e;
  if (auto e = validate_attention_spec(spec.attention, r, c, "rows.length", "cols.length", d_head_name); !e.empty())
    return e;
  for (std::int64_t i = 0; i < in.row_count; ++i)
    if (auto e = check_integer("rows[i]", in.rows[i], 0, n - 1); !e.empty()) return e;
  for (std::int64_t j = 0; j < in.col_count; ++j)
    if (auto e = check_integer("cols[j]", in.cols[j], 0, n - 1); !e.empty()) return e;
  return "";
}

void attention_pattern(const PatternSpec& spec, const PatternInput& in, const PatternOutput& out) {
  if (pattern_is_toeplitz(spec))
    toeplitz(spec, in, out);
  else
    direct(spec, in, out);
}

}  // namespace phasor
