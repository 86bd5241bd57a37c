// Horizontal bars in rows, one to a few per row (each its colour), from the
// left edge to their value on a shared axis. Plain inputs: a Worker can run it.
import type { Context2D } from './context.js';
import { scaleFunction, type PlainScale } from './plain-scale.js';

export interface BarRowsPaint {
  /** Per row, its bars' values (null: a row without bars). */
  rows: readonly (readonly number[] | null)[];
  colours: readonly string[];
  x: PlainScale;
  /** Values below this are drawn at it (a log axis has no 0). */
  floor: number;
  rowHeight: number;
}

/** The top of bar b of row n and its thickness, in CSS px. */
export function barPlace(spec: { rowHeight: number }, bars: number, n: number, b: number): { y: number; size: number } {
  const size = (spec.rowHeight - 12) / bars;
  return { y: n * spec.rowHeight + 4 + b * size, size };
}

export function paintBarRows(ctx: Context2D, spec: BarRowsPaint): void {
  const x = scaleFunction(spec.x);
  spec.rows.forEach((values, n) => {
    values?.forEach((v, b) => {
      const { y, size } = barPlace(spec, values.length, n, b);
      ctx.fillStyle = spec.colours[b];
      ctx.fillRect(0, y, x(Math.max(spec.floor, v)), size - 2);
    });
  });
}
