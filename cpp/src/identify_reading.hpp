// identify's reading of a table (identify_reading.cpp): what the rows say
// before any form is assumed, and the line through the log-frequencies.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "phasor/identify.hpp"

namespace phasor {

inline constexpr double kPi = 3.141592653589793;
inline double wrap(double angle) { return std::remainder(angle, 2 * kPi); }  // to [-pi, pi]

// The columns each full pair of a structure reads: first (a) and second (b) trig.
struct Pairs {
  std::vector<std::int64_t> a, b;
};

struct Reading {
  EncodingSpec structure;  // shape, layout and odd-width rule (order decided later)
  Pairs pairs;
  double amplitude = 0;     // the scale
  double inconsistent = 1;  // fraction of sampled pair amplitudes off the median
  double noise = 0;         // their median relative departure: the table's own rounding
  std::int64_t padding_row = -1;
  std::int64_t ref_row = 0;    // a row whose next row is not a zero row
  std::vector<double> omega;   // measured per pair (sign gives the order)
  std::vector<double> phase;   // angle at ref_row
  std::vector<bool> reliable;  // amplitude constant along the measuring rows
  double span = 1;             // the longest sequence-index distance measured over
};

Reading read_structure(const TableRows& table);

// log w_i = a + b i through the well-measured pairs; false when none is.
bool fit_line(const Reading& reading, double* a, double* b);

}  // namespace phasor
