// Measuring a RoPE candidate against the input (rope_identify.cpp): each
// value against the candidate's own (cos and sin of p w_j from
// rope_phasors.hpp), with the bound of the precision it claims
// (rope_bounds.hpp), row by row.
#pragma once
#include <cstdint>
#include <vector>

#include "phasor/rope_identify.hpp"
#include "rope_bounds.hpp"
#include "rope_phasors.hpp"

namespace phasor {

struct RopeMeasurement {
  double max_error = 0.0;
  // The value nearest its bound: the ratio worst_deviation / worst_bound.
  double worst_deviation = 0.0;
  double worst_bound = 1.0;
  bool within_exact = true;  // every value within the exact bound as well
  // Per measured row (when kept): position, and the deviation and bound of its value nearest its bound.
  std::vector<double> positions, deviation, bound;
  double ratio() const { return worst_deviation / worst_bound; }
};

// What a candidate predicts: w_j and the amplitude; and how a cache's columns
// or rotated rows' slots hold the pairs.
struct RopePrediction {
  std::vector<double> omega;
  double amplitude = 1.0;
  RopeBound bound;          // of the precision claimed (at this amplitude)
  RopeBound exact_bound;    // exact arithmetic, the same storage
  bool check_exact = true;  // also measure against exact_bound (within_exact)
};

// The pair each column of a cache holds: half (cat(w, w)), adjacent (each
// repeated), or one column per pair (pairing -1).
std::vector<std::int64_t> pair_of_column(int pairing, std::int64_t width);

// A cache of that layout (pairing code, -1: one column per pair). keep_rows: fill the per-row arrays.
RopeMeasurement measure_cache(const RopeInput& in, int pairing, const RowPhasors& phasors,
                              const RopePrediction& prediction, bool keep_rows);

// Rotated rows: `pairing` says which slots of the original form pair j,
// `output_pairing` where the rotated pair lands (Pairing codes).
RopeMeasurement measure_rotated(const RopeInput& in, int pairing, int output_pairing, const RowPhasors& phasors,
                                const RopePrediction& prediction, bool keep_rows);

// inv_freq: each w against the candidate's, relative (bound: rope_frequency_bound).
RopeMeasurement measure_frequencies(const RopeInput& in, const std::vector<double>& omega,
                                    const std::vector<double>& bound, const std::vector<double>& exact_bound);

}  // namespace phasor
