// Where a spec puts each pair's two trigs (as encode() places them:
// encoding.cpp), for identify's reading and its swapped-pair check.
#pragma once
#include <cstdint>

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

}  // namespace phasor
