// Captions under the RoPE and "why this design" charts: text with the
// numbers that carry the finding in bold.
import { exact, scientific } from '../charts/format.js';

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
