// Embind for the RoPE, attention and "why this design" experiments, in the
// manner of phasor_bindings.cpp: doubles in, a typed_memory_view into the
// shared result buffer (or a string saying why the input was refused) out.
// Arrays travel in through input slots (input_slots.hpp); the frequency
// scaling and the attention options as value_objects (scaling_record.hpp,
// attention_record.hpp).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "attention_record.hpp"
#include "input_slots.hpp"
#include "phasor/attention.hpp"
#include "phasor/embedding_scale.hpp"
#include "phasor/limits.hpp"
#include "phasor/random.hpp"
#include "phasor/resolution.hpp"
#include "phasor/rope.hpp"
#include "phasor/rope_scaling.hpp"
#include "phasor/shift_fit.hpp"
#include "phasor/validation.hpp"
#include "result_buffer.hpp"
#include "scaling_record.hpp"

using emscripten::val;
using phasor::bindings::AttentionRecord;
using phasor::bindings::InputsReleaser;
using phasor::bindings::out_of_memory;
using phasor::bindings::result_buffer;
using phasor::bindings::ScalingRecord;
using phasor::bindings::slot_count;
using phasor::bindings::slot_data;
using phasor::bindings::slot_given;
using namespace phasor::bindings;  // the Slot names

namespace {

val input_float32(double slot, double count) { return input_view<float>(slot, count); }
val input_float64(double slot, double count) { return input_view<double>(slot, count); }

// { positions: 0, keyPositions: 1, ... }
val input_slots() {
  val out = val::object();
  for (int slot = 0; slot < kSlotCount; ++slot) out.set(kSlotNames[static_cast<std::size_t>(slot)], slot);
  return out;
}

// The record as C++ default-constructs it: the defaults of every scaling
// option (transformers' own, e.g. YaRN's beta_fast 32), which the TypeScript
// reads from the build's tables.js instead of writing them again.
ScalingRecord scaling_defaults() { return ScalingRecord{}; }

std::string missing(const char* what, std::size_t want, std::size_t got) {
  return std::string(what) + " must hold " + phasor::format_number(static_cast<double>(want)) + " values; got " +
         phasor::format_number(static_cast<double>(got));
}

// seed_name and std_name: the options the caller gave them as (seed and
// std here; tokenStd, embeddingStd when another function draws).
val normal_samples(double seed, double stream, double count, double std_dev, const std::string& seed_name,
                   const std::string& std_name, double first) {
  if (auto e =
          phasor::validate_normal_samples(seed, stream, count, std_dev, seed_name.c_str(), std_name.c_str(), first);
      !e.empty())
    return val(e);
  const auto n = static_cast<std::size_t>(count);
  float* out = result_buffer<float>(n);
  if (out == nullptr) return out_of_memory(count * 4);
  phasor::normal_samples(static_cast<std::uint64_t>(seed), static_cast<std::uint64_t>(stream), std_dev,
                         static_cast<std::int64_t>(count), out, static_cast<std::uint64_t>(first));
  return val(emscripten::typed_memory_view(n, out));
}

// The float64 normals before scaling: normal_samples(std)[k] is float32(std * these[k]).
val standard_normals(double seed, double stream, double count, double first) {
  if (auto e = phasor::validate_normal_samples(seed, stream, count, 1.0, "seed", "std", first); !e.empty())
    return val(e);
  const auto n = static_cast<std::size_t>(count);
  double* out = result_buffer<double>(n);
  if (out == nullptr) return out_of_memory(count * 8);
  phasor::standard_normals(static_cast<std::uint64_t>(seed), static_cast<std::uint64_t>(stream),
                           static_cast<std::int64_t>(count), out, static_cast<std::uint64_t>(first));
  return val(emscripten::typed_memory_view(n, out));
}

// Rows in slot kRows, positions in kPositions, longrope's factors in
// kShortFactor / kLongFactor.
// M-RoPE: mrope true, positions 3 x count (t, h, w), sections mrope_t/h/w.
val rope(double dim, double rotary_dim, double rope_dims, double theta, double pairing, double table_layout,
         double output_pairing, bool mrope, double mrope_t, double mrope_h, double mrope_w, bool mrope_interleaved,
         double query_scale_beta, double query_scale_length, const ScalingRecord& scaling) {
  InputsReleaser release;
  if (auto e = phasor::check_d_model(dim, "dim"); !e.empty()) return val(e);
  if (auto e = phasor::check_rotary_dim(rotary_dim, dim); !e.empty()) return val(e);
  if (auto e = phasor::check_choice("ropeDims", rope_dims, phasor::kRopeDimsNames); !e.empty()) return val(e);
  if (auto e = check_pairing_codes(pairing, table_layout); !e.empty()) return val(e);
  if (auto e = phasor::check_pairing("outputPairing", output_pairing); !e.empty()) return val(e);
  if (auto e = check_scaling_record(scaling); !e.empty()) return val(e);
  const double* positions = slot_data<double>(kPositions);
  const float* rows = slot_data<float>(kRows);
  const std::size_t given = slot_count(kPositions);
  const std::size_t count = mrope ? given / 3 : given;
  if (positions == nullptr || count == 0) return val(std::string("positions must not be empty"));
  if (mrope && given % 3 != 0)
    return val("positions must hold 3 x count values with mrope (t, h, w); got " +
               phasor::format_number(static_cast<double>(given)));
  for (const double section : {mrope_t, mrope_h, mrope_w})
    if (auto e = phasor::check_integer("mrope.sections[k]", section, 0, dim / 2); mrope && !e.empty()) return val(e);
  if (rows == nullptr || slot_count(kRows) != count * static_cast<std::size_t>(dim))
    return val(missing("rows (positions.length x dim)", count * static_cast<std::size_t>(dim), slot_count(kRows)));
  phasor::RopeSpec spec;
  spec.count = static_cast<std::int64_t>(count);
  spec.dim = static_cast<std::int64_t>(dim);
  spec.rotary_dim = static_cast<std::int64_t>(rotary_dim);
  spec.rope_dims = static_cast<phasor::RopeDims>(static_cast<int>(rope_dims));
  spec.theta = theta;
  spec.pairing = static_cast<phasor::Pairing>(static_cast<int>(pairing));
  spec.table_layout = static_cast<phasor::Pairing>(static_cast<int>(table_layout));
  spec.output_pairing = static_cast<phasor::Pairing>(static_cast<int>(output_pairing));
  spec.mrope = mrope;
  spec.mrope_interleaved = mrope_interleaved;
  if (mrope)
    spec.mrope_sections = {static_cast<std::int64_t>(mrope_t), static_cast<std::int64_t>(mrope_h),
                           static_cast<std::int64_t>(mrope_w)};
  spec.query_scale_beta = query_scale_beta;
  spec.query_scale_length = query_scale_length;
  spec.scaling = scaling_of(scaling);
  if (auto e = phasor::validate_rope(spec, positions); !e.empty()) return val(e);
  float* out = result_buffer<float>(slot_count(kRows));
  if (out == nullptr) return out_of_memory(static_cast<double>(slot_count(kRows)) * 4);
  phasor::rope(spec, rows, positions, out);
  return val(emscripten::typed_memory_view(slot_count(kRows), out));
}

// [scaled w_i (rotaryDim/2), unscaled w_i (rotaryDim/2), attention factor];
// longrope's factors in kShortFactor / kLongFactor.
val rope_frequencies(double dim, double rotary_dim, double theta, const ScalingRecord& scaling) {
  InputsReleaser release;
  if (auto e = phasor::check_d_model(dim, "dim"); !e.empty()) return val(e);
  if (auto e = phasor::check_rotary_dim(rotary_dim, dim); !e.empty()) return val(e);
  if (auto e = phasor::check_base(theta, "theta"); !e.empty()) return val(e);
  if (auto e = check_scaling_record(scaling); !e.empty()) return val(e);
  const phasor::RopeScaling s = scaling_of(scaling);
  const bool partial = rotary_dim != 0.0 && rotary_dim != dim;
  const double width = partial ? rotary_dim : dim;
  if (auto e = phasor::validate_rope_scaling(s, width, partial ? "rotaryDim" : "dim"); !e.empty()) return val(e);
  const auto d = static_cast<std::int64_t>(width);
  const auto h = static_cast<std::size_t>(d / 2);
  double* out = result_buffer<double>(2 * h + 1);
  if (out == nullptr) return out_of_memory(width * 8);
  out[2 * h] = phasor::rope_frequencies(d, theta, s, out);
  phasor::rope_frequencies(d, theta, phasor::RopeScaling{}, out + h);
  return val(emscripten::typed_memory_view(2 * h + 1, out));
}

// Weights and tokens of the right sizes, or what is wrong with them.
std::string check_weights(std::size_t d_model, std::size_t d_head) {
  const std::size_t want = d_model * d_head;
  if (slot_data<float>(kWq) == nullptr || slot_count(kWq) != want)
    return missing("wq (dModel x dHead)", want, slot_count(kWq));
  if (slot_data<float>(kWk) == nullptr || slot_count(kWk) != want)
    return missing("wk (dModel x dHead)", want, slot_count(kWk));
  return "";
}

// The attention options checked (codes, sizes, and what the kind does not use),
// then the spec: "" and spec set, or why the options were refused.
std::string attention_spec(const AttentionRecord& a, phasor::AttentionSpec& spec) {
  if (auto e = check_attention_codes(a.kind, a.dModel, a.dHead, a.pairing, a.tableLayout, a.weightLayout, a.heads,
                                     a.head, a.scaling);
      !e.empty())
    return e;
  if (auto e = check_attention_extras(a.base, a.theta, a.seed, a.tokenStd); !e.empty()) return e;
  spec = attention_spec_of(a.kind, a.dModel, a.dHead, base_of_kind(a.kind, a.base, a.theta), a.pairing, a.tableLayout,
                           a.weightLayout, a.permute, a.heads, a.head, scaling_of(a.scaling));
  return "";
}

// Query positions in kPositions, key positions in kKeyPositions (when not
// given, the query positions), tokens in kTokens / kKeyTokens (one row each
// when shared), weights in kWq, kWk. Returns total, then the four terms
// (additive) or the bias (alibi), each queries x keys. With validate_only,
// "" once the options and positions pass, before any token or weight is
// read: the caller then draws them (which is most of a refused call's time
// otherwise). d_head_name: "dModel" when dHead defaults to it.
val attention_scores(const AttentionRecord& options, bool shared_tokens, const std::string& d_head_name,
                     bool validate_only) {
  InputsReleaser release;
  phasor::AttentionSpec spec;
  if (auto e = attention_spec(options, spec); !e.empty()) return val(e);
  phasor::AttentionInput in;
  in.query_positions = slot_data<double>(kPositions);
  in.queries = static_cast<std::int64_t>(slot_count(kPositions));
  const bool own_keys = slot_given(kKeyPositions);
  in.key_positions = own_keys ? slot_data<double>(kKeyPositions) : in.query_positions;
  in.keys = own_keys ? static_cast<std::int64_t>(slot_count(kKeyPositions)) : in.queries;
  if (auto e = phasor::validate_attention(spec, static_cast<double>(in.queries), static_cast<double>(in.keys),
                                          "positions.length", "keyPositions.length", d_head_name.c_str());
      !e.empty())
    return val(e);
  if (auto e = phasor::check_positions("positions", in.query_positions, in.queries); !e.empty()) return val(e);
  if (auto e = phasor::check_positions("keyPositions", in.key_positions, in.keys); !e.empty()) return val(e);
  if (validate_only) return val(std::string());
  const auto dm = static_cast<std::size_t>(options.dModel);
  const std::size_t query_rows = shared_tokens ? 1 : static_cast<std::size_t>(in.queries);
  const std::size_t key_rows = shared_tokens ? 1 : static_cast<std::size_t>(in.keys);
  in.query_tokens = slot_data<float>(kTokens);
  in.key_tokens = slot_data<float>(kKeyTokens) != nullptr ? slot_data<float>(kKeyTokens) : in.query_tokens;
  const std::size_t key_count = slot_data<float>(kKeyTokens) != nullptr ? slot_count(kKeyTokens) : slot_count(kTokens);
  if (in.query_tokens == nullptr || slot_count(kTokens) != query_rows * dm)
    return val(missing(shared_tokens ? "tokens (one row of dModel)" : "tokens (positions.length x dModel)",
                       query_rows * dm, slot_count(kTokens)));
  if (key_count != key_rows * dm) return val(missing("key tokens", key_rows * dm, key_count));
  if (auto e = check_weights(dm, static_cast<std::size_t>(options.dHead)); !e.empty()) return val(e);
  in.shared_tokens = shared_tokens;
  in.wq = slot_data<float>(kWq);
  in.wk = slot_data<float>(kWk);

  const auto grid = static_cast<std::size_t>(in.queries * in.keys);
  const std::size_t blocks = spec.kind == phasor::AttentionKind::additive ? 5
                             : spec.kind == phasor::AttentionKind::alibi  ? 2
                                                                          : 1;
  float* out = result_buffer<float>(grid * blocks);
  if (out == nullptr) return out_of_memory(static_cast<double>(grid * blocks) * 4);
  phasor::AttentionScores scores;
  scores.total = out;
  if (spec.kind == phasor::AttentionKind::additive) {
    scores.content_content = out + grid;
    scores.content_position = out + 2 * grid;
    scores.position_content = out + 3 * grid;
    scores.position_position = out + 4 * grid;
  } else if (spec.kind == phasor::AttentionKind::alibi) {
    scores.bias = out + grid;
  }
  phasor::attention_scores(spec, in, scores);
  return val(emscripten::typed_memory_view(grid * blocks, out));
}

// Anchors in kPositions, offsets in kKeyPositions, one token in kTokens (and
// optionally kKeyTokens), weights in kWq, kWk: anchors x offsets scores
// (additive: then its four terms, four more such blocks). validate_only and
// d_head_name as attention_scores takes them.
val score_by_offset(const AttentionRecord& options, const std::string& d_head_name, bool validate_only) {
  InputsReleaser release;
  phasor::AttentionSpec spec;
  if (auto e = attention_spec(options, spec); !e.empty()) return val(e);
  const double* anchors = slot_data<double>(kPositions);
  const double* offsets = slot_data<double>(kKeyPositions);
  const auto na = static_cast<std::int64_t>(slot_count(kPositions));
  const auto no = static_cast<std::int64_t>(slot_count(kKeyPositions));
  if (anchors == nullptr || offsets == nullptr) return val(std::string("anchors and offsets must not be empty"));
  if (auto e = phasor::validate_score_by_offset(spec, anchors, na, offsets, no, d_head_name.c_str()); !e.empty())
    return val(e);
  if (validate_only) return val(std::string());
  const auto dm = static_cast<std::size_t>(options.dModel);
  const float* query_token = slot_data<float>(kTokens);
  const float* key_token = slot_data<float>(kKeyTokens) != nullptr ? slot_data<float>(kKeyTokens) : query_token;
  if (query_token == nullptr || slot_count(kTokens) != dm)
    return val(missing("token (one row of dModel)", dm, slot_count(kTokens)));
  if (key_token != query_token && slot_count(kKeyTokens) != dm)
    return val(missing("key token (one row of dModel)", dm, slot_count(kKeyTokens)));
  if (auto e = check_weights(dm, static_cast<std::size_t>(options.dHead)); !e.empty()) return val(e);
  // Additive PE: the totals, then its four terms (four more blocks of anchors x offsets).
  const bool additive = spec.kind == phasor::AttentionKind::additive;
  const auto grid = static_cast<std::size_t>(na * no);
  const std::size_t count = additive ? 5 * grid : grid;
  float* out = result_buffer<float>(count);
  if (out == nullptr) return out_of_memory(static_cast<double>(count) * 4);
  phasor::score_by_offset(spec, query_token, key_token, slot_data<float>(kWq), slot_data<float>(kWk), anchors, na,
                          offsets, no, out, additive ? out + grid : nullptr);
  return val(emscripten::typed_memory_view(count, out));
}

val alibi_slopes(double heads) {
  if (auto e = phasor::validate_alibi_heads(heads); !e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(heads);
  double* out = result_buffer<double>(n);
  if (out == nullptr) return out_of_memory(heads * 8);
  phasor::alibi_slopes(static_cast<std::int64_t>(heads), out);
  return val(emscripten::typed_memory_view(n, out));
}

// Packed float64: [residual, extrapolationResidual, rank, map (d x d),
// perPosition (positions + extrapolate), singularValues (min(positions, d)),
// frequencies (d/2, or d for sine-only)].
val shift_fit(double encoding, double d_model, double base, double k, double positions, double offset, double stride,
              double extrapolate) {
  if (auto e = phasor::check_choice("encoding", encoding, phasor::kShiftEncodingNames); !e.empty()) return val(e);
  if (auto e = phasor::check_d_model(d_model); !e.empty()) return val(e);
  const auto max_positions = static_cast<double>(phasor::kMaxShiftFitPositions);
  if (auto e = phasor::check_integer("positions", positions, 1, max_positions); !e.empty()) return val(e);
  if (auto e = phasor::check_integer("extrapolate", extrapolate, 0, max_positions); !e.empty()) return val(e);
  phasor::ShiftFitSpec spec;
  spec.encoding = static_cast<phasor::ShiftEncoding>(static_cast<int>(encoding));
  spec.d_model = static_cast<std::int64_t>(d_model);
  spec.base = base;
  spec.k = k;
  spec.positions = static_cast<std::int64_t>(positions);
  spec.offset = offset;
  spec.stride = stride;
  spec.extrapolate = static_cast<std::int64_t>(extrapolate);
  if (auto e = phasor::validate_shift_fit(spec); !e.empty()) return val(e);
  const auto fit = phasor::shift_fit(spec);
  const auto w = phasor::shift_encoding_frequencies(spec);
  const std::size_t count = 3 + fit.map.size() + fit.per_position.size() + fit.singular_values.size() + w.size();
  double* out = result_buffer<double>(count);
  if (out == nullptr) return out_of_memory(static_cast<double>(count) * 8);
  double* at = out;
  *at++ = fit.residual;
  *at++ = fit.extrapolation_residual;
  *at++ = static_cast<double>(fit.rank);
  for (const auto* part : {&fit.map, &fit.per_position, &fit.singular_values, &w})
    at = std::copy(part->begin(), part->end(), at);
  return val(emscripten::typed_memory_view(count, out));
}

val sine_collision(double d_model, double base, double dimension, double position) {
  if (auto e = phasor::validate_sine_collision(d_model, base, dimension, position); !e.empty()) return val(e);
  const auto values =
      phasor::sine_collision(static_cast<std::int64_t>(d_model), base, static_cast<std::int64_t>(dimension), position);
  double* out = result_buffer<double>(values.size());
  if (out == nullptr) return out_of_memory(48);
  std::copy(values.begin(), values.end(), out);
  return val(emscripten::typed_memory_view(values.size(), out));
}

// Tokens (positions x dModel) in kTokens, or standard normals in kNormals
// (tokens float32(std_dev * z)). Returns the five norms per position
// (phasor::EmbeddingNorm order) as float32.
// seed and std_dev are checked whatever the tokens' source (tokens given
// leave them unused, but a wrong one is never silently accepted).
val embedding_scale(double d_model, double positions, double offset, double base, double seed, double std_dev) {
  InputsReleaser release;
  if (auto e = phasor::check_d_model(d_model); !e.empty()) return val(e);
  if (auto e = phasor::check_integer("positions", positions, 1, static_cast<double>(phasor::kMaxPositions)); !e.empty())
    return val(e);
  if (auto e = phasor::check_integer("seed", seed, 0, phasor::kMaxSeed); !e.empty()) return val(e);
  if (auto e = phasor::check_finite("embeddingStd", std_dev, 0, phasor::kMaxNormalStd); !e.empty()) return val(e);
  phasor::EmbeddingScaleSpec spec{static_cast<std::int64_t>(d_model), static_cast<std::int64_t>(positions), offset,
                                  base};
  if (auto e = phasor::validate_embedding_scale(spec); !e.empty()) return val(e);
  const auto want = static_cast<std::size_t>(positions * d_model);
  const bool normals = slot_given(kNormals);
  if (normals) {
    if (slot_count(kNormals) != want) return val(missing("normals (positions x dModel)", want, slot_count(kNormals)));
  } else if (slot_data<float>(kTokens) == nullptr || slot_count(kTokens) != want) {
    return val(missing("tokens (positions x dModel)", want, slot_count(kTokens)));
  }
  const auto count = static_cast<std::size_t>(positions) * phasor::kEmbeddingNormCount;
  // float64 norms in the buffer, then narrowed in place (as dotByOffset does).
  auto* norms = result_buffer<double>(count);
  if (norms == nullptr) return out_of_memory(static_cast<double>(count) * 8);
  if (normals) {
    phasor::embedding_scale_from_normals(spec, slot_data<double>(kNormals), std_dev, norms);
  } else {
    phasor::embedding_scale(spec, slot_data<float>(kTokens), norms);
  }
  return val(emscripten::typed_memory_view(count, phasor::bindings::narrow_in_place(norms, count)));
}

// Bases in kBases, lengths in kLengths. Returns float64 [minDistance
// (bases x lengths), atOffset (bases x lengths), float32Bound (lengths)].
val position_resolution(double d_model, double min_offset) {
  InputsReleaser release;
  const double* bases = slot_data<double>(kBases);
  const double* lengths = slot_data<double>(kLengths);
  if (bases == nullptr || lengths == nullptr) return val(std::string("bases and lengths must not be empty"));
  const auto nb = static_cast<std::int64_t>(slot_count(kBases));
  const auto nl = static_cast<std::int64_t>(slot_count(kLengths));
  if (auto e = phasor::validate_position_resolution(d_model, bases, nb, lengths, nl, min_offset); !e.empty())
    return val(e);
  const auto count = static_cast<std::size_t>(2 * nb * nl + nl);
  double* out = result_buffer<double>(count);
  if (out == nullptr) return out_of_memory(static_cast<double>(count) * 8);
  phasor::position_resolution(static_cast<std::int64_t>(d_model), bases, nb, lengths, nl,
                              static_cast<std::int64_t>(min_offset), out, out + nb * nl, out + 2 * nb * nl);
  return val(emscripten::typed_memory_view(count, out));
}

}  // namespace

EMSCRIPTEN_BINDINGS(phasor_rope) {
  auto scaling = emscripten::value_object<ScalingRecord>("ScalingRecord");
  visit_scaling_fields([&](const char* name, auto member) { scaling.field(name, member); });
  auto attention = emscripten::value_object<AttentionRecord>("AttentionRecord");
  visit_attention_fields([&](const char* name, auto member) { attention.field(name, member); });
  emscripten::function("inputFloat32", &input_float32);
  emscripten::function("inputFloat64", &input_float64);
  emscripten::function("releaseInputs", &phasor::bindings::release_inputs);
  emscripten::function("inputSlots", &input_slots);
  emscripten::function("scalingDefaults", &scaling_defaults);
  emscripten::function("normalSamples", &normal_samples);
  emscripten::function("standardNormals", &standard_normals);
  emscripten::function("rope", &rope);
  emscripten::function("ropeFrequencies", &rope_frequencies);
  emscripten::function("attentionScores", &attention_scores);
  emscripten::function("scoreByOffset", &score_by_offset);
  emscripten::function("alibiSlopes", &alibi_slopes);
  emscripten::function("shiftFit", &shift_fit);
  emscripten::function("sineCollision", &sine_collision);
  emscripten::function("embeddingScale", &embedding_scale);
  emscripten::function("positionResolution", &position_resolution);
}
