#include "phasor/rope_identify.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "phasor/validation.hpp"
#include "rope_bounds.hpp"
#include "rope_fit.hpp"
#include "rope_input.hpp"
#include "rope_measure.hpp"
#include "rope_schemes.hpp"

namespace phasor {

namespace {

constexpr std::size_t kSampled = 24;  // fitted schemes scored on the sample rows (the nearest by frequency)
constexpr std::size_t kVerified = 3;  // candidates then measured on every value

// What the input shows, before any scheme is measured against it.
struct Reading {
  std::vector<double> omega;          // read from the input (inv_freq: given)
  int pairing = -1;                   // cache: its layout; rotated: the input pairing (-1: cannot tell)
  int output_pairing = -1;            // rotated rows
  int measured_in = 1;                // rotated rows: the input pairing measured
  std::vector<std::int64_t> columns;  // cache: the pair of each column
  std::int64_t rotary_dim = 0;
  double amplitude = 1.0;
  std::vector<std::int64_t> sample;
  double largest_position = 0.0;
  std::vector<PrecisionModel> makings;  // finest first
  Storage storage = Storage::float32;
};

// A scheme, its frequencies and what the measurement found.
struct Scored {
  RopeScheme scheme;
  std::vector<double> omega;
  double scheme_attention = 1.0;
  double proxy = 0.0;
  bool round = false;  // theta, factor and length all as configs write them
  RopeCandidate candidate;
  std::size_t making = 0;  // index into Reading::makings
};

bool fitted_longrope(const RopeCandidate& c) { return c.scaling.type == RopeScalingType::longrope && c.preset < 0; }

// Matches first: a named model, then the simplest scheme, the finer precision,
// the round numbers a config writes; the rest by how far off.
bool better(const RopeCandidate& x, const RopeCandidate& y, bool x_round = false, bool y_round = false) {
  if (x.match != y.match) return x.match;
  if (x.match) {
    if ((x.preset >= 0) != (y.preset >= 0)) return x.preset >= 0;
    const int cx = scheme_complexity(x.scaling.type), cy = scheme_complexity(y.scaling.type);
    if (cx != cy) return cx < cy;
    if (x.precision != y.precision) return x.precision < y.precision;
    if (x_round != y_round) return x_round;
  }
  return x.worst_ratio < y.worst_ratio;
}
bool better(const Scored& x, const Scored& y) { return better(x.candidate, y.candidate, x.round, y.round); }

RopeMeasurement measure(const RopeInput& in, const Reading& rd, const RowPhasors& phasors, const Scored& s,
                        double amplitude, std::size_t making, bool check_exact) {
  RopePrediction p;
  p.omega = s.omega;
  p.amplitude = amplitude;
  p.check_exact = check_exact;
  const PrecisionModel& m = rd.makings[making];
  const PrecisionModel exact{false, m.storage};
  if (in.inv_freq != nullptr)
    return measure_frequencies(in, s.omega, rope_frequency_bound(m, s.omega), rope_frequency_bound(exact, s.omega));
  p.bound = rope_value_bound(m, s.omega, amplitude);
  p.exact_bound = rope_value_bound(exact, s.omega, amplitude);
  if (in.rotated != nullptr) return measure_rotated(in, rd.measured_in, rd.output_pairing, phasors, p, true);
  return measure_cache(in, rd.pairing, phasors, p, true);
}

void fill(Scored& s, const Reading& rd, std::size_t making, double amplitude, RopeMeasurement m, bool exact) {
  RopeCandidate& c = s.candidate;
  s.making = making;
  c.attention_factor = amplitude;
  c.precision = precision_of(rd.makings[making]);
  c.max_error = m.max_error;
  c.worst_ratio = m.ratio();
  c.match = m.worst_deviation <= m.worst_bound && !fitted_longrope(c);
  c.exact = exact;
  c.positions = std::move(m.positions);
  c.deviation = std::move(m.deviation);
  c.bound = std::move(m.bound);
}

// On the sample: measured at the loosest making the storage allows (float32
// arithmetic), and against the exact bound in the same pass; a float32 input
// that keeps the exact bound is measured again at it (its precision is exact).
void score(const RopeInput& in, const Reading& rd, const RowPhasors& phasors, Scored& s, double amplitude) {
  const std::size_t loosest = rd.makings.size() - 1;
  RopeMeasurement m = measure(in, rd, phasors, s, amplitude, loosest, true);
  const bool exact = m.within_exact;
  if (exact && rd.storage == Storage::float32) {
    fill(s, rd, 0, amplitude, measure(in, rd, phasors, s, amplitude, 0, false), true);
    return;
  }
  fill(s, rd, loosest, amplitude, std::move(m), exact);
}

// The scheme's own attention factor, else the input's amplitude where that fits better.
void score_on_sample(const RopeInput& in, const Reading& rd, Scored& s) {
  RowPhasors phasors(s.omega, in.positions, &rd.sample, in.rows);
  score(in, rd, phasors, s, s.scheme_attention);
  if (in.inv_freq != nullptr || s.candidate.match) return;
  const double measured = tidy(rd.amplitude);
  if (std::fabs(measured - s.scheme_attention) <= 1e-12 * measured) return;
  Scored other = s;
  score(in, rd, phasors, other, measured);
  if (better(other.candidate, s.candidate)) {
    s = std::move(other);
    s.candidate.attention_measured = true;
  }
}

// Every value, at the precision the sample showed (against the exact bound as
// well only where the sample kept it); the loosest making where that fails.
void verify(const RopeInput& in, const Reading& rd, Scored& s) {
  RowPhasors phasors(s.omega, in.positions, nullptr, in.rows);
  const double amplitude = s.candidate.attention_factor;
  const std::size_t loosest = rd.makings.size() - 1;
  const bool at_exact = !rd.makings[s.making].float32_arithmetic;
  RopeMeasurement m = measure(in, rd, phasors, s, amplitude, s.making, !at_exact && s.candidate.exact);
  const bool held = m.worst_deviation <= m.worst_bound;
  if (at_exact && !held && s.making != loosest) {
    fill(s, rd, loosest, amplitude, measure(in, rd, phasors, s, amplitude, loosest, false), false);
  } else {
    const bool exact = at_exact ? held : s.candidate.exact && m.within_exact;
    fill(s, rd, s.making, amplitude, std::move(m), exact);
  }
  s.candidate.verified = true;
}

// The phases of the input, pair by pair, and the frequencies fitted to them.
std::vector<double> read_frequencies(const RopeInput& in, const Reading& rd) {
  const std::int64_t pairs = rd.rotary_dim / 2;
  if (in.rotated != nullptr) {
    return fit_frequencies(in.positions, rd.sample, pairs, [&](std::int64_t k, std::int64_t j, double* phase) {
      const auto [ia, ib] = pair_slots(rd.measured_in, j, in.width);
      const auto [oa, ob] = pair_slots(rd.output_pairing, j, in.width);
      const double xa = original_at(in, k, ia), xb = original_at(in, k, ib);
      const double ya = in.rotated[k * in.width + oa], yb = in.rotated[k * in.width + ob];
      *phase = std::atan2(yb * xa - ya * xb, ya * xa + yb * xb);
      return xa != 0.0 || xb != 0.0;
    });
  }
  std::vector<std::int64_t> first_column(static_cast<std::size_t>(pairs), -1);
  for (std::int64_t col = in.width - 1; col >= 0; --col)
    first_column[static_cast<std::size_t>(rd.columns[static_cast<std::size_t>(col)])] = col;
  return fit_frequencies(in.positions, rd.sample, pairs, [&](std::int64_t k, std::int64_t j, double* phase) {
    const std::int64_t at = k * in.width + first_column[static_cast<std::size_t>(j)];
    *phase = std::atan2(static_cast<double>(in.sin[at]), static_cast<double>(in.cos[at]));
    return true;
  });
}

Reading read_input(const RopeInput& in, RopeIdentification& id) {
  Reading rd;
  Storage storage = Storage::float32;
  if (in.inv_freq != nullptr) {
    rd.omega.assign(in.inv_freq, in.inv_freq + in.pairs);
    rd.rotary_dim = 2 * in.pairs;
    storage = narrowest_storage(in.inv_freq, in.pairs);
  } else {
    rd.sample = sample_rows(in.positions, in.rows);
    for (const std::int64_t k : rd.sample)
      rd.largest_position = std::max(rd.largest_position, std::fabs(in.positions[k]));
    const std::int64_t n = in.rows * in.width;
    RopeAmplitude amplitude;
    if (in.rotated != nullptr) {
      storage = storage_of(in.rotated, n);
      const RotatedPairing p = rotated_pairing(in, rd.sample);
      rd.pairing = p.in;
      rd.measured_in = p.measured_in;
      rd.output_pairing = p.out;
      rd.rotary_dim = in.width;
      amplitude = rotated_amplitude(in, rd.sample, p.measured_in, p.out);
    } else {
      storage = storage_of(in.cos, n, in.sin);
      rd.pairing = cache_pairing(in, rd.sample);
      rd.columns = pair_of_column(rd.pairing, in.width);
      rd.rotary_dim = rd.pairing < 0 ? 2 * in.width : in.width;
      amplitude = cache_amplitude(in, rd.sample);
    }
    rd.amplitude = id.amplitude = amplitude.mean;
    id.amplitude_spread = amplitude.spread;
  }
  // Exact arithmetic, then float32 arithmetic, in the storage the values show.
  rd.makings = {{false, storage}, {true, storage}};
  rd.storage = id.storage = storage;
  return rd;
}

// A cache's amplitude may vary by what rounds its values (float32 arithmetic's sine, the scale, the storage).
bool amplitude_varies(const RopeInput& in, const RopeIdentification& id) {
  const PrecisionModel model{true, id.storage};
  return id.amplitude_spread > (in.rotated != nullptr ? rotated_amplitude_allowance(model, id.amplitude)
                                                      : amplitude_allowance(model, id.amplitude));
}

// How well each frequency read is known, as 1 / its relative error squared: a
// stored inv_freq to its storage's step; a phase to about the same absolute
// error at every pair, so a frequency read over the positions to 1 / (w P).
std::vector<double> weights(const RopeInput& in, const Reading& rd) {
  std::vector<double> out(rd.omega.size());
  for (std::size_t j = 0; j < out.size(); ++j) {
    const double w = rd.omega[j];
    const double rel = in.inv_freq != nullptr ? (half_step(rd.storage, w) + w * 0x1p-24) / w
                                              : 1.0 / (w * std::max(rd.largest_position, 1.0));
    out[j] = 1.0 / (rel * rel);
  }
  return out;
}

}  // namespace

RopeIdentification identify_rope(const RopeInput& in, const std::vector<RopePresetScheme>& presets) {
  RopeIdentification id;
  Reading rd = read_input(in, id);
  if (in.has_head_dim && in.head_dim < static_cast<double>(rd.rotary_dim)) {
    id.error = "headDim must be at least the rotary width the input shows (" +
               format_number(static_cast<double>(rd.rotary_dim)) + "); got " + format_number(in.head_dim);
    return id;
  }
  if (in.inv_freq == nullptr) {
    if (!(rd.amplitude > 0.0)) {
      id.refusal = "every value is 0: no phase to read";
      return id;
    }
    id.not_rope = amplitude_varies(in, id);
    rd.omega = read_frequencies(in, rd);
    for (std::size_t j = 0; j < rd.omega.size(); ++j) {
      if (std::isfinite(rd.omega[j]) && rd.omega[j] > 0.0) continue;
      id.refusal = "pair " + format_number(static_cast<double>(j)) + "'s phase does not advance with the position (" +
                   format_number(rd.omega[j]) +
                   " radians per position): a RoPE input needs two rows one position apart";
      return id;
    }
  }
  // Every scheme worth measuring, with its frequencies; the nearest to the frequencies read go on.
  std::vector<Scored> all;
  std::vector<RopeScheme> schemes = preset_schemes(presets, rd.rotary_dim);
  const std::size_t preset_count = schemes.size();
  for (RopeScheme& s : fitted_schemes(rd.omega, weights(in, rd))) schemes.push_back(std::move(s));
  for (std::size_t k = 0; k < schemes.size(); ++k) {
    if (!check_scheme(schemes[k], rd.rotary_dim).empty()) continue;
    Scored s;
    s.scheme = schemes[k];
    s.round = round_scheme(s.scheme);
    s.omega.resize(rd.omega.size());
    s.scheme_attention = rope_frequencies(rd.rotary_dim, s.scheme.theta, s.scheme.scaling, s.omega.data());
    for (std::size_t j = 0; j < rd.omega.size(); ++j) {
      const double off = in.inv_freq != nullptr ? std::fabs(s.omega[j] / rd.omega[j] - 1.0)
                                                : std::fabs(s.omega[j] - rd.omega[j]) * rd.largest_position;
      s.proxy = std::max(s.proxy, off);
    }
    if (!std::isfinite(s.proxy)) continue;
    s.proxy = k < preset_count ? -1.0 : s.proxy;  // a model's own scheme is always measured
    all.push_back(std::move(s));
  }
  std::stable_sort(all.begin(), all.end(), [](const Scored& a, const Scored& b) { return a.proxy < b.proxy; });
  if (all.size() > preset_count + kSampled && in.inv_freq == nullptr) all.resize(preset_count + kSampled);
  for (Scored& s : all) {
    RopeCandidate& c = s.candidate;
    c.theta = s.scheme.theta;
    c.scaling = s.scheme.scaling;
    c.preset = s.scheme.preset;
    c.long_factors = s.scheme.long_factors;
    c.note = s.scheme.note;
    c.pairing = rd.pairing;
    c.output_pairing = rd.output_pairing;
    c.rotary_dim = rd.rotary_dim;
    score_on_sample(in, rd, s);
  }
  std::stable_sort(all.begin(), all.end(), [](const Scored& a, const Scored& b) { return better(a, b); });
  // The best few on every value (inv_freq has been: it has no rows), in
  // rank order. More values only raise a candidate's ratio or coarsen its
  // precision, so once the best verified one is at least as good as the next
  // one's sample verdict, the rest cannot overtake it.
  std::size_t verified = in.inv_freq != nullptr ? all.size() : 0;
  for (std::size_t best = 0; verified < std::min(kVerified, all.size()); ++verified) {
    verify(in, rd, all[verified]);
    if (better(all[verified], all[best])) best = verified;
    if (verified + 1 < all.size() && !better(all[verified + 1], all[best])) {
      ++verified;
      break;
    }
  }
  for (std::size_t k = 0; k < verified; ++k) all[k].candidate.verified = true;
  for (std::size_t k = verified; k < all.size(); ++k) all[k].candidate.match = false;  // measured on the sample only
  std::stable_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(verified),
                   [](const Scored& a, const Scored& b) { return better(a, b); });
  for (Scored& s : all) id.candidates.push_back(std::move(s.candidate));
  id.match = !id.candidates.empty() && id.candidates.front().match && !id.not_rope;
  return id;
}

}  // namespace phasor
