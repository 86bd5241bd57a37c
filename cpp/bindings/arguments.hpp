// The doubles JavaScript passes for codes, sizes and integers, checked before
// they are narrowed and then turned into the core's specs. Embind-free, so
// the bindings and the fuzz harness (tests/fuzz) check them with this one
// code: a refusal is the same sentence in both.
#pragma once
#include <cstdint>
#include <string>

#include "phasor/attention.hpp"
#include "phasor/attention_pattern.hpp"
#include "phasor/encoding.hpp"
#include "phasor/limits.hpp"
#include "phasor/rope.hpp"
#include "phasor/validation.hpp"
#include "scaling_record.hpp"

namespace phasor::bindings {

// positions and dModel, before they are narrowed to int64.
inline std::string check_shape(double positions, double d_model) {
  if (auto e = check_integer("positions", positions, 1, static_cast<double>(kMaxPositions)); !e.empty()) return e;
  return check_d_model(d_model);
}

// Layout and spacing arrive as the codes the TypeScript layer maps names to.
inline std::string check_codes(double layout, double spacing) {
  if (auto e = check_choice("layout", layout, kLayoutNames); !e.empty()) return e;
  return check_choice("spacing", spacing, kSpacingNames);
}

// After check_codes.
inline Spacing spacing_of(double spacing) { return spacing == 1 ? Spacing::tensor2tensor : Spacing::paper; }

// After check_shape (or with positions 1) and check_codes.
inline EncodingSpec spec_of(double positions, double d_model, double base, double offset, double layout,
                            double spacing) {
  EncodingSpec spec;
  spec.positions = static_cast<std::int64_t>(positions);
  spec.d_model = static_cast<std::int64_t>(d_model);
  spec.base = base;
  spec.offset = offset;
  spec.layout = layout == 1 ? Layout::split : Layout::interleaved;
  spec.spacing = spacing_of(spacing);
  return spec;
}

// The general table options of encode() past the six of spec_of(), as the
// TypeScript layer passes them (order and oddWidth as codes).
struct TableOptions {
  double order, odd_width, max_frequency, scale;
  bool has_padding;
  double padding_idx;
  bool buffer;
};

// The codes and the padding index, before they are narrowed.
inline std::string check_table_codes(const TableOptions& t) {
  if (auto e = check_choice("order", t.order, kOrderNames); !e.empty()) return e;
  if (auto e = check_choice("oddWidth", t.odd_width, kOddWidthNames); !e.empty()) return e;
  if (!t.has_padding) return "";
  return check_integer("paddingIdx", t.padding_idx, 0, kMaxAbsPosition - 1);
}

// After check_shape (or check_integer of positions and dModel), check_codes and check_table_codes.
inline EncodingSpec table_spec_of(double positions, double d_model, double base, double offset, double layout,
                                  double spacing, const TableOptions& t) {
  EncodingSpec spec = spec_of(positions, d_model, base, offset, layout, spacing);
  spec.order = static_cast<Order>(static_cast<int>(t.order));
  spec.odd_width = static_cast<OddWidth>(static_cast<int>(t.odd_width));
  spec.max_frequency = t.max_frequency;
  spec.scale = t.scale;
  spec.padding_idx = t.has_padding ? static_cast<std::int64_t>(t.padding_idx) : -1;
  spec.buffer = t.buffer;
  return spec;
}

inline std::string check_pairing_codes(double pairing, double table_layout) {
  if (auto e = check_pairing("pairing", pairing); !e.empty()) return e;
  return check_pairing("tableLayout", table_layout);
}

// The attention codes and integer-valued doubles, before they are narrowed
// (the scaling's values are validate_attention's: they apply to RoPE only).
inline std::string check_attention_codes(double kind, double d_model, double d_head, double pairing,
                                         double table_layout, double weight_layout, double heads, double head,
                                         const ScalingRecord& scaling) {
  if (auto e = check_choice("kind", kind, kAttentionKindNames); !e.empty()) return e;
  const auto max_width = static_cast<double>(kMaxAttentionWidth);
  if (auto e = check_integer("dModel", d_model, 1, max_width); !e.empty()) return e;
  if (auto e = check_integer("dHead", d_head, 1, max_width); !e.empty()) return e;
  if (auto e = check_pairing_codes(pairing, table_layout); !e.empty()) return e;
  if (auto e = check_pairing("weightLayout", weight_layout); !e.empty()) return e;
  if (auto e = validate_alibi_heads(heads); !e.empty()) return e;
  if (auto e = check_integer("head", head, 0, heads - 1); !e.empty()) return e;
  return check_scaling_record(scaling);
}

// What the chosen kind does not use is checked all the same, so a bad value
// is never silently ignored: base and theta both, and the seed and tokenStd
// (used only when tokens or weights are drawn), before anything is drawn.
inline std::string check_attention_extras(double base, double theta, double seed, double token_std) {
  if (auto e = check_base(base, "base"); !e.empty()) return e;
  if (auto e = check_base(theta, "theta"); !e.empty()) return e;
  if (auto e = check_integer("seed", seed, 0, kMaxSeed); !e.empty()) return e;
  return check_finite("tokenStd", token_std, 0, kMaxTokenStd);
}

// RoPE's theta or additive PE's base, whichever the kind uses (ALiBi uses neither).
inline double base_of_kind(double kind, double base, double theta) {
  return kind == static_cast<double>(AttentionKind::rope) ? theta : base;
}

// After check_attention_codes.
inline AttentionSpec attention_spec_of(double kind, double d_model, double d_head, double base, double pairing,
                                       double table_layout, double weight_layout, bool permute, double heads,
                                       double head, const RopeScaling& scaling) {
  AttentionSpec spec;
  spec.kind = static_cast<AttentionKind>(static_cast<int>(kind));
  spec.d_model = static_cast<std::int64_t>(d_model);
  spec.d_head = static_cast<std::int64_t>(d_head);
  spec.base = base;
  spec.pairing = static_cast<Pairing>(static_cast<int>(pairing));
  spec.table_layout = static_cast<Pairing>(static_cast<int>(table_layout));
  spec.weight_layout = static_cast<Pairing>(static_cast<int>(weight_layout));
  spec.permute = permute;
  spec.scaling = scaling;
  spec.heads = static_cast<std::int64_t>(heads);
  spec.head = static_cast<std::int64_t>(head);
  return spec;
}

// attentionPattern's codes and integer-valued doubles, before they are narrowed.
inline std::string check_pattern_codes(double kind, double n, double d_model, double d_head, double heads, double head,
                                       const ScalingRecord& scaling) {
  if (auto e = check_choice("kind", kind, kAttentionKindNames); !e.empty()) return e;
  if (auto e = check_integer("n", n, 1, static_cast<double>(kMaxAttentionPositions)); !e.empty()) return e;
  const auto max_width = static_cast<double>(kMaxAttentionWidth);
  if (auto e = check_integer("dModel", d_model, 1, max_width); !e.empty()) return e;
  if (auto e = check_integer("dHead", d_head, 1, max_width); !e.empty()) return e;
  if (auto e = validate_alibi_heads(heads); !e.empty()) return e;
  if (auto e = check_integer("head", head, 0, heads - 1); !e.empty()) return e;
  return check_scaling_record(scaling);
}

// After check_pattern_codes.
inline PatternSpec pattern_spec_of(double kind, double n, double d_model, double d_head, double base, double heads,
                                   double head, bool shared_tokens, bool causal, bool softmax,
                                   const RopeScaling& scaling) {
  PatternSpec spec;
  spec.attention.kind = static_cast<AttentionKind>(static_cast<int>(kind));
  spec.attention.d_model = static_cast<std::int64_t>(d_model);
  spec.attention.d_head = static_cast<std::int64_t>(d_head);
  spec.attention.base = base;
  spec.attention.heads = static_cast<std::int64_t>(heads);
  spec.attention.head = static_cast<std::int64_t>(head);
  spec.attention.scaling = scaling;
  spec.n = static_cast<std::int64_t>(n);
  spec.shared_tokens = shared_tokens;
  spec.causal = causal;
  spec.softmax = softmax;
  return spec;
}

}  // namespace phasor::bindings
