#include "phasor/rope_base_bound.hpp"

#include <cmath>
#include <vector>

#include "kernels.hpp"
#include "phase_walk.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

namespace {

std::vector<double> frequencies(std::int64_t dim, std::int64_t pairs, double base) {
  std::vector<double> theta(static_cast<std::size_t>(pairs));
  for (std::int64_t i = 0; i < pairs; ++i)
    theta[static_cast<std::size_t>(i)] = std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(dim));
  return theta;
}

// The walked sums drift from the exact ones by about kChunk * pairs * 2^-52
// (below 1e-8 at 32768 pairs); a sum this close to 0 is evaluated again from
// exact cosines before its sign is read.
constexpr double kRecheck = 1e-6;

}  // namespace

std::string validate_rope_base_bound(double dim, double pairs, double still, double base, double from, double to) {
  if (auto e = check_d_model(dim, "dim"); !e.empty()) return e;
  if (auto e = check_integer("pairs", pairs, 1, dim / 2); !e.empty()) return e;
  if (auto e = check_integer("still", still, 0, static_cast<double>(kMaxDModel / 2)); !e.empty()) return e;
  if (auto e = check_base(base, "theta"); !e.empty()) return e;
  if (auto e = check_integer("from", from, 0, kMaxAbsPosition - 1); !e.empty()) return e;
  if (auto e = check_integer("to", to, from + 1, kMaxAbsPosition); !e.empty()) return e;
  return check_work("(to - from) x pairs", (to - from) * pairs, kMaxRopeDecayWork);
}

double rope_base_score(const RopeBaseBoundSpec& spec, std::int64_t m) {
  double sum = static_cast<double>(spec.still);
  for (double theta : frequencies(spec.dim, spec.pairs, spec.base)) sum += std::cos(static_cast<double>(m) * theta);
  return sum;
}

std::int64_t rope_base_bound_scan(const RopeBaseBoundSpec& spec) {
  const std::vector<double> theta = frequencies(spec.dim, spec.pairs, spec.base);
  const std::vector<double> ones(theta.size(), 1.0), zeros(theta.size(), 0.0);
  std::vector<double> sums(static_cast<std::size_t>(PhaseWalk::kChunk));
  PhaseWalk walk(theta, static_cast<double>(spec.from), 1.0);
  std::int64_t found = -1;
  // Each cosine is at least -1: with as many still pairs as turning ones, B_m >= 0 at every m.
  if (spec.still >= spec.pairs) return found;
  const auto still = static_cast<double>(spec.still);
  walk.run(spec.to - spec.from, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    if (found >= 0) return;
    kernels::phasor_dots(state, count, ones.data(), zeros.data(), sums.data());
    for (std::int64_t r = 0; r < count; ++r) {
      const double b = still + sums[static_cast<std::size_t>(r)];
      if (b >= kRecheck) continue;
      const std::int64_t m = spec.from + first + r;
      if (rope_base_score(spec, m) < 0.0) {
        found = m;
        return;
      }
    }
  });
  return found;
}

}  // namespace phasor
