#include "additive_offset.hpp"

#include <cmath>
#include <vector>

#include "least_squares_kernels.hpp"
#include "phasor/frequencies.hpp"
#include "progression_phasors.hpp"
#include "rope_kernels.hpp"

namespace phasor {

namespace {

using Rows = std::vector<double>;

// The offsets o_j = o_0 + j (o_1 - o_0) exactly, as progression_phasors
// places its rows (a chart's consecutive offsets are).
bool arithmetic(const double* offsets, std::int64_t count) {
  if (count < 3) return false;
  const double step = offsets[1] - offsets[0];
  for (std::int64_t j = 2; j < count; ++j)
    if (offsets[j] != offsets[0] + static_cast<double>(j) * step) return false;
  return true;
}

}  // namespace

void additive_score_by_offset(const AttentionSpec& spec, const float* query_token, const float* key_token,
                              const float* wq, const float* wk, const double* anchors, std::int64_t anchor_count,
                              const double* offsets, std::int64_t offset_count, float* out, float* terms) {
  const std::int64_t dm = spec.d_model, dh = spec.d_head, h = dm / 2;
  const std::int64_t na = anchor_count, no = offset_count;
  // W_Q, W_K in float64 (dModel x dHead, row t: the weights from input slot t).
  const Rows wq64(wq, wq + dm * dh), wk64(wk, wk + dm * dh);
  std::vector<double> omega(static_cast<std::size_t>(h));
  for (std::int64_t i = 0; i < h; ++i) omega[static_cast<std::size_t>(i)] = frequency(i, dm, spec.base);

  // The content parts: q and k of the token (dHead each), and u_c = W_K q_c.
  const Rows query(query_token, query_token + dm), key(key_token, key_token + dm);
  Rows cq(static_cast<std::size_t>(dh)), ck(cq.size()), uc(static_cast<std::size_t>(dm));
  kernels::rows_times_matrix(query.data(), 1, dm, wq64.data(), dh, cq.data());
  kernels::rows_times_matrix(key.data(), 1, dm, wk64.data(), dh, ck.data());
  kernels::cross_dot_f64(cq.data(), 1, wk64.data(), dm, dh, uc.data());
  double content_content = 0.0;
  kernels::cross_dot_f64(cq.data(), 1, ck.data(), 1, dh, &content_content);

  // Per offset o, the row (cos w_i o, sin w_i o) over the pairs, shared by
  // every anchor: along the progression when the offsets are one (anchors
  // every ~sqrt(offsets) rows: a few sines and cosines per pair instead of one
  // per offset), else one by one.
  Rows turns(static_cast<std::size_t>(no * dm));
  if (arithmetic(offsets, no)) {
    const auto spacing = static_cast<std::int64_t>(std::ceil(std::sqrt(static_cast<double>(no))));
    for (std::int64_t i = 0; i < h; ++i)
      progression_phasors(omega[static_cast<std::size_t>(i)], offsets[0], offsets[1] - offsets[0], no,
                          turns.data() + 2 * i + 1, turns.data() + 2 * i, dm, spacing);
  } else {
    for (std::int64_t j = 0; j < no; ++j)
      for (std::int64_t i = 0; i < h; ++i) {
        const double phase = offsets[j] * omega[static_cast<std::size_t>(i)];
        turns[static_cast<std::size_t>(j * dm + 2 * i)] = std::cos(phase);
        turns[static_cast<std::size_t>(j * dm + 2 * i + 1)] = std::sin(phase);
      }
  }

  Rows pe(static_cast<std::size_t>(dm)), pq(static_cast<std::size_t>(dh)), up(pe.size());
  Rows folded(static_cast<std::size_t>(2 * dm)), dots(static_cast<std::size_t>(2 * no));
  const std::int64_t block = na * no;
  for (std::int64_t a = 0; a < na; ++a) {
    // PE(m) (sin at 2i, cos at 2i+1), its query part p_m W_Q and u_p = W_K q_p.
    const double m = anchors[a];
    for (std::int64_t i = 0; i < h; ++i) {
      const double phase = m * omega[static_cast<std::size_t>(i)];
      pe[static_cast<std::size_t>(2 * i)] = std::sin(phase);
      pe[static_cast<std::size_t>(2 * i + 1)] = std::cos(phase);
    }
    kernels::rows_times_matrix(pe.data(), 1, dm, wq64.data(), dh, pq.data());
    kernels::cross_dot_f64(pq.data(), 1, wk64.data(), dm, dh, up.data());
    double position_content = 0.0;
    kernels::cross_dot_f64(pq.data(), 1, ck.data(), 1, dh, &position_content);
    // PE(m - o) . u = sum_i cos(w_i o) (u_2i sin w_i m + u_2i+1 cos w_i m)
    //                     + sin(w_i o) (u_2i+1 sin w_i m - u_2i cos w_i m):
    // u folded with the anchor's phasors, one row each for u_c and u_p.
    for (int r = 0; r < 2; ++r) {
      const double* u = r == 0 ? uc.data() : up.data();
      double* f = folded.data() + r * dm;
      for (std::int64_t i = 0; i < h; ++i) {
        const double s = pe[static_cast<std::size_t>(2 * i)], c = pe[static_cast<std::size_t>(2 * i + 1)];
        f[2 * i] = u[2 * i] * s + u[2 * i + 1] * c;
        f[2 * i + 1] = u[2 * i + 1] * s - u[2 * i] * c;
      }
    }
    kernels::cross_dot_f64(folded.data(), 2, turns.data(), no, dm, dots.data());
    for (std::int64_t j = 0; j < no; ++j) {
      const double content_position = dots[static_cast<std::size_t>(j)];
      const double position_position = dots[static_cast<std::size_t>(no + j)];
      const std::int64_t at = a * no + j;
      out[at] = static_cast<float>(content_content + content_position + position_content + position_position);
      if (terms == nullptr) continue;
      terms[at] = static_cast<float>(content_content);
      terms[block + at] = static_cast<float>(content_position);
      terms[2 * block + at] = static_cast<float>(position_content);
      terms[3 * block + at] = static_cast<float>(position_position);
    }
  }
}

}  // namespace phasor
