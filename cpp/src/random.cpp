#include "phasor/random.hpp"

#include <cmath>

#include "phasor/frequencies.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

namespace {

class SplitMix64 {
 public:
  SplitMix64(std::uint64_t seed, std::uint64_t stream) : state_(seed + stream * 0xD1B54A32D192ED03ull) {}
  static constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ull;

  std::uint64_t next() {
    std::uint64_t z = (state_ += kGamma);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Where the stream is after `calls` more calls to next() (mod 2^64, as next() wraps).
  void advance(std::uint64_t calls) { state_ += calls * kGamma; }

  // Never 0, so log(u) is finite.
  double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1p-53; }

 private:
  std::uint64_t state_;
};

}  // namespace

std::string validate_normal_samples(double seed, double stream, double count, double std_dev, const char* seed_name,
                                    const char* std_name, double first) {
  if (auto e = check_integer(seed_name, seed, 0, kMaxSeed); !e.empty()) return e;
  if (auto e = check_integer("stream", stream, 0, kMaxSeed); !e.empty()) return e;
  if (auto e = check_integer("first", first, 0, kMaxSeed); !e.empty()) return e;
  if (auto e = check_integer("count", count, 0, kMaxNormalSamples); !e.empty()) return e;
  return check_finite(std_name, std_dev, 0, kMaxNormalStd);
}

namespace {

// put(k, z_{first + k}) for k < count, z in float64 as Box-Muller gives it.
template <class Put>
void draw_normals(std::uint64_t seed, std::uint64_t stream, std::int64_t count, std::uint64_t first, Put&& put) {
  SplitMix64 rng(seed, stream);
  // Normals come in pairs, two calls each: pair j starts after 2j calls.
  rng.advance(first - first % 2);
  // Samples first, first + 1, ... as k = 0, 1, ...: k is sample first + k.
  for (std::int64_t k = -static_cast<std::int64_t>(first % 2); k < count; k += 2) {
    const double u1 = rng.uniform();
    const double u2 = rng.uniform();
    const double r = std::sqrt(-2.0 * std::log(u1));
    if (k >= 0) put(k, r * std::cos(kTwoPi * u2));
    if (k + 1 < count) put(k + 1, r * std::sin(kTwoPi * u2));
  }
}

}  // namespace

void normal_samples(std::uint64_t seed, std::uint64_t stream, double std_dev, std::int64_t count, float* out,
                    std::uint64_t first) {
  draw_normals(seed, stream, count, first, [&](std::int64_t k, double z) { out[k] = static_cast<float>(std_dev * z); });
}

void standard_normals(std::uint64_t seed, std::uint64_t stream, std::int64_t count, double* out, std::uint64_t first) {
  draw_normals(seed, stream, count, first, [&](std::int64_t k, double z) { out[k] = z; });
}

}  // namespace phasor
