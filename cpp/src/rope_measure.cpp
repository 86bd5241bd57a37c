#include "rope_measure.hpp"

#include <algorithm>
#include <cmath>

#include "rope_input.hpp"

namespace phasor {

namespace {

constexpr std::int64_t kDigit = 1024;              // base of the position's digits in the tables
constexpr std::int64_t kTableRows = 4 * kDigit;    // fewer rows than this: std::cos and std::sin are as quick
constexpr double kMaxTableSpan = 1099511627776.0;  // 1024^4: four digits
constexpr std::int64_t kMaxKeptPhasors = std::int64_t{1} << 20;  // rows x pairs computed directly and kept

// The running worst value of one row, and of the whole measurement.
struct Worst {
  double deviation = 0.0, bound = 1.0;
  void take(double d, double b) {
    if (d * bound > deviation * b) {
      deviation = d;
      bound = b;
    }
  }
};

void finish_row(RopeMeasurement& m, const Worst& row, double position, bool keep_rows) {
  if (row.deviation * m.worst_bound > m.worst_deviation * row.bound) {
    m.worst_deviation = row.deviation;
    m.worst_bound = row.bound;
  }
  if (keep_rows) {
    m.positions.push_back(position);
    m.deviation.push_back(row.deviation);
    m.bound.push_back(row.bound);
  }
}

// Per pair at this position: the bound's part that does not depend on the value, and its cap.
void pair_bounds(const RopeBound& b, const std::vector<double>& omega, double position, double* out, double* cap) {
  for (std::size_t j = 0; j < omega.size(); ++j) {
    const double t = std::fabs(position * omega[j]);
    out[j] = b.per_angle[j] * t + b.absolute;
    cap[j] = b.cap + b.cap_per_angle * t;
  }
}

}  // namespace

RowPhasors::RowPhasors(const std::vector<double>& omega, const double* positions, const std::vector<std::int64_t>* rows,
                       std::int64_t count)
    : omega_(omega),
      positions_(positions),
      rows_(rows),
      count_(rows != nullptr ? static_cast<std::int64_t>(rows->size()) : count) {
  const auto h = static_cast<std::int64_t>(omega.size());
  if (count_ == 0) return;
  bool integers = count_ >= kTableRows;
  double lo = positions[row(0)], hi = lo;
  for (std::int64_t k = 0; integers && k < count_; ++k) {
    const double p = positions[row(k)];
    integers = p == std::floor(p);
    lo = std::min(lo, p);
    hi = std::max(hi, p);
  }
  if (!integers || hi - lo >= kMaxTableSpan) {
    if (count_ * h > kMaxKeptPhasors) return;  // each row when asked (measured once)
    // Directly, once: the sample rows are measured many times.
    direct_cos_.resize(static_cast<std::size_t>(count_ * h));
    direct_sin_.resize(direct_cos_.size());
    for (std::int64_t k = 0; k < count_; ++k) {
      const double p = positions[row(k)];
      for (std::int64_t j = 0; j < h; ++j) {
        const double angle = p * omega[static_cast<std::size_t>(j)];
        direct_cos_[static_cast<std::size_t>(k * h + j)] = std::cos(angle);
        direct_sin_[static_cast<std::size_t>(k * h + j)] = std::sin(angle);
      }
    }
    return;
  }
  // Level 0 holds e^{i (start + d) w}, level l > 0 e^{i d 1024^l w}, d < 1024.
  start_ = lo;
  for (double scale = 1.0; levels_ == 0 || scale <= hi - lo; scale *= static_cast<double>(kDigit)) {
    std::vector<double> c(static_cast<std::size_t>(kDigit * h)), s(c.size());
    for (std::int64_t d = 0; d < kDigit; ++d) {
      const double at = levels_ == 0 ? start_ + static_cast<double>(d) : static_cast<double>(d) * scale;
      for (std::int64_t j = 0; j < h; ++j) {
        const double angle = at * omega[static_cast<std::size_t>(j)];
        c[static_cast<std::size_t>(d * h + j)] = std::cos(angle);
        s[static_cast<std::size_t>(d * h + j)] = std::sin(angle);
      }
    }
    cos_.push_back(std::move(c));
    sin_.push_back(std::move(s));
    ++levels_;
  }
}

void RowPhasors::at(std::int64_t k, double* c, double* s) const {
  const auto h = static_cast<std::int64_t>(omega_.size());
  if (levels_ == 0 && direct_cos_.empty()) {
    const double p = positions_[row(k)];
    for (std::int64_t j = 0; j < h; ++j) {
      c[j] = std::cos(p * omega_[static_cast<std::size_t>(j)]);
      s[j] = std::sin(p * omega_[static_cast<std::size_t>(j)]);
    }
    return;
  }
  if (levels_ == 0) {
    std::copy_n(direct_cos_.data() + k * h, h, c);
    std::copy_n(direct_sin_.data() + k * h, h, s);
    return;
  }
  auto q = static_cast<std::int64_t>(positions_[row(k)] - start_);
  std::copy_n(cos_[0].data() + (q % kDigit) * h, h, c);
  std::copy_n(sin_[0].data() + (q % kDigit) * h, h, s);
  for (std::size_t l = 1; l < cos_.size(); ++l) {
    q /= kDigit;
    const double* tc = cos_[l].data() + (q % kDigit) * h;
    const double* ts = sin_[l].data() + (q % kDigit) * h;
    for (std::int64_t j = 0; j < h; ++j) {
      const double cj = c[j] * tc[j] - s[j] * ts[j];
      s[j] = s[j] * tc[j] + c[j] * ts[j];
      c[j] = cj;
    }
  }
}

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

RopeMeasurement measure_cache(const RopeInput& in, const std::vector<std::int64_t>& pair_of_column,
                              const RowPhasors& phasors, const RopePrediction& pr, bool keep_rows) {
  RopeMeasurement m;
  const std::int64_t n = phasors.count();
  const std::size_t h = pr.omega.size();
  std::vector<double> c(h), s(h), e(h), ex(h), cap(h), cap_x(h);
  const double a = pr.amplitude, rel = pr.bound.relative, rel_x = pr.exact_bound.relative;
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int64_t row = phasors.row(k);
    phasors.at(k, c.data(), s.data());
    pair_bounds(pr.bound, pr.omega, in.positions[row], e.data(), cap.data());
    pair_bounds(pr.exact_bound, pr.omega, in.positions[row], ex.data(), cap_x.data());
    const float* cr = in.cos + row * in.width;
    const float* sr = in.sin + row * in.width;
    Worst worst;
    double largest = 0.0;
    bool exact = true;
    for (std::int64_t col = 0; col < in.width; ++col) {
      const auto j = static_cast<std::size_t>(pair_of_column[static_cast<std::size_t>(col)]);
      const double pc = a * c[j], ps = a * s[j];
      const double dc = std::fabs(pc - cr[col]), ds = std::fabs(ps - sr[col]);
      worst.take(dc, std::min(e[j] + rel * std::fabs(pc), cap[j]));
      worst.take(ds, std::min(e[j] + rel * std::fabs(ps), cap[j]));
      largest = std::max(largest, std::max(dc, ds));
      exact = exact && dc <= std::min(ex[j] + rel_x * std::fabs(pc), cap_x[j]) &&
              ds <= std::min(ex[j] + rel_x * std::fabs(ps), cap_x[j]);
    }
    m.max_error = std::max(m.max_error, largest);
    m.within_exact = m.within_exact && exact;
    finish_row(m, worst, in.positions[row], keep_rows);
  }
  return m;
}

