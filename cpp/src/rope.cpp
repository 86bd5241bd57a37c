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
  if (spec.rotary_dim != 0) {  // 0: the whole row, in C++ callers only (the bindings refuse it)
    if (auto e = check_rotary_dim(static_cast<double>(spec.rotary_dim), dim); !e.empty()) return e;
  }
  if (auto e = check_choice("ropeDims", static_cast<double>(spec.rope_dims), kRopeDimsNames); !e.empty()) return e;
  const bool partial = spec.rotary_dim > 0 && spec.rotary_dim != spec.dim;
  if (auto e =
          validate_rope_scaling(spec.scaling, static_cast<double>(rotary_width(spec)), partial ? "rotaryDim" : "dim");
      !e.empty())
    return e;
  if (static_cast<double>(spec.count) * dim > kMaxRopeValues)
    return "count x dim must be at most " + format_number(kMaxRopeValues) + " (the work of one call); got " +
           format_number(static_cast<double>(spec.count)) + " x " + format_number(dim);
  if (spec.mrope) {
    const auto pairs = static_cast<double>(rotary_width(spec) / 2);
    double sum = 0.0;
    for (std::size_t k = 0; k < 3; ++k) {
      const std::string name = "mrope.sections[" + format_number(static_cast<double>(k)) + "]";
      const auto v = static_cast<double>(spec.mrope_sections[k]);
      if (auto e = check_integer(name.c_str(), v, 0, pairs); !e.empty()) return e;
      sum += v;
    }
    if (sum != pairs)
      return "mrope.sections must add up to the rotated pairs, rotaryDim/2 = " + format_number(pairs) + "; got " +
             format_number(sum);
  }
  if (spec.query_scale_beta != 0.0) {
    if (auto e = check_finite("queryScale.beta", spec.query_scale_beta, 0.0, kMaxScalingFactor); !e.empty()) return e;
    if (auto e = check_finite("queryScale.originalLength", spec.query_scale_length, 1.0, kMaxAbsPosition); !e.empty())
      return e;
  }
  return check_positions("positions", positions, spec.mrope ? 3 * spec.count : spec.count);
}

void mrope_axes(const RopeSpec& spec, std::int64_t pairs, std::uint8_t* axes) {
  const auto& sec = spec.mrope_sections;
  for (std::int64_t i = 0; i < pairs; ++i) {
    if (spec.mrope_interleaved) {
      // transformers' apply_interleaved_mrope: freqs[..., offset:3 * section:3] from axis 1 and 2.
      const std::int64_t r = i % 3;
      axes[i] = r != 0 && i < 3 * sec[static_cast<std::size_t>(r)] ? static_cast<std::uint8_t>(r) : 0;
    } else {
      axes[i] = i < sec[0] ? 0 : i < sec[0] + sec[1] ? 1 : 2;
    }
  }
}

double query_scale(const RopeSpec& spec, double position) {
  if (spec.query_scale_beta == 0.0) return 1.0;
  return 1.0 + spec.query_scale_beta * std::log(1.0 + std::floor(position / spec.query_scale_length));
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

void rope_slot_phasors(const double* omega, std::int64_t dim, const double* pair_positions, double factor,
                       Pairing table_layout, double* c, double* s) {
  const std::int64_t h = dim / 2;
  for (std::int64_t i = 0; i < h; ++i) {
    const double angle = pair_positions[i] * omega[i];
    const bool adjacent = table_layout == Pairing::adjacent;
    const std::int64_t a = adjacent ? 2 * i : i;
    const std::int64_t b = adjacent ? 2 * i + 1 : h + i;
    c[a] = c[b] = factor * std::cos(angle);
    s[a] = s[b] = factor * std::sin(angle);
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
  const std::int64_t pairs = rd / 2;
  // The rotated slice's first value; the rest of the row passes through.
  const std::int64_t at = spec.rope_dims == RopeDims::last ? d - rd : 0;
  const std::int64_t given = spec.mrope ? 3 * spec.count : spec.count;
  RopeScaling scaling = spec.scaling;
  if (scaling.sequence_length == 0.0)  // the call's length: max(position_ids) + 1
    scaling.sequence_length = *std::max_element(positions, positions + given) + 1.0;
  std::vector<double> omega(static_cast<std::size_t>(pairs));
  const double factor = rope_frequencies(rd, spec.theta, scaling, omega.data());
  std::vector<double> c(static_cast<std::size_t>(rd)), s(static_cast<std::size_t>(rd));
  std::vector<std::uint8_t> axes(spec.mrope ? static_cast<std::size_t>(pairs) : 0);
  std::vector<double> pair_positions(axes.size());
  if (spec.mrope) mrope_axes(spec, pairs, axes.data());
  const int pairing = spec.pairing == Pairing::adjacent ? kernels::kAdjacentPairs : kernels::kHalfPairs;
  // Another output layout: rotate into `turned`, then write slot j from the
  // pairing's slot that lands there (a permutation: no value changes).
  const Pairing output = output_layout(spec);
  const bool relayout = output != spec.pairing;
  std::vector<float> turned(relayout ? static_cast<std::size_t>(rd) : 0);
  for (std::int64_t r = 0; r < spec.count; ++r) {
    const float* x = rows + r * d;
    float* y = out + r * d;
    // The query scale joins the cos/sin factor and multiplies the pass-through
    // values in float64: every output is still rounded once.
    const double scale = query_scale(spec, positions[r]);
    for (std::int64_t j = 0; j < d; ++j)
      if (j < at || j >= at + rd) y[j] = scale == 1.0 ? x[j] : static_cast<float>(scale * static_cast<double>(x[j]));
    if (spec.mrope) {
      for (std::int64_t i = 0; i < pairs; ++i)
        pair_positions[static_cast<std::size_t>(i)] = positions[axes[static_cast<std::size_t>(i)] * spec.count + r];
      rope_slot_phasors(omega.data(), rd, pair_positions.data(), factor * scale, spec.table_layout, c.data(), s.data());
    } else {
      rope_slot_phasors(omega.data(), rd, positions[r], factor * scale, spec.table_layout, c.data(), s.data());
    }
    kernels::rope_row(x + at, c.data(), s.data(), rd, pairing, relayout ? turned.data() : y + at);
    if (relayout)
      for (std::int64_t j = 0; j < rd; ++j)
        y[at + j] = turned[static_cast<std::size_t>(pairing_source(j, rd, spec.pairing, output))];
  }
}

}  // namespace phasor
