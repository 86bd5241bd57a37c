// The wasm SIMD intrinsics (v128_t, wasm_f64x2_add, ...) the *_wasmsimd
// kernels are written in. Under Emscripten with -msimd128: the compiler's
// <wasm_simd128.h>. In the native test builds (PHASOR_SIMDE, set by
// CMakeLists.txt): SIMDe's portable implementation of the same intrinsics
// (Debian libsimde-dev), so GoogleTest can hold the SIMD kernels to their
// scalar siblings and the sanitizers can watch them. SIMDe maps each
// intrinsic to SSE2 or plain C with the same IEEE semantics, so the lanes,
// shuffles, tails and summation orders are the kernels' own; what it cannot
// show is how the wasm engine compiles them (the wasm builds' Vitest does).
#pragma once
#include "simd_target.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif PHASOR_SIMD_KERNELS
#define SIMDE_WASM_SIMD128_ENABLE_NATIVE_ALIASES
#include <simde/wasm/simd128.h>
#endif
