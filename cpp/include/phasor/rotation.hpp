// The shift-by-k matrix M_k: block diagonal with, for pair i, the rotation
// [[cos w_i k, sin w_i k], [-sin w_i k, cos w_i k]] acting on (sin, cos), so
// that M_k PE(p) = PE(p + k) for every p. M_k depends on k, never on p.
#pragma once
#include <cstdint>
#include <string>

#include "phasor/encoding.hpp"

namespace phasor {

std::string validate_rotation(const EncodingSpec& spec, double k);

// out[d_model * d_model], row-major, in the spec's layout.
void rotation_matrix(std::int64_t d_model, double base, double k, Layout layout, float* out,
                     Spacing spacing = Spacing::paper);

// max over p in [offset, offset + positions) and all dimensions of
// |M_k PE(p) - PE(p + k)|, with M_k and both tables in float32 as a user would
// hold them and the product accumulated in float64: the float32 rounding is
// all that remains (about 1e-7).
double rotation_max_error(const EncodingSpec& spec, double k);
// The same measure of M_k PE(p) against PE(p + shift): with shift = k the
// check above; with another shift what the check reports when M_k and the
// shifted table disagree (its tests show it can fail).
double rotation_max_error(const EncodingSpec& spec, double k, double shift);

}  // namespace phasor
