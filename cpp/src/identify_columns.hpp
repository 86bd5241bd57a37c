// Where a spec puts each pair's two trigs and the rest (as encode() places
// them: encoding.cpp), for identify's reading, its judge and its swapped-pair check.
#pragma once
#include <cstdint>
#include <vector>

#include "phasor/encoding.hpp"

namespace phasor {

struct PairColumns {
  std::int64_t first;   // the column of the pair's first trig (sin, or cos with order cosSin)
  std::int64_t second;  // the column of its second trig
};

PairColumns pair_columns(const EncodingSpec& spec, std::int64_t pair);

// The column holding the other trig of column c's pair, or -1 (a zero
// column, the extra sine).
std::int64_t partner_column(const EncodingSpec& spec, std::int64_t c);

// What each column of a form's row holds: sin or cos of frequency k
// (encoding_frequencies' order), or zero (frequency -1).
struct ColumnRole {
  std::int64_t frequency = -1;
  bool cosine = false;
};
std::vector<ColumnRole> column_roles(const EncodingSpec& form);

// Each frequency's sine and cosine column (-1 when it has none: the extra sine's cosine).
struct FrequencyColumns {
  std::vector<std::int64_t> sine, cosine;
};
FrequencyColumns frequency_columns(const std::vector<ColumnRole>& roles, std::size_t count);

}  // namespace phasor
