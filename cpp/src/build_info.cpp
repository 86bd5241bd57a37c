#include "phasor/build_info.hpp"

#include "kernels.hpp"

namespace phasor {

bool simd_kernels() { return kernels::kSimd; }

}  // namespace phasor
