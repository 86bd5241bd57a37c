#pragma once

namespace phasor {

// true when the core calls the wasm SIMD kernels (-msimd128; natively, the
// sanitizer build calls them through SIMDe).
// Asked of the core itself: the flag is per translation unit.
bool simd_kernels();

}  // namespace phasor
