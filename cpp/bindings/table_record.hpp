// The PE table's options as JavaScript passes them to encode(): an Embind
// value_object with named fields (phasor_bindings.cpp registers it,
// module_bindings.cpp's recordFields() exports the names to tables.js), so
// the TypeScript side builds an object, not a list of thirteen numbers whose
// order must match. Every field is set by the caller: no defaults here (the
// TypeScript options have them). No Embind in this header.
#pragma once

namespace phasor::bindings {

struct TableRecord {
  double positions = 0;
  double dModel = 0;
  double base = 0;
  double offset = 0;
  double layout = 0;    // a Layout code
  double spacing = 0;   // a Spacing code
  double order = 0;     // an Order code
  double oddWidth = 0;  // an OddWidth code
  double maxFrequency = 0;
  double scale = 0;
  bool hasPadding = false;  // else paddingIdx is not read
  double paddingIdx = 0;
  bool buffer = false;
};

// Calls visit(name, member) for every field: the one list the value_object
// registration and recordFields() read.
template <class Visit>
void visit_table_fields(Visit&& visit) {
  visit("positions", &TableRecord::positions);
  visit("dModel", &TableRecord::dModel);
  visit("base", &TableRecord::base);
  visit("offset", &TableRecord::offset);
  visit("layout", &TableRecord::layout);
  visit("spacing", &TableRecord::spacing);
  visit("order", &TableRecord::order);
  visit("oddWidth", &TableRecord::oddWidth);
  visit("maxFrequency", &TableRecord::maxFrequency);
  visit("scale", &TableRecord::scale);
  visit("hasPadding", &TableRecord::hasPadding);
  visit("paddingIdx", &TableRecord::paddingIdx);
  visit("buffer", &TableRecord::buffer);
}

}  // namespace phasor::bindings
