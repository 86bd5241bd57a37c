// Angular frequencies w_i and wavelengths 2*pi/w_i of the d/2 pairs. Pair 0
// turns fastest (w_0 = 1 rad per position, wavelength 2*pi), the last slowest.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace phasor {

inline constexpr double kTwoPi = 6.283185307179586476925286766559;

// How the exponent runs over the pairs, h = d/2:
//  paper:          w_i = base^(-2i/d): the last wavelength is 2*pi*base^((d-2)/d),
//                  just under 2*pi*base ("Attention Is All You Need").
//  tensor2tensor:  w_i = base^(-i/(h-1)): the last wavelength is exactly
//                  2*pi*base (the geometric spacing of fairseq, Whisper, MLX,
//                  Hugging Face's M2M100/NLLB/Speech2Text, and tensor2tensor's
//                  get_timing_signal_1d with min_timescale 1). With h = 1 the
//                  only pair has w_0 = 1, as tensor2tensor's maximum(h-1, 1)
//                  gives; fairseq and Hugging Face raise ZeroDivisionError
//                  there, OpenAI Whisper gives NaN.
enum class Spacing { paper = 0, tensor2tensor = 1 };
inline constexpr std::array<const char*, 2> kSpacingNames = {"paper", "tensor2tensor"};

double frequency(std::int64_t pair, std::int64_t d_model, double base, Spacing spacing = Spacing::paper);
void frequencies(std::int64_t d_model, double base, double* omega /* [d_model/2] */, Spacing spacing = Spacing::paper);
void wavelengths(std::int64_t d_model, double base, double* lambda /* [d_model/2] */, Spacing spacing = Spacing::paper);
std::vector<double> frequencies(std::int64_t d_model, double base, Spacing spacing = Spacing::paper);

}  // namespace phasor
