// The context length a RoPE base supports, by the bound of Men et al. 2024
// ("Base of RoPE Bounds Context Length", arXiv 2405.14591, section 4):
// for q and k with independent entries and a key k* = q + noise similar to
// q, the expected score of the similar key exceeds that of a random one by
// 2 sigma^2 B_m at relative distance m, with
//   B_m = sum_{i=0}^{pairs-1} cos(m theta_i),  theta_i = base^(-2i/dim),
// and a model can attend more to similar tokens up to distance L only while
// B_m >= 0 for every m in [0, L]. The paper's lower bound of the base for a
// context L is the smallest base keeping that; read the other way, a base
// supports the context up to the first m with B_m < 0.
//
// The sum is over every pair of the head: `pairs` turn, `still` do not
// (partial rotary's pass-through values, Gemma 4's pairs of frequency 0) and
// add cos 0 = 1 each, so B_m = still + sum_{i<pairs} cos(m theta_i). Found by
// walking every integer m: B_m is not monotone in m or in the base.
#pragma once
#include <cstdint>
#include <string>

namespace phasor {

struct RopeBaseBoundSpec {
  std::int64_t dim = 0;    // the width the exponents are taken over (theta_i = base^(-2i/dim))
  std::int64_t pairs = 0;  // the pairs that turn, i < pairs
  std::int64_t still = 0;  // the pairs that do not turn (each adds 1)
  double base = 10000.0;
  std::int64_t from = 0;  // the scan covers m = from .. to - 1
  std::int64_t to = 0;
};

// "" or what is wrong: dim even in [2, kMaxDModel], pairs an integer in
// [1, dim/2], still an integer in [0, kMaxDModel/2], base (named theta),
// 0 <= from < to <= kMaxAbsPosition, and the work (to - from) x pairs within
// kMaxRopeDecayWork.
std::string validate_rope_base_bound(double dim, double pairs, double still, double base, double from, double to);

// B_m for one m, each cosine from its own float64 phase.
double rope_base_score(const RopeBaseBoundSpec& spec, std::int64_t m);

// The first m in [from, to) with B_m < 0, or -1 when B_m >= 0 throughout.
std::int64_t rope_base_bound_scan(const RopeBaseBoundSpec& spec);

}  // namespace phasor
