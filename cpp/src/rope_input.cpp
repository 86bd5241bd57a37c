#include "rope_input.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

namespace {

// float16: 10 stored bits of mantissa, normal from 2^-14, subnormal steps of 2^-24, at most 65504.
bool fits_float16(float v) {
  const float a = std::fabs(v);
  if (a == 0.0f) return true;
  if (!(a <= 65504.0f)) return false;
  if (a < 0x1p-14f) {
    const float steps = a * 0x1p24f;
    return steps == std::floor(steps);
  }
  std::uint32_t bits;
  std::memcpy(&bits, &a, sizeof bits);
  return (bits & 0x1FFFu) == 0;
}

// "" or why `values` (count of them, rows of width) are not all finite. The
// scan runs in blocks without an early exit, so it vectorizes; the block
// holding a non-finite value is then searched.
template <class T>
std::string check_values(const char* name, const T* values, std::int64_t count, std::int64_t width) {
  constexpr std::int64_t kBlock = 4096;
  for (std::int64_t first = 0; first < count; first += kBlock) {
    const std::int64_t last = std::min(count, first + kBlock);
    bool finite = true;
    for (std::int64_t k = first; k < last; ++k) finite &= std::fabs(values[k]) <= std::numeric_limits<T>::max();
    if (finite) continue;
    for (std::int64_t k = first; k < last; ++k) {
      if (std::isfinite(values[k])) continue;
      const auto v = static_cast<double>(values[k]);
      if (width <= 0)
        return std::string(name) + " must hold finite numbers; got " + format_number(v) + " at " + name + "[" +
               format_number(static_cast<double>(k)) + "]";
      return std::string(name) + " must hold finite numbers; got " + format_number(v) + " at row " +
             format_number(static_cast<double>(k / width)) + ", column " +
             format_number(static_cast<double>(k % width)) + (sizeof(T) == 4 ? " (values are read as float32)" : "");
    }
  }
  return "";
}

// float32 values squared stay finite in float64: no need for std::hypot's care (or its cost).
double norm(double a, double b) { return std::sqrt(a * a + b * b); }

constexpr int kHalf = static_cast<int>(Pairing::half);
constexpr int kAdjacent = static_cast<int>(Pairing::adjacent);

}  // namespace

Storage storage_of(const float* values, std::int64_t count, const float* more) {
  // The low bits every value leaves set (bfloat16 keeps 7 fraction bits, float16
  // 10), and whether any value is outside float16's normal range; values there
  // are checked one by one.
  // In blocks, so a float32 tensor is told after its first values.
  constexpr std::int64_t kBlock = 4096;
  std::uint32_t low = 0;
  bool outside = false;
  std::int64_t telling = 0;  // values other than 0 and powers of two (fewer than four say nothing)
  for (const float* array : {values, more}) {
    for (std::int64_t first = 0; array != nullptr && first < count && (low & 0x1FFFu) == 0; first += kBlock) {
      const std::int64_t last = std::min(count, first + kBlock);
      for (std::int64_t k = first; k < last; ++k) {
        std::uint32_t bits;
        std::memcpy(&bits, &array[k], sizeof bits);
        low |= bits;
        telling += (bits & 0x7FFFFFu) != 0 ? 1 : 0;
        const float a = std::fabs(array[k]);
        outside |= a > 65504.0f || (a < 0x1p-14f && a != 0.0f);
      }
    }
  }
  if (telling < 4) return Storage::float32;
  const bool bfloat16 = (low & 0xFFFFu) == 0;
  bool float16 = (low & 0x1FFFu) == 0;
  for (const float* array : {values, more}) {
    if (array == nullptr || !float16 || !outside) continue;
    for (std::int64_t k = 0; k < count && float16; ++k) float16 = fits_float16(array[k]);
  }
  return bfloat16 ? Storage::bfloat16 : float16 ? Storage::float16 : Storage::float32;
}

