// Embind for identify (cpp/include/phasor/identify.hpp). JavaScript asks
// identifyInput for a Float64Array view of rows x cols values, fills it at
// once (a later call may grow memory and detach the view), then calls
// identify, which reads it, frees it whatever the outcome, and returns the
// fits as plain objects with the options' names, or a string saying why the
// table was refused.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <string>

#include "phasor/identify.hpp"
#include "phasor/validation.hpp"
#include "result_buffer.hpp"

using emscripten::val;

namespace {

phasor::bindings::Scratch g_table;

val identify_input(double rows, double cols) {
  if (auto e = phasor::validate_identify(rows, cols); !e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(rows * cols);
  auto* in = static_cast<double*>(g_table.reserve(n * sizeof(double)));
  if (in == nullptr) return phasor::bindings::out_of_memory(rows * cols * 8);
  return val(emscripten::typed_memory_view(n, in));
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
  return out;
}

val run_identify(double rows, double cols) {
  struct Release {
    ~Release() { g_table.release(); }
  } release;
  if (auto e = phasor::validate_identify(rows, cols); !e.empty()) return val(e);
  const auto r = static_cast<std::int64_t>(rows);
  const auto c = static_cast<std::int64_t>(cols);
  if (g_table.data == nullptr || g_table.bytes < static_cast<std::size_t>(r * c) * sizeof(double))
    return val(std::string("the table was not provided; call identifyInput first"));
  const auto* table = static_cast<const double*>(g_table.data);
  for (std::int64_t k = 0; k < r * c; ++k)
    if (!std::isfinite(table[k]))
      return val("table must hold finite numbers; got " + phasor::format_number(table[k]) + " at row " +
                 phasor::format_number(static_cast<double>(k / c)) + ", column " +
                 phasor::format_number(static_cast<double>(k % c)));
  const phasor::Identification id = phasor::identify(table, r, c);
  val fits = val::array();
  for (const phasor::TableFit& fit : id.fits) fits.call<void>("push", fit_object(fit));
  return fits;
}

}  // namespace

EMSCRIPTEN_BINDINGS(phasor_identify) {
  emscripten::function("identifyInput", &identify_input);
  emscripten::function("identify", &run_identify);
}
