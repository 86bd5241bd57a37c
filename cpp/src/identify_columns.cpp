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

std::vector<ColumnRole> column_roles(const EncodingSpec& form) {
  std::vector<ColumnRole> roles(static_cast<std::size_t>(form.d_model));
  const TableColumns c = columns_of(form);
  const bool sin_first = form.order == Order::sin_cos;
  for (std::int64_t k = 0; k < c.pairs; ++k) {
    const PairColumns p = pair_columns(form, k);
    roles[static_cast<std::size_t>(p.first)] = {k, !sin_first};
    roles[static_cast<std::size_t>(p.second)] = {k, sin_first};
  }
  if (c.extra_sine) {
    // Where encode() puts it: the last column, or the end of a sine block that comes first.
    const bool split_sines_first = form.layout == Layout::split && sin_first;
    roles[static_cast<std::size_t>(split_sines_first ? c.pairs : form.d_model - 1)] = {c.pairs, false};
  }
  return roles;
}

FrequencyColumns frequency_columns(const std::vector<ColumnRole>& roles, std::size_t count) {
  FrequencyColumns out{std::vector<std::int64_t>(count, -1), std::vector<std::int64_t>(count, -1)};
  for (std::size_t c = 0; c < roles.size(); ++c)
    if (roles[c].frequency >= 0)
      (roles[c].cosine ? out.cosine : out.sine)[static_cast<std::size_t>(roles[c].frequency)] =
          static_cast<std::int64_t>(c);
  return out;
}

}  // namespace phasor
