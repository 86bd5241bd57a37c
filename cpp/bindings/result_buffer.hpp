// What the Embind files share: the scratch buffer type and the one result
// buffer every function returns its typed_memory_view into. The TypeScript
// layer copies each result out at once and calls releaseResult(), so one
// buffer serves phasor_bindings.cpp and rope_bindings.cpp alike.
#pragma once
#include <emscripten/val.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "phasor/validation.hpp"

namespace phasor::bindings {

// A reusable buffer. malloc (not std::vector) so an allocation that cannot be
// satisfied returns null instead of aborting (-sABORTING_MALLOC=0).
struct Scratch {
  void* data = nullptr;
  std::size_t bytes = 0;

  void* reserve(std::size_t want) {
    if (want <= bytes && data != nullptr) return data;
    std::free(data);
    data = std::malloc(want == 0 ? 1 : want);
    bytes = data != nullptr ? want : 0;
    return data;
  }
  void release() {
    std::free(data);
    data = nullptr;
    bytes = 0;
  }
};

// What the last call returned (one instance across translation units).
inline Scratch& result_scratch() {
  static Scratch scratch;
  return scratch;
}

template <class T>
T* result_buffer(std::size_t count) {
  return static_cast<T*>(result_scratch().reserve(count * sizeof(T)));
}

// Rounds `count` doubles at `buffer` to floats stored from the same address,
// front to back, and returns them. Float k lands in bytes [4k, 4k + 4), which
// only double k/2 <= k occupied, and it has been read by then. memcpy moves
// the bytes, so no object is read through a pointer of another type (a
// reinterpret_cast of the buffer would break strict aliasing).
inline float* narrow_in_place(double* buffer, std::size_t count) {
  auto* bytes = reinterpret_cast<unsigned char*>(buffer);
  for (std::size_t k = 0; k < count; ++k) {
    double wide;
    std::memcpy(&wide, bytes + k * sizeof(double), sizeof wide);
    const auto narrow = static_cast<float>(wide);
    std::memcpy(bytes + k * sizeof(float), &narrow, sizeof narrow);
  }
  return reinterpret_cast<float*>(buffer);
}

inline emscripten::val out_of_memory(double bytes) {
  return emscripten::val("not enough memory for a result of " + phasor::format_number(bytes) +
                         " bytes; ask for a smaller size");
}

}  // namespace phasor::bindings
