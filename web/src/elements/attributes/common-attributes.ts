// Attributes several charts share, with the same names, ranges and defaults
// as the TypeScript API options (kebab-case here, camelCase there).
import { LAYOUTS, SPACINGS, type Layout, type Spacing } from '../../core/index.js';
import { AttributeError, choice, integer, number, spec } from './attributes.js';
import { limit } from './core-limits.js';

/** Largest table (positions × d-model values) an element computes: 64 MB of float32. */
export const MAX_CELLS = 1 << 24;
/** The core's bounds (read from the shared instance when attributes are parsed). */
export const maxDModel = limit('maxDModel');
export const maxAbsPosition = limit('maxAbsPosition');

export const dModel = (fallback: number) => spec('d-model', integer(2, maxDModel, 2), fallback);
export const base = spec('base', number(1, 1e15, true), 10000);
export const positions = (fallback: number, max = 1 << 24) => spec('positions', integer(1, max), fallback);
export const offset = spec('offset', number(limit('maxAbsPosition', -1), maxAbsPosition), 0);
export const layout = spec<Layout>('layout', choice(LAYOUTS), 'interleaved');
export const spacing = spec<Spacing>('spacing', choice(SPACINGS), 'paper');
/** An optional position or offset to mark (p, k): absent means no mark. */
export const marker = (name: string) =>
  spec<number | null>(name, integer(limit('maxAbsPosition', -1), maxAbsPosition), null);

/** Refuses tables larger than MAX_CELLS with a message naming both attributes. */
export function checkCells(rows: number, dModelValue: number, rowsName = 'positions'): void {
  if (rows * dModelValue > MAX_CELLS) {
    throw new AttributeError(
      `${rowsName} × d-model must be at most ${MAX_CELLS.toLocaleString('en')} values; got ${rows} × ${dModelValue}`,
    );
  }
}
