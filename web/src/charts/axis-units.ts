// Tick labels that fit the room beside a vertical axis. d3 writes a small
// range as "−0.00006" … "0.00006", wider than the left margin, and the labels
// then run into the axis title. Plotting libraries then write the values in
// units of a power of ten named once in the title: "−6" … "6" and
// "PE(p)·PE(p+k) (×10⁻⁵)". The values stay exact; only their unit changes.
import { format as format_ } from 'd3-format';
import { scaleLinear } from 'd3-scale';
import { superscript } from './format.js';

/**
 * Width of `text` at `fontPx` (the axes' 11 px by default), from DejaVu
 * Sans's advances (wider than most sans-serif faces): an estimate that needs
 * no layout, for tick labels, point labels and the read-out box.
 */
export function estimatedTextWidth(text: string, fontPx = 11): number {
  let px = 0;
  for (const ch of text) px += ch === '.' || ch === ',' || ch === '\u2009' ? 3.5 : ch === '−' || ch === '-' ? 9.2 : 7;
  return (px * fontPx) / 11;
}

export interface FittedTicks {
  /** The label of each value. */
  format: (value: number) => string;
  /** The axis title, with the unit when the values are scaled. */
  label: string;
}

/**
 * Labels for `values` on a linear axis over `domain` that fit in `room` px:
 * the caller's `format`, or d3's own labels for `count` ticks when they fit,
 * else the values divided by the power of ten of the largest one.
 */
export function fitTickLabels(
  values: readonly number[],
  domain: readonly [number, number],
  count: number,
  label: string,
  room: number,
  format?: (value: number) => string,
): FittedTicks {
  const plain = format ?? scaleLinear().domain(domain).tickFormat(count);
  if (format || values.every((v) => estimatedTextWidth(plain(v)) <= room)) return { format: plain, label };
  const largest = Math.max(...values.map(Math.abs));
  if (!(largest > 0) || !Number.isFinite(largest)) return { format: plain, label };
  const exponent = Math.floor(Math.log10(largest));
  const unit = 10 ** exponent;
  // As few decimals as write every tick in the new unit (2.5, not 3), the same number on each.
  let decimals = 0;
  while (
    decimals < 6 &&
    values.some((v) => Math.abs((v / unit) * 10 ** decimals - Math.round((v / unit) * 10 ** decimals)) > 1e-6)
  )
    decimals++;
  const scaled = format_(`.${decimals}f`);
  return { format: (v) => scaled(v / unit), label: `${label} (×10${superscript(exponent)})` };
}
