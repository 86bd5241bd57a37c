#include "phasor/window.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels.hpp"
#include "phase_walk.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

namespace {

// Rows per block when a window is produced piecewise: about 2^18 values.
std::int64_t rows_per_block(std::int64_t width) { return std::max<std::int64_t>(1, (std::int64_t{1} << 18) / width); }

std::vector<double> attenuations(const std::vector<double>& omega, std::int64_t stride, int power) {
  std::vector<double> out(omega.size());
  for (std::size_t i = 0; i < omega.size(); ++i) {
    const double d = bin_attenuation(omega[i], stride);
    out[i] = power == 2 ? d * d : d;
  }
  return out;
}

// The centre of bin 0: first + (stride - 1) / 2.
double first_centre(const Bins& bins) { return bins.first + static_cast<double>(bins.stride - 1) / 2.0; }

}  // namespace

double bin_attenuation(double omega, std::int64_t stride) {
  if (stride <= 1) return 1.0;
  const auto s = static_cast<double>(stride);
  return std::sin(omega * s / 2.0) / (s * std::sin(omega / 2.0));
}

std::string validate_bins(double first, double stride, double count, double shift, double width) {
  if (auto e = check_integer("stride", stride, 1, 2.0 * kMaxAbsPosition); !e.empty()) return e;
  if (auto e = check_integer("count", count, 1, static_cast<double>(kMaxBins)); !e.empty()) return e;
  if (auto e = check_finite("first", first, -kMaxAbsPosition, kMaxAbsPosition); !e.empty()) return e;
  const double lo = first + shift;
  const double hi = first + shift + count * stride - 1.0;
  if (!(std::fabs(lo) <= kMaxAbsPosition && std::fabs(hi) <= kMaxAbsPosition))
    return "the window (first + count x stride) must stay within [-2147483648, 2147483648]; got " + format_number(lo) +
           " ... " + format_number(hi);
  return check_output_size("the window (count x width float32 values)", count * width, 4);
}

std::string validate_bin_sums(double count, double d_model) {
  return check_work("count x dModel/2", count * std::floor(d_model / 2), kMaxDotByOffsetWork);
}

std::string validate_measured_bins(double count, double d_model) {
  return check_work("count x dModel", count * d_model, kMaxMeasuredDotWork);
}

void encode_bins(const EncodingSpec& spec, const Bins& bins, float* out) {
  const auto omega = frequencies(spec.d_model, spec.base, spec.spacing);
  PhaseWalk walk(omega, first_centre(bins), static_cast<double>(bins.stride), attenuations(omega, bins.stride, 1));
  const int layout = static_cast<int>(spec.layout);
  walk.run(bins.count, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    kernels::pe_rows(state, count, layout, out + first * spec.d_model);
  });
}

void encode_bin_dims(const EncodingSpec& spec, const Bins& bins, const std::int64_t* dims, std::int64_t m, float* out) {
  const std::int64_t h = spec.d_model / 2;
  // Each dimension's pair and whether it is the sine; only those pairs are walked.
  std::vector<std::int64_t> pair_of(static_cast<std::size_t>(m));
  std::vector<bool> is_sin(static_cast<std::size_t>(m));
  std::vector<double> omega, amplitude;
  std::vector<std::int64_t> slot(static_cast<std::size_t>(m));
  for (std::int64_t n = 0; n < m; ++n) {
    const std::int64_t j = dims[n];
    const bool interleaved = spec.layout == Layout::interleaved;
    const std::int64_t pair = interleaved ? j / 2 : j % h;
    is_sin[static_cast<std::size_t>(n)] = interleaved ? j % 2 == 0 : j < h;
    const double w = frequency(pair, spec.d_model, spec.base, spec.spacing);
    omega.push_back(w);
    amplitude.push_back(bin_attenuation(w, bins.stride));
    slot[static_cast<std::size_t>(n)] = static_cast<std::int64_t>(omega.size()) - 1;
  }
  PhaseWalk walk(omega, first_centre(bins), static_cast<double>(bins.stride), amplitude);
  const auto pairs = static_cast<std::int64_t>(omega.size());
  std::vector<float> rows(static_cast<std::size_t>(std::min<std::int64_t>(bins.count, 1024) * 2 * pairs));
  walk.run(bins.count, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    kernels::pe_rows(state, count, kernels::kInterleaved, rows.data());
    for (std::int64_t n = 0; n < m; ++n) {
      const std::int64_t at = 2 * slot[static_cast<std::size_t>(n)] + (is_sin[static_cast<std::size_t>(n)] ? 0 : 1);
      float* column = out + n * bins.count + first;
      for (std::int64_t r = 0; r < count; ++r) column[r] = rows[static_cast<std::size_t>(r * 2 * pairs + at)];
    }
  });
}

