// Embind for identify (cpp/include/phasor/identify.hpp). JavaScript asks
// identifyInput for a Float64Array view of rows x cols values (then the rows'
// sequence indices, when it gives them), fills it at once (a later call may
// grow memory and detach the view), then calls identify, which reads it,
// frees it whatever the outcome, and returns { storage, fits } (each fit a
// plain object with the options' names, its per-row arrays copied into
// JavaScript) or a string saying why the table was refused.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <string>

#include "phasor/float32_frequencies.hpp"
#include "phasor/identify.hpp"
#include "phasor/precision.hpp"
#include "phasor/validation.hpp"
#include "result_buffer.hpp"

using emscripten::val;

namespace {

phasor::bindings::Scratch g_table;

val identify_input(double rows, double cols, bool indexed) {
  if (auto e = phasor::validate_identify(rows, cols); !e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(rows * cols + (indexed ? rows : 0));
  auto* in = static_cast<double*>(g_table.reserve(n * sizeof(double)));
  if (in == nullptr) return phasor::bindings::out_of_memory(rows * cols * 8);
  return val(emscripten::typed_memory_view(n, in));
}

// A copy in a JavaScript Float64Array (the C++ vector dies with the call).
val copied(const std::vector<double>& values) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(values.size(), values.data()));
}

const char* storage_name(phasor::Storage storage) {
  return phasor::kPrecisionNames[static_cast<std::size_t>(phasor::precision_of({true, storage}))];
}

val verdict_object(const phasor::PrecisionVerdict& v) {
  val out = val::object();
  out.set("precision", phasor::kPrecisionNames[static_cast<std::size_t>(phasor::precision_of(v.model))]);
  out.set("float32Arithmetic", v.model.float32_arithmetic);
  out.set("frequencies",
          v.recipe < 0 ? val::null() : val(phasor::kFrequencyRecipeNames[static_cast<std::size_t>(v.recipe)]));
  out.set("reproduces", v.reproduces);
  out.set("bound", v.bound.empty() ? val::null() : copied(v.bound));
  out.set("worstRatio", v.worst_ratio);
  out.set("worstRatioRow", static_cast<double>(v.worst_row));
  out.set("worstRatioColumn", static_cast<double>(v.worst_column));
  out.set("worstRatioBound", v.worst_bound);
  out.set("residualRatio", v.residual_ratio);
  out.set("steppedFrequencies", static_cast<double>(v.stepped_pairs));
  return out;
}

val fit_object(const phasor::TableFit& fit) {
  const phasor::EncodingSpec& f = fit.form;
  val out = val::object();
  out.set("layout", phasor::kLayoutNames[static_cast<std::size_t>(f.layout)]);
  out.set("order", phasor::kOrderNames[static_cast<std::size_t>(f.order)]);
  out.set("oddWidth", phasor::kOddWidthNames[static_cast<std::size_t>(f.odd_width)]);
  out.set("spacing", f.spacing == phasor::Spacing::paper ? "paper" : "geometric");
  out.set("base", f.base);
  out.set("maxFrequency", f.max_frequency);
  out.set("scale", f.scale);
  out.set("offset", f.offset);
  out.set("paddingIdx", f.padding_idx < 0 ? val::null() : val(static_cast<double>(f.padding_idx)));
  out.set("buffer", f.buffer);
  out.set("maxError", fit.max_error);
  out.set("rmsError", fit.rms_error);
  out.set("worstRow", static_cast<double>(fit.worst_row));
  out.set("worstColumn", static_cast<double>(fit.worst_column));
  out.set("tolerance", fit.tolerance);
  out.set("reproduces", fit.reproduces);
  out.set("differs", fit.differs);
  out.set("deviation", copied(fit.deviation));
  val verdicts = val::array();
  for (const phasor::PrecisionVerdict& v : fit.precisions) verdicts.call<void>("push", verdict_object(v));
  out.set("precisions", verdicts);
  out.set("nearest", static_cast<double>(fit.nearest));
  return out;
}

val run_identify(double rows, double cols, bool indexed) {
  struct Release {
    ~Release() { g_table.release(); }
  } release;
  if (auto e = phasor::validate_identify(rows, cols); !e.empty()) return val(e);
  const auto r = static_cast<std::int64_t>(rows);
  const auto c = static_cast<std::int64_t>(cols);
  if (g_table.data == nullptr || g_table.bytes < static_cast<std::size_t>(r * c + (indexed ? r : 0)) * sizeof(double))
    return val(std::string("the table was not provided; call identifyInput first"));
  const auto* table = static_cast<const double*>(g_table.data);
  const double* index = indexed ? table + r * c : nullptr;
  if (index != nullptr)
    if (auto e = phasor::validate_row_indices(index, r); !e.empty()) return val(e);
  for (std::int64_t k = 0; k < r * c; ++k)
    if (!std::isfinite(table[k]))
      return val("table must hold finite numbers; got " + phasor::format_number(table[k]) + " at row " +
                 phasor::format_number(static_cast<double>(k / c)) + ", column " +
                 phasor::format_number(static_cast<double>(k % c)));
  const phasor::Identification id = phasor::identify(table, r, c, index);
  val fits = val::array();
  for (const phasor::TableFit& fit : id.fits) fits.call<void>("push", fit_object(fit));
  val out = val::object();
  out.set("storage", storage_name(id.storage));
  out.set("fits", fits);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(phasor_identify) {
  emscripten::function("identifyInput", &identify_input);
  emscripten::function("identify", &run_identify);
}
