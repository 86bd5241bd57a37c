// What both wasm modules (phasor.wasm, the PE core, and
// phasor-experiments.wasm, RoPE and attention) export alike: freeing the
// shared result buffer, the limits table and build facts of the module, the
// names of every enum's codes and every record's fields. These are the one
// definition TypeScript reads at run time (web/src/core/module-tables.ts);
// tests/unit/wasm-module.test.ts holds the TypeScript name lists and types to them.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <array>

#include "attention_record.hpp"
#include "phasor/analysis.hpp"
#include "phasor/attention.hpp"
#include "phasor/build_info.hpp"
#include "phasor/float32_frequencies.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/layout.hpp"
#include "phasor/limits.hpp"
#include "phasor/precision.hpp"
#include "phasor/rope.hpp"
#include "phasor/rope_scaling.hpp"
#include "phasor/shift_fit.hpp"
#include "result_buffer.hpp"
#include "scaling_record.hpp"
#include "table_record.hpp"

using emscripten::val;

namespace {

void release_result() { phasor::bindings::result_scratch().release(); }

// { maxDModel: 65536, ..., simd: true }
val limits() {
  val out = val::object();
  for (const phasor::Limit& limit : phasor::kLimits) out.set(limit.name, limit.value);
  out.set("simd", phasor::simd_kernels());
  return out;
}

template <std::size_t N>
val names(const std::array<const char*, N>& list) {
  val out = val::array();
  for (const char* name : list) out.call<void>("push", val(name));
  return out;
}

// Each enum's names in code order: { layout: ['interleaved', 'split'], ... }.
val enums() {
  val out = val::object();
  out.set("layout", names(phasor::kLayoutNames));
  out.set("spacing", names(phasor::kSpacingNames));
  out.set("order", names(phasor::kOrderNames));
  out.set("oddWidth", names(phasor::kOddWidthNames));
  out.set("metric", names(phasor::kMetricNames));
  out.set("pairing", names(phasor::kPairingNames));
  out.set("ropeDims", names(phasor::kRopeDimsNames));
  out.set("attentionKind", names(phasor::kAttentionKindNames));
  out.set("ropeScalingType", names(phasor::kRopeScalingTypeNames));
  out.set("shiftEncoding", names(phasor::kShiftEncodingNames));
  out.set("precision", names(phasor::kPrecisionNames));
  out.set("frequencyRecipe", names(phasor::kFrequencyRecipeNames));
  return out;
}

// One record's field names, in the order Embind reads them.
template <class VisitFields>
val field_names(VisitFields visit_fields) {
  val out = val::array();
  visit_fields([&](const char* name, auto) { out.call<void>("push", val(name)); });
  return out;
}

// Every record's field names, by the name Embind binds it under:
// { ScalingRecord: ['type', ...], TableRecord: [...], AttentionRecord: [...] }.
// tools/finish-wasm.mjs writes them to tables.js; wasm-module.ts and
// tests/unit/wasm-arity.test.ts hold the TypeScript records to them.
val record_fields() {
  using namespace phasor::bindings;
  val out = val::object();
  out.set("ScalingRecord", field_names([](auto visit) { visit_scaling_fields(visit); }));
  out.set("TableRecord", field_names([](auto visit) { visit_table_fields(visit); }));
  out.set("AttentionRecord", field_names([](auto visit) { visit_attention_fields(visit); }));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(phasor_module) {
  emscripten::function("recordFields", &record_fields);
  emscripten::function("releaseResult", &release_result);
  emscripten::function("limits", &limits);
  emscripten::function("enums", &enums);
}
