// What a RoPE scaling does to the wavelengths, counted from the numbers:
// how many pairs it keeps, stretches by its factor, or moves in between, and
// how many turn less than once in the training length.

/** How many values are above `threshold`. */
export function countAbove(values: ArrayLike<number>, threshold: number): number {
  let count = 0;
  for (let n = 0; n < values.length; n++) if (values[n] > threshold) count++;
  return count;
}

/**
 * How `values` relate to `reference`, point by point: how many equal it
 * (ratio 1), how many are it times `factor`, and how many lie elsewhere,
 * each to 1e-9 relative (the wavelengths a RoPE scaling keeps, stretches by
 * its factor, or moves in between).
 */
export function stretchCounts(
  values: ArrayLike<number>,
  reference: ArrayLike<number>,
  factor: number,
): { kept: number; full: number; between: number } {
  let kept = 0;
  let full = 0;
  for (let n = 0; n < values.length; n++) {
    const ratio = values[n] / reference[n];
    if (Math.abs(ratio - 1) < 1e-9) kept++;
    else if (Math.abs(ratio / factor - 1) < 1e-9) full++;
  }
  return { kept, full, between: values.length - kept - full };
}
