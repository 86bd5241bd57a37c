#include "phasor/rope_decay.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels.hpp"
#include "phase_walk.hpp"
#include "phasor/limits.hpp"
#include "phasor/random.hpp"
#include "phasor/validation.hpp"
#include "rope_kernels.hpp"

namespace phasor {

namespace {

// Distances per anchor: a block's phasors e^{i r theta_k} come from one exact
// sin/cos at its first distance, turned by theta_k a step at a time (PhaseWalk,
// kernels::phasor_rows_f64), not from a sin and cos per (r, k): a float64 drift
// of about kBlock * 2^-53 relative, far below the 1e-12 the results are tested
// to. The block's rows (kBlock x d doubles) stay in cache.
constexpr std::int64_t kBlock = 64;

// Calls emit(first, count, rows) for blocks of distances r = first .. first +
// count - 1, rows[(r - first) * d + 2k] = cos(r theta_k), [.. + 1] = sin(r theta_k).
template <class Emit>
void walk_rows(const std::vector<double>& theta, std::int64_t max_distance, Emit&& emit) {
  std::vector<double> rows(static_cast<std::size_t>(kBlock * 2) * theta.size());
  PhaseWalk walk(theta, 0.0, 1.0);
  walk.run(
      max_distance + 1,
      [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
        kernels::phasor_rows_f64(state, count, rows.data());
        emit(first, count, rows.data());
      },
      kBlock);
}

std::vector<double> scaled_theta(const RopeDecaySpec& spec) {
  std::vector<double> theta(static_cast<std::size_t>(spec.d_model / 2));
  rope_frequencies(spec.d_model, spec.base, spec.scaling, theta.data());
  return theta;
}

// Unit rows of dModel values from a seeded normal stream, in float64.
// The first `count` normal samples of a stream. Every width d reads the first
// samples x d of the q and k streams, so the samples drawn for the last seed
// are kept (up to kKeptDraws a stream) and a call with another d or sample
// count draws only what is not drawn yet: normal_samples starts at any sample
// and gives what one draw of the whole would.
constexpr std::int64_t kKeptDraws = std::int64_t{1} << 16;

std::vector<double> stream_prefix(std::uint64_t seed, std::uint64_t stream, std::int64_t count) {
  struct Drawn {
    std::uint64_t seed = 0;
    std::vector<float> values;
  };
  static Drawn kept[2];  // the query and key streams
  Drawn& drawn = kept[stream == kDecayKeyStream ? 1 : 0];
  if (drawn.seed != seed) drawn = {seed, {}};
  const auto have = static_cast<std::int64_t>(drawn.values.size());
  if (count > kKeptDraws) {
    std::vector<float> all(static_cast<std::size_t>(count));
    normal_samples(seed, stream, 1.0, count, all.data());
    return {all.begin(), all.end()};
  }
  if (count > have) {
    drawn.values.resize(static_cast<std::size_t>(count));
    normal_samples(seed, stream, 1.0, count - have, drawn.values.data() + have, static_cast<std::uint64_t>(have));
  }
  return {drawn.values.begin(), drawn.values.begin() + count};
}

std::vector<double> unit_rows(std::uint64_t seed, std::uint64_t stream, std::int64_t rows, std::int64_t d) {
  std::vector<double> out = stream_prefix(seed, stream, rows * d);
  for (std::int64_t s = 0; s < rows; ++s) {
    double* row = out.data() + s * d;
    double norm = 0.0;
    for (std::int64_t t = 0; t < d; ++t) norm += row[t] * row[t];
    norm = std::sqrt(norm);
    if (norm > 0.0)
      for (std::int64_t t = 0; t < d; ++t) row[t] /= norm;
  }
  return out;
}

// Per pair i of q and k: (a_i, b_i) = (q0 k0 + q1 k1, q0 k1 - q1 k0), so that
// q . R(-r theta) k = sum_i a_i cos(r theta_i) + b_i sin(r theta_i).
void pair_products(const double* q, const double* k, std::int64_t d, double* out) {
  for (std::int64_t i = 0; i < d; i += 2) {
    out[i] = q[i] * k[i] + q[i + 1] * k[i + 1];
    out[i + 1] = q[i] * k[i + 1] - q[i + 1] * k[i];
  }
}

// What the samples give, before any frequency: `independent` holds the pair
// products (a_i, b_i) of q against k, samples x d; `self` those of q against
// itself, where b_i = q0 q1 - q1 q0 is exactly 0, so only a_i = |q_i|^2 is
// kept (samples x d/2) and the self scores are sum_i a_i cos(r theta_i).
struct SampleProducts {
  std::uint64_t seed = 0;
  std::int64_t samples = 0, d = 0;
  std::vector<double> independent, self;
};

SampleProducts sample_products(std::uint64_t seed, std::int64_t samples, std::int64_t d) {
  const std::vector<double> q = unit_rows(seed, kDecayQueryStream, samples, d);
  const std::vector<double> k = unit_rows(seed, kDecayKeyStream, samples, d);
  SampleProducts out{seed, samples, d, std::vector<double>(static_cast<std::size_t>(samples * d)),
                     std::vector<double>(static_cast<std::size_t>(samples * d / 2))};
  for (std::int64_t s = 0; s < samples; ++s) {
    pair_products(q.data() + s * d, k.data() + s * d, d, out.independent.data() + s * d);
    const double* qs = q.data() + s * d;
    for (std::int64_t i = 0; i < d / 2; ++i)
      out.self[static_cast<std::size_t>(s * d / 2 + i)] = qs[2 * i] * qs[2 * i] + qs[2 * i + 1] * qs[2 * i + 1];
  }
  return out;
}

// The last call's products, kept when small (at most kKeptProducts doubles):
// they depend on seed, samples and d alone, so a chart whose base, scaling or
// maxDistance changes draws no normal samples again (the draw is a large part
// of a call). The wasm module is single-threaded.
constexpr std::int64_t kKeptProducts = std::int64_t{1} << 16;

const SampleProducts& kept_sample_products(std::uint64_t seed, std::int64_t samples, std::int64_t d,
                                           SampleProducts& fresh) {
  static SampleProducts kept;
  if (kept.samples == samples && kept.d == d && kept.seed == seed) return kept;
  fresh = sample_products(seed, samples, d);
  if (samples * d > kKeptProducts) return fresh;
  kept = fresh;
  return kept;
}

}  // namespace

std::string validate_rope_decay(double d_model, double base, double max_distance, const RopeScaling& scaling) {
  if (auto e = check_d_model(d_model); !e.empty()) return e;
  if (d_model > static_cast<double>(kMaxAttentionWidth))
    return check_integer("dModel", d_model, 2, static_cast<double>(kMaxAttentionWidth));
  if (auto e = check_base(base); !e.empty()) return e;
  if (auto e = check_integer("maxDistance", max_distance, 0, static_cast<double>(kMaxRopeDecayDistance)); !e.empty())
    return e;
  if (auto e = validate_rope_scaling(scaling, d_model, "dModel"); !e.empty()) return e;
  return check_work("(maxDistance + 1) x dModel/2", (max_distance + 1) * (d_model / 2), kMaxRopeDecayWork);
}

void rope_decay(const RopeDecaySpec& spec, double* out) {
  const std::vector<double> theta = scaled_theta(spec);
  const auto h = static_cast<std::int64_t>(theta.size());
  walk_rows(theta, spec.max_distance, [&](std::int64_t first, std::int64_t count, const double* rows) {
    // S_j = S_{j-1} + e^{i r theta_{j-1}}; the bound sums |S_j| for j = 1 .. d/2.
    kernels::partial_sum_moduli(rows, count, h, out + first);
    for (std::int64_t i = 0; i < count; ++i) out[first + i] /= static_cast<double>(h);
  });
}

std::string validate_rope_random_scores(double d_model, double base, double max_distance, const RopeScaling& scaling,
                                        double samples, double seed) {
  if (auto e = validate_rope_decay(d_model, base, max_distance, scaling); !e.empty()) return e;
  if (auto e = check_integer("samples", samples, 1, static_cast<double>(kMaxRopeDecaySamples)); !e.empty()) return e;
  if (auto e = check_integer("seed", seed, 0, kMaxSeed); !e.empty()) return e;
  return check_work("samples x (maxDistance + 1) x dModel", samples * (max_distance + 1) * d_model, kMaxRopeRandomWork);
}

void rope_random_scores(const RopeDecaySpec& spec, std::int64_t samples, std::uint64_t seed, double* independent,
                        double* self) {
  const std::int64_t d = spec.d_model;
  const std::vector<double> theta = scaled_theta(spec);
  const auto h = d / 2;
  SampleProducts fresh;
  const SampleProducts& products = kept_sample_products(seed, samples, d, fresh);
  std::vector<double> cosines(static_cast<std::size_t>(kBlock * h));
  std::vector<double> scores(static_cast<std::size_t>(2 * samples * kBlock));
  double* const self_scores = scores.data() + samples * kBlock;
  walk_rows(theta, spec.max_distance, [&](std::int64_t first, std::int64_t count, const double* rows) {
    // scores[s * count + i]: every score of the block at once (the SIMD kernel);
    // the self scores need the cosines alone.
    kernels::cross_dot_f64(products.independent.data(), samples, rows, count, d, scores.data());
    for (std::int64_t i = 0; i < count * h; ++i) cosines[static_cast<std::size_t>(i)] = rows[2 * i];
    kernels::cross_dot_f64(products.self.data(), samples, cosines.data(), count, h, self_scores);
    for (std::int64_t i = 0; i < count; ++i) {
      double a = 0.0, b = 0.0;
      for (std::int64_t s = 0; s < samples; ++s) {
        a += std::fabs(scores[static_cast<std::size_t>(s * count + i)]);
        b += std::fabs(self_scores[s * count + i]);
      }
      independent[first + i] = a / static_cast<double>(samples);
      self[first + i] = b / static_cast<double>(samples);
    }
  });
}

}  // namespace phasor
