#include "phasor/resolution.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "kernels.hpp"
#include "phase_walk.hpp"
#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

std::string validate_position_resolution(double d_model, const double* bases, std::int64_t base_count,
                                         const double* lengths, std::int64_t length_count, double min_offset) {
  if (auto e = check_d_model(d_model); !e.empty()) return e;
  const auto max_cases = static_cast<double>(kMaxResolutionCases);
  if (auto e = check_integer("bases.length", static_cast<double>(base_count), 1, max_cases); !e.empty()) return e;
  if (auto e = check_integer("lengths.length", static_cast<double>(length_count), 1, max_cases); !e.empty()) return e;
  for (std::int64_t b = 0; b < base_count; ++b)
    if (auto e = check_base(bases[b], ("bases[" + format_number(static_cast<double>(b)) + "]").c_str()); !e.empty())
      return e;
  double longest = 0.0;
  for (std::int64_t l = 0; l < length_count; ++l) {
    if (auto e = check_integer(("lengths[" + format_number(static_cast<double>(l)) + "]").c_str(), lengths[l], 2,
                               static_cast<double>(kMaxPositions));
        !e.empty())
      return e;
    longest = std::max(longest, lengths[l]);
  }
  if (auto e = check_integer("minOffset", min_offset, 1, longest - 1); !e.empty()) return e;
  return check_work("bases.length x the longest length x dModel/2",
                    static_cast<double>(base_count) * longest * (d_model / 2), kMaxResolutionWork);
}

void position_resolution(std::int64_t d_model, const double* bases, std::int64_t base_count, const double* lengths,
                         std::int64_t length_count, std::int64_t min_offset, double* min_distance, double* at_offset,
                         double* float32_bound) {
  const auto d = static_cast<double>(d_model);
  // Lengths in increasing order, so one walk over the offsets serves them all.
  // (insertion sort: at most kMaxResolutionCases lengths)
  std::vector<std::int64_t> order_buffer(static_cast<std::size_t>(length_count));
  std::int64_t* order = order_buffer.data();
  for (std::int64_t l = 0; l < length_count; ++l) {
    std::int64_t at = l;
    for (; at > 0 && lengths[order[at - 1]] > lengths[l]; --at) order[at] = order[at - 1];
    order[at] = l;
  }
  const auto longest = static_cast<std::int64_t>(lengths[order[length_count - 1]]);

  for (std::int64_t l = 0; l < length_count; ++l)
    float32_bound[l] = 2.0 * std::sqrt(d) * (0x1p-25 + (lengths[l] - 1.0) * 0x1p-51);

  std::vector<double> sum_buffer(static_cast<std::size_t>(PhaseWalk::kChunk));  // one chunk's sums
  double* sums = sum_buffer.data();
  for (std::int64_t b = 0; b < base_count; ++b) {
    double best = std::numeric_limits<double>::infinity(), best_offset = 0.0;
    std::int64_t next = 0;                       // the next length (in `order`) to report
    auto report_through = [&](std::int64_t k) {  // every length n with n - 1 <= k
      for (; next < length_count && static_cast<std::int64_t>(lengths[order[next]]) - 1 <= k; ++next) {
        const std::int64_t at = b * length_count + order[next];
        const bool any = lengths[order[next]] - 1.0 >= static_cast<double>(min_offset);
        min_distance[at] = any ? best : std::numeric_limits<double>::quiet_NaN();
        at_offset[at] = any ? best_offset : std::numeric_limits<double>::quiet_NaN();
      }
    };
    report_through(min_offset - 1);
    PhaseWalk walk(frequencies(d_model, bases[b]), static_cast<double>(min_offset), 1.0);
    walk.run(longest - min_offset, [&](kernels::PhasorState& state, std::int64_t first, std::int64_t count) {
      kernels::cos_sums(state, count, sums);
      for (std::int64_t r = 0; r < count; ++r) {
        const std::int64_t k = min_offset + first + r;
        const double distance = std::sqrt(std::max(0.0, d - 2.0 * sums[r]));
        if (distance < best) {
          best = distance;
          best_offset = static_cast<double>(k);
        }
        report_through(k);
      }
    });
  }
}

}  // namespace phasor
