// Rotary position embedding (RoPE, Su et al. 2021): the query or key row x at
// position m has each pair of slots turned by the angle m * w_i, so that
// (R_m q) . (R_n k) = q . R_(n-m) k depends on the offset only.
//
// Two pairings are in use, and weights move between them only with a
// permutation of W_Q's and W_K's output features:
//   adjacent  slots (2i, 2i+1)        RoFormer, GPT-J, Meta's original Llama code
//   half      slots (i, i + dim/2)    GPT-NeoX, Hugging Face Llama ("rotate_half")
// Implementations hold cos and sin per slot in a table; the table's layout
// must match the pairing. A mismatch (a GPT-J table with rotate_half) turns
// each pair by two different angles: no longer a rotation, and the score is no
// longer a function of the offset. tableLayout lets the experiments show it.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "phasor/rope_scaling.hpp"

namespace phasor {

enum class Pairing { adjacent = 0, half = 1 };
inline constexpr std::array<const char*, 2> kPairingNames = {"adjacent", "half"};

// Where the rotated slice of a row sits when only rotaryDim of its dim values
// turn (partial rotary); the rest pass through unchanged.
//   first  rotate x[:rotaryDim], pass x[rotaryDim:]   GPT-J, GPT-NeoX, Phi-2, Phi-3
//   last   pass x[:dim-rotaryDim], rotate the rest    DeepSeek-V3 ([q_nope, q_pe])
enum class RopeDims { first = 0, last = 1 };
inline constexpr std::array<const char*, 2> kRopeDimsNames = {"first", "last"};

struct RopeSpec {
  std::int64_t count = 0;  // rows
  std::int64_t dim = 0;    // row width, even
  // The rotated width, even, at most dim; 0 = dim. The frequencies are
  // theta^(-2i/rotaryDim): the exponent uses the rotary width, as every
  // framework with partial rotary does.
  std::int64_t rotary_dim = 0;
  RopeDims rope_dims = RopeDims::first;
  double theta = 10000.0;
  Pairing pairing = Pairing::half;
  Pairing table_layout = Pairing::half;  // = pairing, unless showing the mismatch bug
  // Where the rotated slice's values are written: pairing's own layout (most
  // code), or the other one. DeepSeek-V3 in transformers (rope_interleave,
  // apply_rotary_pos_emb_interleave) reads pairs (2i, 2i+1) and writes the
  // turned slice as its evens then its odds: pairing adjacent, output half.
  std::optional<Pairing> output_pairing;  // unset: pairing
  RopeScaling scaling;
  // M-RoPE (Qwen2-VL and after): each pair turns by the position on one of
  // three axes (time, height, width), and positions holds 3 x count values:
  // every row's t, then every h, then every w. sections: how many pairs each
  // axis takes, summing to rotaryDim/2: in order (t pairs first; Qwen2/2.5-VL,
  // GLM-4.5V) or interleaved (Qwen3-VL, Qwen3.5: pair i is h when i mod 3 = 1
  // and i < 3 h-sections, w when i mod 3 = 2 and i < 3 w-sections, else t).
  bool mrope = false;
  bool mrope_interleaved = false;
  std::array<std::int64_t, 3> mrope_sections{};
  // Ministral 3's llama_4_scaling_beta: the whole (query) row times
  // 1 + beta ln(1 + floor(p / length)), p its (t) position; 0 = none.
  double query_scale_beta = 0.0;
  double query_scale_length = 0.0;
};

// The axis (0 t, 1 h, 2 w) of each of `pairs` pairs under M-RoPE.
void mrope_axes(const RopeSpec& spec, std::int64_t pairs, std::uint8_t* axes);
// 1 + beta ln(1 + floor(p / length)), or 1 without a beta.
double query_scale(const RopeSpec& spec, double position);

std::string check_pairing(const char* name, double code);
// An even integer in [2, dim]; dim itself when not given (0 passes).
std::string check_rotary_dim(double rotary_dim, double dim);
inline Pairing output_layout(const RopeSpec& spec) { return spec.output_pairing.value_or(spec.pairing); }
inline std::int64_t rotary_width(const RopeSpec& spec) { return spec.rotary_dim > 0 ? spec.rotary_dim : spec.dim; }
// Every positions[k] finite with |positions[k]| <= kMaxAbsPosition.
std::string check_positions(const char* name, const double* positions, std::int64_t count);
std::string validate_rope(const RopeSpec& spec, const double* positions);

// out[r] = R_{positions[r]} rows[r] (count x dim, row-major), times the
// scaling's attention factor (yarn, longrope), on the rotary slice; the other
// values are copied unchanged. Angles m * w_i, their cos and sin and the
// rotation are float64; each output is rounded to float32 once. A scaling
// without a sequenceLength (dynamic-ntk, longrope) runs at max(positions) + 1,
// as transformers' forward does for the whole call.
void rope(const RopeSpec& spec, const float* rows, const double* positions, float* out);

// cos and sin of each slot's angle at `position` (dim values each), times
// `factor`: slot j has angle position * omega[j / 2] (adjacent table) or
// position * omega[j mod dim/2] (half table).
void rope_slot_phasors(const double* omega, std::int64_t dim, double position, double factor, Pairing table_layout,
                       double* c, double* s);
// The same with a position per pair (M-RoPE).
void rope_slot_phasors(const double* omega, std::int64_t dim, const double* pair_positions, double factor,
                       Pairing table_layout, double* c, double* s);

// The float64 rotation of one row (the experiments keep projections in float64).
void rope_row_f64(const double* x, const double* c, const double* s, std::int64_t dim, Pairing pairing, double* out);

// The feature of a `from`-layout row that lands in slot j of the `to` layout:
// half slot i <- adjacent 2i, half slot h+i <- adjacent 2i+1, and back.
std::int64_t pairing_source(std::int64_t j, std::int64_t dim, Pairing from, Pairing to);

}  // namespace phasor
