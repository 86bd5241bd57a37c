// Number formats for read-outs and ticks (d3-format), in one place so every
// chart writes numbers the same way.
import { format } from 'd3-format';

// Made once: d3's format() parses its specifier on every call, and tick
// labels and read-outs format dozens of numbers a frame.
const sevenDigits = format('.7~g');
const siPrefix = format('~s');
const grouped = format(',d');

/** 7 significant digits: a float32 value as exactly as it is stored. */
export const exact = (value: number): string =>
  Number.isFinite(value) ? sevenDigits(value).replace('-', '−') : String(value);

/** Short tick labels: 10k, 1M, 0.5. */
export const tick = (value: number): string => siPrefix(value).replace('-', '−');

/** Integers with thin-space thousands separators for read-outs. */
export const integer = (value: number): string => grouped(value).replace(/,/g, '\u2009').replace('-', '−');

/** Small errors like 5.96e-8 as 5.96 × 10⁻⁸. */
export function scientific(value: number): string {
  if (value === 0) return '0';
  if (!Number.isFinite(value)) return String(value);
  const [mantissa, exponent] = value.toExponential(2).split('e');
  return `${mantissa} × 10${superscript(+exponent)}`;
}

/** An integer exponent in superscript digits: −5 as ⁻⁵. */
export function superscript(exponent: number): string {
  return String(exponent).replace(/-|\d/g, (ch) => (ch === '-' ? '⁻' : '⁰¹²³⁴⁵⁶⁷⁸⁹'[+ch]));
}

/** Log-axis ticks: 1, 10, 100 as integers, other powers of ten as 10³, 10⁻² (short, so they fit narrow margins). */
export function powerOfTen(value: number): string {
  if (value >= 1 && value < 1e3) return String(Math.round(value));
  const exponent = Math.round(Math.log10(value));
  if (Math.abs(value / 10 ** exponent - 1) > 1e-9) return tick(value);
  return `10${superscript(exponent)}`;
}

/** Subscript digits for labels like ω₁₂. */
export function subscript(n: number): string {
  return String(n).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[+d]);
}
