// Embind for the pixel-resolution views (window.hpp) and the rotation chart's
// pieces (rotation_view.hpp), linked into phasor.wasm beside
// phasor_bindings.cpp and following its rules: plain doubles in, a view into
// the result buffer or a refusal string out.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "phasor/analysis.hpp"
#include "phasor/encoding.hpp"
#include "phasor/rotation_view.hpp"
#include "phasor/validation.hpp"
#include "phasor/window.hpp"
#include "result_buffer.hpp"

using emscripten::val;

namespace {

using phasor::bindings::out_of_memory;
using phasor::bindings::result_buffer;

std::string check_model(double d_model, double base, double layout, double spacing) {
  if (auto e = phasor::check_d_model(d_model); !e.empty()) return e;
  if (auto e = phasor::check_base(base); !e.empty()) return e;
  if (layout != 0 && layout != 1) return "layout must be 'interleaved' or 'split'";
  if (spacing != 0 && spacing != 1) return "spacing must be 'paper' or 'tensor2tensor'";
  return "";
}

phasor::EncodingSpec spec_of(double d_model, double base, double offset, double layout, double spacing) {
  phasor::EncodingSpec spec;
  spec.positions = 1;
  spec.d_model = static_cast<std::int64_t>(d_model);
  spec.base = base;
  spec.offset = offset;
  spec.layout = layout == 1 ? phasor::Layout::split : phasor::Layout::interleaved;
  spec.spacing = spacing == 1 ? phasor::Spacing::tensor2tensor : phasor::Spacing::paper;
  return spec;
}

phasor::Bins bins_of(double first, double stride, double count) {
  return {first, static_cast<std::int64_t>(stride), static_cast<std::int64_t>(count)};
}

template <class T>
val view(std::size_t count, T* data) {
  return val(emscripten::typed_memory_view(count, data));
}

val encode_bins(double first, double stride, double count, double d_model, double base,
                double layout, double spacing) {
  std::string e = check_model(d_model, base, layout, spacing);
  if (e.empty()) e = phasor::validate_bins(first, stride, count, 0, d_model);
  if (!e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(count * d_model);
  float* out = result_buffer<float>(n);
  if (out == nullptr) return out_of_memory(count * d_model * 4);
  phasor::encode_bins(spec_of(d_model, base, 0, layout, spacing), bins_of(first, stride, count), out);
  return view(n, out);
}

val encode_bin_dims(double first, double stride, double count, double d_model, double base,
                    double layout, double spacing, const val& dims_in) {
  std::string e = check_model(d_model, base, layout, spacing);
  const std::vector<double> dims = emscripten::vecFromJSArray<double>(dims_in);
  if (e.empty() && (dims.empty() || dims.size() > 64)) e = "dims must hold 1 to 64 dimensions";
  for (double j : dims) {
    if (!e.empty()) break;
    e = phasor::check_integer("each of dims", j, 0, d_model - 1);
  }
  const auto m = static_cast<double>(dims.size());
  if (e.empty()) e = phasor::validate_bins(first, stride, count, 0, m);
  if (!e.empty()) return val(e);
  std::vector<std::int64_t> whole(dims.begin(), dims.end());
  const auto n = static_cast<std::size_t>(count * m);
  float* out = result_buffer<float>(n);
  if (out == nullptr) return out_of_memory(count * m * 4);
  phasor::encode_bin_dims(spec_of(d_model, base, 0, layout, spacing), bins_of(first, stride, count),
                          whole.data(), static_cast<std::int64_t>(whole.size()), out);
  return view(n, out);
}

val dot_by_offset_bins(double first, double stride, double count, double d_model, double base,
                       double spacing) {
  std::string e = check_model(d_model, base, 0, spacing);
  if (e.empty()) e = phasor::validate_bins(first, stride, count, 0, 2);
  if (!e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(count);
  // float64 sums in the scratch buffer, narrowed in place as dotByOffset does.
  auto* sums = result_buffer<double>(n);
  if (sums == nullptr) return out_of_memory(count * 8);
  phasor::dot_by_offset_bins(static_cast<std::int64_t>(d_model), base,
                             spec_of(d_model, base, 0, 0, spacing).spacing,
                             bins_of(first, stride, count), sums);
  auto* out = reinterpret_cast<float*>(sums);
  for (std::size_t r = 0; r < n; ++r) out[r] = static_cast<float>(sums[r]);
  return view(n, out);
}

val measured_dot_bins(double p, double first, double stride, double count, double d_model,
                      double base, double spacing) {
  std::string e = check_model(d_model, base, 0, spacing);
  if (e.empty()) e = phasor::check_finite("p", p, -2147483648.0, 2147483648.0);
  if (e.empty()) e = phasor::validate_bins(first, stride, count, p, 2);
  if (!e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(count);
  auto* out = result_buffer<double>(n);
  if (out == nullptr) return out_of_memory(count * 8);
  phasor::measured_dot_bins(static_cast<std::int64_t>(d_model), base,
                            spec_of(d_model, base, 0, 0, spacing).spacing, p,
                            bins_of(first, stride, count), out);
  return view(n, out);
}

val offset_row_bins(double first, double stride, double count, double d_model, double base,
                    double metric, double spacing) {
  std::string e = check_model(d_model, base, 0, spacing);
  if (e.empty() && metric != 0 && metric != 1 && metric != 2)
    e = "metric must be 'l2', 'dot' or 'cosine'";
  // The offsets q - p themselves stay within [-2^31, 2^31].
  if (e.empty()) e = phasor::validate_bins(first, stride, count, 0, 1);
  if (!e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(count);
  float* out = result_buffer<float>(n);
  if (out == nullptr) return out_of_memory(count * 4);
  phasor::offset_row_bins(static_cast<std::int64_t>(d_model), base,
                          spec_of(d_model, base, 0, 0, spacing).spacing,
                          static_cast<phasor::Metric>(static_cast<int>(metric)),
                          bins_of(first, stride, count), out);
  return view(n, out);
}

val rotation_window(double d_model, double base, double k, double layout, double spacing,
                    double row0, double col0, double rows, double cols) {
  std::string e = check_model(d_model, base, layout, spacing);
  if (e.empty()) e = phasor::check_finite("k", k, -2147483648.0, 2147483648.0);
  if (e.empty()) e = phasor::validate_rotation_window(d_model, row0, col0, rows, cols);
  if (!e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(rows * cols);
  float* out = result_buffer<float>(n);
  if (out == nullptr) return out_of_memory(rows * cols * 4);
  const phasor::EncodingSpec spec = spec_of(d_model, base, 0, layout, spacing);
  phasor::rotation_window(spec.d_model, base, k, spec.layout, spec.spacing,
                          static_cast<std::int64_t>(row0), static_cast<std::int64_t>(col0),
                          static_cast<std::int64_t>(rows), static_cast<std::int64_t>(cols), out);
  return view(n, out);
}

val rotate_encoding(double d_model, double base, double p, double k, double layout, double spacing) {
  std::string e = check_model(d_model, base, layout, spacing);
  if (e.empty()) e = phasor::check_finite("p", p, -2147483648.0, 2147483648.0);
  if (e.empty()) e = phasor::check_finite("k", k, -2147483648.0, 2147483648.0);
  if (!e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(d_model);
  auto* out = result_buffer<double>(n);
  if (out == nullptr) return out_of_memory(d_model * 8);
  phasor::rotate_encoding(spec_of(d_model, base, p, layout, spacing), k, out);
  return view(n, out);
}

}  // namespace

EMSCRIPTEN_BINDINGS(phasor_window) {
  emscripten::function("encodeBins", &encode_bins);
  emscripten::function("encodeBinColumns", &encode_bin_dims);
  emscripten::function("dotByOffsetBins", &dot_by_offset_bins);
  emscripten::function("measuredDotBins", &measured_dot_bins);
  emscripten::function("offsetRowBins", &offset_row_bins);
  emscripten::function("rotationWindow", &rotation_window);
  emscripten::function("rotateEncoding", &rotate_encoding);
}
