// libFuzzer harness over the core's entry points, called as the Embind
// bindings call them (cpp/bindings/*.cpp): doubles straight from JavaScript,
// checked by the same validation in the same order, then the computation.
// Built with ASan + UBSan (tools/fuzz.mjs), so a read out of bounds, an
// overflow or a double cast to an integer it does not fit is a crash too.
// Invariants: a refusal is a sentence naming what is wrong; an accepted call
// returns finite values within their mathematical bounds (|PE| <= 1, cosines
// in [-1, 1], distances in [0, sqrt(2 dModel)], ...). Sizes that validation
// accepts but that would take long are validated and not computed: the work
// per input stays bounded (kMaxValues).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "arguments.hpp"
#include "fuzz_input.hpp"
#include "phasor/analysis.hpp"
#include "phasor/attention.hpp"
#include "phasor/attention_pattern.hpp"
#include "phasor/embedding_scale.hpp"
#include "phasor/encoding.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/identify.hpp"
#include "phasor/limits.hpp"
#include "phasor/random.hpp"
#include "phasor/resolution.hpp"
#include "phasor/rope.hpp"
#include "phasor/rope_decay.hpp"
#include "phasor/rope_identify.hpp"
#include "phasor/rope_scaling.hpp"
#include "phasor/rotation.hpp"
#include "phasor/shift_fit.hpp"
#include "phasor/validation.hpp"

