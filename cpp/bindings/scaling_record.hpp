// RoPE's frequency scaling as JavaScript passes it: an Embind value_object
// with named fields (rope_bindings.cpp registers it, scalingFields() exports
// the names), so the TypeScript side builds an object instead of a
// positional array; Embind refuses one that lacks a field. No Embind here:
// the fuzz harness (tests/fuzz) checks and converts records with this code.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "phasor/limits.hpp"
#include "phasor/rope_scaling.hpp"
#include "phasor/validation.hpp"

namespace phasor::bindings {

struct ScalingRecord {
  double type = 0;  // a RopeScalingType code
  double factor = 1;
  double originalLength = 0;
  bool hasSequenceLength = false;  // else the call's max(positions) + 1 (rope) or none
  double sequenceLength = 0;
  double betaFast = 32;
  double betaSlow = 1;
  bool truncate = true;
  double lowFreqFactor = 1;
  double highFreqFactor = 4;
  bool hasAttentionFactor = false;  // else the default 0.1 ln(factor) + 1
  double attentionFactor = 0;
  double mscale = 0;               // yarn; 0 = not set
  double mscaleAllDim = 0;         // yarn; 0 = not set
  double partialRotaryFactor = 1;  // proportional
  // longrope's factor lists travel in the input slots shortFactor, longFactor.
};

// Calls visit(name, member) for every field: the one list both the
// value_object registration and scalingFields() read.
template <class Visit>
void visit_scaling_fields(Visit&& visit) {
  visit("type", &ScalingRecord::type);
  visit("factor", &ScalingRecord::factor);
  visit("originalLength", &ScalingRecord::originalLength);
  visit("hasSequenceLength", &ScalingRecord::hasSequenceLength);
  visit("sequenceLength", &ScalingRecord::sequenceLength);
  visit("betaFast", &ScalingRecord::betaFast);
  visit("betaSlow", &ScalingRecord::betaSlow);
  visit("truncate", &ScalingRecord::truncate);
  visit("lowFreqFactor", &ScalingRecord::lowFreqFactor);
  visit("highFreqFactor", &ScalingRecord::highFreqFactor);
  visit("hasAttentionFactor", &ScalingRecord::hasAttentionFactor);
  visit("attentionFactor", &ScalingRecord::attentionFactor);
  visit("mscale", &ScalingRecord::mscale);
  visit("mscaleAllDim", &ScalingRecord::mscaleAllDim);
  visit("partialRotaryFactor", &ScalingRecord::partialRotaryFactor);
}

// What RopeScaling cannot say: a type code out of range, or an explicit
// attentionFactor or sequenceLength of 0 (RopeScaling reads 0 as "the default").
inline std::string check_scaling_record(const ScalingRecord& r) {
  if (auto e = check_choice("scaling.type", r.type, kRopeScalingTypeNames); !e.empty()) return e;
  if (r.hasAttentionFactor && r.attentionFactor == 0.0)
    return check_finite("scaling.attentionFactor", 0.0, kMinScalingParameter, kMaxScalingFactor);
  if (r.hasSequenceLength && r.sequenceLength == 0.0)
    return check_finite("scaling.sequenceLength", 0.0, 1.0, kMaxAbsPosition);
  return "";
}

// After check_scaling_record; longrope's factor lists as the call passed them
// (input_slots.hpp reads them from their slots).
inline RopeScaling scaling_of(const ScalingRecord& r, std::vector<double> short_factor,
                              std::vector<double> long_factor) {
  RopeScaling s;
  s.type = static_cast<RopeScalingType>(static_cast<int>(r.type));
  s.factor = r.factor;
  s.original_length = r.originalLength;
  s.sequence_length = r.hasSequenceLength ? r.sequenceLength : 0.0;
  s.beta_fast = r.betaFast;
  s.beta_slow = r.betaSlow;
  s.truncate = r.truncate;
  s.low_freq_factor = r.lowFreqFactor;
  s.high_freq_factor = r.highFreqFactor;
  s.attention_factor = r.hasAttentionFactor ? r.attentionFactor : 0.0;
  s.mscale = r.mscale;
  s.mscale_all_dim = r.mscaleAllDim;
  s.partial_rotary_factor = r.partialRotaryFactor;
  if (s.type == RopeScalingType::longrope) {
    s.short_factor = std::move(short_factor);
    s.long_factor = std::move(long_factor);
  }
  return s;
}

}  // namespace phasor::bindings
