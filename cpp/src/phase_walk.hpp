// Walks the phasors (sin w_i p, cos w_i p) of every pair along successive
// positions p = start, start+step, ... by rotation, re-anchoring them from an
// exact float64 sin/cos every kChunk steps. Between anchors the
// float64 recurrence drifts by about steps * 2^-52, far below float32
// resolution, so every emitted value is the float64 value rounded to float32.
//
// An optional amplitude a_i scales pair i's phasor (a_i sin, a_i cos): the
// rotation is linear, so the walk carries it, and the mean over a bin of s
// positions (a Dirichlet kernel, see window.hpp) is one walk at the bins'
// centres. Large steps stay exact there: the step angle w_i s is rounded by
// up to |w_i s| 2^-53, but the amplitude is at most 2 / (w_i s), so a pair
// drifts by at most 2 * 1024 * 2^-53 per anchor interval whatever s is.
#pragma once
#include <cstdint>
#include <vector>

#include "phasor_state.hpp"

namespace phasor {

class PhaseWalk {
 public:
  // Steps between exact re-anchorings, and the most one emit() call gets.
  static constexpr std::int64_t kChunk = 1024;

  PhaseWalk(const std::vector<double>& omega, double start, double step);
  // As above, pair i scaled by amplitude[i] (same length as omega).
  PhaseWalk(const std::vector<double>& omega, double start, double step, const std::vector<double>& amplitude);

  // Calls emit(state, first_index, count) for consecutive chunks covering
  // [0, total) steps; emit advances the state by `count` steps. A shorter
  // `chunk` re-anchors more often (drift about chunk * 2^-53 in float64); a
  // caller computing in blocks of a multiple of `chunk` steps, each block a
  // walk from its own start, gets the numbers of one walk over all of them,
  // bit for bit (embedding_scale.cpp).
  template <class Emit>
  void run(std::int64_t total, Emit&& emit, std::int64_t chunk = kChunk) {
    for (std::int64_t done = 0; done < total;) {
      const std::int64_t count = total - done < chunk ? total - done : chunk;
      anchor(start_ + static_cast<double>(done) * step_);
      emit(state_, done, count);
      done += count;
    }
  }

 private:
  void anchor(double position);

  std::vector<double> omega_, amplitude_, sin_, cos_, step_sin_, step_cos_;
  double start_, step_;
  kernels::PhasorState state_{};
};

}  // namespace phasor
