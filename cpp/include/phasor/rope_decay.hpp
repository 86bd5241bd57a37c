// RoPE's long-term decay (Su et al., RoFormer, section 3.4.3 and Figure 2).
//
// With h_k the k-th pair of q times the conjugate pair of k (complex), the
// RoPE score is Re[sum_k h_k e^{i r theta_k}], r = m - n. Abel summation gives
//   |score| <= (max_j |h_{j+1} - h_j|) * sum_{j=1}^{d/2} |S_j|,
//   S_j = sum_{k=0}^{j-1} e^{i r theta_k},
// and RoFormer plots the "relative upper bound" (1/(d/2)) sum_j |S_j| against
// r. At r = 0, S_j = j, so the bound starts at (1/(d/2)) * (d/2)(d/2+1)/2 =
// (d/2 + 1)/2 (32.5 at d = 128). It bounds a score whose h_k vary slowly with
// k; it promises nothing for a given q and k (random q, k do not decay at
// all: rope_random_scores measures both cases).
//
// theta_k are RoPE's frequencies for dim = dModel after the scaling
// (rope_frequencies); the scaling's attention factor (YaRN) multiplies every
// score and is left out of the relative bound. Everything is float64.
#pragma once
#include <cstdint>
#include <string>

#include "phasor/rope_scaling.hpp"

namespace phasor {

struct RopeDecaySpec {
  std::int64_t d_model = 0;
  double base = 10000.0;
  std::int64_t max_distance = 0;
  RopeScaling scaling;
};

// "" or what is wrong: dModel even in [2, kMaxAttentionWidth], base, maxDistance
// an integer in [0, kMaxRopeDecayDistance], the scaling, and the work
// (maxDistance + 1) x dModel/2 within kMaxRopeDecayWork.
std::string validate_rope_decay(double d_model, double base, double max_distance, const RopeScaling& scaling);

// out[r] = (1/(d/2)) sum_{j=1}^{d/2} |S_j(r)| for r = 0 .. max_distance.
void rope_decay(const RopeDecaySpec& spec, double* out);

// The measured side: `samples` random unit vectors q and k (normal samples of
// seed, streams kDecayQueryStream and kDecayKeyStream, normalised in float64;
// pairs (2i, 2i+1)). independent[r] = mean over samples of |q . R(r) k|,
// self[r] = mean of |q . R(r) q|, where R(r) turns pair i by -r theta_i (the
// score of q at m against k at n = m - r).
inline constexpr std::uint64_t kDecayQueryStream = 5;
inline constexpr std::uint64_t kDecayKeyStream = 6;
std::string validate_rope_random_scores(double d_model, double base, double max_distance, const RopeScaling& scaling,
                                        double samples, double seed);
void rope_random_scores(const RopeDecaySpec& spec, std::int64_t samples, std::uint64_t seed, double* independent,
                        double* self);

}  // namespace phasor
