// Walks the phasors (sin w_i p, cos w_i p) of every pair along successive
// positions p = start, start+step, ... by rotation, re-anchoring them from an
// exact float64 sin/cos every kChunk steps. Between anchors the
// float64 recurrence drifts by about steps * 2^-52, far below float32
// resolution, so every emitted value is the float64 value rounded to float32.
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

  // Calls emit(state, first_index, count) for consecutive chunks covering
  // [0, total) steps; emit advances the state by `count` steps.
  template <class Emit>
  void run(std::int64_t total, Emit&& emit) {
    for (std::int64_t done = 0; done < total;) {
      const std::int64_t count = total - done < kChunk ? total - done : kChunk;
      anchor(start_ + static_cast<double>(done) * step_);
      emit(state_, done, count);
      done += count;
    }
  }

 private:
  void anchor(double position);

  std::vector<double> omega_, sin_, cos_, step_sin_, step_cos_;
  double start_, step_;
  kernels::PhasorState state_{};
};

}  // namespace phasor
