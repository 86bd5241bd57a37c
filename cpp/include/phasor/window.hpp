// Views at pixel resolution: what a chart needs to draw a window of positions
// (or offsets) on a few hundred pixels, computed exactly for those pixels
// instead of for every position in the window.
//
// A window is `count` bins of `stride` consecutive integer positions; bin r
// covers first + r*stride ... first + (r+1)*stride - 1. Each bin holds the
// exact mean of the quantity over its positions, in closed form: the mean of
// e^(i w n) over n = 0 .. s-1 is e^(i w (s-1)/2) * D(w, s) with the Dirichlet
// kernel D(w, s) = sin(w s / 2) / (s sin(w / 2)). So a bin's mean of
// sin(w p) is D * sin(w c) at the bin's centre c, and a whole window is one
// phase walk at the centres with pair i scaled by D(w_i, s): O(count * d)
// whatever the stride. A pair whose wavelength is shorter than a bin averages
// towards 0 (|D| <= 1 / (s sin(w/2))), which is what the bin holds: the fast
// dimensions are shown as their mean, never aliased into false slow waves.
// With stride 1 every function here equals its full-resolution sibling.
#pragma once
#include <cstdint>
#include <string>

#include "phasor/analysis.hpp"
#include "phasor/encoding.hpp"

namespace phasor {

struct Bins {
  double first = 0.0;       // first position (or offset) of bin 0
  std::int64_t stride = 1;  // positions per bin
  std::int64_t count = 0;   // bins
};

// D(w, s): the mean of cos(w n + phi) over n = 0 .. s-1 is D * cos(w (s-1)/2 + phi).
double bin_attenuation(double omega, std::int64_t stride);

// "" when the bins' positions stay within [-2^31, 2^31] (with `shift` added,
// for positions p + k) and count * width float32 values fit a result.
std::string validate_bins(double first, double stride, double count, double shift, double width);

// "" when a sum over the d/2 frequencies for each of `count` bins (the dot
// products, the distances) is within kMaxDotByOffsetWork, dotByOffset's cap:
// the result is one number a bin, so the bin cap alone would let 2^24 bins
// at dModel 65536 ask for 2^39 terms.
std::string validate_bin_sums(double count, double d_model);

// "" when measured_dot_bins' rows, count x dModel values, are within kMaxMeasuredDotWork.
std::string validate_measured_bins(double count, double d_model);

// out[r * d + j] = mean over bin r of PE(p, j) (layout and spacing from spec;
// spec.positions and spec.offset are not used).
void encode_bins(const EncodingSpec& spec, const Bins& bins, float* out);

// Only the dimensions dims[0 .. m): out[n * count + r] = mean over bin r of PE(p, dims[n]).
void encode_bin_dims(const EncodingSpec& spec, const Bins& bins, const std::int64_t* dims, std::int64_t m, float* out);

// out[r] = mean over offsets k in bin r of PE(p).PE(p+k) = sum_i cos(w_i k), any p
// (float64 sums). With stride 1 and first 0 this is dot_by_offset.
void dot_by_offset_bins(std::int64_t d_model, double base, Spacing spacing, const Bins& bins, double* out);

// out[r] = PE(p) . M(r), the float32 row PE(p) against the float32 row M(r) of
// encode_bins over the bins shifted by p (float64 sums): with stride 1, the
// dot product of the two encoded rows PE(p) and PE(p + k), as a user holding
// the table would measure it.
void measured_dot_bins(std::int64_t d_model, double base, Spacing spacing, double p, const Bins& bins, double* out);

// The distance or similarity matrix over a window at pixel resolution. Bins of
// `stride` positions on both axes, aligned to multiples of the stride, make a
// block whose offsets q - p are centred on a multiple of the stride; the block
// holds the mean over its stride^2 cells of PE(p).PE(q) = sum_i cos(w_i k) D_i^2
// at its centre offset k. out[r] is the block centred on offset first + r*stride:
// dot: that mean; cosine: it / (d/2); l2: the root mean square distance
// sqrt(d - 2 * mean). The blocks' matrix is Toeplitz too, so this row draws it.
void offset_row_bins(std::int64_t d_model, double base, Spacing spacing, Metric metric, const Bins& bins, float* out);

}  // namespace phasor
