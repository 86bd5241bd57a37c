#pragma once

namespace phasor {

// true when the core was compiled with the wasm SIMD kernels (-msimd128).
// Asked of the core itself: the flag is per translation unit.
bool simd_kernels();

}  // namespace phasor
