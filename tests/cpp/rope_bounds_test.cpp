// identifyRope's affine bounds (cpp/src/rope_bounds.hpp) against the error
// model they envelop (precision.hpp's value_bound): never below it at any
// position, frequency, amplitude and value, for every precision, and not far
// above it (the envelope's price: ulps and half steps bounded by their largest
// relative size, twice the smallest; three times near float16's subnormal
// edge, where a half step's relative and absolute parts add).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "rope_bounds.hpp"

namespace {

using phasor::PrecisionModel;
using phasor::Storage;

const PrecisionModel kModels[] = {{false, Storage::float32}, {true, Storage::float32},   {false, Storage::float16},
                                  {true, Storage::float16},  {false, Storage::bfloat16}, {true, Storage::bfloat16}};

TEST(RopeBounds, EnvelopeValueBoundFromAboveAndWithinAFactorOfItsBound) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (const PrecisionModel& model : kModels) {
    double loosest = 0.0;
    for (int trial = 0; trial < 400; ++trial) {
      const int pairs = 32;
      const double theta = std::pow(10.0, 3.0 + 4.0 * u(rng));
      const double amplitude = trial % 3 == 0 ? 1.0 : 0.5 + u(rng);
      std::vector<double> omega(pairs);
      for (int j = 0; j < pairs; ++j) omega[static_cast<std::size_t>(j)] = std::pow(theta, -2.0 * j / (2 * pairs));
      const phasor::RopeBound b = phasor::rope_value_bound(model, omega, amplitude);
      const double fastest = omega[0];
      for (int k = 0; k < 40; ++k) {
        const auto j = static_cast<std::size_t>(rng() % pairs);
        const double p = std::floor(std::pow(2.0, 30.0 * u(rng))) * (u(rng) < 0.1 ? -1.0 : 1.0);
        phasor::TrigTerm term;
        term.position = p;
        term.omega = omega[j];
        term.omega32_error = model.float32_arithmetic ? phasor::float32_frequency_error(omega[j], fastest) : 0.0;
        term.scale = amplitude;
        term.cosine = k % 2 == 0;
        const double exact = amplitude * (term.cosine ? std::cos(p * omega[j]) : std::sin(p * omega[j]));
        const double reference = phasor::value_bound(model, term, exact, NAN).bound;
        const double t = std::fabs(p * omega[j]);
        const double envelope =
            std::min(b.relative * std::fabs(exact) + b.per_angle[j] * t + b.absolute, b.cap + b.cap_per_angle * t);
        ASSERT_GE(envelope, reference) << "p " << p << " w " << omega[j] << " e " << exact;
        loosest = std::max(loosest, envelope / reference);
      }
    }
    EXPECT_LT(loosest, 3.0) << "float32 arithmetic " << model.float32_arithmetic << " storage "
                            << static_cast<int>(model.storage);
  }
}

TEST(RopeBounds, InvFreqBoundIsTheFloat32FrequencyErrorPlusStorage) {
  const std::vector<double> omega = {1.0, 0.1, 0.001};
  const auto f32 = phasor::rope_frequency_bound({true, Storage::float32}, omega);
  for (std::size_t j = 0; j < omega.size(); ++j) EXPECT_EQ(f32[j], phasor::float32_frequency_error(omega[j], 1.0));
  const auto bf16 = phasor::rope_frequency_bound({true, Storage::bfloat16}, omega);
  for (std::size_t j = 0; j < omega.size(); ++j)
    EXPECT_EQ(bf16[j], f32[j] + phasor::half_step(Storage::bfloat16, omega[j] + f32[j]));
  const auto exact = phasor::rope_frequency_bound({false, Storage::float32}, omega);
  EXPECT_EQ(exact[1], phasor::float32_ulp(0.1) / 2 + 0.1 * 0x1p-52);
}

TEST(RopeBounds, AmplitudeAllowanceExplainsStorageNotAngles) {
  // bfloat16 rounds a value near 1 by up to 2^-8: cos^2 + sin^2 may move by about that much.
  EXPECT_GT(phasor::amplitude_allowance({true, Storage::bfloat16}, 1.0), 0x1p-8);
  EXPECT_LT(phasor::amplitude_allowance({true, Storage::bfloat16}, 1.0), 0.05);
  EXPECT_LT(phasor::amplitude_allowance({true, Storage::float32}, 1.0), 1e-5);
}

}  // namespace
