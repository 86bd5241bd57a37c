// "Is there a matrix M with M e(p) = e(p + k) for every p?" answered by
// fitting: the best linear map from e(p) to e(p + k) over positions
// p_r = offset + r * stride, r < positions (minimum-norm least squares in
// float64), and how far it misses there and on `extrapolate` further
// positions. For phases linear in p — the sinusoidal encoding, or any
// frequencies, linearly spaced ones too — the rotation M_k is exact and the
// residual is rounding. Without the cosines, or with a phase not linear in p,
// no fixed M exists: sine-only and p^2 miss by tens of percent; ln(1 + p) is
// smooth enough that many dimensions approximate its shift over a finite range
// (a small residual) but the map fails beyond it (extrapolationResidual).
// Over a short range the slow pairs barely turn and the data do not pin them
// down (rank < d); a stride that spans their wavelengths does.
//
// The encodings, width d = dModel (h = d/2 pairs, interleaved sin, cos):
//   sinusoidal          sin, cos of w_i p,        w_i = base^(-2i/d)
//   sine-only           sin(v_j p) for j < d,     v_j = base^(-j/d) (same range, no cosines)
//   linear-frequencies  sin, cos of w_i p,        w_i linear from 1 to base^(-2(h-1)/d)
//   quadratic-phase     sin, cos of w_i p^2
//   log-phase           sin, cos of w_i ln(1 + p)   (p > -1)
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "phasor/limits.hpp"

namespace phasor {

enum class ShiftEncoding { sinusoidal = 0, sine_only = 1, linear_frequencies = 2, quadratic_phase = 3, log_phase = 4 };
inline constexpr std::array<const char*, 5> kShiftEncodingNames = {"sinusoidal", "sine-only", "linear-frequencies",
                                                                   "quadratic-phase", "log-phase"};

struct ShiftFitSpec {
  ShiftEncoding encoding = ShiftEncoding::sinusoidal;
  std::int64_t d_model = 0;
  double base = 10000.0;
  double k = 1.0;                // the shift
  std::int64_t positions = 0;    // how many p the fit runs over
  double offset = 0.0;           // the first p
  double stride = 1.0;           // spacing of the p
  std::int64_t extrapolate = 0;  // further p (same stride) the map is checked on, not fitted to
};

std::string validate_shift_fit(const ShiftFitSpec& spec);

// The encoding's frequencies: d/2 values (d for sine-only).
std::vector<double> shift_encoding_frequencies(const ShiftFitSpec& spec);
// e(p), d values.
void shift_encoding(const ShiftFitSpec& spec, const std::vector<double>& frequencies, double p, double* row);
// The rows shift_fit fits and checks, r < positions + extrapolate: x row r is
// e(p_r), y row r is e(p_r + k), each d values. Log phase: bit for bit as
// shift_encoding gives them. The others along the progression
// (progression_phasors.hpp): linear phases (sinusoidal, sine-only,
// linear-frequencies) by angle addition, within a few ulp of shift_encoding
// and of the exact values; quadratic phase by a turning step, within the
// rounding of w p^2. Where p_r + k is exactly p_{r + k/stride}, y row r is x
// row r + k/stride copied.
void shift_fit_rows(const ShiftFitSpec& spec, const std::vector<double>& frequencies, double* x, double* y);

struct ShiftFit {
  std::vector<double> map;              // d x d, row-major: e(p + k) ~ map . e(p)
  double residual = 0.0;                // ||M e(p) - e(p + k)|| / ||e(p + k)|| over the fitted p (Frobenius)
  double extrapolation_residual = 0.0;  // the same over the extrapolated p (NaN without any)
  std::vector<double> per_position;     // the ratio for each p, fitted then extrapolated
                                        // (absolute where e(p + k) = 0)
  std::vector<double> singular_values;  // of the positions x d matrix of e(p)
  std::int64_t rank = 0;
};

ShiftFit shift_fit(const ShiftFitSpec& spec);

// Sine-only loses the phase's quadrant: sin(v p) = sin(v q) for q = pi / v - p.
// Returns {v, q, sin(v p), sin(v q), cos(v p), cos(v q)} for slot j = dimension.
std::string validate_sine_collision(double d_model, double base, double dimension, double position);
std::vector<double> sine_collision(std::int64_t d_model, double base, std::int64_t dimension, double position);

}  // namespace phasor
