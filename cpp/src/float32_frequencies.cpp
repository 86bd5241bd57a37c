// Each recipe of float32_frequencies.hpp: one float32 operation a statement,
// so no compiler contracts two of them into one rounding.
#include "phasor/float32_frequencies.hpp"

#include <cmath>

namespace phasor {
namespace {

float f32(double x) { return static_cast<float>(x); }
// A count (an index, a width) as float32: exact below 2^24.
float f32(std::int64_t n) { return static_cast<float>(n); }
// exp and pow correctly rounded to float32 (through float64).
float exp32(float x) { return f32(std::exp(static_cast<double>(x))); }
float pow32(float a, float e) { return f32(std::pow(static_cast<double>(a), static_cast<double>(e))); }

std::vector<double> torch_paper(std::int64_t pairs, std::int64_t d, double base) {
  const float c = f32(-std::log(base) / static_cast<double>(d));
  std::vector<double> out;
  for (std::int64_t i = 0; i < pairs; ++i) {
    const float x = f32(2 * i) * c;
    out.push_back(exp32(x));
  }
  return out;
}

std::vector<double> torch_geometric(std::int64_t pairs, double base) {
  const float c = f32(-(std::log(base) / static_cast<double>(pairs - 1)));
  std::vector<double> out;
  for (std::int64_t i = 0; i < pairs; ++i) {
    const float x = f32(i) * c;
    out.push_back(exp32(x));
  }
  return out;
}

std::vector<double> tensor2tensor(std::int64_t pairs, double base, double min_timescale) {
  const float steps = f32(pairs > 1 ? pairs - 1 : 1);
  const float increment = f32(std::log(base)) / steps;
  const float scale = f32(min_timescale);
  std::vector<double> out;
  for (std::int64_t i = 0; i < pairs; ++i) {
    const float x = f32(i) * -increment;
    const float e = exp32(x);
    out.push_back(scale * e);
  }
  return out;
}

std::vector<double> mlx(std::int64_t pairs, double max_freq, double min_freq, bool full_turns) {
  const double lmin = std::log(min_freq), lmax = std::log(max_freq);
  const float range = f32(lmax - lmin), low = f32(lmin), turn = f32(2 * 3.141592653589793);
  std::vector<double> out;
  for (std::int64_t i = 0; i < pairs; ++i) {
    float one_zero = 1.0f;
    if (pairs > 1) {
      const float t = f32(i) / f32(pairs - 1);
      one_zero = 1.0f - t;
    }
    const float scaled = one_zero * range;
    const float x = scaled + low;
    float sigma = exp32(x);
    if (full_turns) sigma = sigma * turn;
    out.push_back(sigma);
  }
  return out;
}

std::vector<double> keras_hub(std::int64_t count, std::int64_t d, double max_wavelength) {
  const float min_freq = f32(1 / max_wavelength);
  std::vector<double> out;
  for (std::int64_t k = 0; k < count; ++k) {
    const float e = f32(2 * k) / f32(d);
    out.push_back(pow32(min_freq, e));
  }
  return out;
}

}  // namespace

std::vector<double> float32_frequencies(FrequencyRecipe recipe, const EncodingSpec& spec) {
  const TableColumns c = columns_of(spec);
  const bool paper = spec.spacing == Spacing::paper;
  const bool even = spec.d_model % 2 == 0;
  const double w0 = spec.max_frequency;
  switch (recipe) {
    case FrequencyRecipe::torch_paper:
      if (!paper || w0 != 1.0 || !even) return {};
      return torch_paper(c.pairs, spec.d_model, spec.base);
    case FrequencyRecipe::torch_geometric:
      if (paper || w0 != 1.0 || c.pairs < 2 || c.extra_sine) return {};
      return torch_geometric(c.pairs, spec.base);
    case FrequencyRecipe::tensor2tensor:
      if (paper || c.extra_sine) return {};
      return tensor2tensor(c.pairs, spec.base, w0);
    case FrequencyRecipe::mlx:
    case FrequencyRecipe::mlx_full_turns: {
      if (paper || !even) return {};
      const bool turns = recipe == FrequencyRecipe::mlx_full_turns;
      const double max_freq = turns ? w0 / (2 * 3.141592653589793) : w0;
      return mlx(c.pairs, max_freq, max_freq / spec.base, turns);
    }
    case FrequencyRecipe::keras_hub:
      if (!paper || w0 != 1.0 || c.zero_column || spec.layout != Layout::interleaved) return {};
      return keras_hub(c.pairs + (c.extra_sine ? 1 : 0), spec.d_model, spec.base);
  }
  return {};
}

}  // namespace phasor
