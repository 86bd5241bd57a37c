// Rows of ticks on a shared axis, one row per series: a pale band from its
// first value to its last and a one-pixel tick at each value (each base's
// wavelengths, one tick per pair). Plain inputs: a Worker can run it.
import type { Context2D } from './context.js';
import { scaleFunction, type PlainScale } from './plain-scale.js';

export interface TickRowsPaint {
  rows: readonly ArrayLike<number>[];
  colours: readonly string[];
  x: PlainScale;
  /** Row height in CSS px; each row's ticks fill it but 4 px above and below. */
  rowHeight: number;
}

export function paintTickRows(ctx: Context2D, spec: TickRowsPaint): void {
  const x = scaleFunction(spec.x);
  const { rowHeight } = spec;
  spec.rows.forEach((values, b) => {
    const y = b * rowHeight + 4;
    ctx.fillStyle = spec.colours[b];
    ctx.globalAlpha = 0.15;
    ctx.fillRect(x(values[0]), y, x(values[values.length - 1]) - x(values[0]), rowHeight - 8);
    ctx.globalAlpha = 1;
    for (let n = 0; n < values.length; n++) ctx.fillRect(Math.round(x(values[n])) - 0.5, y, 1, rowHeight - 8);
  });
}
