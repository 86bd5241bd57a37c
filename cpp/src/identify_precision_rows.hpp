// exact_rows (identify_precision.hpp): encode() over runs of consecutive
// sequence indices, at most PhaseWalk::kChunk rows a call (the chunks one
// call would anchor at), or one row at a time for a chosen few.
#pragma once
#include <algorithm>
#include <vector>

#include "phase_walk.hpp"
#include "phasor/encoding.hpp"
#include "phasor/identify.hpp"

namespace phasor {

template <class Visit>
void exact_rows(const EncodingSpec& form, const TableRows& table, const std::vector<std::int64_t>* rows,
                Visit&& visit) {
  const std::int64_t cols = table.cols;
  std::vector<float> chunk(static_cast<std::size_t>(PhaseWalk::kChunk * cols));
  EncodingSpec part = form;
  auto encode_run = [&](std::int64_t first, std::int64_t count) {
    part.positions = count;
    part.offset = form.offset + table.index_of(first);
    encode(part, chunk.data());
  };
  if (rows != nullptr) {
    for (std::int64_t r : *rows) {
      encode_run(r, 1);
      visit(r, chunk.data());
    }
    return;
  }
  for (std::int64_t first = 0; first < table.rows;) {
    std::int64_t count = 1;
    while (first + count < table.rows && count < PhaseWalk::kChunk &&
           table.index_of(first + count) == table.index_of(first) + static_cast<double>(count))
      ++count;
    encode_run(first, count);
    for (std::int64_t r = 0; r < count; ++r) visit(first + r, chunk.data() + r * cols);
    first += count;
  }
}

}  // namespace phasor
