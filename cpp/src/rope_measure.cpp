#include "rope_measure.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <tuple>
#include <utility>

#include "rope_input.hpp"

namespace phasor {

namespace {

// Per pair at this position: the bound's part that does not depend on the value, and its cap.
void pair_bounds(const RopeBound& b, const std::vector<double>& omega, double position, double* out, double* cap) {
  const std::size_t h = omega.size();
  const double* pa = b.per_angle.data();
  for (std::size_t j = 0; j < h; ++j) {
    const double t = std::fabs(position * omega[j]);
    out[j] = pa[j] * t + b.absolute;
    cap[j] = b.cap + b.cap_per_angle * t;
  }
}

// One row's running results, pair by pair: the largest deviation / bound
// (and against the exact bound), and the largest deviation.
struct RowScratch {
  std::vector<double> c, s, e, cap, ex, cap_x, ratio, ratio_x, dev;
  explicit RowScratch(std::size_t h) : c(h), s(h), e(h), cap(h), ex(h), cap_x(h), ratio(h), ratio_x(h), dev(h) {}
  void reset() {
    std::fill(ratio.begin(), ratio.end(), 0.0);
    std::fill(ratio_x.begin(), ratio_x.end(), 0.0);
    std::fill(dev.begin(), dev.end(), 0.0);
  }
};

// Folds one row into the measurement: its worst pair (deviation and bound
// recomputed by `worst_at`), largest deviation and exact verdict.
template <class WorstAt>
void finish_row(RopeMeasurement& m, const RowScratch& r, double position, bool keep_rows, WorstAt&& worst_at) {
  // The maxima first (reductions that vectorize), then where the worst ratio is.
  double worst_ratio = 0.0, largest = 0.0, exact_ratio = 0.0;
  const std::size_t h = r.ratio.size();
  for (std::size_t j = 0; j < h; ++j) {
    worst_ratio = std::max(worst_ratio, r.ratio[j]);
    largest = std::max(largest, r.dev[j]);
    exact_ratio = std::max(exact_ratio, r.ratio_x[j]);
  }
  std::size_t worst = 0;
  while (worst + 1 < h && r.ratio[worst] != worst_ratio) ++worst;
  const auto [deviation, bound] = worst_at(worst);
  if (deviation * m.worst_bound > m.worst_deviation * bound) {
    m.worst_deviation = deviation;
    m.worst_bound = bound;
  }
  m.max_error = std::max(m.max_error, largest);
  m.within_exact = m.within_exact && exact_ratio <= 1.0;
  if (keep_rows) {
    m.positions.push_back(position);
    m.deviation.push_back(deviation);
    m.bound.push_back(bound);
  }
}

// The value of pair j nearest its bound among (prediction, stored value) pairs: {deviation, bound}.
std::pair<double, double> nearest(std::initializer_list<std::pair<double, double>> values, double e, double cap,
                                  double relative) {
  std::pair<double, double> out{0.0, 1.0};
  for (const auto& [predicted, stored] : values) {
    const double d = std::fabs(predicted - stored), b = std::min(e + relative * std::fabs(predicted), cap);
    if (d * out.second >= out.first * b) out = {d, b};
  }
  return out;
}

}  // namespace

std::vector<std::int64_t> pair_of_column(int pairing, std::int64_t width) {
  std::vector<std::int64_t> out(static_cast<std::size_t>(width));
  for (std::int64_t m = 0; m < width; ++m) {
    if (pairing == static_cast<int>(Pairing::half)) {
      out[static_cast<std::size_t>(m)] = m < width / 2 ? m : m - width / 2;
    } else if (pairing == static_cast<int>(Pairing::adjacent)) {
      out[static_cast<std::size_t>(m)] = m / 2;
    } else {
      out[static_cast<std::size_t>(m)] = m;
    }
  }
  return out;
}

RopeMeasurement measure_cache(const RopeInput& in, int pairing, const RowPhasors& phasors, const RopePrediction& pr,
                              bool keep_rows) {
  RopeMeasurement m;
  const std::size_t h = pr.omega.size();
  const auto hh = static_cast<std::int64_t>(h);
  RowScratch r(h);
  const double a = pr.amplitude, rel = pr.bound.relative, rel_x = pr.exact_bound.relative;
  // Where pair j's copies sit: (first, second) column and the stride between pairs.
  const bool half = pairing == static_cast<int>(Pairing::half),
             adjacent = pairing == static_cast<int>(Pairing::adjacent);
  const std::int64_t stride = adjacent ? 2 : 1, second = half ? hh : adjacent ? 1 : -1;
  // Each stored value against the prediction: the largest deviation / bound per
  // pair, against the exact bound too when asked (one loop each way, so both vectorize).
  const auto pass = [&](const float* cv, const float* sv) {
    if (!pr.check_exact) {
      for (std::size_t j = 0; j < h; ++j) {
        const double pc = a * r.c[j], ps = a * r.s[j];
        const double dc = std::fabs(pc - cv[j * stride]), ds = std::fabs(ps - sv[j * stride]);
        const double bc = std::min(r.e[j] + rel * std::fabs(pc), r.cap[j]);
        const double bs = std::min(r.e[j] + rel * std::fabs(ps), r.cap[j]);
        r.ratio[j] = std::max(r.ratio[j], std::max(dc / bc, ds / bs));
        r.dev[j] = std::max(r.dev[j], std::max(dc, ds));
      }
      return;
    }
    for (std::size_t j = 0; j < h; ++j) {
      const double pc = a * r.c[j], ps = a * r.s[j];
      const double dc = std::fabs(pc - cv[j * stride]), ds = std::fabs(ps - sv[j * stride]);
      const double bc = std::min(r.e[j] + rel * std::fabs(pc), r.cap[j]);
      const double bs = std::min(r.e[j] + rel * std::fabs(ps), r.cap[j]);
      const double xc = std::min(r.ex[j] + rel_x * std::fabs(pc), r.cap_x[j]);
      const double xs = std::min(r.ex[j] + rel_x * std::fabs(ps), r.cap_x[j]);
      r.ratio[j] = std::max(r.ratio[j], std::max(dc / bc, ds / bs));
      r.ratio_x[j] = std::max(r.ratio_x[j], std::max(dc / xc, ds / xs));
      r.dev[j] = std::max(r.dev[j], std::max(dc, ds));
    }
  };
  for (std::int64_t k = 0; k < phasors.count(); ++k) {
    const std::int64_t row = phasors.row(k);
    const double p = in.positions[row];
    phasors.at(k, r.c.data(), r.s.data());
    pair_bounds(pr.bound, pr.omega, p, r.e.data(), r.cap.data());
    if (pr.check_exact) pair_bounds(pr.exact_bound, pr.omega, p, r.ex.data(), r.cap_x.data());
    r.reset();
    const float* cr = in.cos + row * in.width;
    const float* sr = in.sin + row * in.width;
    pass(cr, sr);
    // The second copy of each pair: measured only where it differs from the first (the same value, the same deviation).
    if (second > 0) {
      bool same = true;  // no early exit: the comparison vectorizes
      for (std::size_t j = 0; j < h; ++j)
        same &= (cr[j * stride] == cr[j * stride + second]) & (sr[j * stride] == sr[j * stride + second]);
      if (!same) pass(cr + second, sr + second);
    }
    finish_row(m, r, p, keep_rows, [&](std::size_t j) {
      const double pc = a * r.c[j], ps = a * r.s[j];
      const auto at = static_cast<std::int64_t>(j) * stride;
      const std::int64_t other = second > 0 ? at + second : at;
      return nearest({{pc, cr[at]}, {ps, sr[at]}, {pc, cr[other]}, {ps, sr[other]}}, r.e[j], r.cap[j], rel);
    });
  }
  return m;
}

RopeMeasurement measure_rotated(const RopeInput& in, int pairing, int output_pairing, const RowPhasors& phasors,
                                const RopePrediction& pr, bool keep_rows) {
  RopeMeasurement m;
  const std::size_t h = pr.omega.size();
  RowScratch r(h);
  std::vector<double> xa(h), xb(h), ya(h), yb(h);
  const double a = pr.amplitude;
  const RopeBound& b = pr.bound;
  const RopeBound& bx = pr.exact_bound;
  // Pair j's slots, in and out.
  std::vector<std::int64_t> ia(h), ib(h), oa(h), ob(h);
  for (std::size_t j = 0; j < h; ++j) {
    std::tie(ia[j], ib[j]) = pair_slots(pairing, static_cast<std::int64_t>(j), in.width);
    std::tie(oa[j], ob[j]) = pair_slots(output_pairing, static_cast<std::int64_t>(j), in.width);
  }
  // The output values of pair j against the prediction (bounds of the cache's values e, cap, relative).
  const auto measure_pair = [&](std::size_t j, const RopeBound& bound, const double* e, const double* cap) {
    const double ca = a * r.c[j], sb = a * r.s[j];  // the cache's exact values
    const double pa = xa[j] * ca - xb[j] * sb, pb = xb[j] * ca + xa[j] * sb;
    const double bc = std::min(e[j] + bound.relative * std::fabs(ca), cap[j]);
    const double bs = std::min(e[j] + bound.relative * std::fabs(sb), cap[j]);
    const double da = std::fabs(pa - ya[j]), db = std::fabs(pb - yb[j]);
    const double ba = rotated_bound(bound, xa[j], xb[j], ca, sb, bc, bs, pa);
    const double bb = rotated_bound(bound, xb[j], xa[j], ca, sb, bc, bs, pb);
    return std::array<double, 4>{da, ba, db, bb};
  };
  for (std::int64_t k = 0; k < phasors.count(); ++k) {
    const std::int64_t row = phasors.row(k);
    const double p = in.positions[row];
    phasors.at(k, r.c.data(), r.s.data());
    pair_bounds(b, pr.omega, p, r.e.data(), r.cap.data());
    if (pr.check_exact) pair_bounds(bx, pr.omega, p, r.ex.data(), r.cap_x.data());
    const float* y = in.rotated + row * in.width;
    for (std::size_t j = 0; j < h; ++j) {
      xa[j] = original_at(in, row, ia[j]);
      xb[j] = original_at(in, row, ib[j]);
      ya[j] = y[oa[j]];
      yb[j] = y[ob[j]];
    }
    r.reset();
    // One loop over the pairs (it vectorizes): deviation / bound per pair, against the exact bound when asked.
    for (std::size_t j = 0; j < h; ++j) {
      const double ca = a * r.c[j], sb = a * r.s[j];
      const double pa = xa[j] * ca - xb[j] * sb, pb = xb[j] * ca + xa[j] * sb;
      const double da = std::fabs(pa - ya[j]), db = std::fabs(pb - yb[j]);
      const double bc = std::min(r.e[j] + b.relative * std::fabs(ca), r.cap[j]);
      const double bs = std::min(r.e[j] + b.relative * std::fabs(sb), r.cap[j]);
      r.ratio[j] = std::max(da / rotated_bound(b, xa[j], xb[j], ca, sb, bc, bs, pa),
                            db / rotated_bound(b, xb[j], xa[j], ca, sb, bc, bs, pb));
      r.dev[j] = std::max(da, db);
    }
    if (pr.check_exact) {
      for (std::size_t j = 0; j < h; ++j) {
        const double ca = a * r.c[j], sb = a * r.s[j];
        const double pa = xa[j] * ca - xb[j] * sb, pb = xb[j] * ca + xa[j] * sb;
        const double da = std::fabs(pa - ya[j]), db = std::fabs(pb - yb[j]);
        const double bc = std::min(r.ex[j] + bx.relative * std::fabs(ca), r.cap_x[j]);
        const double bs = std::min(r.ex[j] + bx.relative * std::fabs(sb), r.cap_x[j]);
        r.ratio_x[j] = std::max(da / rotated_bound(bx, xa[j], xb[j], ca, sb, bc, bs, pa),
                                db / rotated_bound(bx, xb[j], xa[j], ca, sb, bc, bs, pb));
      }
    }
    finish_row(m, r, p, keep_rows, [&](std::size_t j) {
      const auto v = measure_pair(j, b, r.e.data(), r.cap.data());
      return v[0] * v[3] >= v[2] * v[1] ? std::pair{v[0], v[1]} : std::pair{v[2], v[3]};
    });
  }
  return m;
}

RopeMeasurement measure_frequencies(const RopeInput& in, const std::vector<double>& omega,
                                    const std::vector<double>& bound, const std::vector<double>& exact_bound) {
  // Relative to the given w: |w_c - w| <= b exactly when |w_c / w - 1| <= b / w.
  RopeMeasurement m;
  for (std::int64_t j = 0; j < in.pairs; ++j) {
    const auto q = static_cast<std::size_t>(j);
    const double w = in.inv_freq[j];
    const double d = std::fabs(omega[q] - w) / w, b = bound[q] / w;
    if (d * m.worst_bound > m.worst_deviation * b) {
      m.worst_deviation = d;
      m.worst_bound = b;
    }
    m.max_error = std::max(m.max_error, d);
    m.within_exact = m.within_exact && d <= exact_bound[q] / w;
    m.positions.push_back(static_cast<double>(j));
    m.deviation.push_back(d);
    m.bound.push_back(b);
  }
  return m;
}

}  // namespace phasor
