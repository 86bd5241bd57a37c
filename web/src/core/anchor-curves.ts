// The attention-offset chart's curves, one per anchor (query position):
// the sum of chosen terms of additive PE, and how far the curves spread
// apart at each offset. Sums in float64, rounded once to float32.

/**
 * For `values` holding `rows` curves of `cols` points (row-major): per point,
 * max − min over the curves, and the largest of those. Curves that coincide
 * have a spread of 0 everywhere.
 */
export function spreadOverRows(
  values: ArrayLike<number>,
  rows: number,
  cols: number,
): { spread: Float32Array; maxSpread: number } {
  const spread = new Float32Array(cols);
  let maxSpread = 0;
  for (let j = 0; j < cols; j++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let a = 0; a < rows; a++) {
      lo = Math.min(lo, values[a * cols + j]);
      hi = Math.max(hi, values[a * cols + j]);
    }
    spread[j] = hi - lo;
    maxSpread = Math.max(maxSpread, spread[j]);
  }
  return { spread, maxSpread };
}

/** The element-wise sum of `series` (each at least `length` long), summed in float64 and rounded once to float32. */
export function sumSeries(series: readonly ArrayLike<number>[], length: number): Float32Array {
  const out = new Float32Array(length);
  for (let n = 0; n < length; n++) {
    let sum = 0;
    for (const s of series) sum += s[n];
    out[n] = sum;
  }
  return out;
}
