#include "phasor/encoding.hpp"

#include "kernels.hpp"
#include "phase_walk.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

std::string validate(const EncodingSpec& spec) {
  if (auto e = check_integer("positions", static_cast<double>(spec.positions), 1,
                             static_cast<double>(kMaxPositions));
      !e.empty())
    return e;
  if (auto e = check_d_model(static_cast<double>(spec.d_model)); !e.empty()) return e;
  if (auto e = check_base(spec.base); !e.empty()) return e;
  const double last = static_cast<double>(spec.positions - 1);
  if (auto e = check_finite("offset", spec.offset, -kMaxAbsPosition, kMaxAbsPosition - last);
      !e.empty())
    return e;
  if (auto e = check_choice("layout", static_cast<double>(spec.layout), kLayoutNames); !e.empty())
    return e;
  if (auto e = check_choice("spacing", static_cast<double>(spec.spacing), kSpacingNames); !e.empty())
    return e;
  return check_output_size("the table (positions x dModel float32 values)",
                           static_cast<double>(spec.positions) * static_cast<double>(spec.d_model),
                           4);
}

void encode(const EncodingSpec& spec, float* out) {
  PhaseWalk walk(frequencies(spec.d_model, spec.base, spec.spacing), spec.offset, 1.0);
  const int layout = static_cast<int>(spec.layout);
  walk.run(spec.positions, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    kernels::pe_rows(state, count, layout, out + first * spec.d_model);
  });
}

}  // namespace phasor
