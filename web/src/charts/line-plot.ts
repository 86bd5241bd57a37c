// Lines over evenly spaced x (x0, x0 + dx, ...) drawn on canvas. When a series
// has more points than the plot has pixel columns it is reduced to the first,
// lowest, highest and last value of each column (as uPlot does), which draws
// the same picture as every point at a fraction of the cost.

export interface Scale {
  (value: number): number;
}

export interface LineSeries {
  y: ArrayLike<number>;
  /** x of y[0]; default 0. */
  x0?: number;
  /** x step between values; default 1. */
  dx?: number;
  colour: string;
  /** CSS pixels; default 1.5. */
  width?: number;
  dash?: number[];
  alpha?: number;
  /** Dots on the points when they are at least this many pixels apart; default 6 (0 = never). */
  dotsAbove?: number;
}

export function drawLine(ctx: CanvasRenderingContext2D, series: LineSeries, x: Scale, y: Scale): void {
  const { y: values, x0 = 0, dx = 1 } = series;
  const n = values.length;
  if (n === 0) return;
  ctx.save();
  ctx.strokeStyle = series.colour;
  ctx.fillStyle = series.colour;
  ctx.lineWidth = series.width ?? 1.5;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.globalAlpha = series.alpha ?? 1;
  ctx.setLineDash(series.dash ?? []);
  ctx.beginPath();
  const spacing = n > 1 ? Math.abs(x(x0 + dx) - x(x0)) : Infinity;
  if (spacing >= 1) {
    for (let i = 0; i < n; i++) {
      const px = x(x0 + i * dx);
      const py = y(values[i]);
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
  } else {
    drawReduced(ctx, values, x0, dx, x, y);
  }
  ctx.stroke();
  const dotsAbove = series.dotsAbove ?? 6;
  if (dotsAbove > 0 && spacing >= dotsAbove) {
    ctx.setLineDash([]);
    const radius = Math.min(3, (ctx.lineWidth + 2) / 2);
    for (let i = 0; i < n; i++) {
      ctx.beginPath();
      ctx.arc(x(x0 + i * dx), y(values[i]), radius, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
  ctx.restore();
}

function drawReduced(ctx: CanvasRenderingContext2D, values: ArrayLike<number>, x0: number, dx: number, x: Scale, y: Scale): void {
  let column = Math.floor(x(x0));
  let first = values[0];
  let min = first;
  let max = first;
  let last = first;
  let started = false;
  const flush = () => {
    const px = column + 0.5;
    if (!started) {
      ctx.moveTo(px, y(first));
      started = true;
    } else ctx.lineTo(px, y(first));
    ctx.lineTo(px, y(min));
    ctx.lineTo(px, y(max));
    ctx.lineTo(px, y(last));
  };
  for (let i = 1; i < values.length; i++) {
    const c = Math.floor(x(x0 + i * dx));
    const v = values[i];
    if (c !== column) {
      flush();
      column = c;
      first = min = max = last = v;
    } else {
      if (v < min) min = v;
      if (v > max) max = v;
      last = v;
    }
  }
  flush();
}

/** A translucent band from lo to hi across the plot: where a series fills its range within every pixel. */
export function drawBand(ctx: CanvasRenderingContext2D, lo: number, hi: number, colour: string, y: Scale, width: number): void {
  ctx.save();
  ctx.fillStyle = colour;
  ctx.globalAlpha = 0.16;
  const top = Math.min(y(lo), y(hi));
  ctx.fillRect(0, top, width, Math.abs(y(hi) - y(lo)));
  ctx.restore();
}
