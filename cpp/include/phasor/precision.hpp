// How a sin/cos table was made, and how far from the exact table that lets
// each value be: the error model of identify (and identifyRope).
//
// A value of a table is v = s * trig(w p), trig sin or cos, at position p with
// frequency w and scale s. The EXACT table holds e = s * trig(w p) evaluated
// from the float64 phase and rounded once to float32 (what ph.encode gives).
// A framework computing in FLOAT32 arithmetic does, in its own order:
//
//   w32 = its float32 frequency      e.g. exp(float32(i * float32(-ln(base)/d)))
//   p32 = float32(p)                 exact for |p| < 2^24
//   a32 = float32(p32 * w32)         the angle, one rounding
//   y32 = sin32(a32) or cos32(a32)   within kTrigUlps ulps of the true trig(a32)
//   v32 = float32(float32(s) * y32)  only when s != 1
//
// and a table STORED in float16 or bfloat16 rounds v32 once more. Each step's
// error, for |table - exact| (the BOUND) and for |table - model| (the
// TOLERANCE, around the value float32 arithmetic gives when w32 is known):
//
//   frequency  |w32 - w|: known when the framework's w32 is reproduced (the
//              same float32 operations in the same order; tight), else at
//              most w 2^-23 (2|ln(w/wmax)| + 4): the exponent x = ln(w/wmax)
//              is built by up to three float32 roundings of numbers of size
//              |x| (2^-24 |x| each, with margin 2|x|), exp or pow is within
//              2 ulps (2^-22 relative: Sleef's u10 float32 exp in PyTorch is
//              within 1, CUDA's expf within 2) and wmax's own rounding and its
//              product add 2^-23. The phase then departs by |p| |w32 - w|.
//   position   |p32 - p| w32 (zero below 2^24, computed exactly above).
//   angle      |a32 - p32 w32| <= ulp32(p32 w32) / 2.
//              These three give da; trig is 1-Lipschitz, so the value moves
//              by at most |s| min(da, 2).
//   sine       |y32 - trig(a32)| <= kTrigUlps ulp32(trig(a32)): PyTorch's CPU
//              sin and cos in float32 (Sleef u10, documented within 1.0 ulp)
//              measured 0.86 ulp at most over angles up to 2.2e9; numpy's
//              float32 sin/cos 1.46 (documented 1.49); CUDA's sinf/cosf are
//              documented within 2. kTrigUlps = 2 covers all three.
//   scale      |float32(s) - s| |trig| + ulp32(v) / 2 when s != 1.
//   storage    half the spacing of float16 (11 significant bits, subnormal
//              step 2^-24 below 2^-14) or bfloat16 (8 bits) at |v|.
//   reference  the exact table is itself rounded to float32: ulp32(e) / 2;
//              its float64 phase errs by |s| (|p w| 2^-51 + 2^-40) in
//              ph.encode and by a few units of 2^-53 |p w| in a framework's
//              own float64 (DistilBERT's p / 10000^(2k/d)): |s| (|p w| 2^-48
//              + 2^-40) covers both.
//
// bound = sum of all of these (what the table may depart from the exact one);
// tolerance = sine + scale + storage (+ the float64 evaluation's own error),
// around model = float32(s) * trig(a32) with a32 computed exactly: what a
// table made with the reproduced w32 must fall within. A table is explained by
// a precision when every value is within its tolerance (and so, by the
// triangle inequality, within its bound); without a reproduced w32 there is no
// model and the bound alone decides. Exact arithmetic: model = e, tolerance =
// bound = the rounding of e to float32 (twice: the table's and the
// reference's) plus storage. docs/identify.md says the same with a worked example.
#pragma once
#include <array>
#include <cstdint>
#include <limits>

namespace phasor {

// The verdict a user reads: how the table was made.
//   exact     the float64 values rounded once (to float32, or kept in float64)
//   float32   the framework's float32 arithmetic (above)
//   float16   then stored in float16 (after exact or float32 arithmetic)
//   bfloat16  then stored in bfloat16 (likewise)
enum class Precision { exact = 0, float32 = 1, float16 = 2, bfloat16 = 3 };
// The names of the codes, in code order (exported by the bindings: enums()).
inline constexpr std::array<const char*, 4> kPrecisionNames = {"exact", "float32", "float16", "bfloat16"};

// The type a table's values were last rounded to.
enum class Storage { float32 = 0, float16 = 1, bfloat16 = 2 };

// The two halves of a precision: the arithmetic, then the storage.
struct PrecisionModel {
  bool float32_arithmetic = false;  // false: exact (float64, rounded once)
  Storage storage = Storage::float32;
};
Precision precision_of(const PrecisionModel& model);

// The float32 sine and cosine are within this many ulps of the true value of
// their float32 argument (see above).
inline constexpr double kTrigUlps = 2.0;

// The spacing of float32 numbers at |x| (the ulp of x's binade; the smallest
// subnormal step at 0).
double float32_ulp(double x);
// x rounded to nearest (ties to even) in the storage type.
double round_to(Storage storage, double x);
// Half the spacing of the storage type at |x|: the most rounding to it moves x.
double half_step(Storage storage, double x);
// The narrowest type holding every value exactly: bfloat16, else float16,
// else float32 (float64 tables included). A table with fewer than four
// values other than 0 and powers of two says nothing: float32. (A float32
// value fits in float16 by chance once in 2^13: four of them never do.)
Storage narrowest_storage(const double* values, std::int64_t count);

// The bound on |w32 - w| assumed when a framework's float32 frequency is not
// reproduced: w 2^-23 (2 |ln(w / w_max)| + 4), w_max the fastest frequency.
double float32_frequency_error(double omega, double omega_max);

// One value s * trig(w p) of a table.
struct TrigTerm {
  double position = 0;  // p
  double omega = 0;     // w, exact (float64)
  // The framework's float32 frequency when reproduced (a float32 value);
  // NaN when not, and then omega32_error bounds |w32 - w|.
  double omega32 = std::numeric_limits<double>::quiet_NaN();
  double omega32_error = 0;
  double scale = 1;  // s; float32 arithmetic multiplies by float32(s)
  bool cosine = false;
};

// What a precision allows one value.
struct ValueBound {
  double exact = 0;      // s * trig(w p), float64
  double model = 0;      // what the precision's arithmetic gives before its sine error,
                         // scale rounding and storage; NaN when w32 is not reproduced
  double tolerance = 0;  // |table - model| allowed (infinity when model is NaN)
  double bound = 0;      // |table - exact table| allowed, the exact table rounded once to float32
};
ValueBound value_bound(const PrecisionModel& precision, const TrigTerm& term);
// The same, given what a hot loop already has: the exact value (the exact
// table's float32 value will do: its magnitudes only widen the bound) and
// trig(a32) of the reproduced angle (ignored without w32).
ValueBound value_bound(const PrecisionModel& precision, const TrigTerm& term, double exact, double trig_of_angle32);
// The bound on |a32 - w p| (the frequency, position and angle terms above),
// which a frequency's sine and cosine at one position share; 0 for exact
// arithmetic.
double angle_departure(const PrecisionModel& precision, const TrigTerm& term);
// value_bound with that bound already computed (a hot loop's third form).
ValueBound value_bound(const PrecisionModel& precision, const TrigTerm& term, double exact, double trig_of_angle32,
                       double angle);
// The float32 angle float32(float32(p) * w32) of a reproduced w32.
double float32_angle(double position, double omega32);

}  // namespace phasor

#include "phasor/precision_terms.hpp"
