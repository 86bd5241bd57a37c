// Embind for the PE core; rope_bindings.cpp binds the RoPE and attention
// experiments the same way, and result_buffer.hpp is what the two share.
// Every function takes plain doubles (so a JavaScript 2.5 or NaN reaches our
// validation instead of being silently truncated by Embind's integer
// conversion), encode() a record of them (table_record.hpp), and returns either a typed-array view into a scratch
// buffer or a string that explains why the input was refused. The TypeScript layer copies the view out at once and
// throws RangeError for a string: the wasm never aborts on bad input.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "phasor/analysis.hpp"
#include "phasor/encoding.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/rotation.hpp"
#include "phasor/validation.hpp"
#include "result_buffer.hpp"
#include "table_record.hpp"

using emscripten::val;

namespace {

using phasor::bindings::out_of_memory;
using phasor::bindings::result_buffer;

using phasor::bindings::check_codes;
using phasor::bindings::check_shape;
using phasor::bindings::check_table_codes;
using phasor::bindings::spacing_of;
using phasor::bindings::spec_of;
using phasor::bindings::table_spec_of;
using phasor::bindings::TableOptions;
using phasor::bindings::TableRecord;

phasor::bindings::Scratch g_input;  // rows handed in by JavaScript for pairwise()

val encode(const TableRecord& r) {
  const TableOptions t{r.order, r.oddWidth, r.maxFrequency, r.scale, r.hasPadding, r.paddingIdx, r.buffer};
  std::string error = phasor::check_integer("positions", r.positions, 1, static_cast<double>(phasor::kMaxPositions));
  if (error.empty()) error = phasor::check_integer("dModel", r.dModel, 1, static_cast<double>(phasor::kMaxDModel));
  if (error.empty()) error = check_codes(r.layout, r.spacing);
  if (error.empty()) error = check_table_codes(t);
  if (!error.empty()) return val(error);
  const phasor::EncodingSpec spec = table_spec_of(r.positions, r.dModel, r.base, r.offset, r.layout, r.spacing, t);
  if (error = phasor::validate(spec); !error.empty()) return val(error);
  const auto count = static_cast<std::size_t>(r.positions * r.dModel);
  float* out = result_buffer<float>(count);
  if (out == nullptr) return out_of_memory(r.positions * r.dModel * 4);
  phasor::encode(spec, out);
  return val(emscripten::typed_memory_view(count, out));
}

// The table's sine frequencies (pairs, plus one with an extra sine), or
// their wavelengths 2*pi/w_i.
val frequencies(double d_model, double base, bool as_wavelengths, double spacing, double odd_width,
                double max_frequency) {
  const TableOptions t{0, odd_width, max_frequency, 1, false, 0, false};
  std::string error = phasor::check_integer("dModel", d_model, 1, static_cast<double>(phasor::kMaxDModel));
  if (error.empty()) error = check_codes(0, spacing);
  if (error.empty()) error = check_table_codes(t);
  if (!error.empty()) return val(error);
  const phasor::EncodingSpec spec = table_spec_of(1, d_model, base, 0, 0, spacing, t);
  if (error = phasor::validate_frequencies(spec); !error.empty()) return val(error);
  const std::vector<double> omega = phasor::encoding_frequencies(spec);
  double* out = result_buffer<double>(omega.size());
  if (out == nullptr) return out_of_memory(static_cast<double>(omega.size()) * 8);
  for (std::size_t i = 0; i < omega.size(); ++i) out[i] = as_wavelengths ? phasor::kTwoPi / omega[i] : omega[i];
  return val(emscripten::typed_memory_view(omega.size(), out));
}

val dot_by_offset(double d_model, double base, double max_offset, double spacing) {
  std::string error = phasor::validate_dot_by_offset(d_model, base, max_offset);
  if (error.empty()) error = check_codes(0, spacing);
  if (!error.empty()) return val(error);
  const auto count = static_cast<std::size_t>(max_offset) + 1;
  // float64 sums are computed in the scratch buffer, then narrowed in place.
  auto* sums = result_buffer<double>(count);
  if (sums == nullptr) return out_of_memory(static_cast<double>(count) * 8);
  phasor::dot_by_offset(static_cast<std::int64_t>(d_model), base, static_cast<std::int64_t>(max_offset), sums,
                        spacing_of(spacing));
  return val(emscripten::typed_memory_view(count, phasor::bindings::narrow_in_place(sums, count)));
}

// The first row of the distance or similarity matrix; the TypeScript layer
// lays out the n x n matrix from it straight into JavaScript memory, so the
// n^2 values are written once instead of filled here and copied out.
val offset_row(double positions, double d_model, double base, double metric, double spacing) {
  std::string error = phasor::validate_offset_matrix(positions, d_model, base, metric);
  if (error.empty()) error = check_codes(0, spacing);
  if (!error.empty()) return val(error);
  const auto count = static_cast<std::size_t>(positions);
  float* out = result_buffer<float>(count);
  if (out == nullptr) return out_of_memory(positions * 4);
  phasor::offset_row(static_cast<std::int64_t>(positions), static_cast<std::int64_t>(d_model), base,
                     static_cast<phasor::Metric>(static_cast<int>(metric)), out, spacing_of(spacing));
  return val(emscripten::typed_memory_view(count, out));
}

// JavaScript writes count*dim floats into this view, then calls pairwise().
val pairwise_input(double count, double dim) {
  if (auto e = phasor::validate_pairwise(count, dim, 0); !e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(count * dim);
  auto* in = static_cast<float*>(g_input.reserve(n * sizeof(float)));
  if (in == nullptr) return out_of_memory(count * dim * 4);
  return val(emscripten::typed_memory_view(n, in));
}

val pairwise(double count, double dim, double metric) {
  if (auto e = phasor::validate_pairwise(count, dim, metric); !e.empty()) return val(e);
  if (g_input.bytes < static_cast<std::size_t>(count * dim) * sizeof(float))
    return val(std::string("pairwise input was not provided; call pairwiseInput first"));
  const auto n = static_cast<std::int64_t>(count);
  float* out = result_buffer<float>(static_cast<std::size_t>(n * n));
  if (out == nullptr) return out_of_memory(count * count * 4);
  const bool done = phasor::pairwise(static_cast<const float*>(g_input.data), n, static_cast<std::int64_t>(dim),
                                     static_cast<phasor::Metric>(static_cast<int>(metric)), out);
  g_input.release();
  if (!done) {
    phasor::bindings::result_scratch().release();
    return out_of_memory(count * dim * 4);
  }
  return val(emscripten::typed_memory_view(static_cast<std::size_t>(n * n), out));
}

std::string validate_rotation(double positions, double d_model, double base, double offset, double k, double layout,
                              double spacing) {
  std::string error = check_shape(positions, d_model);
  if (error.empty()) error = check_codes(layout, spacing);
  if (error.empty()) error = phasor::validate_rotation(spec_of(positions, d_model, base, offset, layout, spacing), k);
  return error;
}

val rotation_matrix(double positions, double d_model, double base, double offset, double k, double layout,
                    double spacing) {
  if (auto e = validate_rotation(positions, d_model, base, offset, k, layout, spacing); !e.empty()) return val(e);
  const auto d = static_cast<std::int64_t>(d_model);
  float* out = result_buffer<float>(static_cast<std::size_t>(d * d));
  if (out == nullptr) return out_of_memory(d_model * d_model * 4);
  const phasor::EncodingSpec spec = spec_of(positions, d_model, base, offset, layout, spacing);
  phasor::rotation_matrix(d, base, k, spec.layout, out, spec.spacing);
  return val(emscripten::typed_memory_view(static_cast<std::size_t>(d * d), out));
}

// A number, or a string explaining the refusal.
val rotation_max_error(double positions, double d_model, double base, double offset, double k, double layout,
                       double spacing) {
  if (auto e = validate_rotation(positions, d_model, base, offset, k, layout, spacing); !e.empty()) return val(e);
  return val(phasor::rotation_max_error(spec_of(positions, d_model, base, offset, layout, spacing), k));
}

}  // namespace

EMSCRIPTEN_BINDINGS(phasor) {
  auto table = emscripten::value_object<TableRecord>("TableRecord");
  phasor::bindings::visit_table_fields([&](const char* name, auto member) { table.field(name, member); });
  emscripten::function("encode", &encode);
  emscripten::function("frequencies", &frequencies);
  emscripten::function("dotByOffset", &dot_by_offset);
  emscripten::function("offsetRow", &offset_row);
  emscripten::function("pairwiseInput", &pairwise_input);
  emscripten::function("pairwise", &pairwise);
  emscripten::function("rotationMatrix", &rotation_matrix);
  emscripten::function("rotationMaxError", &rotation_max_error);
}
