// Which pair and which function (sin or cos) dimension j of a row holds, in
// either layout: interleaved (the paper: sin at 2i, cos at 2i + 1) or split
// (the d/2 sines, then the d/2 cosines).
import type { Layout } from './types.js';

export interface Dimension {
  j: number;
  pair: number;
  fn: 'sin' | 'cos';
}

export function describeDimension(j: number, dModel: number, layout: Layout): Dimension {
  if (layout === 'split') {
    const half = dModel / 2;
    return j < half ? { j, pair: j, fn: 'sin' } : { j, pair: j - half, fn: 'cos' };
  }
  return { j, pair: j >> 1, fn: j % 2 === 0 ? 'sin' : 'cos' };
}

/** The dimensions holding sin and cos of `pair`. */
export function dimensionsOfPair(pair: number, dModel: number, layout: Layout): [number, number] {
  return layout === 'split' ? [pair, dModel / 2 + pair] : [2 * pair, 2 * pair + 1];
}

/**
 * Dimensions to plot when none are chosen: every one for d ≤ 8, otherwise
 * pair 0 (the fastest) and pair d/4 (ω = base^(−1/2)), which is the seed
 * figure with d = 4 at any width.
 */
export function defaultDimensions(dModel: number, layout: Layout): number[] {
  if (dModel <= 8) return Array.from({ length: dModel }, (_, j) => j);
  return [...dimensionsOfPair(0, dModel, layout), ...dimensionsOfPair(Math.floor(dModel / 4), dModel, layout)];
}
