// What the Embind files share: the scratch buffer type and the one result
// buffer every function returns its typed_memory_view into. The TypeScript
// layer copies each result out at once and calls releaseResult(), so one
// buffer serves phasor_bindings.cpp and rope_bindings.cpp alike.
#pragma once
#include <emscripten/val.h>

#include <cstdlib>
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

inline emscripten::val out_of_memory(double bytes) {
  return emscripten::val("not enough memory for a result of " + phasor::format_number(bytes) +
                         " bytes; ask for a smaller size");
}

}  // namespace phasor::bindings
