// The words under a chart: captions with the numbers that carry the finding
// in bold, and what a pixel of a binned chart stands for.
import { fastPairs } from '../charts/bins.js';
import { exact, integer as formatInteger, scientific } from '../charts/format.js';

/** A <strong> for a number in a caption. */
export function strong(text: string): HTMLElement {
  const el = document.createElement('strong');
  el.textContent = text;
  return el;
}

/** 3 significant digits (0.553, 22.1), or m × 10ⁿ below 0.001. */
export function short(value: number): string {
  return value === 0 || !Number.isFinite(value) || Math.abs(value) >= 1e-3
    ? exact(+value.toPrecision(3))
    : scientific(value);
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

/**
 * The caption's clause for a picture drawn coarser while the input moves
 * (render-budget.ts): "" at full resolution.
 */
export function coarseWhileMoving(coarseness: number, what: string): string {
  if (coarseness <= 1) return '';
  return `; while the input moves, each ${what} is ${coarseness} device pixels tall (the exact values of its coarser bins), and the full resolution follows once it pauses`;
}
