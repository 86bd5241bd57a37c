// Turns libFuzzer's bytes into the doubles the wasm bindings receive from
// JavaScript. Each number starts with a tag byte choosing how it is read, so
// mutations reach the interesting values often: raw IEEE bits (NaN, infinities,
// subnormals, 1e308), small integers, halves and quarters, and a table of the
// limits and their neighbours. Past the end of the input every read is 0.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace fuzz {

// A failed invariant: print it and abort, which libFuzzer reports as a crash
// (with the input saved) and which fails `npm test`.
#define FUZZ_CHECK(condition, what)                                                          \
  do {                                                                                       \
    if (!(condition)) {                                                                      \
      std::fprintf(stderr, "fuzz invariant failed: %s (%s:%d)\n", what, __FILE__, __LINE__); \
      std::abort();                                                                          \
    }                                                                                        \
  } while (0)

inline constexpr double kSpecial[] = {
    0.0,
    -0.0,
    1.0,
    -1.0,
    2.0,
    3.0,
    4.0,
    0.5,
    -0.5,
    1e-300,
    1e300,
    1e301,
    1e308,
    std::numeric_limits<double>::quiet_NaN(),
    std::numeric_limits<double>::infinity(),
    -std::numeric_limits<double>::infinity(),
    std::numeric_limits<double>::denorm_min(),
    65535.0,
    65536.0,
    65537.0,
    65538.0,
    4095.0,
    4096.0,
    4097.0,
    1023.0,
    1024.0,
    1025.0,
    67108863.0,
    67108864.0,
    67108865.0,  // kMaxPositions = 2^26
    2147483647.0,
    2147483648.0,
    2147483649.0,  // kMaxAbsPosition = 2^31
    -2147483648.0,
    -2147483649.0,
    1073741824.0,  // kMaxOutputBytes = 2^30
    9007199254740991.0,
    9007199254740992.0,
    9.2e18,
    1.8446744073709552e19,
    1e6,
    1000001.0,
    10000.0,
    500000.0,
    1.0000000000000002,
    0.9999999999999999,
    128.0,
    129.0,
    130.0,
    127.0,
};

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }

  double number() {
    const std::uint8_t tag = byte();
    switch (tag % 5) {
      case 0: {  // raw bits
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i) bits |= static_cast<std::uint64_t>(byte()) << (8 * i);
        double v;
        std::memcpy(&v, &bits, sizeof v);
        return v;
      }
      case 1:
        return static_cast<double>(small());
      case 2:
        return static_cast<double>(small()) / 4.0;
      case 3:
        return kSpecial[byte() % (sizeof kSpecial / sizeof kSpecial[0])];
      default: {  // a special value nudged by a small integer
        const double base = kSpecial[byte() % (sizeof kSpecial / sizeof kSpecial[0])];
        return base + static_cast<double>(static_cast<std::int8_t>(byte()));
      }
    }
  }

  // A length for an array the caller builds (as JavaScript would pass one): 0..max.
  std::size_t count(std::size_t max) { return byte() % (max + 1); }

  // An array of 0..max numbers: its length, then its values.
  std::vector<double> numbers(std::size_t max) {
    std::vector<double> values(count(max));
    for (auto& v : values) v = number();
    return values;
  }

  // A finite value for rows, tokens and weights.
  double finite(double bound) {
    const double v = number();
    return std::isfinite(v) ? std::fmod(v, bound) : 0.5;
  }

 private:
  std::int16_t small() {
    const auto lo = static_cast<std::uint16_t>(byte());
    const auto hi = static_cast<std::uint16_t>(byte());
    return static_cast<std::int16_t>(static_cast<std::uint16_t>(lo | (hi << 8)));
  }

  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

// A refusal names what is wrong: a sentence, never empty, never a raw number format.
inline void check_refusal(const std::string& message) {
  FUZZ_CHECK(!message.empty(), "refusal without a message");
  FUZZ_CHECK(message.size() < 400, "refusal message too long");
}

}  // namespace fuzz
