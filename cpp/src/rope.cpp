#include "phasor/rope.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "phasor/limits.hpp"
#include "phasor/validation.hpp"
#include "rope_kernels.hpp"

namespace phasor {

std::string check_pairing(const char* name, double code) { return check_choice(name, code, kPairingNames); }

std::string check_rotary_dim(double rotary_dim, double dim) {
  if (rotary_dim == 0.0) return "";
  if (auto e = check_integer("rotaryDim", rotary_dim, 2, dim); !e.empty()) return e;
  if (std::fmod(rotary_dim, 2.0) != 0.0)
    return "rotaryDim must be even (it rotates pairs); got " + format_number(rotary_dim);
  return "";
}

std::string check_positions(const char* name, const double* positions, std::int64_t count) {
  for (std::int64_t k = 0; k < count; ++k) {
    const double p = positions[k];
    if (std::isfinite(p) && std::fabs(p) <= kMaxAbsPosition) continue;
    return check_finite((std::string(name) + "[" + format_number(static_cast<double>(k)) + "]").c_str(), p,
                        -kMaxAbsPosition, kMaxAbsPosition);
  }
  return "";
}

std::string validate_rope(const RopeSpec& spec, const double* positions) {
  if (auto e = check_integer("count", static_cast<double>(spec.count), 1, static_cast<double>(kMaxPositions));
      !e.empty())
    return e;
  const auto dim = static_cast<double>(spec.dim);
  if (auto e = check_d_model(dim, "dim"); !e.empty()) return e;
  if (auto e = check_base(spec.theta, "theta"); !e.empty()) return e;
  if (auto e = check_pairing("pairing", static_cast<double>(spec.pairing)); !e.empty()) return e;
  if (auto e = check_pairing("tableLayout", static_cast<double>(spec.table_layout)); !e.empty()) return e;
  if (auto e = check_pairing("outputPairing", static_cast<double>(output_layout(spec))); !e.empty()) return e;
  if (auto e = check_rotary_dim(static_cast<double>(spec.rotary_dim), dim); !e.empty()) return e;
  if (auto e = check_choice("ropeDims", static_cast<double>(spec.rope_dims), kRopeDimsNames); !e.empty()) return e;
  const bool partial = spec.rotary_dim > 0 && spec.rotary_dim != spec.dim;
  if (auto e =
          validate_rope_scaling(spec.scaling, static_cast<double>(rotary_width(spec)), partial ? "rotaryDim" : "dim");
      !e.empty())
    return e;
  if (static_cast<double>(spec.count) * dim > kMaxRopeValues)
    return "count x dim must be at most " + format_number(kMaxRopeValues) + " (the work of one call); got " +
           format_number(static_cast<double>(spec.count)) + " x " + format_number(dim);
  return check_positions("positions", positions, spec.count);
}

void rope_slot_phasors(const double* omega, std::int64_t dim, double position, double factor, Pairing table_layout,
                       double* c, double* s) {
  const std::int64_t h = dim / 2;
  for (std::int64_t i = 0; i < h; ++i) {
    const double angle = position * omega[i];
    const double ci = factor * std::cos(angle);
    const double si = factor * std::sin(angle);
    // Pair i's angle goes where the table layout puts it: slots 2i, 2i+1 or i, h+i.
    const std::int64_t a = table_layout == Pairing::adjacent ? 2 * i : i;
    const std::int64_t b = table_layout == Pairing::adjacent ? 2 * i + 1 : h + i;
    c[a] = ci;
    s[a] = si;
    c[b] = ci;
    s[b] = si;
  }
}

void rope_row_f64(const double* x, const double* c, const double* s, std::int64_t dim, Pairing pairing, double* out) {
  const std::int64_t h = dim / 2;
  for (std::int64_t j = 0; j < dim; ++j) {
    double turned;
    if (pairing == Pairing::adjacent) {
      turned = (j & 1) == 0 ? -x[j + 1] : x[j - 1];
    } else {
      turned = j < h ? -x[j + h] : x[j - h];
    }
    out[j] = x[j] * c[j] + turned * s[j];
  }
}

std::int64_t pairing_source(std::int64_t j, std::int64_t dim, Pairing from, Pairing to) {
  const std::int64_t h = dim / 2;
  if (from == to) return j;
  if (to == Pairing::half)  // slot j of the half layout holds pair j mod h, its (j < h ? first : second) slot
    return j < h ? 2 * j : 2 * (j - h) + 1;
  return (j & 1) == 0 ? j / 2 : h + j / 2;  // to adjacent
}

void rope(const RopeSpec& spec, const float* rows, const double* positions, float* out) {
  const std::int64_t d = spec.dim;
  const std::int64_t rd = rotary_width(spec);
  // The rotated slice's first value; the rest of the row passes through.
  const std::int64_t at = spec.rope_dims == RopeDims::last ? d - rd : 0;
  RopeScaling scaling = spec.scaling;
  if (scaling.sequence_length == 0.0) {  // the call's length: max(position_ids) + 1
    double last = positions[0];
    for (std::int64_t r = 1; r < spec.count; ++r) last = std::max(last, positions[r]);
    scaling.sequence_length = last + 1.0;
  }
  std::vector<double> omega(static_cast<std::size_t>(rd / 2));
  const double factor = rope_frequencies(rd, spec.theta, scaling, omega.data());
  std::vector<double> c(static_cast<std::size_t>(rd)), s(static_cast<std::size_t>(rd));
  const int pairing = spec.pairing == Pairing::adjacent ? kernels::kAdjacentPairs : kernels::kHalfPairs;
  // Another output layout: rotate into `turned`, then write slot j from the
  // pairing's slot that lands there (a permutation: no value changes).
  const Pairing output = output_layout(spec);
  const bool relayout = output != spec.pairing;
  std::vector<float> turned(relayout ? static_cast<std::size_t>(rd) : 0);
  for (std::int64_t r = 0; r < spec.count; ++r) {
    const float* x = rows + r * d;
    float* y = out + r * d;
    std::copy(x, x + at, y);
    std::copy(x + at + rd, x + d, y + at + rd);
    rope_slot_phasors(omega.data(), rd, positions[r], factor, spec.table_layout, c.data(), s.data());
    kernels::rope_row(x + at, c.data(), s.data(), rd, pairing, relayout ? turned.data() : y + at);
    if (relayout)
      for (std::int64_t j = 0; j < rd; ++j)
        y[at + j] = turned[static_cast<std::size_t>(pairing_source(j, rd, spec.pairing, output))];
  }
}

}  // namespace phasor