namespace {

using fuzz::Input;

constexpr double kMaxValues = 1 << 16;  // computed only below this many output values (or so much work)

bool refused(const std::string& message) {
  if (message.empty()) return false;
  fuzz::check_refusal(message);
  FUZZ_CHECK(message.find("must") != std::string::npos || message.find("needs") != std::string::npos ||
                 message.find("would take") != std::string::npos,
             "a refusal says what the option must be");
  return true;
}

bool finite_in(double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; }

// The bindings' own checks of the doubles they narrow, and their specs (cpp/bindings/arguments.hpp).
using phasor::bindings::attention_spec_of;
using phasor::bindings::check_attention_codes;
using phasor::bindings::check_codes;
using phasor::bindings::check_pairing_codes;
using phasor::bindings::check_pattern_codes;
using phasor::bindings::check_scaling_record;
using phasor::bindings::check_shape;
using phasor::bindings::check_table_codes;
using phasor::bindings::pattern_spec_of;
using phasor::bindings::spacing_of;
using phasor::bindings::spec_of;
using phasor::bindings::table_spec_of;
using phasor::bindings::TableOptions;

void fuzz_encode(Input& in) {
  const double positions = in.number(), d = in.number(), base = in.number(), offset = in.number();
  const double layout = in.number(), spacing = in.number();
  std::string e = check_shape(positions, d);
  if (e.empty()) e = check_codes(layout, spacing);
  if (e.empty()) e = phasor::validate(spec_of(positions, d, base, offset, layout, spacing));
  if (refused(e) || positions * d > kMaxValues) return;
  const auto spec = spec_of(positions, d, base, offset, layout, spacing);
  std::vector<float> table(static_cast<std::size_t>(positions * d));
  phasor::encode(spec, table.data());
  const std::int64_t h = spec.d_model / 2;
  for (std::int64_t r = 0; r < spec.positions; ++r) {
    const double p = offset + static_cast<double>(r);
    for (std::int64_t i = 0; i < h; ++i) {
      const double phase = p * phasor::frequency(i, spec.d_model, base, spec.spacing);
      const bool split = spec.layout == phasor::Layout::split;
      const float s = table[static_cast<std::size_t>(r * spec.d_model + (split ? i : 2 * i))];
      const float c = table[static_cast<std::size_t>(r * spec.d_model + (split ? h + i : 2 * i + 1))];
      FUZZ_CHECK(finite_in(s, -1, 1) && finite_in(c, -1, 1), "|PE| <= 1");
      // The accuracy bound of encoding.hpp, with room for the phase's own rounding.
      const double bound = 0x1p-24 + std::fabs(p) * 0x1p-50;
      FUZZ_CHECK(std::fabs(s - std::sin(phase)) <= bound && std::fabs(c - std::cos(phase)) <= bound,
                 "PE within its accuracy bound of the float64 formula");
    }
  }
}

// phasor_bindings.cpp encode() with the general table options: codes and the
// padding index checked before narrowing, then validate().
void fuzz_encode_table(Input& in) {
  const double positions = in.number(), d = in.number(), base = in.number(), offset = in.number();
  const double layout = in.number(), spacing = in.number(), order = in.number(), odd = in.number();
  const double max_frequency = in.number(), scale = in.number(), padding = in.number();
  const bool has_padding = in.byte() % 2 == 1, buffer = in.byte() % 2 == 1;
  const TableOptions t{order, odd, max_frequency, scale, has_padding, padding, buffer};
  std::string e = phasor::check_integer("positions", positions, 1, static_cast<double>(phasor::kMaxPositions));
  if (e.empty()) e = phasor::check_integer("dModel", d, 1, static_cast<double>(phasor::kMaxDModel));
  if (e.empty()) e = check_codes(layout, spacing);
  if (e.empty()) e = check_table_codes(t);
  if (refused(e)) return;  // narrowing to the spec's integers is defined only past these checks
  const phasor::EncodingSpec spec = table_spec_of(positions, d, base, offset, layout, spacing, t);
  if (refused(phasor::validate(spec)) || positions * d > kMaxValues) return;
  std::vector<float> table(static_cast<std::size_t>(positions * d));
  phasor::encode(spec, table.data());
  const auto columns = phasor::columns_of(spec);
  // |value| <= |scale|, give or take a float32 rounding and the walk's drift.
  const double most = static_cast<double>(static_cast<float>(std::fabs(scale))) * (1 + 0x1p-22);
  const double first = phasor::first_position(spec);
  for (std::int64_t r = 0; r < spec.positions; ++r) {
    const bool padding_row =
        spec.padding_idx >= 0 && first + static_cast<double>(r) == static_cast<double>(spec.padding_idx);
    for (std::int64_t c = 0; c < spec.d_model; ++c) {
      const float v = table[static_cast<std::size_t>(r * spec.d_model + c)];
      FUZZ_CHECK(finite_in(v, -most, most), "|value| <= |scale|");
      if (padding_row || (columns.zero_column && c == spec.d_model - 1))
        FUZZ_CHECK(v == 0.0f, "the padding row and the zero column are 0");
    }
  }
}

void fuzz_frequencies(Input& in) {
  const double d = in.number(), base = in.number(), spacing = in.number();
  std::string e = phasor::check_d_model(d);
  if (e.empty()) e = phasor::check_base(base);
  if (e.empty()) e = check_codes(0, spacing);
  if (refused(e)) return;
  const auto n = static_cast<std::size_t>(d / 2);
  std::vector<double> omega(n), lambda(n);
  phasor::frequencies(static_cast<std::int64_t>(d), base, omega.data(), spacing_of(spacing));
  phasor::wavelengths(static_cast<std::int64_t>(d), base, lambda.data(), spacing_of(spacing));
  FUZZ_CHECK(omega[0] == 1.0, "the first pair turns one radian per position");
  for (std::size_t i = 0; i < n; ++i) {
    FUZZ_CHECK(finite_in(omega[i], 0, 1) && (i == 0 || omega[i] <= omega[i - 1]), "0 <= w_i <= w_(i-1) <= 1");
    FUZZ_CHECK(lambda[i] >= 6.283185307179586 && !std::isnan(lambda[i]), "wavelengths from 2 pi up");
  }
}

void fuzz_dot_by_offset(Input& in) {
  const double d = in.number(), base = in.number(), max_offset = in.number(), spacing = in.number();
  std::string e = phasor::validate_dot_by_offset(d, base, max_offset);
  if (e.empty()) e = check_codes(0, spacing);
  if (refused(e) || (max_offset + 1) * d > kMaxValues) return;
  std::vector<double> dots(static_cast<std::size_t>(max_offset) + 1);
  phasor::dot_by_offset(static_cast<std::int64_t>(d), base, static_cast<std::int64_t>(max_offset), dots.data(),
                        spacing_of(spacing));
  FUZZ_CHECK(dots[0] == d / 2, "PE(p).PE(p) = dModel/2 exactly");
  for (double v : dots) FUZZ_CHECK(finite_in(v, -d / 2 - 1e-9, d / 2 + 1e-9), "|PE(p).PE(q)| <= dModel/2");
}

void fuzz_offset_row(Input& in) {
  const double n = in.number(), d = in.number(), base = in.number(), metric = in.number(), spacing = in.number();
  std::string e = phasor::validate_offset_matrix(n, d, base, metric);
  if (e.empty()) e = check_codes(0, spacing);
  if (refused(e) || n * d > kMaxValues) return;
  std::vector<float> row(static_cast<std::size_t>(n));
  const auto m = static_cast<phasor::Metric>(static_cast<int>(metric));
  phasor::offset_row(static_cast<std::int64_t>(n), static_cast<std::int64_t>(d), base, m, row.data(),
                     spacing_of(spacing));
  const double hi = m == phasor::Metric::l2 ? std::sqrt(2 * d) : m == phasor::Metric::dot ? d / 2 : 1.0;
  const double lo = m == phasor::Metric::l2 ? 0.0 : -hi;
  for (float v : row) FUZZ_CHECK(finite_in(v, lo - 1e-6 * hi, hi * (1 + 1e-6)), "metric within its bounds");
  FUZZ_CHECK(row[0] == (m == phasor::Metric::l2    ? 0.0f
                        : m == phasor::Metric::dot ? static_cast<float>(d / 2)
                                                   : 1.0f),
             "a position against itself");
}

void fuzz_pairwise(Input& in) {
  const double count = in.number(), dim = in.number(), metric = in.number();
  if (refused(phasor::validate_pairwise(count, dim, metric)) || count * dim > 4096 || count * count * dim > kMaxValues)
    return;
  const auto n = static_cast<std::int64_t>(count), d = static_cast<std::int64_t>(dim);
  std::vector<float> rows(static_cast<std::size_t>(n * d)), out(static_cast<std::size_t>(n * n));
  for (auto& v : rows) v = static_cast<float>(in.finite(1e3));
  const auto m = static_cast<phasor::Metric>(static_cast<int>(metric));
  phasor::pairwise(rows.data(), n, d, m, out.data());
  for (std::int64_t i = 0; i < n; ++i)
    for (std::int64_t j = 0; j < n; ++j) {
      const float v = out[static_cast<std::size_t>(i * n + j)];
      FUZZ_CHECK(std::isfinite(v) && v == out[static_cast<std::size_t>(j * n + i)], "finite and symmetric");
      if (m == phasor::Metric::l2) FUZZ_CHECK(v >= 0 && (i != j || v == 0), "distances >= 0, 0 to itself");
      if (m == phasor::Metric::cosine) FUZZ_CHECK(std::fabs(v) <= 1 + 1e-5, "|cosine| <= 1");
    }
}

void fuzz_rotation(Input& in) {
  const double positions = in.number(), d = in.number(), base = in.number(), offset = in.number(), k = in.number();
  const double layout = in.number(), spacing = in.number();
  std::string e = check_shape(positions, d);
  if (e.empty()) e = check_codes(layout, spacing);
  if (e.empty()) e = phasor::validate_rotation(spec_of(positions, d, base, offset, layout, spacing), k);
  if (refused(e) || d * d > kMaxValues || positions * d > kMaxValues) return;
  const auto spec = spec_of(positions, d, base, offset, layout, spacing);
  std::vector<float> m(static_cast<std::size_t>(d * d));
  phasor::rotation_matrix(spec.d_model, base, k, spec.layout, m.data(), spec.spacing);
  for (float v : m) FUZZ_CHECK(finite_in(v, -1, 1), "M_k entries are cosines and sines");
  const double error = phasor::rotation_max_error(spec, k);
  // Float32 rounding of M_k and of both tables, plus the tables' |p| 2^-51.
  const double far = std::max(std::fabs(offset), std::fabs(offset + k)) + positions;
  FUZZ_CHECK(finite_in(error, 0, 4e-7 + far * 0x1p-49), "M_k PE(p) = PE(p + k) to float32 rounding");
}

// A scaling as the bindings receive it: every field of the record and
// longrope's factor lists (read only for longrope).
struct ScalingInput {
  phasor::bindings::ScalingRecord record;
  std::vector<double> short_factor, long_factor;
  // After check_scaling_record: the scaling as the bindings build it (scaling_record.hpp).
  phasor::RopeScaling scaling() const { return phasor::bindings::scaling_of(record, short_factor, long_factor); }
};

ScalingInput scaling_from(Input& in) {
  ScalingInput s;
  auto& r = s.record;
  r.type = in.number();
  r.factor = in.number();
  r.originalLength = in.number();
  r.hasSequenceLength = in.byte() & 1;
  r.sequenceLength = in.number();
  r.betaFast = in.number();
  r.betaSlow = in.number();
  r.truncate = in.byte() & 1;
  r.lowFreqFactor = in.number();
  r.highFreqFactor = in.number();
  r.hasAttentionFactor = in.byte() & 1;
  r.attentionFactor = in.number();
  r.mscale = in.number();
  r.mscaleAllDim = in.number();
  s.short_factor = in.numbers(8);
  s.long_factor = in.numbers(8);
  return s;
}

void fuzz_rope(Input& in) {
  const double dim = in.number(), theta = in.number(), pairing = in.number(), table = in.number();
  const ScalingInput given = scaling_from(in);
  std::vector<double> positions(std::max<std::size_t>(1, in.count(8)));
  for (auto& p : positions) p = in.number();
  // rope_bindings.cpp rope(): the narrowed doubles and the record, then the core's validation.
  std::string e = phasor::check_d_model(dim, "dim");
  if (e.empty()) e = check_pairing_codes(pairing, table);
  if (e.empty()) e = check_scaling_record(given.record);
  if (refused(e)) return;
  const phasor::RopeScaling scaling = given.scaling();
  if (refused(phasor::validate_rope_scaling(scaling, dim))) return;
  phasor::RopeSpec spec;
  spec.count = static_cast<std::int64_t>(positions.size());
  spec.dim = static_cast<std::int64_t>(dim);
  spec.theta = theta;
  spec.pairing = static_cast<phasor::Pairing>(static_cast<int>(pairing));
  spec.table_layout = static_cast<phasor::Pairing>(static_cast<int>(table));
  spec.scaling = scaling;
  if (refused(phasor::validate_rope(spec, positions.data()))) return;
  std::vector<double> omega(static_cast<std::size_t>(dim / 2)), plain(omega.size());
  const double factor = phasor::rope_frequencies(spec.dim, theta, spec.scaling, omega.data());
  phasor::rope_frequencies(spec.dim, theta, phasor::RopeScaling{}, plain.data());
  FUZZ_CHECK(finite_in(factor, 1e-6, 1e6), "the attention factor");
  for (std::size_t i = 0; i < omega.size(); ++i)
    FUZZ_CHECK(omega[i] > 0 && omega[i] <= plain[i] * (1 + 1e-12), "scaling slows pairs down, never speeds them up");
  if (positions.size() * dim > kMaxValues) return;
  std::vector<float> rows(positions.size() * static_cast<std::size_t>(dim)), out(rows.size());
  for (auto& v : rows) v = static_cast<float>(in.finite(100));
  phasor::rope(spec, rows.data(), positions.data(), out.data());
  for (std::size_t r = 0; r < positions.size(); ++r) {
    double before = 0, after = 0;
    for (std::size_t j = 0; j < static_cast<std::size_t>(dim); ++j) {
      const double x = rows[r * static_cast<std::size_t>(dim) + j], y = out[r * static_cast<std::size_t>(dim) + j];
      FUZZ_CHECK(std::isfinite(y), "finite rotated rows");
      before += x * x;
      after += y * y;
    }
    if (spec.pairing == spec.table_layout)  // a rotation (times the factor) keeps the norm
      FUZZ_CHECK(std::fabs(std::sqrt(after) - factor * std::sqrt(before)) <= 1e-6 * (1 + factor * std::sqrt(before)),
                 "RoPE keeps norms");
  }
}

void fuzz_attention(Input& in) {
  const double kind = in.number(), dm = in.number(), dh = in.number(), base = in.number();
  const double pairing = in.number(), table = in.number(), weights = in.number(), heads = in.number(),
               head = in.number();
  const bool permute = in.byte() & 1, by_offset = in.byte() & 1;
  const ScalingInput given = scaling_from(in);
  std::vector<double> queries = in.numbers(6), keys = in.numbers(6);
  if (refused(check_attention_codes(kind, dm, dh, pairing, table, weights, heads, head, given.record))) return;
  const phasor::RopeScaling scaling = given.scaling();
  if (refused(phasor::validate_rope_scaling(scaling, dh, "dHead"))) return;
  const phasor::AttentionSpec spec =
      attention_spec_of(kind, dm, dh, base, pairing, table, weights, permute, heads, head, scaling);
  const auto nq = static_cast<std::int64_t>(queries.size()), nk = static_cast<std::int64_t>(keys.size());
  if (by_offset) {
    if (refused(phasor::validate_score_by_offset(spec, queries.data(), nq, keys.data(), nk))) return;
  } else {
    if (refused(phasor::validate_attention(spec, static_cast<double>(nq), static_cast<double>(nk)))) return;
    if (refused(phasor::check_positions("positions", queries.data(), nq))) return;
    if (refused(phasor::check_positions("keyPositions", keys.data(), nk))) return;
  }
  if ((nq + nk + 1) * dm * dh > kMaxValues) return;
  const std::size_t token_rows = by_offset ? 1 : static_cast<std::size_t>(nq + nk);
  std::vector<float> tokens(token_rows * static_cast<std::size_t>(dm)), wq(static_cast<std::size_t>(dm * dh)),
      wk(wq.size());
  for (auto* v : {&tokens, &wq, &wk})
    for (auto& x : *v) x = static_cast<float>(in.finite(10));
  const auto grid = static_cast<std::size_t>(nq * nk);
  std::vector<float> total(grid), cc(grid), cp(grid), pc(grid), pp(grid), bias(grid);
  if (by_offset) {
    phasor::score_by_offset(spec, tokens.data(), tokens.data(), wq.data(), wk.data(), queries.data(), nq, keys.data(),
                            nk, total.data());
  } else {
    phasor::AttentionInput input{
        queries.data(), nq,        keys.data(), nk, tokens.data(), tokens.data() + nq * spec.d_model,
        false,          wq.data(), wk.data()};
    phasor::attention_scores(spec, input, {total.data(), cc.data(), cp.data(), pc.data(), pp.data(), bias.data()});
  }
  for (std::size_t i = 0; i < grid; ++i) {
    FUZZ_CHECK(std::isfinite(total[i]), "finite scores");
    if (!by_offset && spec.kind == phasor::AttentionKind::additive) {
      const double sum = static_cast<double>(cc[i]) + cp[i] + pc[i] + pp[i];
      FUZZ_CHECK(std::fabs(sum - total[i]) <=
                     1e-5 * (1 + std::fabs(cc[i]) + std::fabs(cp[i]) + std::fabs(pc[i]) + std::fabs(pp[i])),
                 "the four terms sum to the total");
    }
    if (!by_offset && spec.kind == phasor::AttentionKind::alibi) FUZZ_CHECK(bias[i] <= 0, "ALiBi's bias is a penalty");
  }
}

void fuzz_small_experiments(Input& in) {
  const double heads = in.number();
  if (!refused(phasor::validate_alibi_heads(heads))) {
    std::vector<double> slopes(static_cast<std::size_t>(heads));
    phasor::alibi_slopes(static_cast<std::int64_t>(heads), slopes.data());
    for (double s : slopes) FUZZ_CHECK(finite_in(s, 0x1p-16, 1), "slopes in (0, 1]");
  }
  const double seed = in.number(), stream = in.number(), count = in.number(), std_dev = in.number();
  if (!refused(phasor::validate_normal_samples(seed, stream, count, std_dev)) && count <= kMaxValues) {
    std::vector<float> samples(static_cast<std::size_t>(count));
    phasor::normal_samples(static_cast<std::uint64_t>(seed), static_cast<std::uint64_t>(stream), std_dev,
                           static_cast<std::int64_t>(count), samples.data());
    for (float v : samples) FUZZ_CHECK(std::isfinite(v) && std::fabs(v) <= 40 * std_dev, "samples within 40 std");
    // A draw from sample `first` on is the rest of the whole draw (charts draw a block at a time).
    const std::int64_t n = static_cast<std::int64_t>(count), first = n / 2;
    std::vector<float> rest(static_cast<std::size_t>(n - first));
    phasor::normal_samples(static_cast<std::uint64_t>(seed), static_cast<std::uint64_t>(stream), std_dev, n - first,
                           rest.data(), static_cast<std::uint64_t>(first));
    FUZZ_CHECK(std::equal(rest.begin(), rest.end(), samples.begin() + first),
               "a draw from first continues the whole draw");
  }
  const double d = in.number(), base = in.number(), dimension = in.number(), position = in.number();
  if (!refused(phasor::validate_sine_collision(d, base, dimension, position))) {
    for (double v :
         phasor::sine_collision(static_cast<std::int64_t>(d), base, static_cast<std::int64_t>(dimension), position))
      FUZZ_CHECK(std::isfinite(v), "finite collision");
  }
  const double value = in.number();
  FUZZ_CHECK(!phasor::format_number(value).empty(), "every number has a spelling");
}

void fuzz_shift_fit(Input& in) {
  const double encoding = in.number(), d = in.number(), base = in.number(), k = in.number(), positions = in.number();
  const double offset = in.number(), stride = in.number(), extrapolate = in.number();
  std::string e = phasor::check_integer("encoding code", encoding, 0, 4).empty() ? "" : "encoding must be one of five";
  if (e.empty()) e = phasor::check_d_model(d);
  if (e.empty())
    e = phasor::check_integer("positions", positions, 1, static_cast<double>(phasor::kMaxShiftFitPositions));
  if (e.empty())
    e = phasor::check_integer("extrapolate", extrapolate, 0, static_cast<double>(phasor::kMaxShiftFitPositions));
  if (refused(e)) return;
  phasor::ShiftFitSpec spec{static_cast<phasor::ShiftEncoding>(static_cast<int>(encoding)),
                            static_cast<std::int64_t>(d),
                            base,
                            k,
                            static_cast<std::int64_t>(positions),
                            offset,
                            stride,
                            static_cast<std::int64_t>(extrapolate)};
  if (refused(phasor::validate_shift_fit(spec)) || d > 16 || positions + extrapolate > 96) return;
  const auto fit = phasor::shift_fit(spec);
  FUZZ_CHECK(fit.rank >= 0 && fit.rank <= spec.d_model, "rank <= dModel");
  // Known and reported (issue 11): when every fitted position is within about
  // 1e-300 of 0 (a subnormal offset and stride), e(p) is subnormal and the map
  // that fits it overflows float64, so the residual is NaN; validation accepts it.
  const double last = offset + (positions - 1) * stride;
  const double reach = std::max(std::fabs(offset), std::fabs(last));
  if (reach > 1e-290) {
    FUZZ_CHECK(std::isfinite(fit.residual) && fit.residual >= 0, "finite residual");
    FUZZ_CHECK(spec.extrapolate > 0 ? !std::isnan(fit.extrapolation_residual) : std::isnan(fit.extrapolation_residual),
               "an extrapolation residual exactly when extrapolating");
  }
  for (double s : fit.singular_values)
    FUZZ_CHECK(finite_in(s, 0, 1e4), "singular values of rows of norm <= sqrt(dModel)");
}

void fuzz_norms(Input& in) {
  const double d = in.number(), positions = in.number(), offset = in.number(), base = in.number();
  std::string e = phasor::check_d_model(d);
  if (e.empty()) e = phasor::check_integer("positions", positions, 1, static_cast<double>(phasor::kMaxPositions));
  if (refused(e)) return;
  const phasor::EmbeddingScaleSpec spec{static_cast<std::int64_t>(d), static_cast<std::int64_t>(positions), offset,
                                        base};
  if (!refused(phasor::validate_embedding_scale(spec)) && positions * d <= kMaxValues) {
    std::vector<float> tokens(static_cast<std::size_t>(positions * d));
    for (auto& v : tokens) v = static_cast<float>(in.finite(10));
    std::vector<double> out(static_cast<std::size_t>(positions) * phasor::kEmbeddingNormCount);
    phasor::embedding_scale(spec, tokens.data(), out.data());
    for (double v : out) FUZZ_CHECK(finite_in(v, 0, 1e6), "finite norms");
    for (std::size_t r = 0; r < static_cast<std::size_t>(positions); ++r)
      FUZZ_CHECK(std::fabs(out[phasor::kPeNorm * static_cast<std::size_t>(positions) + r] - std::sqrt(d / 2)) < 1e-9,
                 "|PE| = sqrt(dModel/2)");
    // The tokens given as standard normals and a std (as <phasor-embedding-scale>
    // passes them, checked as the binding checks them): the norms of the tokens
    // float32(std * z), bit for bit, whatever std and z are.
    const double std_dev = in.number();
    if (!refused(phasor::check_finite("embeddingStd", std_dev, 0, phasor::kMaxNormalStd))) {
      std::vector<double> normals(tokens.size());
      for (std::size_t k = 0; k < normals.size(); ++k) {
        normals[k] = in.finite(10);
        tokens[k] = static_cast<float>(std_dev * normals[k]);
      }
      std::vector<double> from_normals(out.size());
      phasor::embedding_scale(spec, tokens.data(), out.data());
      phasor::embedding_scale_from_normals(spec, normals.data(), std_dev, from_normals.data());
      FUZZ_CHECK(std::memcmp(out.data(), from_normals.data(), out.size() * sizeof(double)) == 0,
                 "norms from normals and a std are those of the rounded tokens, bit for bit");
    }
  }
  std::vector<double> bases = in.numbers(4), lengths = in.numbers(4);
  const double min_offset = in.number();
  const auto nb = static_cast<std::int64_t>(bases.size()), nl = static_cast<std::int64_t>(lengths.size());
  if (nb == 0 || nl == 0) return;  // the binding refuses empty arrays itself
  if (refused(phasor::validate_position_resolution(d, bases.data(), nb, lengths.data(), nl, min_offset))) return;
  const double longest = *std::max_element(lengths.begin(), lengths.end());
  if (static_cast<double>(nb) * longest * d > 1 << 20) return;
  std::vector<double> distance(static_cast<std::size_t>(nb * nl)), at(distance.size()), bound(lengths.size());
  phasor::position_resolution(static_cast<std::int64_t>(d), bases.data(), nb, lengths.data(), nl,
                              static_cast<std::int64_t>(min_offset), distance.data(), at.data(), bound.data());
  for (std::size_t i = 0; i < distance.size(); ++i) {
    const bool none = std::isnan(distance[i]);
    FUZZ_CHECK(none == std::isnan(at[i]), "a distance exactly where an offset is reported");
    if (!none)
      FUZZ_CHECK(finite_in(distance[i], 0, std::sqrt(2 * d) + 1e-9) && at[i] >= min_offset, "distances within bounds");
  }
}

// A base or theta as configs write them: two significant digits (10000,
// 500000, 1.5e6). identify and identifyRope fit an arbitrary one to within a
// few parts in 1e9 (float32 tables) or 1e5 (bfloat16 caches) and offer the
// round numbers near the fit, so only a round one is promised a match.
double round_base(double base) {
  const double unit = std::pow(10.0, std::floor(std::log10(base)) - 1);
  return std::max(10.0, std::round(base / unit) * unit);
}

// identify_bindings.cpp: the shape is validated, then every value must be
// finite, then the table is read. The table is either arbitrary values
// (noise, zeros, huge, subnormal) or a table encode() wrote, perturbed or
// not; every fit must describe itself consistently (a precision that
// explains it bounds every row), and an unperturbed paper table of a round base must be
// reproduced by the first fit.
void fuzz_identify(Input& in) {
  const double rows = in.number(), cols = in.number();
  const int source = in.byte() % 3;
  // identify measures every candidate form on every value: a quarter of the cap keeps one input well inside
  // -timeout under the sanitizers on a loaded machine.
  if (refused(phasor::validate_identify(rows, cols)) || rows * cols > kMaxValues / 4) return;
  const auto r = static_cast<std::int64_t>(rows), c = static_cast<std::int64_t>(cols);
  std::vector<double> table(static_cast<std::size_t>(r * c));
  bool paper_table = false;
  if (source == 0) {
    for (auto& v : table) v = in.number();
    if (std::any_of(table.begin(), table.end(), [](double v) { return !std::isfinite(v); }))
      return;  // refused by the binding
  } else {
    phasor::EncodingSpec spec{r,
                              c,
                              10.0 + std::fabs(in.finite(1e6)),
                              0.0,
                              (in.byte() & 1) ? phasor::Layout::split : phasor::Layout::interleaved,
                              phasor::Spacing::paper};
    spec.order = (in.byte() & 1) ? phasor::Order::cos_sin : phasor::Order::sin_cos;
    const bool round = (in.byte() & 1) != 0;
    if (round) spec.base = round_base(spec.base);
    if (c % 2 == 1) spec.odd_width = phasor::OddWidth::zero_column;
    if (!phasor::validate(spec).empty()) return;
    std::vector<float> out(table.size());
    phasor::encode(spec, out.data());
    for (std::size_t k = 0; k < out.size(); ++k) table[k] = out[k];
    if (source == 2)
      table[in.count(table.size() - 1)] += in.finite(1);  // one value changed (or not)
    else
      paper_table = round && c % 2 == 0 && c >= 8 && r >= 16 && spec.base <= 1e5;
  }
  const phasor::Identification id = phasor::identify(table.data(), r, c);
  for (const phasor::TableFit& fit : id.fits) {
    FUZZ_CHECK(fit.max_error >= 0 && fit.rms_error >= 0 && fit.rms_error <= fit.max_error * (1 + 1e-12),
               "0 <= rms <= max error");
    FUZZ_CHECK(fit.worst_row >= 0 && fit.worst_row < r && fit.worst_column >= 0 && fit.worst_column < c,
               "the worst value is in the table");
    FUZZ_CHECK(!fit.reproduces || (fit.explained() && fit.max_error <= fit.tolerance),
               "an exact fit is within the exact bound, and explained");
    FUZZ_CHECK(fit.explained() == fit.differs.empty(), "a fit no precision explains says what differs");
    FUZZ_CHECK(fit.deviation.size() == static_cast<std::size_t>(r), "a deviation per row");
    FUZZ_CHECK(fit.nearest < fit.precisions.size(), "the verdict shown is one of the fit's");
    for (const phasor::PrecisionVerdict& v : fit.precisions) {
      FUZZ_CHECK(v.bound.empty() || v.bound.size() == static_cast<std::size_t>(r), "a bound per row, or none");
      if (v.reproduces) {
        FUZZ_CHECK(v.worst_ratio <= 1 && v.residual_ratio <= 1, "a precision that explains it bounds every value");
        for (std::size_t k = 0; k < v.bound.size(); ++k)
          FUZZ_CHECK(fit.deviation[k] <= v.bound[k], "each row's deviation within its bound");
      }
    }
    FUZZ_CHECK(fit.form.positions == r && fit.form.d_model == c, "each form has the table's shape");
    // A form encode() refuses is listed only when nothing else fits, with an infinite error.
    FUZZ_CHECK(phasor::validate(fit.form).empty() || (std::isinf(fit.max_error) && !fit.reproduces),
               "a form encode() refuses never fits");
  }
  if (paper_table)
    FUZZ_CHECK(!id.fits.empty() && id.fits[0].reproduces, "a paper table is reproduced by the first fit");
}

// decay_bindings.cpp: ropeDecay and ropeRandomScores, checked as there.
void fuzz_rope_decay(Input& in) {
  const double d = in.number(), base = in.number(), max_distance = in.number(), samples = in.number(),
               seed = in.number();
  const ScalingInput given = scaling_from(in);
  if (refused(check_scaling_record(given.record))) return;
  const phasor::RopeScaling scaling = given.scaling();
  if (!refused(phasor::validate_rope_decay(d, base, max_distance, scaling)) && (max_distance + 1) * d <= kMaxValues) {
    const phasor::RopeDecaySpec spec{static_cast<std::int64_t>(d), base, static_cast<std::int64_t>(max_distance),
                                     scaling};
    std::vector<double> bound(static_cast<std::size_t>(max_distance + 1));
    phasor::rope_decay(spec, bound.data());
    // |S_j| <= j, so the relative bound is at most (d/2 + 1)/2, which it is at r = 0.
    const double most = (d / 2 + 1) / 2;
    FUZZ_CHECK(std::fabs(bound[0] - most) <= most * 1e-12, "the bound at r = 0 is (d/2 + 1)/2");
    for (double v : bound) FUZZ_CHECK(finite_in(v, 0, most * (1 + 1e-12)), "0 <= bound <= (d/2 + 1)/2");
  }
  if (refused(phasor::validate_rope_random_scores(d, base, max_distance, scaling, samples, seed)) ||
      samples * (max_distance + 1) * d > kMaxValues)
    return;
  const phasor::RopeDecaySpec spec{static_cast<std::int64_t>(d), base, static_cast<std::int64_t>(max_distance),
                                   scaling};
  std::vector<double> independent(static_cast<std::size_t>(max_distance + 1)), self(independent.size());
  phasor::rope_random_scores(spec, static_cast<std::int64_t>(samples), static_cast<std::uint64_t>(seed),
                             independent.data(), self.data());
  // Unit vectors: |q . R k| <= 1, and q . q = 1 at r = 0.
  FUZZ_CHECK(std::fabs(self[0] - 1) <= 1e-12, "|q . q| = 1 for unit q");
  for (std::size_t r = 0; r < self.size(); ++r)
    FUZZ_CHECK(finite_in(independent[r], 0, 1 + 1e-12) && finite_in(self[r], 0, 1 + 1e-12), "mean |q . R k| in [0, 1]");
}

// decay_bindings.cpp attentionPattern: the narrowed doubles checked first, then validate_attention_pattern.
void fuzz_attention_pattern(Input& in) {
  const double kind = in.number(), n = in.number(), dm = in.number(), dh = in.number(), base = in.number();
  const double heads = in.number(), head = in.number();
  const bool shared = in.byte() & 1, causal = in.byte() & 1, softmax = in.byte() & 1;
  const ScalingInput given = scaling_from(in);
  std::vector<double> rows = in.numbers(6), cols = in.numbers(6);
  if (refused(check_pattern_codes(kind, n, dm, dh, heads, head, given.record))) return;
  const phasor::PatternSpec spec =
      pattern_spec_of(kind, n, dm, dh, base, heads, head, shared, causal, softmax, given.scaling());
  phasor::PatternInput input;
  input.rows = rows.data();
  input.row_count = static_cast<std::int64_t>(rows.size());
  input.cols = cols.data();
  input.col_count = static_cast<std::int64_t>(cols.size());
  if (refused(phasor::validate_attention_pattern(spec, input))) return;
  // Validated sizes that would take long are not computed: the projections, and the rows' scores (a softmax row reads
  // all n keys).
  if (n * dm * dh > 4 * kMaxValues ||
      (softmax ? n : static_cast<double>(cols.size())) * static_cast<double>(rows.size()) * dh > kMaxValues)
    return;
  std::vector<float> tokens(static_cast<std::size_t>((shared ? 1 : n) * dm)), wq(static_cast<std::size_t>(dm * dh)),
      wk(wq.size());
  for (auto* v : {&tokens, &wq, &wk})
    for (auto& x : *v) x = static_cast<float>(in.finite(10));
  input.tokens = tokens.data();
  input.wq = wq.data();
  input.wk = wk.data();
  const std::size_t grid = rows.size() * cols.size();
  std::vector<float> total(grid), weights(grid), cc(grid), cp(grid), pc(grid), pp(grid);
  phasor::PatternOutput out;
  out.total = total.data();
  out.softmax = softmax ? weights.data() : nullptr;
  const bool additive = spec.attention.kind == phasor::AttentionKind::additive;
  if (additive) {
    out.terms[0] = cc.data();
    out.terms[1] = cp.data();
    out.terms[2] = pc.data();
    out.terms[3] = pp.data();
  }
  phasor::attention_pattern(spec, input, out);
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < cols.size(); ++c) {
      const std::size_t i = r * cols.size() + c;
      const bool masked = causal && cols[c] > rows[r];
      FUZZ_CHECK(masked ? std::isnan(total[i]) : std::isfinite(total[i]),
                 "finite scores; NaN exactly where the mask hides a key");
      if (softmax)
        FUZZ_CHECK(masked ? weights[i] == 0 : finite_in(weights[i], 0, 1), "softmax weights in [0, 1], 0 where masked");
      if (additive && !masked) {
        const double sum = static_cast<double>(cc[i]) + cp[i] + pc[i] + pp[i];
        FUZZ_CHECK(std::fabs(sum - total[i]) <=
                       1e-5 * (1 + std::fabs(cc[i]) + std::fabs(cp[i]) + std::fabs(pc[i]) + std::fabs(pp[i])),
                   "the four terms sum to the total");
      }
    }
}

