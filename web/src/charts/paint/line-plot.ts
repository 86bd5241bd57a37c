// Lines over evenly spaced x (x0, x0 + dx, ...) drawn on canvas. When a
// series has more points than pixel columns, or zig-zags with points under
// 2 px apart (zigZags), each pixel column is drawn as the band from its
// lowest to its highest value (joined to the column before), a filled
// rectangle per column: the same picture as stroking every point, which a
// software canvas does several times slower, and slower still dashed (a
// chart zoomed out to every offset would stroke a dense zig-zag each frame).
// A dashed series keeps its dashes as gaps across x.

import type { Context2D } from './context.js';

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

/**
 * Whether a line of points `spacing` px apart runs up and down more than
 * ZIG_ZAG times its width: aliased data, whose stroke costs a software canvas
 * tens of milliseconds and shows a solid blob anyway (a smooth curve, a few
 * times its width at most, stays a stroked, antialiased line).
 */
const ZIG_ZAG = 8;
function zigZags(values: ArrayLike<number>, y: Scale, spacing: number): boolean {
  let travel = 0;
  let last = NaN;
  for (let i = 0; i < values.length; i++) {
    const py = y(values[i]);
    if (py === py && last === last) travel += Math.abs(py - last);
    last = py;
  }
  return travel > ZIG_ZAG * spacing * values.length;
}

export function drawLine(ctx: Context2D, series: LineSeries, x: Scale, y: Scale): void {
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
  const spacing = n > 1 ? Math.abs(x(x0 + dx) - x(x0)) : Infinity;
  if (spacing < 1 || (spacing < 2 && zigZags(values, y, spacing))) {
    fillColumns(ctx, values, x0, dx, x, y, series.dash ?? []);
    ctx.restore();
    return;
  }
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const px = x(x0 + i * dx);
    const py = y(values[i]);
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
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

/**
 * The band of each pixel column, from its lowest to its highest value and
 * joined to the last value of the column before, thickened by the line width,
 * filled as one rectangle per column (a NaN breaks the line). A band reaches
 * to the next column with a value, so points more than a pixel apart still
 * draw a line without gaps. Rectangles on whole columns, not one outlined
 * shape: on a software canvas a shape of 4 vertices per column is slower to
 * fill, and a dashed one, clipped to its dashes, much slower again.
 */
function fillColumns(
  ctx: Context2D,
  values: ArrayLike<number>,
  x0: number,
  dx: number,
  x: Scale,
  y: Scale,
  dash: readonly number[],
): void {
  const half = ctx.lineWidth / 2;
  const columns: number[] = [];
  const tops: number[] = [];
  const bottoms: number[] = [];
  /** Whether each column is joined to the one before (no NaN between them). */
  const joined: boolean[] = [];
  let column = NaN;
  let lo = Infinity;
  let hi = -Infinity;
  let previous = NaN;
  let joinedNow = false;
  const flush = () => {
    if (lo > hi) return;
    const a = y(lo);
    const b = y(hi);
    columns.push(column);
    tops.push(Math.min(a, b) - half);
    bottoms.push(Math.max(a, b) + half);
    joined.push(joinedNow);
  };
  for (let i = 0; i < values.length; i++) {
    const c = Math.floor(x(x0 + i * dx));
    const v = values[i];
    if (c !== column) {
      flush();
      column = c;
      // Joined to the column before: a step between columns is drawn, as a line would.
      joinedNow = previous === previous;
      [lo, hi] = joinedNow ? [previous, previous] : [Infinity, -Infinity];
    }
    if (v === v) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      previous = v;
    } else {
      previous = NaN;
    }
  }
  flush();
  const on = dashFilter(dash, ctx.lineDashOffset, columns[0] ?? 0);
  for (let m = 0; m < columns.length; m++) {
    if (!on(columns[m])) continue;
    const right = m + 1 < columns.length && joined[m + 1] ? columns[m + 1] : columns[m] + 1;
    ctx.fillRect(columns[m], tops[m], right - columns[m], bottoms[m] - tops[m]);
  }
}

/**
 * Whether the pixel column starting at x lies (by its centre) in an "on"
 * stretch of `dash`, the pattern starting at `from` shifted back by the dash
 * offset, as a stroked line's dashes would: a dense dashed series keeps its dashes as gaps across x.
 */
function dashFilter(dash: readonly number[], offset: number, from: number): (x: number) => boolean {
  const pattern = dash.length % 2 === 0 ? dash : [...dash, ...dash];
  const period = pattern.reduce((a, b) => a + b, 0);
  if (!(period > 0)) return () => true;
  const start = from - (((offset % period) + period) % period);
  return (x) => {
    let at = (((x + 0.5 - start) % period) + period) % period;
    for (let n = 0; n < pattern.length; n++) {
      if (at < pattern[n]) return n % 2 === 0;
      at -= pattern[n];
    }
    return false;
  };
}

/** A translucent band from lo to hi across the plot: where a series fills its range within every pixel. */
export function drawBand(ctx: Context2D, lo: number, hi: number, colour: string, y: Scale, width: number): void {
  ctx.save();
  ctx.fillStyle = colour;
  ctx.globalAlpha = 0.16;
  const top = Math.min(y(lo), y(hi));
  ctx.fillRect(0, top, width, Math.abs(y(hi) - y(lo)));
  ctx.restore();
}
