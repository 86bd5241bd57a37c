// The options attentionScores() and scoreByOffset() share, as JavaScript
// passes them: an Embind value_object with named fields, the scaling a nested
// ScalingRecord (rope_bindings.cpp registers both, module_bindings.cpp's
// recordFields() exports the names to tables.js). Codes as doubles, so a
// JavaScript 2.5 reaches the validation. Every field is set by the caller: no
// defaults here (the TypeScript options have them). No Embind in this header.
#pragma once
#include "scaling_record.hpp"

namespace phasor::bindings {

struct AttentionRecord {
  double kind = 0;  // an AttentionKind code
  double dModel = 0;
  double dHead = 0;
  double base = 0;   // checked whatever the kind, used by additive PE
  double theta = 0;  // checked whatever the kind, used by RoPE
  double pairing = 0;
  double tableLayout = 0;
  double weightLayout = 0;
  bool permute = false;
  double heads = 0;
  double head = 0;
  ScalingRecord scaling;
  double seed = 0;
  double tokenStd = 0;
};

// Calls visit(name, member) for every field: the one list the value_object
// registration and recordFields() read.
template <class Visit>
void visit_attention_fields(Visit&& visit) {
  visit("kind", &AttentionRecord::kind);
  visit("dModel", &AttentionRecord::dModel);
  visit("dHead", &AttentionRecord::dHead);
  visit("base", &AttentionRecord::base);
  visit("theta", &AttentionRecord::theta);
  visit("pairing", &AttentionRecord::pairing);
  visit("tableLayout", &AttentionRecord::tableLayout);
  visit("weightLayout", &AttentionRecord::weightLayout);
  visit("permute", &AttentionRecord::permute);
  visit("heads", &AttentionRecord::heads);
  visit("head", &AttentionRecord::head);
  visit("scaling", &AttentionRecord::scaling);
  visit("seed", &AttentionRecord::seed);
  visit("tokenStd", &AttentionRecord::tokenStd);
}

}  // namespace phasor::bindings
