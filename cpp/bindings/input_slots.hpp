// How arrays travel into the experiments' bindings (rope_bindings.cpp):
// JavaScript asks inputFloat32 / inputFloat64 for a view of `count` values in
// a slot, fills it at once (a later call may grow memory and detach the
// view), then calls the function, which reads the slots it needs and frees
// them all, whatever the outcome. The slot numbers reach TypeScript through
// inputSlots(), never as a copy.
#pragma once
#include <emscripten/val.h>

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "phasor/limits.hpp"
#include "phasor/validation.hpp"
#include "result_buffer.hpp"
#include "scaling_record.hpp"

namespace phasor::bindings {

enum Slot {
  kPositions,     // f64: RoPE positions, attention query positions, anchors
  kKeyPositions,  // f64: attention key positions (not given: the query positions), offsets
  kTokens,        // f32: query tokens; embeddingScale tokens
  kKeyTokens,     // f32: key tokens (not given: the query tokens)
  kWq,            // f32: dModel x dHead
  kWk,            // f32: dModel x dHead
  kBases,         // f64: positionResolution bases
  kLengths,       // f64: positionResolution lengths
  kRows,          // f32: rows RoPE rotates
  kShortFactor,   // f64: longrope's short factors
  kLongFactor,    // f64: longrope's long factors
  kNormals,       // f64: embeddingScale standard normals (tokens float32(embeddingStd * z))
  kInvFreq,       // f64: identifyRope's inverse frequencies
  kCos,           // f32: identifyRope's cos cache
  kSin,           // f32: identifyRope's sin cache
  kRotated,       // f32: identifyRope's rotated q/k rows
  kOriginal,      // f32: identifyRope's rows before the rotation (or one row)
  kSlotCount
};
// The slots' names, as the TypeScript options they carry.
inline constexpr std::array<const char*, kSlotCount> kSlotNames = {
    "positions",   "keyPositions", "tokens",  "keyTokens", "wq",  "wk",  "bases",   "lengths", "rows",
    "shortFactor", "longFactor",   "normals", "invFreq",   "cos", "sin", "rotated", "original"};

struct Input {
  Scratch buffer;
  std::size_t count = 0;
  bool given = false;  // filled by JavaScript for this call, even with no values
  bool is_double = false;
};

inline Input (&inputs())[kSlotCount] {
  static Input slots[kSlotCount];
  return slots;
}

inline void release_inputs() {
  for (Input& in : inputs()) {
    in.buffer.release();
    in.count = 0;
    in.given = false;
  }
}

// Frees every slot when a call returns, refused or not.
struct InputsReleaser {
  InputsReleaser() = default;
  InputsReleaser(const InputsReleaser&) = delete;
  InputsReleaser& operator=(const InputsReleaser&) = delete;
  ~InputsReleaser() { release_inputs(); }
};

template <class T>
emscripten::val input_view(double slot, double count) {
  if (auto e = check_integer("input slot", slot, 0, kSlotCount - 1); !e.empty()) return emscripten::val(e);
  if (auto e = check_integer("input length", count, 0,
                             static_cast<double>(kMaxOutputBytes / static_cast<std::int64_t>(sizeof(T))));
      !e.empty())
    return emscripten::val(e);
  Input& in = inputs()[static_cast<int>(slot)];
  const auto n = static_cast<std::size_t>(count);
  auto* data = static_cast<T*>(in.buffer.reserve(n * sizeof(T)));
  if (data == nullptr) return out_of_memory(count * static_cast<double>(sizeof(T)));
  in.count = n;
  in.given = true;
  in.is_double = sizeof(T) == 8;
  return emscripten::val(emscripten::typed_memory_view(n, data));
}

// The slot's values, or null when it holds none of type T.
template <class T>
const T* slot_data(Slot slot) {
  const Input& in = inputs()[slot];
  if (in.count == 0 || in.is_double != (sizeof(T) == 8)) return nullptr;
  return static_cast<const T*>(in.buffer.data);
}
inline std::size_t slot_count(Slot slot) { return inputs()[slot].count; }
inline bool slot_given(Slot slot) { return inputs()[slot].given; }

inline std::vector<double> slot_values(Slot slot) {
  const double* data = slot_data<double>(slot);
  return data == nullptr ? std::vector<double>{} : std::vector<double>(data, data + slot_count(slot));
}

// The call's scaling (after check_scaling_record): the record, with longrope's factor lists from their slots.
inline RopeScaling scaling_of(const ScalingRecord& r) {
  return scaling_of(r, slot_values(kShortFactor), slot_values(kLongFactor));
}

}  // namespace phasor::bindings