// rope_identify_bindings.cpp: a cache (cos, sin), an inv_freq vector or
// rotated rows with their original, either arbitrary numbers or written from
// a RoPE (theta from the input, float32 or bfloat16), changed in one value or
// not; positions arbitrary or 0, 1, .... Every candidate must describe itself
// consistently, and an unchanged cache of 16 rows or more (bfloat16: of a round theta) must be matched.
void fuzz_identify_rope(Input& in) {
  const int kind = in.byte() % 3, source = in.byte() % 3;
  const double rows = in.number(), width = in.number();
  double theta = 10.0 + std::fabs(in.finite(1e7));
  const bool counting = (in.byte() & 1) != 0, bfloat16 = (in.byte() & 1) != 0;
  if (bfloat16) theta = round_base(theta);
  if (refused(phasor::check_integer("width", width, 1, static_cast<double>(phasor::kMaxDModel)))) return;
  if (refused(phasor::check_integer("rows", rows, 1, phasor::kMaxRopeValues)) || rows * width > kMaxValues) return;
  const auto n = static_cast<std::int64_t>(rows), w = static_cast<std::int64_t>(width);
  std::vector<double> positions(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k) positions[static_cast<std::size_t>(k)] = counting ? k : in.number();
  // A RoPE's values at the positions: cat(freqs, freqs) of theta at rotary width w (even w).
  const std::int64_t h = std::max<std::int64_t>(1, w / 2);
  std::vector<double> omega(static_cast<std::size_t>(h));
  for (std::int64_t i = 0; i < h; ++i) omega[static_cast<std::size_t>(i)] = std::pow(theta, -2.0 * i / (2.0 * h));
  const auto store = [&](double v) {
    float f = static_cast<float>(v);
    if (!bfloat16) return f;
    std::uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    bits = (bits + 0x7FFFu + ((bits >> 16) & 1u)) & 0xFFFF0000u;
    std::memcpy(&f, &bits, sizeof bits);
    return f;
  };
  const std::size_t count = static_cast<std::size_t>(n * w);
  std::vector<float> a(count), b(count);
  for (std::size_t k = 0; k < count; ++k) {
    if (source == 0) {
      a[k] = static_cast<float>(in.number());
      b[k] = static_cast<float>(in.number());
      continue;
    }
    const double t = positions[k / static_cast<std::size_t>(w)] *
                     omega[(k % static_cast<std::size_t>(w)) % static_cast<std::size_t>(h)];
    a[k] = store(std::cos(t));
    b[k] = store(std::sin(t));
  }
  if (source == 2 && count > 0) a[in.count(count - 1)] += static_cast<float>(in.finite(1));
  phasor::RopeInput input;
  if (kind == 1) {
    input.inv_freq = omega.data();
    input.pairs = h;
    if (source != 1) input.inv_freq = positions.data(), input.pairs = n;
  } else {
    input.positions = positions.data();
    input.rows = n;
    input.width = w;
    if (kind == 0) {
      input.cos = a.data();
      input.sin = b.data();
    } else {
      input.rotated = a.data();
      input.original = (in.byte() & 1) ? b.data() : nullptr;
    }
  }
  input.has_head_dim = (in.byte() & 1) != 0;
  input.head_dim = in.number();
  if (refused(phasor::validate_rope_input(input))) return;
  const phasor::RopeIdentification id = phasor::identify_rope(input, {});
  if (refused(id.error)) return;
  for (const phasor::RopeCandidate& c : id.candidates) {
    FUZZ_CHECK(c.positions.size() == c.deviation.size() && c.bound.size() == c.deviation.size(),
               "one deviation and bound per measured row");
    FUZZ_CHECK(c.max_error >= 0 && !std::isnan(c.worst_ratio) && c.worst_ratio >= 0, "errors are numbers >= 0");
    if (c.match) {
      FUZZ_CHECK(c.verified, "a match is verified on every value");
      for (std::size_t k = 0; k < c.bound.size(); ++k)
        FUZZ_CHECK(c.deviation[k] <= c.bound[k], "a match keeps every row within its bound");
    }
    FUZZ_CHECK(phasor::check_base(c.theta, "theta").empty(), "a candidate's theta is one rope() takes");
  }
  FUZZ_CHECK(!id.match || (!id.candidates.empty() && id.candidates[0].match), "the verdict is the best candidate's");
  if (kind == 0 && source == 1 && counting && n >= 16 && w >= 4 && w % 2 == 0 && theta <= 1e6 && !input.has_head_dim)
    FUZZ_CHECK(id.match, "an unchanged cache of 16 rows or more is matched");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  switch (in.byte() % 16) {
    case 0:
      fuzz_encode(in);
      break;
    case 1:
      fuzz_frequencies(in);
      break;
    case 2:
      fuzz_dot_by_offset(in);
      break;
    case 3:
      fuzz_offset_row(in);
      break;
    case 4:
      fuzz_pairwise(in);
      break;
    case 5:
      fuzz_rotation(in);
      break;
    case 6:
      fuzz_rope(in);
      break;
    case 7:
      fuzz_attention(in);
      break;
    case 8:
      fuzz_small_experiments(in);
      break;
    case 9:
      fuzz_shift_fit(in);
      break;
    case 10:
      fuzz_norms(in);
      break;
    case 12:
      fuzz_identify(in);
      break;
    case 13:
      fuzz_rope_decay(in);
      break;
    case 14:
      fuzz_attention_pattern(in);
      break;
    case 15:
      fuzz_identify_rope(in);
      break;
    default:
      fuzz_encode_table(in);
      break;
  }
  return 0;
}
