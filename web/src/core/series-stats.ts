// Reductions of computed series that the charts report: largest and smallest
// values, means, a curve over one of its values, and the largest gap between
// two curves. Each reads float32 or float64 values in float64, so what is
// reported is what was computed.

/** [min, max] of the values (NaN skipped); [Infinity, −Infinity] when there are none. */
export function extent(values: ArrayLike<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let n = 0; n < values.length; n++) {
    if (values[n] < lo) lo = values[n];
    if (values[n] > hi) hi = values[n];
  }
  return [lo, hi];
}

/** The largest value, or `floor` when none is larger (NaN skipped). */
export function largestValue(values: ArrayLike<number>, floor = -Infinity): number {
  let max = floor;
  for (let n = 0; n < values.length; n++) if (values[n] > max) max = values[n];
  return max;
}

/** The largest |value| (NaN, such as a masked entry, skipped); 0 for none. */
export function largestMagnitude(values: ArrayLike<number>): number {
  let max = 0;
  for (let n = 0; n < values.length; n++) {
    const v = Math.abs(values[n]);
    if (v > max) max = v;
  }
  return max;
}

/** The mean of the values, summed in float64. */
export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let n = 0; n < values.length; n++) sum += values[n];
  return sum / values.length;
}

/**
 * The largest |values[n] − reference[n mod reference.length]|: how far one or
 * more curves (one after another) stray from a reference curve.
 */
export function largestGap(values: ArrayLike<number>, reference: ArrayLike<number>): number {
  let gap = 0;
  const period = reference.length;
  for (let n = 0; n < values.length; n++) gap = Math.max(gap, Math.abs(values[n] - reference[n % period]));
  return gap;
}

/** Each value divided by `by` (float64): a curve over its value at one point. */
export function dividedBy(values: ArrayLike<number>, by: number): Float64Array {
  return Float64Array.from(values, (v) => v / by);
}
