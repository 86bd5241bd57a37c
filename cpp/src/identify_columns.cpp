#include "identify_columns.hpp"

#include <cmath>

namespace phasor {

std::int64_t pair_count(OddRule odd, std::int64_t width) {
  return odd == OddRule::zero_column ? (width - 1) / 2 : width / 2;
}

std::vector<double> form_frequencies(const TableForm& form, std::int64_t width) {
  const std::int64_t pairs = pair_count(form.odd, width);
  const std::int64_t count = pairs + (form.odd == OddRule::extra_sine ? 1 : 0);
  // The exponent's width: the table's own (odd included), or the even table
  // a zero column is appended to.
  const double exponent_width = static_cast<double>(form.odd == OddRule::zero_column ? width - 1 : width);
  std::vector<double> omega(static_cast<std::size_t>(count));
  for (std::int64_t i = 0; i < count; ++i) {
    const auto x = static_cast<double>(i);
    double w;
    if (form.spacing == Spacing::paper) {
      w = std::pow(form.base, -2.0 * x / exponent_width);
    } else {
      w = pairs > 1 ? std::pow(form.base, -x / static_cast<double>(pairs - 1)) : 1.0;
    }
    omega[static_cast<std::size_t>(i)] = form.max_frequency * w;
  }
  return omega;
}

std::vector<Column> column_map(const TableForm& form, std::int64_t width) {
  const std::int64_t pairs = pair_count(form.odd, width);
  const std::int64_t k = pairs + (form.odd == OddRule::extra_sine ? 1 : 0);
  const Trig first = form.order == PairOrder::sin_cos ? Trig::sin : Trig::cos;
  const Trig second = form.order == PairOrder::sin_cos ? Trig::cos : Trig::sin;
  auto make = [k](Trig trig, std::int64_t j) {
    Column c;
    c.trig = trig;
    c.frequency = j;
    c.slot = trig == Trig::sin ? j : k + j;
    c.partner_slot = trig == Trig::sin ? k + j : j;
    return c;
  };
  std::vector<Column> columns(static_cast<std::size_t>(width));
  for (std::int64_t i = 0; i < pairs; ++i) {
    // split with an extra sine (Marian): the first block has pairs + 1 columns.
    const std::int64_t first_block = pairs + (form.odd == OddRule::extra_sine ? 1 : 0);
    const bool split = form.layout == Layout::split;
    columns[static_cast<std::size_t>(split ? i : 2 * i)] = make(first, i);
    columns[static_cast<std::size_t>(split ? first_block + i : 2 * i + 1)] = make(second, i);
  }
  if (form.odd == OddRule::extra_sine) {
    // The unpaired sine: last column interleaved, end of the sine block split.
    const std::int64_t at = form.layout == Layout::split ? pairs : width - 1;
    columns[static_cast<std::size_t>(at)] = make(Trig::sin, pairs);
  }
  // zero_column: the last column keeps Trig::zero.
  return columns;
}

}  // namespace phasor
