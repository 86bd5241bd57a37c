// What both wasm modules (phasor.wasm, the PE core, and
// phasor-experiments.wasm, RoPE and attention) export alike: freeing the
// shared result buffer, and the limits and build facts of the module.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "phasor/build_info.hpp"
#include "phasor/limits.hpp"
#include "result_buffer.hpp"

namespace {

void release_result() { phasor::bindings::result_scratch().release(); }

emscripten::val limits() {
  emscripten::val out = emscripten::val::object();
  out.set("maxDModel", static_cast<double>(phasor::kMaxDModel));
  out.set("maxPositions", static_cast<double>(phasor::kMaxPositions));
  out.set("maxAbsPosition", phasor::kMaxAbsPosition);
  out.set("maxOutputBytes", static_cast<double>(phasor::kMaxOutputBytes));
  out.set("simd", phasor::simd_kernels());
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(phasor_module) {
  emscripten::function("releaseResult", &release_result);
  emscripten::function("limits", &limits);
}