void dot_by_offset_bins(std::int64_t d_model, double base, Spacing spacing, const Bins& bins, double* out) {
  const auto omega = frequencies(d_model, base, spacing);
  PhaseWalk walk(omega, first_centre(bins), static_cast<double>(bins.stride), attenuations(omega, bins.stride, 1));
  walk.run(bins.count, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    kernels::cos_sums(state, count, out + first);
  });
}

void measured_dot_bins(std::int64_t d_model, double base, Spacing spacing, double p, const Bins& bins, double* out) {
  EncodingSpec spec;
  spec.positions = 1;
  spec.d_model = d_model;
  spec.base = base;
  spec.offset = p;
  spec.spacing = spacing;
  std::vector<float> at_p(static_cast<std::size_t>(d_model));
  encode(spec, at_p.data());
  // The shifted rows, a block at a time so memory stays bounded.
  const std::int64_t block = rows_per_block(d_model);
  std::vector<float> rows(static_cast<std::size_t>(std::min(block, bins.count) * d_model));
  for (std::int64_t done = 0; done < bins.count; done += block) {
    Bins part = bins;
    part.first = bins.first + p + static_cast<double>(done * bins.stride);
    part.count = std::min(block, bins.count - done);
    encode_bins(spec, part, rows.data());
    // Four rows at a time, each summed over j in order as one row alone
    // would be (the same result to the bit): their four sums are independent
    // chains of additions, which the processor overlaps instead of waiting
    // on each addition in turn.
    const float* a = at_p.data();
    std::int64_t r = 0;
    for (; r + 4 <= part.count; r += 4) {
      const float* r0 = rows.data() + r * d_model;
      const float* r1 = r0 + d_model;
      const float* r2 = r1 + d_model;
      const float* r3 = r2 + d_model;
      double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
      for (std::int64_t j = 0; j < d_model; ++j) {
        const auto x = static_cast<double>(a[j]);
        s0 += x * static_cast<double>(r0[j]);
        s1 += x * static_cast<double>(r1[j]);
        s2 += x * static_cast<double>(r2[j]);
        s3 += x * static_cast<double>(r3[j]);
      }
      out[done + r] = s0;
      out[done + r + 1] = s1;
      out[done + r + 2] = s2;
      out[done + r + 3] = s3;
    }
    for (; r < part.count; ++r) {
      const float* row = rows.data() + r * d_model;
      double dot = 0.0;
      for (std::int64_t j = 0; j < d_model; ++j) dot += static_cast<double>(a[j]) * static_cast<double>(row[j]);
      out[done + r] = dot;
    }
  }
}

void offset_row_bins(std::int64_t d_model, double base, Spacing spacing, Metric metric, const Bins& bins, float* out) {
  const auto omega = frequencies(d_model, base, spacing);
  // Blocks are centred on first + r*stride (not first + (stride-1)/2): the
  // p and q bins share their alignment, so their centres' offset is a whole
  // number of strides.
  PhaseWalk walk(omega, bins.first, static_cast<double>(bins.stride), attenuations(omega, bins.stride, 2));
  std::vector<double> dots(static_cast<std::size_t>(bins.count));
  walk.run(bins.count, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
    kernels::cos_sums(state, count, dots.data() + first);
  });
  const double half = static_cast<double>(d_model / 2);  // |PE(p)|^2 = d/2
  for (std::size_t r = 0; r < dots.size(); ++r) {
    switch (metric) {
      case Metric::dot:
        out[r] = static_cast<float>(dots[r]);
        break;
      case Metric::cosine:
        out[r] = static_cast<float>(dots[r] / half);
        break;
      case Metric::l2:
        out[r] = static_cast<float>(std::sqrt(std::max(0.0, 2.0 * (half - dots[r]))));
        break;
    }
  }
}

}  // namespace phasor
