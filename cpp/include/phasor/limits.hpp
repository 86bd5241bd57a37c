// Bounds every entry point checks before it touches memory. One place, so the
// C++ core, the Embind layer and the TypeScript messages all agree.
#pragma once
#include <cstdint>

namespace phasor {

inline constexpr std::int64_t kMaxDModel = 65536;
inline constexpr std::int64_t kMaxPositions = std::int64_t{1} << 26;
// |position| stays below 2^31 so that the float64 phase p*omega keeps an error
// far below float32 resolution (|p| * 2^-52 < 5e-7).
inline constexpr double kMaxAbsPosition = 2147483648.0;
// wasm32 addresses 4 GiB; a result and its JavaScript copy must both fit.
inline constexpr std::int64_t kMaxOutputBytes = std::int64_t{1} << 30;
// Rows between exact re-anchoring of the phase recurrence (see encoding.cpp).
inline constexpr std::int64_t kAnchorInterval = 1024;

}  // namespace phasor
