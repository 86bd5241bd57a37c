// Reading a RoPE input for identify_rope (rope_identify.cpp): which rows to
// look at first, and each pair's frequency from its phases. The phases are
// atan2 of a (cos, sin) pair of a cache, or of rotated / original for q/k
// rows; they are unwrapped from the two closest positions outwards, the
// frequency refitted as the rows grow farther, so a fit stays on the right
// turn as long as the rows' distances grow by a bounded factor (the sample
// takes rows at doubling distances for that).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

namespace phasor {

// Rows spread over the positions: the rows nearest position 0, rows at
// evenly spaced ranks (the first and last included), the rows nearest each
// power of two, and the row of the largest |position|. Sorted by |position|.
std::vector<std::int64_t> sample_rows(const double* positions, std::int64_t rows);

// The phase of pair j at row k (radians), or false when it has none (a
// rotated pair whose original is 0).
using PhaseAt = std::function<bool(std::int64_t row, std::int64_t pair, double* phase)>;

// The frequency w of each of `pairs` pairs such that phase(k, j) = w_j p_k,
// from the rows given (sorted by |position|, as sample_rows returns them).
// NaN for a pair no two rows one turn apart can start.
std::vector<double> fit_frequencies(const double* positions, const std::vector<std::int64_t>& rows, std::int64_t pairs,
                                    const PhaseAt& phase);

}  // namespace phasor
