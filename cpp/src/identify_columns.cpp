#include "identify_columns.hpp"

namespace phasor {
namespace {
// Split: where the second trig's block starts. With an extra sine and sines
// first (Marian), the sine block holds pairs + 1 columns.
std::int64_t second_block(const EncodingSpec& spec, const TableColumns& c) {
  return c.extra_sine && spec.order == Order::sin_cos ? c.pairs + 1 : c.pairs;
}
}  // namespace

PairColumns pair_columns(const EncodingSpec& spec, std::int64_t pair) {
  if (spec.layout == Layout::interleaved) return {2 * pair, 2 * pair + 1};
  return {pair, second_block(spec, columns_of(spec)) + pair};
}

std::int64_t partner_column(const EncodingSpec& spec, std::int64_t c) {
  const TableColumns cols = columns_of(spec);
  if (spec.layout == Layout::interleaved) return c < 2 * cols.pairs ? (c ^ 1) : -1;
  const std::int64_t second = second_block(spec, cols);
  if (c < cols.pairs) return second + c;
  if (c >= second && c < second + cols.pairs) return c - second;
  return -1;
}

}  // namespace phasor
