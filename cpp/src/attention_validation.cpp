// What an attention call accepts: its kind, sizes and options, and the work
// and result size they make (the limits of phasor/limits.hpp), checked
// before any work.
#include "phasor/attention.hpp"
#include "phasor/limits.hpp"
#include "phasor/validation.hpp"

namespace phasor {

std::string validate_attention(const AttentionSpec& spec, double queries, double keys, const char* queries_name,
                               const char* keys_name, const char* d_head_name) {
  if (auto e = validate_attention_spec(spec, queries, keys, queries_name, keys_name, d_head_name); !e.empty()) return e;
  const auto dm = static_cast<double>(spec.d_model), dh = static_cast<double>(spec.d_head);
  // Additive PE computes its four terms too, each a queries x keys product:
  // bounded as one product, it was the slowest call in the work table
  // (docs/performance-limits.md).
  if (spec.kind == AttentionKind::additive) {
    if (auto e = check_work("(4 queries x keys + (queries + keys) x dModel) x dHead, additive PE's four terms",
                            (4 * queries * keys + (queries + keys) * dm) * dh, kMaxAttentionWork);
        !e.empty())
      return e;
  } else if (auto e = check_work("(queries x keys + (queries + keys) x dModel) x dHead",
                                 (queries * keys + (queries + keys) * dm) * dh, kMaxAttentionWork);
             !e.empty()) {
    return e;
  }
  // The result holds every matrix the call returns (additive PE's four terms,
  // ALiBi's bias): 4096 x 4096 additive scores were 320 MiB, past the result
  // cap, and most of a second spent writing and copying them out.
  const double matrices = spec.kind == AttentionKind::additive ? 5 : spec.kind == AttentionKind::alibi ? 2 : 1;
  return check_output_size(matrices > 1 ? "the result (queries x keys float32 values, for the scores and each term)"
                                        : "the result (queries x keys float32 values)",
                           queries * keys * matrices, 4);
}

std::string validate_attention_spec(const AttentionSpec& spec, double queries, double keys, const char* queries_name,
                                    const char* keys_name, const char* d_head_name) {
  if (auto e = check_choice("kind", static_cast<double>(spec.kind), kAttentionKindNames); !e.empty()) return e;
  const auto max_positions = static_cast<double>(kMaxAttentionPositions);
  if (auto e = check_integer(queries_name, queries, 1, max_positions); !e.empty()) return e;
  if (auto e = check_integer(keys_name, keys, 1, max_positions); !e.empty()) return e;
  if (spec.kind != AttentionKind::rope && spec.scaling.type != RopeScalingType::none)
    return std::string("scaling must be left out unless kind is 'rope' (it scales RoPE's frequencies); got kind '") +
           kAttentionKindNames[static_cast<std::size_t>(spec.kind)] + "'";
  const auto dm = static_cast<double>(spec.d_model), dh = static_cast<double>(spec.d_head);
  const auto max_width = static_cast<double>(kMaxAttentionWidth);
  if (spec.kind == AttentionKind::additive) {
    if (auto e = check_d_model(dm); !e.empty()) return e;
    if (dm > max_width) return check_integer("dModel", dm, 2, max_width);
    if (auto e = check_base(spec.base); !e.empty()) return e;
  } else if (auto e = check_integer("dModel", dm, 1, max_width); !e.empty()) {
    return e;
  }
  if (auto e = check_integer(d_head_name, dh, 1, max_width); !e.empty()) return e;
  if (spec.kind == AttentionKind::rope) {
    if (static_cast<std::int64_t>(dh) % 2 != 0)
      return std::string(d_head_name) + " must be even for RoPE (its slots turn in pairs); got " +
             format_number(static_cast<double>(dh));
    if (auto e = check_base(spec.base, "theta"); !e.empty()) return e;
    if (auto e = check_pairing("pairing", static_cast<double>(spec.pairing)); !e.empty()) return e;
    if (auto e = check_pairing("tableLayout", static_cast<double>(spec.table_layout)); !e.empty()) return e;
    if (auto e = check_pairing("weightLayout", static_cast<double>(spec.weight_layout)); !e.empty()) return e;
    if (auto e = validate_rope_scaling(spec.scaling, dh, d_head_name); !e.empty()) return e;
  }
  if (spec.kind == AttentionKind::alibi) {
    if (auto e = validate_alibi_heads(static_cast<double>(spec.heads)); !e.empty()) return e;
    if (auto e = check_integer("head", static_cast<double>(spec.head), 0, static_cast<double>(spec.heads - 1));
        !e.empty())
      return e;
  }
  return "";
}

}  // namespace phasor
