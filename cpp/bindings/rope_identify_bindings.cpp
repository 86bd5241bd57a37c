// Embind for identifyRope (cpp/include/phasor/rope_identify.hpp). Arrays come
// in through the input slots (input_slots.hpp): invFreq (f64), or cos and sin
// (f32), or rotated and original (f32), with positions (f64). The presets
// worth naming come as plain objects (their data lives in
// web/src/core/rope-presets.ts). Returns the identification as a plain
// object, each candidate's per-row arrays as Float64Array copies, or a string
// saying why the input was refused.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "input_slots.hpp"
#include "phasor/rope_identify.hpp"
#include "phasor/validation.hpp"
#include "scaling_record.hpp"

using emscripten::val;
using namespace phasor::bindings;  // the Slot names

namespace {

val float64_array(const std::vector<double>& values) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(values.size(), values.data()));
}

// The scaling as the record's fields (scaling_record.hpp), longrope's lists beside them.
val scaling_object(const phasor::RopeScaling& s) {
  val out = val::object();
  out.set("type", static_cast<int>(s.type));
  out.set("factor", s.factor);
  out.set("originalLength", s.original_length);
  out.set("hasSequenceLength", s.sequence_length > 0.0);
  out.set("sequenceLength", s.sequence_length);
  out.set("betaFast", s.beta_fast);
  out.set("betaSlow", s.beta_slow);
  out.set("truncate", s.truncate);
  out.set("lowFreqFactor", s.low_freq_factor);
  out.set("highFreqFactor", s.high_freq_factor);
  out.set("hasAttentionFactor", s.attention_factor > 0.0);
  out.set("attentionFactor", s.attention_factor);
  out.set("mscale", s.mscale);
  out.set("mscaleAllDim", s.mscale_all_dim);
  out.set("shortFactor", float64_array(s.short_factor));
  out.set("longFactor", float64_array(s.long_factor));
  return out;
}

val candidate_object(const phasor::RopeCandidate& c) {
  val out = val::object();
  out.set("theta", c.theta);
  out.set("scaling", scaling_object(c.scaling));
  out.set("preset", c.preset);
  out.set("longFactors", c.long_factors);
  out.set("note", c.note);
  out.set("attentionFactor", c.attention_factor);
  out.set("attentionMeasured", c.attention_measured);
  out.set("pairing", c.pairing);
  out.set("outputPairing", c.output_pairing);
  out.set("rotaryDim", static_cast<double>(c.rotary_dim));
  out.set("precision", phasor::kPrecisionNames[static_cast<std::size_t>(c.precision)]);
  out.set("match", c.match);
  out.set("exact", c.exact);
  out.set("verified", c.verified);
  out.set("maxError", c.max_error);
  out.set("worstRatio", c.worst_ratio);
  out.set("positions", float64_array(c.positions));
  out.set("deviation", float64_array(c.deviation));
  out.set("bound", float64_array(c.bound));
  return out;
}

// [{ preset, theta, rotaryDim, scaling (a ScalingRecord), shortFactor, longFactor }]
std::vector<phasor::RopePresetScheme> presets_of(const val& list) {
  std::vector<phasor::RopePresetScheme> out;
  const auto n = list["length"].as<unsigned>();
  for (unsigned k = 0; k < n; ++k) {
    const val p = list[k];
    const auto record = p["scaling"].as<ScalingRecord>();
    if (!check_scaling_record(record).empty()) continue;
    phasor::RopePresetScheme scheme;
    scheme.preset = p["preset"].as<int>();
    scheme.theta = p["theta"].as<double>();
    scheme.rotary_dim = static_cast<std::int64_t>(p["rotaryDim"].as<double>());
    scheme.scaling = scaling_of(record, emscripten::vecFromJSArray<double>(p["shortFactor"]),
                                emscripten::vecFromJSArray<double>(p["longFactor"]));
    out.push_back(std::move(scheme));
  }
  return out;
}

val identify_rope(double width, bool has_head_dim, double head_dim, bool original_one_row, const val& presets) {
  InputsReleaser release;
  phasor::RopeInput in;
  in.has_head_dim = has_head_dim;
  in.head_dim = head_dim;
  if (slot_given(kInvFreq)) {
    in.inv_freq = slot_data<double>(kInvFreq);
    in.pairs = static_cast<std::int64_t>(slot_count(kInvFreq));
    if (in.inv_freq == nullptr) return val(std::string("invFreq must hold at least one frequency"));
  } else {
    if (auto e = phasor::check_integer("width", width, 1, static_cast<double>(phasor::kMaxDModel)); !e.empty())
      return val(e);
    in.width = static_cast<std::int64_t>(width);
    in.positions = slot_data<double>(kPositions);
    in.rows = static_cast<std::int64_t>(slot_count(kPositions));
    if (in.positions == nullptr) return val(std::string("positions must not be empty"));
    const std::size_t values = slot_count(kPositions) * static_cast<std::size_t>(width);
    const char* given = slot_given(kRotated) ? "rotated" : "cos";
    for (const Slot slot : {kCos, kSin, kRotated}) {
      if (slot_given(slot) && slot_count(slot) != values)
        return val(std::string(kSlotNames[slot]) +
                   " must hold positions.length x width = " + phasor::format_number(static_cast<double>(values)) +
                   " values; got " + phasor::format_number(static_cast<double>(slot_count(slot))) + " (" + given + ")");
    }
    in.cos = slot_data<float>(kCos);
    in.sin = slot_data<float>(kSin);
    in.rotated = slot_data<float>(kRotated);
    in.original = slot_data<float>(kOriginal);
    in.original_one_row = original_one_row;
    const std::size_t original = original_one_row ? static_cast<std::size_t>(width) : values;
    if (slot_given(kOriginal) && slot_count(kOriginal) != original)
      return val("original must hold " + std::string(original_one_row ? "width" : "positions.length x width") + " = " +
                 phasor::format_number(static_cast<double>(original)) + " values; got " +
                 phasor::format_number(static_cast<double>(slot_count(kOriginal))));
  }
  if (auto e = phasor::validate_rope_input(in); !e.empty()) return val(e);
  const phasor::RopeIdentification id = phasor::identify_rope(in, presets_of(presets));
  if (!id.error.empty()) return val(id.error);
  val out = val::object();
  out.set("match", id.match);
  out.set("storage", phasor::kPrecisionNames[static_cast<std::size_t>(phasor::precision_of({true, id.storage}))]);
  out.set("amplitude", id.amplitude);
  out.set("amplitudeSpread", id.amplitude_spread);
  out.set("notRope", id.not_rope);
  out.set("refusal", id.refusal);
  val candidates = val::array();
  for (const phasor::RopeCandidate& c : id.candidates) candidates.call<void>("push", candidate_object(c));
  out.set("candidates", candidates);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(phasor_rope_identify) { emscripten::function("identifyRope", &identify_rope); }
