// Attributes several charts share, with the same names, ranges and defaults
// as the TypeScript API options (kebab-case here, camelCase there).
import { LAYOUTS, SPACINGS, type Layout, type Spacing } from '../../core/index.js';
import { AttributeError, choice, integer, number, spec } from './attributes.js';
import { limit } from './core-limits.js';
import { CHART_MAX_BASE, MAX_CELLS, TABLE_POSITIONS } from './ui-caps.js';

/** The core's bounds (read from the shared instance when attributes are parsed). */
export const maxDModel = limit('maxDModel');
export const maxAbsPosition = limit('maxAbsPosition');
/** Half the positions the core accepts: p + k stays a position it accepts for any two such p and k. */
export const halfPosition = limit('maxAbsPosition', 0.5);
export const minusHalfPosition = limit('maxAbsPosition', -0.5);

export const dModel = (fallback: number) => spec('d-model', integer(2, maxDModel, 2), fallback);
export const base = spec('base', number(1, CHART_MAX_BASE, true), 10000);
export const positions = (fallback: number, max: number | (() => number) = TABLE_POSITIONS) =>
  spec('positions', integer(1, max), fallback);
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
