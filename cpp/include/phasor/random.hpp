// Seeded normal samples for the experiments' random weights and tokens, so a
// chart, a test and tests/fixtures/make_rope_fixtures.py all draw the same
// numbers from the same seed. SplitMix64 (Steele, Lea and Flood, "Fast
// splittable pseudorandom number generators", OOPSLA 2014) feeds Box–Muller.
//
// The stream, exactly (the fixture script repeats it in Python):
//   state = seed + stream * 0xD1B54A32D192ED03            (mod 2^64)
//   next():  state += 0x9E3779B97F4A7C15; z = state;
//            z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9;
//            z = (z ^ z >> 27) * 0x94D049BB133111EB;  return z ^ z >> 31
//   uniform(): ((next() >> 11) + 0.5) * 2^-53, in (0, 1)
//   normals, two at a time: u1 = uniform(), u2 = uniform(),
//            r = sqrt(-2 ln u1): r cos(2 pi u2), then r sin(2 pi u2)
//   sample k = float32(std * normal k).
// The state after n calls is state + n * 0x9E3779B97F4A7C15, so a draw can
// start at any sample `first` in O(1): a chart draws a large table a block
// at a time and gets the numbers one draw of the whole would give.
#pragma once
#include <cstdint>
#include <string>

#include "phasor/limits.hpp"

namespace phasor {

// Seed, stream and first: integers in [0, kMaxSeed]; count in
// [0, kMaxNormalSamples]; std_dev in [0, kMaxNormalStd]. The seed and std are named as the caller's
// option (attentionScores' tokenStd, embeddingScale's embeddingStd, ...).
std::string validate_normal_samples(double seed, double stream, double count, double std_dev,
                                    const char* seed_name = "seed", const char* std_name = "std", double first = 0);

// out[k] = float32(std_dev * z_{first + k}) for k < count.
void normal_samples(std::uint64_t seed, std::uint64_t stream, double std_dev, std::int64_t count, float* out,
                    std::uint64_t first = 0);

// out[k] = z_{first + k} for k < count, in float64 before any scaling or
// rounding: normal_samples' out[k] is float32(std_dev * this out[k]), so a
// caller that keeps these gets the samples of any std with one multiply
// each (<phasor-embedding-scale>, whose std 1/sqrt(d) follows d_model).
void standard_normals(std::uint64_t seed, std::uint64_t stream, std::int64_t count, double* out,
                      std::uint64_t first = 0);

}  // namespace phasor
