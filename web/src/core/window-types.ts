// Options and results of the pixel-resolution views (window.ts,
// cpp/include/phasor/window.hpp) and the rotation chart's pieces.
import type { Layout, Metric, Spacing } from './types.js';

/**
 * A window of positions at pixel resolution: `count` bins of `stride`
 * consecutive integer positions, bin r covering first + r·stride …
 * first + (r + 1)·stride − 1. Each bin holds the exact mean over its
 * positions; with stride 1 a bin is one position.
 */
export interface BinsOptions {
  /** First position (or offset) of bin 0; positions stay within ±2^31. */
  first: number;
  /** Positions per bin, an integer ≥ 1. */
  stride: number;
  /** Number of bins, an integer in [1, 2^24] (ph.limits.maxBins). */
  count: number;
  dModel: number;
  base?: number;
  spacing?: Spacing;
}

export interface EncodeBinsOptions extends BinsOptions {
  layout?: Layout;
  /** Writes the count × dModel values here instead of allocating. */
  into?: Float32Array;
}

export interface EncodeColumnsOptions extends BinsOptions {
  layout?: Layout;
  /** Dimensions j to compute (1 to 64, each below dModel). */
  dims: readonly number[];
}

export interface DotBinsOptions extends BinsOptions {
  /** Divide by |PE|² = dModel/2: the cosine similarity. */
  normalize?: boolean;
}

export interface MeasuredDotBinsOptions extends DotBinsOptions {
  /** The starting position p: bin r measures PE(p)·PE(p + k) for the offsets k in the bin. */
  p: number;
}

export interface OffsetRowBinsOptions extends BinsOptions {
  /** 'l2' (root mean square distance over a block), 'dot' or 'cosine' (means). */
  metric?: Metric;
}

export interface RotationWindowOptions {
  dModel: number;
  base?: number;
  k: number;
  layout?: Layout;
  spacing?: Spacing;
  /** First row and column of M_k shown, and how many of each. */
  row0: number;
  col0: number;
  rows: number;
  cols: number;
}

export interface RotateOptions {
  dModel: number;
  base?: number;
  k: number;
  /** The position whose encoding is rotated. */
  p: number;
  layout?: Layout;
  spacing?: Spacing;
}

export interface PairTurnOptions {
  dModel: number;
  base?: number;
  spacing?: Spacing;
  /** The pair i (dimensions 2i and 2i + 1 in the interleaved layout). */
  pair: number;
  /** The position whose encoding is on the circle. */
  p: number;
  /** The shift M_k turns it by. */
  k: number;
}

/** Pair i on its unit circle (cos across, sin up), in radians, float64. */
export interface PairTurn {
  /** Where PE(p) sits: ω_i·p reduced to [−π, π]. */
  angle: number;
  /** How far M_k turns it: ω_i·k. */
  turn: number;
  /** The turn less its whole turns, its sign kept (0 below 10⁻⁹ rad): the arc from PE(p) to PE(p + k). */
  sweep: number;
}
