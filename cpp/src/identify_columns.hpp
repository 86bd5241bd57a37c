// Where each column of a form's table comes from: which trig of which
// frequency (form_frequencies' order), as the row kernels' split scratch rows
// hold them (sin of frequency j at slot j, cos at slot k + j, k frequencies).
#pragma once
#include <cstdint>
#include <vector>

#include "phasor/identify.hpp"

namespace phasor {

enum class Trig { sin, cos, zero };

struct Column {
  Trig trig = Trig::zero;
  std::int64_t frequency = 0;  // index into form_frequencies
  std::int64_t slot = 0;       // this column's value in a scratch row
  std::int64_t partner_slot = 0;  // the other trig of the same frequency
};

// The number of full sin/cos pairs of a width under an odd-width rule.
std::int64_t pair_count(OddRule odd, std::int64_t width);

std::vector<Column> column_map(const TableForm& form, std::int64_t width);

}  // namespace phasor