std::string validate_rope_input(const RopeInput& in) {
  const int kinds = (in.inv_freq != nullptr) + (in.cos != nullptr || in.sin != nullptr) + (in.rotated != nullptr);
  if (kinds != 1) return "give one of invFreq, cos and sin, or rotated";
  if (in.has_head_dim) {
    if (auto e = check_integer("headDim", in.head_dim, 1, static_cast<double>(kMaxDModel)); !e.empty()) return e;
  }
  if (in.inv_freq != nullptr) {
    if (auto e = check_integer("invFreq.length", static_cast<double>(in.pairs), 1, static_cast<double>(kMaxDModel / 2));
        !e.empty())
      return e;
    for (std::int64_t j = 0; j < in.pairs; ++j) {
      const double w = in.inv_freq[j];
      if (std::isfinite(w) && w > 0.0) continue;
      return "invFreq must hold at least one finite frequency > 0, and nothing else; got " + format_number(w) +
             " at invFreq[" + format_number(static_cast<double>(j)) + "]";
    }
    return "";
  }
  const char* values = in.rotated != nullptr ? "rotated" : "cos";
  if (in.rotated == nullptr && (in.cos == nullptr || in.sin == nullptr)) return "give both cos and sin";
  if (auto e = check_integer("width", static_cast<double>(in.width), 1, static_cast<double>(kMaxDModel)); !e.empty())
    return e;
  if (in.rotated != nullptr && in.width % 2 != 0)
    return "width must be even for rotated rows (RoPE turns pairs); got " +
           format_number(static_cast<double>(in.width));
  if (auto e = check_integer("rows", static_cast<double>(in.rows), 1, kMaxRopeValues); !e.empty()) return e;
  if (static_cast<double>(in.rows) * static_cast<double>(in.width) > kMaxRopeValues)
    return std::string(values) + " must hold at most " + format_number(kMaxRopeValues) + " values; got " +
           format_number(static_cast<double>(in.rows) * static_cast<double>(in.width));
  const std::int64_t n = in.rows * in.width;
  if (in.rotated != nullptr) {
    if (auto e = check_values("rotated", in.rotated, n, in.width); !e.empty()) return e;
    if (in.original != nullptr) {
      if (auto e = check_values("original", in.original, in.original_one_row ? in.width : n, in.width); !e.empty())
        return e;
    }
  } else {
    if (auto e = check_values("cos", in.cos, n, in.width); !e.empty()) return e;
    if (auto e = check_values("sin", in.sin, n, in.width); !e.empty()) return e;
  }
  return check_positions("positions", in.positions, in.rows);
}

RopeAmplitude cache_amplitude(const RopeInput& in, const std::vector<std::int64_t>& rows) {
  double sum = 0.0, lo = std::numeric_limits<double>::infinity(), hi = 0.0;
  for (const std::int64_t row : rows) {
    for (std::int64_t col = 0; col < in.width; ++col) {
      const double c = in.cos[row * in.width + col], s = in.sin[row * in.width + col];
      const double a = std::sqrt(c * c + s * s);
      sum += a;
      lo = std::min(lo, a);
      hi = std::max(hi, a);
    }
  }
  RopeAmplitude out;
  out.mean = sum / static_cast<double>(static_cast<std::int64_t>(rows.size()) * in.width);
  out.spread = std::max(hi - out.mean, out.mean - lo);
  return out;
}

