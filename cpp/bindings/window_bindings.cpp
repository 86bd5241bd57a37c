// Embind for the pixel-resolution views (window.hpp) and the rotation chart's
// pieces (rotation_view.hpp), linked into phasor.wasm beside
// phasor_bindings.cpp and following its rules: plain doubles in, a view into
// the result buffer or a refusal string out.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <string>
#include <vector>

#include "arguments.hpp"
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

// dModel and base, and the codes (as phasor_bindings.cpp checks them).
std::string check_model(double d_model, double base, double layout, double spacing) {
  if (auto e = phasor::check_d_model(d_model); !e.empty()) return e;
  if (auto e = phasor::check_base(base); !e.empty()) return e;
  return phasor::bindings::check_codes(layout, spacing);
}

// One position's spec: the window functions say which positions themselves.
phasor::EncodingSpec spec_of(double d_model, double base, double offset, double layout, double spacing) {
  return phasor::bindings::spec_of(1, d_model, base, offset, layout, spacing);
}

phasor::Bins bins_of(double first, double stride, double count) {
  return {first, static_cast<std::int64_t>(stride), static_cast<std::int64_t>(count)};
}

template <class T>
val view(std::size_t count, T* data) {
  return val(emscripten::typed_memory_view(count, data));
}

// Bins of the table: every dimension (dims empty) or only those listed.
val encode_bins(double first, double stride, double count, double d_model, double base, double layout, double spacing,
                const val& dims_in) {
  std::string e = check_model(d_model, base, layout, spacing);
  const std::vector<double> dims = emscripten::vecFromJSArray<double>(dims_in);
  if (e.empty() && dims.size() > 64) e = "dims must hold at most 64 dimensions";
  for (double j : dims) {
    if (!e.empty()) break;
    e = phasor::check_integer("each of dims", j, 0, d_model - 1);
  }
  const double width = dims.empty() ? d_model : static_cast<double>(dims.size());
  if (e.empty()) e = phasor::validate_bins(first, stride, count, 0, width);
  if (!e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(count * width);
  float* out = result_buffer<float>(n);
  if (out == nullptr) return out_of_memory(count * width * 4);
  const phasor::EncodingSpec spec = spec_of(d_model, base, 0, layout, spacing);
  const phasor::Bins bins = bins_of(first, stride, count);
  if (dims.empty()) {
    phasor::encode_bins(spec, bins, out);
  } else {
    const std::vector<std::int64_t> whole(dims.begin(), dims.end());
    phasor::encode_bin_dims(spec, bins, whole.data(), static_cast<std::int64_t>(whole.size()), out);
  }
  return view(n, out);
}

// Bins of PE(p).PE(p+k): the closed form sum_i cos(w_i k) when p is NaN, else
// measured on the encoded rows from p. float64.
val dot_bins(double p, double first, double stride, double count, double d_model, double base, double spacing) {
  const bool closed = std::isnan(p);
  std::string e = check_model(d_model, base, 0, spacing);
  if (e.empty() && !closed) e = phasor::check_finite("p", p, -2147483648.0, 2147483648.0);
  if (e.empty()) e = phasor::validate_bins(first, stride, count, closed ? 0 : p, 2);
  if (!e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(count);
  auto* out = result_buffer<double>(n);
  if (out == nullptr) return out_of_memory(count * 8);
  const auto d = static_cast<std::int64_t>(d_model);
  const phasor::Spacing s = spec_of(d_model, base, 0, 0, spacing).spacing;
  if (closed)
    phasor::dot_by_offset_bins(d, base, s, bins_of(first, stride, count), out);
  else
    phasor::measured_dot_bins(d, base, s, p, bins_of(first, stride, count), out);
  return view(n, out);
}

val offset_row_bins(double first, double stride, double count, double d_model, double base, double metric,
                    double spacing) {
  std::string e = check_model(d_model, base, 0, spacing);
  if (e.empty() && metric != 0 && metric != 1 && metric != 2) e = "metric must be 'l2', 'dot' or 'cosine'";
  // The offsets q - p themselves stay within [-2^31, 2^31].
  if (e.empty()) e = phasor::validate_bins(first, stride, count, 0, 1);
  if (!e.empty()) return val(e);
  const auto n = static_cast<std::size_t>(count);
  float* out = result_buffer<float>(n);
  if (out == nullptr) return out_of_memory(count * 4);
  phasor::offset_row_bins(static_cast<std::int64_t>(d_model), base, spec_of(d_model, base, 0, 0, spacing).spacing,
                          static_cast<phasor::Metric>(static_cast<int>(metric)), bins_of(first, stride, count), out);
  return view(n, out);
}

// The rotation chart's numbers, float64: rows x cols entries of M_k from (row0,
// col0) (none when rows is 0), then M_k PE(p) (none when p is NaN).
val rotation_view(double d_model, double base, double k, double layout, double spacing, double p, double row0,
                  double col0, double rows, double cols) {
  const bool window = rows != 0 || cols != 0;
  const bool rotate = !std::isnan(p);
  std::string e = check_model(d_model, base, layout, spacing);
  if (e.empty()) e = phasor::check_finite("k", k, -2147483648.0, 2147483648.0);
  if (e.empty() && rotate) e = phasor::check_finite("p", p, -2147483648.0, 2147483648.0);
  if (e.empty() && window) e = phasor::validate_rotation_window(d_model, row0, col0, rows, cols);
  if (!e.empty()) return val(e);
  const double cells = window ? rows * cols : 0;
  const auto n = static_cast<std::size_t>(cells + (rotate ? d_model : 0));
  auto* out = result_buffer<double>(n);
  if (out == nullptr) return out_of_memory(static_cast<double>(n) * 8);
  const phasor::EncodingSpec spec = spec_of(d_model, base, rotate ? p : 0, layout, spacing);
  if (window) {
    std::vector<float> entries(static_cast<std::size_t>(cells));
    phasor::rotation_window(spec.d_model, base, k, spec.layout, spec.spacing, static_cast<std::int64_t>(row0),
                            static_cast<std::int64_t>(col0), static_cast<std::int64_t>(rows),
                            static_cast<std::int64_t>(cols), entries.data());
    for (std::size_t i = 0; i < entries.size(); ++i) out[i] = entries[i];
  }
  if (rotate) phasor::rotate_encoding(spec, k, out + static_cast<std::size_t>(cells));
  return view(n, out);
}

// Pair i of PE(p) on its unit circle (float64): its angle, M_k's turn, and
// the turn less its whole turns (phasor::pair_turn).
val pair_turn(double d_model, double base, double spacing, double pair, double p, double k) {
  std::string e = check_model(d_model, base, 0, spacing);
  if (e.empty()) e = phasor::validate_pair_turn(d_model, pair, p, k);
  if (!e.empty()) return val(e);
  auto* out = result_buffer<double>(3);
  if (out == nullptr) return out_of_memory(3 * 8);
  const auto spec = spec_of(d_model, base, 0, 0, spacing);
  const phasor::PairTurn t = phasor::pair_turn(spec.d_model, base, spec.spacing, static_cast<std::int64_t>(pair), p, k);
  out[0] = t.angle;
  out[1] = t.turn;
  out[2] = t.sweep;
  return view(3, out);
}

}  // namespace

EMSCRIPTEN_BINDINGS(phasor_window) {
  emscripten::function("encodeBins", &encode_bins);
  emscripten::function("dotBins", &dot_bins);
  emscripten::function("offsetRowBins", &offset_row_bins);
  emscripten::function("rotationView", &rotation_view);
  emscripten::function("pairTurn", &pair_turn);
}
