#include "pattern_products.hpp"

#include <cstring>

#include "kernels.hpp"
#include "phase_walk.hpp"
#include "rope_kernels.hpp"

namespace phasor {

// Pair i (slots u, v of the pairing) turns q and k as complex numbers
// z e^{i p theta_i} scaled by f, so
//   q_m . k_n = f^2 Re sum_i (q_u + i q_v)(k_u - i k_v) e^{i o theta_i}
//             = sum_i a_i cos(o theta_i) + b_i sin(o theta_i),
// a_i = f^2 (q_u k_u + q_v k_v), b_i = f^2 (q_u k_v - q_v k_u): one dot product
// per offset with the phasors e^{i o theta_i}, walked along o (PhaseWalk, an
// exact sin/cos every 1024 offsets; the drift, about 1024 * 2^-53 of sum |a_i| +
// |b_i|, is far below the float32 the scores are rounded to) rather than a sin
// and cos per (offset, i).
void rope_offset_scores(const std::vector<double>& q, const std::vector<double>& k, Pairing pairing,
                        const std::vector<double>& omega, double factor, std::int64_t n, double* out) {
  const std::size_t h = q.size() / 2;
  const double f2 = factor * factor;
  std::vector<double> cos_part(h), sin_part(h);
  for (std::size_t i = 0; i < h; ++i) {
    const std::size_t u = pairing == Pairing::adjacent ? 2 * i : i;
    const std::size_t v = pairing == Pairing::adjacent ? 2 * i + 1 : h + i;
    cos_part[i] = f2 * (q[u] * k[u] + q[v] * k[v]);
    sin_part[i] = f2 * (q[u] * k[v] - q[v] * k[u]);
  }
  PhaseWalk walk(omega, -static_cast<double>(n - 1), 1.0);
  walk.run(2 * n - 1, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    kernels::phasor_dots(state, count, cos_part.data(), sin_part.data(), out + first);
  });
}

bool uses_weight_product(bool rope, bool terms, std::int64_t d_model, std::int64_t d_head, std::int64_t rows,
                         std::int64_t cols) {
  return !rope && !terms && d_head >= d_model && d_model <= rows + cols;
}

const std::vector<double>& key_query_product(const float* wq, const float* wk, std::int64_t d_model,
                                             std::int64_t d_head, std::vector<double>& fresh) {
  struct Kept {
    std::vector<float> wq, wk;
    std::vector<double> kq;
  };
  static Kept kept;
  const auto size = static_cast<std::size_t>(d_model * d_head);
  const auto same = [size](const std::vector<float>& a, const float* b) {
    return a.size() == size && std::memcmp(a.data(), b, size * sizeof(float)) == 0;
  };
  if (same(kept.wq, wq) && same(kept.wk, wk) && kept.kq.size() == static_cast<std::size_t>(d_model * d_model))
    return kept.kq;
  const std::vector<double> q(wq, wq + size), k(wk, wk + size);  // d_model rows of d_head
  fresh.assign(static_cast<std::size_t>(d_model * d_model), 0.0);
  kernels::cross_dot_f64(k.data(), d_model, q.data(), d_model, d_head, fresh.data());
  if (d_model * d_model > kKeptWeightProduct) return fresh;
  kept = {std::vector<float>(wq, wq + size), std::vector<float>(wk, wk + size), fresh};
  return kept.kq;
}

}  // namespace phasor
