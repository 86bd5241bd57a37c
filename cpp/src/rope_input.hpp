// What identify_rope reads off its input before fitting anything
// (rope_identify.cpp): the format the values are stored in, the amplitude
// and how far single values depart from it, which columns of a cache repeat,
// and for rotated rows which slots pair in and out.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "phasor/rope_identify.hpp"

namespace phasor {

// The narrowest type holding every value, as precision.hpp's
// narrowest_storage decides it (bfloat16, else float16, else float32), read
// off float32 bits: a float32 tensor almost never holds only bfloat16 or
// float16 values, so those are such a tensor's storage; fewer than four
// values other than 0 and powers of two tell nothing: float32. `more`: a
// second array of `count` values read with the first (sin, with cos).
Storage storage_of(const float* values, std::int64_t count, const float* more = nullptr);

struct RopeAmplitude {
  double mean = 0.0;    // cache: mean sqrt(cos^2 + sin^2); rows: mean |out| / |in| of a pair
  double spread = 0.0;  // the largest departure of one value's (pair's) amplitude from the mean
};
// Over the rows given (the sample: every value is measured against the
// candidates later; this is the diagnosis of an input that is no cache).
RopeAmplitude cache_amplitude(const RopeInput& in, const std::vector<std::int64_t>& rows);
RopeAmplitude rotated_amplitude(const RopeInput& in, const std::vector<std::int64_t>& rows, int pairing,
                                int output_pairing);

// A cache's layout from the rows given: half (cat(w, w)), adjacent (each
// column repeated) or -1 (one column per pair).
int cache_pairing(const RopeInput& in, const std::vector<std::int64_t>& rows);

// Rotated rows: which slots of the original pair (in) and where the turned
// pair lands (out), the combination whose |out| / |in| is the most constant
// over the rows given; in is -1 when the original cannot tell (every pair
// the same under both pairings, such as a row of ones).
struct RotatedPairing {
  int in = -1;
  int out = 1;
  int measured_in = 1;  // the input pairing the measurement uses (either, when in is -1)
};
RotatedPairing rotated_pairing(const RopeInput& in, const std::vector<std::int64_t>& rows);

// The original's value at (row, slot): the row itself, its one row, or 1.
inline double original_at(const RopeInput& in, std::int64_t row, std::int64_t slot) {
  if (in.original == nullptr) return 1.0;
  return in.original[(in.original_one_row ? 0 : row * in.width) + slot];
}

// The slots pair j occupies in a row of `width` values under a pairing code.
inline std::pair<std::int64_t, std::int64_t> pair_slots(int pairing, std::int64_t j, std::int64_t width) {
  return pairing == static_cast<int>(Pairing::half) ? std::pair{j, j + width / 2} : std::pair{2 * j, 2 * j + 1};
}

}  // namespace phasor
