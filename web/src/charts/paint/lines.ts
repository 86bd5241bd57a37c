// Lines over an axis of plain numbers (a Worker can be sent them): each
// series y[i] at x = x0 + i·dx, or at xs[i], drawn with drawLine (line-plot.ts)
// on scales given as plain numbers.
import type { Context2D } from './context.js';
import { drawLine, type LineSeries } from './line-plot.js';
import { scaleFunction, type PlainScale } from './plain-scale.js';

export interface PaintedLine extends Omit<LineSeries, 'x0' | 'dx'> {
  /** x of each point; else x0 + i·dx. */
  xs?: ArrayLike<number>;
  x0?: number;
  dx?: number;
  /** Shifts the dash pattern, so that coinciding dashed curves take turns. */
  dashOffset?: number;
}

export interface LinesPaint {
  x: PlainScale;
  y: PlainScale;
  lines: readonly PaintedLine[];
}

/** Draws every line, in order, on `ctx`. */
export function paintLines(ctx: Context2D, spec: LinesPaint): void {
  const x = scaleFunction(spec.x);
  const y = scaleFunction(spec.y);
  for (const line of spec.lines) {
    ctx.lineDashOffset = line.dashOffset ?? 0;
    if (line.xs) {
      const xs = line.xs;
      drawLine(ctx, { ...line, x0: 0, dx: 1 }, (i) => x(xs[i]), y);
    } else drawLine(ctx, line, x, y);
  }
  ctx.lineDashOffset = 0;
}
