// What the zoomable charts share: the range phasor accepts, integer ticks on
// a position axis at any zoom, and the caption's word on bins.
import type { ScaleLinear } from 'd3-scale';
import { tickCount } from '../charts/axes.js';
import { integer as formatInteger } from '../charts/format.js';
import type { ZoomLimits } from '../charts/zoom.js';

/** Positions phasor accepts (|p| ≤ 2^31); a view spans at least 4 of them. */
export const POSITION_LIMITS: ZoomLimits = { lo: -(2 ** 31), hi: 2 ** 31, minSpan: 4 };

/** Integer ticks that fit `pixels`. */
export function positionTicks(scale: ScaleLinear<number, number>, pixels: number, spacing = 70): number[] {
  return scale.ticks(tickCount(pixels, spacing)).filter(Number.isInteger);
}

/**
 * The caption's clause on bins: "" at one position per bin; else how many
 * positions each pixel holds and which pairs (wavelength under two bins)
 * average towards 0 there.
 */
export function withinPixel(stride: number, wavelengths: ArrayLike<number>, what: string): string {
  if (stride <= 1) return '';
  const fast = fastPairs(stride, wavelengths);
  const held = `; each pixel ${what} is the exact mean of ${formatInteger(stride)} positions`;
  if (fast === 0) return held;
  if (fast === wavelengths.length)
    return `${held}; every pair turns half a period or more within a pixel, so what shows is its mean there (towards 0)`;
  return `${held}; pairs i < ${fast} (wavelength under ${formatInteger(2 * stride)} positions, shaded) turn half a period or more within a pixel, so what shows is their mean there (towards 0)`;
}

/** How many pairs turn half a period or more within a bin of `stride` positions (the pairs are fastest first). */
export function fastPairs(stride: number, wavelengths: ArrayLike<number>): number {
  let fast = 0;
  while (stride > 1 && fast < wavelengths.length && wavelengths[fast] < 2 * stride) fast++;
  return fast;
}
