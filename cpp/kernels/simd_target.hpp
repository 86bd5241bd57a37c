// Which kernels exist and which ones the core calls (no intrinsics here, so
// the core's own files can include it).
//   PHASOR_SIMD_KERNELS        the __wasmsimd kernels are compiled: the wasm
//                              SIMD build (-msimd128), or a native test build
//                              through SIMDe (PHASOR_SIMDE, see simd128.hpp).
//   PHASOR_CALLS_SIMD_KERNELS  the core calls them instead of the __scalar
//                              siblings: the wasm SIMD build, and the native
//                              sanitizer build (PHASOR_CALL_SIMD_KERNELS).
#pragma once

#if defined(__wasm_simd128__) || defined(PHASOR_SIMDE)
#define PHASOR_SIMD_KERNELS 1
#else
#define PHASOR_SIMD_KERNELS 0
#endif

#if defined(__wasm_simd128__) || (PHASOR_SIMD_KERNELS && defined(PHASOR_CALL_SIMD_KERNELS))
#define PHASOR_CALLS_SIMD_KERNELS 1
#else
#define PHASOR_CALLS_SIMD_KERNELS 0
#endif
