// Embind for RoPE's long-term decay and the n x n attention patterns (issue
// 13), in the manner of rope_bindings.cpp: doubles in, a typed_memory_view
// into the shared result buffer (or a string saying why the input was
// refused) out; linked into the experiments module.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "arguments.hpp"
#include "input_slots.hpp"
#include "phasor/attention_pattern.hpp"
#include "phasor/limits.hpp"
#include "phasor/rope_decay.hpp"
#include "phasor/validation.hpp"
#include "result_buffer.hpp"
#include "scaling_record.hpp"

using emscripten::val;
using phasor::bindings::out_of_memory;
using phasor::bindings::result_buffer;
using phasor::bindings::ScalingRecord;

namespace {

phasor::RopeDecaySpec decay_spec(double d_model, double base, double max_distance, const ScalingRecord& scaling) {
  return {static_cast<std::int64_t>(d_model), base, static_cast<std::int64_t>(max_distance),
          phasor::bindings::scaling_of(scaling)};
}

// The bound for m - n = 0 .. maxDistance (float64).
val rope_decay(double d_model, double base, double max_distance, const ScalingRecord& scaling) {
  if (auto e = phasor::bindings::check_scaling_record(scaling); !e.empty()) return val(e);
  if (auto e = phasor::validate_rope_decay(d_model, base, max_distance, phasor::bindings::scaling_of(scaling));
      !e.empty())
    return val(e);
  const auto count = static_cast<std::size_t>(max_distance + 1);
  double* out = result_buffer<double>(count);
  if (out == nullptr) return out_of_memory(static_cast<double>(count) * 8);
  phasor::rope_decay(decay_spec(d_model, base, max_distance, scaling), out);
  return val(emscripten::typed_memory_view(count, out));
}

// [independent (maxDistance + 1), self (maxDistance + 1)], float64.
val rope_random_scores(double d_model, double base, double max_distance, const ScalingRecord& scaling, double samples,
                       double seed) {
  if (auto e = phasor::bindings::check_scaling_record(scaling); !e.empty()) return val(e);
  if (auto e = phasor::validate_rope_random_scores(d_model, base, max_distance, phasor::bindings::scaling_of(scaling),
                                                   samples, seed);
      !e.empty())
    return val(e);
  const auto count = static_cast<std::size_t>(max_distance + 1);
  double* out = result_buffer<double>(2 * count);
  if (out == nullptr) return out_of_memory(static_cast<double>(count) * 16);
  phasor::rope_random_scores(decay_spec(d_model, base, max_distance, scaling), static_cast<std::int64_t>(samples),
                             static_cast<std::uint64_t>(seed), out, out + count);
  return val(emscripten::typed_memory_view(2 * count, out));
}

// Rows (query positions) in slot kPositions, cols (key positions) in
// kKeyPositions, tokens (n x dModel, or one row when shared) in kTokens, the
// weights in kWq, kWk. RoPE turns pairs (i, i + dHead/2). Returns float32
// [total, softmax (when asked), the four additive terms (additive, when asked)], each rows x cols.
// With validate_only, "" once the options, rows and cols pass (the work
// bound included), before the tokens and weights are read: the caller draws
// them only then (at n 4096, dModel 4096 the draw took 1.3 s before the
// refusal). d_head_name: "dModel" when dHead defaults to it.
val attention_pattern(double kind, double n, double d_model, double d_head, double base, double theta, double heads,
                      double head, bool shared_tokens, bool causal, bool softmax, bool terms,
                      const ScalingRecord& scaling, double seed, double token_std, const std::string& d_head_name,
                      bool validate_only) {
  using namespace phasor::bindings;
  InputsReleaser release;
  // The doubles that are narrowed, checked first.
  if (auto e = check_pattern_codes(kind, n, d_model, d_head, heads, head, scaling); !e.empty()) return val(e);
  if (auto e = check_attention_extras(base, theta, seed, token_std); !e.empty()) return val(e);
  const phasor::PatternSpec spec = pattern_spec_of(kind, n, d_model, d_head, base_of_kind(kind, base, theta), heads,
                                                   head, shared_tokens, causal, softmax, scaling_of(scaling));
  phasor::PatternInput in;
  in.rows = slot_data<double>(kPositions);
  in.row_count = static_cast<std::int64_t>(slot_count(kPositions));
  in.cols = slot_data<double>(kKeyPositions);
  in.col_count = static_cast<std::int64_t>(slot_count(kKeyPositions));
  if (auto e = phasor::validate_attention_pattern(spec, in, d_head_name.c_str()); !e.empty()) return val(e);
  if (validate_only) return val(std::string());
  const auto dm = static_cast<std::size_t>(d_model), dh = static_cast<std::size_t>(d_head);
  const std::size_t token_values = (shared_tokens ? 1 : static_cast<std::size_t>(n)) * dm;
  if (slot_data<float>(kTokens) == nullptr || slot_count(kTokens) != token_values)
    return val(std::string("tokens must hold ") + phasor::format_number(static_cast<double>(token_values)) +
               " values (" + (shared_tokens ? "one row" : "n rows") + " of dModel)");
  if (slot_data<float>(kWq) == nullptr || slot_count(kWq) != dm * dh || slot_data<float>(kWk) == nullptr ||
      slot_count(kWk) != dm * dh)
    return val(std::string("wq and wk must hold dModel x dHead values each"));
  in.tokens = slot_data<float>(kTokens);
  in.wq = slot_data<float>(kWq);
  in.wk = slot_data<float>(kWk);
  const auto grid = static_cast<std::size_t>(in.row_count * in.col_count);
  const bool additive = terms && spec.attention.kind == phasor::AttentionKind::additive;
  const std::size_t blocks = 1 + (softmax ? 1 : 0) + (additive ? 4 : 0);
  float* out = result_buffer<float>(grid * blocks);
  if (out == nullptr) return out_of_memory(static_cast<double>(grid * blocks) * 4);
  phasor::PatternOutput o;
  o.total = out;
  o.softmax = softmax ? out + grid : nullptr;
  if (additive)
    for (std::size_t t = 0; t < 4; ++t) o.terms[t] = out + grid * ((softmax ? 2 : 1) + t);
  phasor::attention_pattern(spec, in, o);
  return val(emscripten::typed_memory_view(grid * blocks, out));
}

}  // namespace

EMSCRIPTEN_BINDINGS(phasor_decay) {
  emscripten::function("attentionPattern", &attention_pattern);
  emscripten::function("ropeDecay", &rope_decay);
  emscripten::function("ropeRandomScores", &rope_random_scores);
}