RopeAmplitude rotated_amplitude(const RopeInput& in, const std::vector<std::int64_t>& rows, int pairing,
                                int output_pairing) {
  const std::int64_t h = in.width / 2;
  // |out| / |in| of each pair, read where |in| is not small beside the largest
  // (a small pair's ratio is mostly its rounding).
  double largest = 0.0;
  for (const std::int64_t k : rows)
    for (std::int64_t j = 0; j < h; ++j) {
      const auto [ia, ib] = pair_slots(pairing, j, in.width);
      largest = std::max(largest, norm(original_at(in, k, ia), original_at(in, k, ib)));
    }
  double sum = 0.0, lo = std::numeric_limits<double>::infinity(), hi = 0.0;
  std::int64_t count = 0;
  for (const std::int64_t k : rows) {
    const float* y = in.rotated + k * in.width;
    for (std::int64_t j = 0; j < h; ++j) {
      const auto [ia, ib] = pair_slots(pairing, j, in.width);
      const auto [oa, ob] = pair_slots(output_pairing, j, in.width);
      const double size = norm(original_at(in, k, ia), original_at(in, k, ib));
      if (!(size > 0.0) || size < largest / 16.0) continue;
      const double q = norm(y[oa], y[ob]) / size;
      sum += q;
      lo = std::min(lo, q);
      hi = std::max(hi, q);
      ++count;
    }
  }
  RopeAmplitude out;
  if (count == 0) return out;
  out.mean = sum / static_cast<double>(count);
  out.spread = std::max(hi - out.mean, out.mean - lo);
  return out;
}

int cache_pairing(const RopeInput& in, const std::vector<std::int64_t>& rows) {
  const std::int64_t w = in.width, h = w / 2;
  if (w % 2 != 0 || w <= 2) return -1;
  const auto repeats = [&](auto other) {
    for (const std::int64_t k : rows)
      for (std::int64_t i = 0; i < h; ++i) {
        const auto [a, b] = other(i);
        if (in.cos[k * w + a] != in.cos[k * w + b] || in.sin[k * w + a] != in.sin[k * w + b]) return false;
      }
    return true;
  };
  if (repeats([&](std::int64_t i) { return std::pair{i, i + h}; })) return kHalf;
  if (repeats([&](std::int64_t i) { return std::pair{2 * i, 2 * i + 1}; })) return kAdjacent;
  return -1;
}

RotatedPairing rotated_pairing(const RopeInput& in, const std::vector<std::int64_t>& rows) {
  const std::int64_t h = in.width / 2;
  // How much |out| / |in| varies (relative to its mean) under each combination.
  const auto variation = [&](int pin, int pout) {
    double lo = std::numeric_limits<double>::infinity(), hi = 0.0;
    for (const std::int64_t k : rows) {
      const float* y = in.rotated + k * in.width;
      for (std::int64_t j = 0; j < h; ++j) {
        const auto [ia, ib] = pair_slots(pin, j, in.width);
        const auto [oa, ob] = pair_slots(pout, j, in.width);
        const double size = norm(original_at(in, k, ia), original_at(in, k, ib));
        if (size == 0.0) continue;
        const double q = norm(y[oa], y[ob]) / size;
        lo = std::min(lo, q);
        hi = std::max(hi, q);
      }
    }
    return hi > 0.0 ? (hi - lo) / hi : std::numeric_limits<double>::infinity();
  };
  RotatedPairing best;
  double least = std::numeric_limits<double>::infinity();
  // Half first: transformers' default, kept when the two cannot be told apart.
  for (const int pin : {kHalf, kAdjacent})
    for (const int pout : {kHalf, kAdjacent}) {
      const double v = variation(pin, pout);
      if (v < least) {
        least = v;
        best.in = best.measured_in = pin;
        best.out = pout;
      }
    }
  // The original tells the input pairing only where its two readings differ.
  bool differ = false;
  for (const std::int64_t k : rows)
    for (std::int64_t j = 0; j < h && !differ; ++j) {
      const auto [ha, hb] = pair_slots(kHalf, j, in.width);
      const auto [aa, ab] = pair_slots(kAdjacent, j, in.width);
      differ = original_at(in, k, ha) != original_at(in, k, aa) || original_at(in, k, hb) != original_at(in, k, ab);
    }
  if (!differ) best.in = -1;
  return best;
}

}  // namespace phasor
