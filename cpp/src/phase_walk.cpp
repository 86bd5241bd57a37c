#include "phase_walk.hpp"

#include <cmath>

namespace phasor {

PhaseWalk::PhaseWalk(const std::vector<double>& omega, double start, double step)
    : PhaseWalk(omega, start, step, std::vector<double>()) {}

PhaseWalk::PhaseWalk(const std::vector<double>& omega, double start, double step, const std::vector<double>& amplitude)
    : omega_(omega),
      amplitude_(amplitude),
      sin_(omega.size()),
      cos_(omega.size()),
      step_sin_(omega.size()),
      step_cos_(omega.size()),
      start_(start),
      step_(step) {
  for (std::size_t i = 0; i < omega_.size(); ++i) {
    step_sin_[i] = std::sin(omega_[i] * step_);
    step_cos_[i] = std::cos(omega_[i] * step_);
  }
  state_ = {sin_.data(), cos_.data(), step_sin_.data(), step_cos_.data(), static_cast<std::int64_t>(omega_.size())};
}

void PhaseWalk::anchor(double position) {
  for (std::size_t i = 0; i < omega_.size(); ++i) {
    const double phase = omega_[i] * position;
    const double a = amplitude_.empty() ? 1.0 : amplitude_[i];
    sin_[i] = a * std::sin(phase);
    cos_[i] = a * std::cos(phase);
  }
}

}  // namespace phasor
