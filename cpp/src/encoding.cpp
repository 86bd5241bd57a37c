#include "phasor/encoding.hpp"

#include <algorithm>
#include <cmath>

#include "kernels.hpp"
#include "phase_walk.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

TableColumns columns_of(const EncodingSpec& spec) {
  const std::int64_t d = spec.d_model;
  const bool odd = d % 2 != 0;
  const bool zero = odd && spec.odd_width == OddWidth::zero_column;
  const bool extra = odd && spec.odd_width == OddWidth::extra_sine;
  return {d / 2, extra, zero, zero ? d - 1 : d};
}

std::vector<double> encoding_frequencies(const EncodingSpec& spec) {
  const TableColumns c = columns_of(spec);
  const std::int64_t count = c.pairs + (c.extra_sine ? 1 : 0);
  std::vector<double> omega(static_cast<std::size_t>(count));
  for (std::int64_t i = 0; i < count; ++i) {
    // The geometric spacing runs over the pairs (h - 1 steps); the paper's
    // exponent 2i/w over the width (an odd one too).
    const double w = spec.spacing == Spacing::tensor2tensor ? frequency(i, 2 * c.pairs, spec.base, spec.spacing)
                                                            : frequency(i, c.exponent_width, spec.base, spec.spacing);
    omega[static_cast<std::size_t>(i)] = spec.max_frequency * w;
  }
  return omega;
}

namespace {
// Forward rows of a padded table start past the padding row.
double lead(const EncodingSpec& spec) {
  const bool forward = spec.padding_idx >= 0 && !spec.buffer;
  return forward ? static_cast<double>(spec.padding_idx + 1) : 0.0;
}
}  // namespace

double first_position(const EncodingSpec& spec) { return spec.offset + lead(spec); }

namespace {

std::string check_width(const EncodingSpec& spec) {
  const auto d = static_cast<double>(spec.d_model);
  if (auto e = check_integer("dModel", d, 1, static_cast<double>(kMaxDModel)); !e.empty()) return e;
  if (spec.d_model % 2 == 0) return "";
  if (spec.odd_width == OddWidth::error)
    return "dModel must be even when oddWidth is 'error' (the paper's rule); got " + format_number(d) +
           " (oddWidth 'zeroColumn' or 'extraSine' take odd widths)";
  if (spec.odd_width == OddWidth::extra_sine && spec.spacing != Spacing::paper)
    return "oddWidth 'extraSine' keeps the odd dModel in the paper's exponent 2i/dModel: it needs "
           "spacing 'paper' (got the geometric spacing); use oddWidth 'zeroColumn'";
  return "";
}

}  // namespace

std::string validate_frequencies(const EncodingSpec& spec) {
  if (auto e = check_choice("spacing", static_cast<double>(spec.spacing), kSpacingNames); !e.empty()) return e;
  if (auto e = check_choice("oddWidth", static_cast<double>(spec.odd_width), kOddWidthNames); !e.empty()) return e;
  if (auto e = check_width(spec); !e.empty()) return e;
  if (auto e = check_base(spec.base); !e.empty()) return e;
  const double f = spec.max_frequency;
  if (!(std::isfinite(f) && f > 0.0 && f <= kMaxFrequency))
    return "maxFrequency must be a finite number in (0, " + format_number(kMaxFrequency) + "]; got " + format_number(f);
  const std::vector<double> omega = encoding_frequencies(spec);
  const double slowest = omega.empty() ? f : *std::min_element(omega.begin(), omega.end());
  if (!(slowest >= kMinFrequency))
    return "the slowest frequency, from maxFrequency " + format_number(f) + " and base " + format_number(spec.base) +
           ", must be at least " + format_number(kMinFrequency) + " (its wavelength 2*pi/omega finite); got " +
           format_number(slowest);
  return "";
}

std::string validate(const EncodingSpec& spec) {
  if (auto e = check_integer("positions", static_cast<double>(spec.positions), 1, static_cast<double>(kMaxPositions));
      !e.empty())
    return e;
  if (auto e = validate_frequencies(spec); !e.empty()) return e;
  if (auto e = check_choice("layout", static_cast<double>(spec.layout), kLayoutNames); !e.empty()) return e;
  if (auto e = check_choice("order", static_cast<double>(spec.order), kOrderNames); !e.empty()) return e;
  if (auto e = check_finite("scale", spec.scale, -kMaxEncodeScale, kMaxEncodeScale); !e.empty()) return e;
  if (spec.padding_idx != -1) {
    if (auto e = check_integer("paddingIdx", static_cast<double>(spec.padding_idx), 0, kMaxAbsPosition - 1); !e.empty())
      return e;
  }
  // Every row's position within +-2^31 (limits.hpp), named by the offset.
  const double first = lead(spec);
  const double last = first + static_cast<double>(spec.positions - 1);
  if (auto e = check_finite(first == 0 ? "offset" : "offset (after paddingIdx + 1)", spec.offset,
                            -kMaxAbsPosition - first, kMaxAbsPosition - last);
      !e.empty())
    return e;
  return check_output_size("the table (positions x dModel float32 values)",
                           static_cast<double>(spec.positions) * static_cast<double>(spec.d_model), 4);
}

namespace {

kernels::RowFormat format_of(const EncodingSpec& spec, const TableColumns& c) {
  const bool cos_first = spec.order == Order::cos_sin;
  const bool split = spec.layout == Layout::split;
  kernels::RowFormat f{spec.d_model,
                       c.pairs,
                       split ? kernels::kSplit : kernels::kInterleaved,
                       cos_first,
                       c.pairs,
                       -1,
                       c.zero_column ? spec.d_model - 1 : -1};
  if (c.extra_sine) {
    // Interleaved: the last column. Split: the end of the sine block, which
    // comes first (sinCos: cosines start one later) or second (cosSin).
    if (!split) {
      f.extra_sine = 2 * c.pairs;
    } else if (cos_first) {
      f.extra_sine = 2 * c.pairs;
    } else {
      f.extra_sine = c.pairs;
      f.second = c.pairs + 1;
    }
  }
  return f;
}

}  // namespace

void encode(const EncodingSpec& spec, float* out) {
  const TableColumns c = columns_of(spec);
  const std::vector<double> omega = encoding_frequencies(spec);
  const double start = first_position(spec);
  // Scale rides on the walk's amplitude: scale * sin(phase) in float64, then
  // one rounding to float32.
  const std::vector<double> amplitude =
      spec.scale == 1.0 ? std::vector<double>() : std::vector<double>(omega.size(), spec.scale);
  PhaseWalk walk(omega, start, 1.0, amplitude);
  const kernels::RowFormat format = format_of(spec, c);
  walk.run(spec.positions, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    kernels::pe_table_rows(state, count, format, out + first * spec.d_model);
  });
  if (spec.padding_idx >= 0) {
    // The stored padding row is zero, wherever it falls among the rows.
    const double row = static_cast<double>(spec.padding_idx) - start;
    if (row == std::floor(row) && row >= 0 && row < static_cast<double>(spec.positions)) {
      float* zero = out + static_cast<std::int64_t>(row) * spec.d_model;
      std::fill(zero, zero + spec.d_model, 0.0f);
    }
  }
}

}  // namespace phasor
