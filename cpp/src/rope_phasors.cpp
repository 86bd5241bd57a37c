#include "rope_phasors.hpp"

#include <algorithm>
#include <cmath>

namespace phasor {

namespace {

constexpr std::int64_t kDigit = 1024;              // base of the position's digits in the tables
constexpr std::int64_t kTableRows = 4 * kDigit;    // fewer rows than this: std::cos and std::sin are as quick
constexpr double kMaxTableSpan = 1099511627776.0;  // |p| below 1024^4: four digits
constexpr std::int64_t kMaxKeptPhasors = std::int64_t{1} << 20;  // rows x pairs computed directly and kept

}  // namespace

RowPhasors::RowPhasors(const std::vector<double>& omega, const double* positions, const std::vector<std::int64_t>* rows,
                       std::int64_t count)
    : omega_(omega),
      positions_(positions),
      rows_(rows),
      count_(rows != nullptr ? static_cast<std::int64_t>(rows->size()) : count) {
  const auto h = static_cast<std::int64_t>(omega.size());
  if (count_ == 0) return;
  if (count_ < kTableRows || !on_a_lattice()) {
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
  // Level l holds e^{i d 1024^l step w}, d < 1024, for the digits of |m| (a
  // negative m takes the conjugate), p = origin + m step; every partial angle
  // is at most |(p - origin) w| <= 2 |p w| (the origin is the smallest |p|),
  // so the product is about as accurate as the direct phasor.
  double largest = 0.0;
  for (std::int64_t k = 0; k < count_; ++k) largest = std::max(largest, std::fabs(steps(k)));
  for (double scale = 1.0; levels_ == 0 || scale <= largest; scale *= static_cast<double>(kDigit)) {
    std::vector<double> c(static_cast<std::size_t>(kDigit * h)), s(c.size());
    for (std::int64_t d = 0; d < kDigit; ++d) {
      const double at = static_cast<double>(d) * scale * step_;
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
  if (origin_ != 0.0) {
    origin_cos_.resize(static_cast<std::size_t>(h));
    origin_sin_.resize(origin_cos_.size());
    for (std::size_t j = 0; j < origin_cos_.size(); ++j) {
      origin_cos_[j] = std::cos(origin_ * omega[j]);
      origin_sin_[j] = std::sin(origin_ * omega[j]);
    }
  }
}

bool RowPhasors::on_a_lattice() {
  // Integers: the lattice of step 1 from 0. Else from the smallest |p|, by the
  // smallest distance to it, if every position is a whole number of those away.
  bool integers = true;
  std::int64_t nearest = 0;
  for (std::int64_t k = 0; k < count_; ++k) {
    const double p = positions_[row(k)];
    integers = integers && p == std::floor(p);
    if (std::fabs(p) < std::fabs(positions_[row(nearest)])) nearest = k;
  }
  origin_ = integers ? 0.0 : positions_[row(nearest)];
  step_ = 1.0;
  if (!integers) {
    step_ = 0.0;
    for (std::int64_t k = 0; k < count_; ++k) {
      const double d = std::fabs(positions_[row(k)] - origin_);
      if (d > 0.0 && (step_ == 0.0 || d < step_)) step_ = d;
    }
    if (step_ == 0.0) return false;
  }
  for (std::int64_t k = 0; k < count_; ++k) {
    const double m = steps(k);
    if (m != std::floor(m) || !(std::fabs(m) < kMaxTableSpan)) return false;
  }
  return true;
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
  const double m = steps(k);
  auto q = static_cast<std::int64_t>(std::fabs(m));
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
  if (m < 0.0)
    for (std::int64_t j = 0; j < h; ++j) s[j] = -s[j];
  if (origin_cos_.empty()) return;
  for (std::int64_t j = 0; j < h; ++j) {
    const double cj = c[j] * origin_cos_[static_cast<std::size_t>(j)] - s[j] * origin_sin_[static_cast<std::size_t>(j)];
    s[j] = s[j] * origin_cos_[static_cast<std::size_t>(j)] + c[j] * origin_sin_[static_cast<std::size_t>(j)];
    c[j] = cj;
  }
}

}  // namespace phasor