RopeMeasurement measure_rotated(const RopeInput& in, int pairing, int output_pairing, const RowPhasors& phasors,
                                const RopePrediction& pr, bool keep_rows) {
  RopeMeasurement m;
  const std::int64_t n = phasors.count();
  const std::int64_t h = in.width / 2;
  std::vector<double> c(static_cast<std::size_t>(h)), s(c.size()), e(c.size()), ex(c.size()), cap(c.size()),
      cap_x(c.size());
  const double a = pr.amplitude;
  const RopeBound& b = pr.bound;
  const RopeBound& bx = pr.exact_bound;
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int64_t row = phasors.row(k);
    phasors.at(k, c.data(), s.data());
    pair_bounds(b, pr.omega, in.positions[row], e.data(), cap.data());
    pair_bounds(bx, pr.omega, in.positions[row], ex.data(), cap_x.data());
    const float* y = in.rotated + row * in.width;
    Worst worst;
    double largest = 0.0;
    bool exact = true;
    for (std::int64_t j = 0; j < h; ++j) {
      const auto [ia, ib] = pair_slots(pairing, j, in.width);
      const auto [oa, ob] = pair_slots(output_pairing, j, in.width);
      const double xa = original_at(in, row, ia), xb = original_at(in, row, ib);
      const auto q = static_cast<std::size_t>(j);
      const double ca = a * c[q], sb = a * s[q];  // the cache's exact values
      const double pa = xa * ca - xb * sb, pb = xb * ca + xa * sb;
      const double va = y[oa], vb = y[ob];
      const double da = std::fabs(pa - va), db = std::fabs(pb - vb);
      const double bc = std::min(e[q] + b.relative * std::fabs(ca), cap[q]);
      const double bs = std::min(e[q] + b.relative * std::fabs(sb), cap[q]);
      const double xc = std::min(ex[q] + bx.relative * std::fabs(ca), cap_x[q]);
      const double xs = std::min(ex[q] + bx.relative * std::fabs(sb), cap_x[q]);
      worst.take(da, rotated_bound(b, xa, xb, ca, sb, bc, bs, pa));
      worst.take(db, rotated_bound(b, xb, xa, ca, sb, bc, bs, pb));
      largest = std::max(largest, std::max(da, db));
      exact = exact && da <= rotated_bound(bx, xa, xb, ca, sb, xc, xs, pa) &&
              db <= rotated_bound(bx, xb, xa, ca, sb, xc, xs, pb);
    }
    m.max_error = std::max(m.max_error, largest);
    m.within_exact = m.within_exact && exact;
    finish_row(m, worst, in.positions[row], keep_rows);
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
    const double d = std::fabs(omega[q] - w) / w;
    Worst one;
    one.take(d, bound[q] / w);
    m.max_error = std::max(m.max_error, d);
    m.within_exact = m.within_exact && d <= exact_bound[q] / w;
    finish_row(m, one, static_cast<double>(j), true);
  }
  return m;
}

}  // namespace phasor
