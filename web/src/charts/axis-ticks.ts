// An axis drawn into an SVG group as d3-axis draws it (the same elements,
// classes and attributes: a path.domain, then a g.tick per value holding a
// line and a text), but writing only what changed since the last drawing.
// d3-axis sets every attribute of every tick on each call, and Chromium
// restyles an element on each write, even of the value already there: in a
// drag that moves an axis's domain, those writes were most of a chart's
// drawing time. The ticks are pooled (element-pool.ts): the n-th value is
// drawn by the n-th tick, and ticks past the values are hidden, not removed.
// A tick is placed by its line's and its text's coordinates, where d3-axis
// gives each tick a transform: Chromium paints each transformed element as a
// paint chunk of its own, and a frame that moves one sorts the whole page's
// paint into layers again.
import { setAttr, setText } from './drawn.js';
import { pooled } from './element-pool.js';
import { svgElement } from './frame.js';

export type AxisSide = 'top' | 'bottom' | 'left' | 'right';

/** What an axis needs of a d3 scale (linear, log, ...). */
export interface AxisScale {
  (value: number): number | undefined;
  domain(): number[];
  range(): number[];
}

export interface TickSpec {
  values: readonly number[];
  format: (value: number) => string;
  /** Length of the tick lines (d3's tickSizeInner), 6 unless said. */
  size?: number;
  /** Length of the domain path's end caps (d3's tickSizeOuter). */
  outer?: number;
}

/** The axis groups drawn before. */
const drawnAxes = new WeakSet<SVGGElement>();

/** Draws `scale`'s axis on `side` into `g` (as `g.call(axisSide(scale))` would, with these ticks). */
export function drawAxis(g: SVGGElement, side: AxisSide, scale: AxisScale, spec: TickSpec): void {
  const size = spec.size ?? 6;
  const outer = spec.outer ?? 6;
  const k = side === 'top' || side === 'left' ? -1 : 1;
  const vertical = side === 'left' || side === 'right';
  // d3-axis's half-pixel offset: crisp 1 px lines on a screen of one device pixel per CSS pixel.
  const offset = typeof window !== 'undefined' && window.devicePixelRatio > 1 ? 0 : 0.5;
  const range = scale.range();
  const r0 = +range[0] + offset;
  const r1 = +range[range.length - 1] + offset;

  if (!drawnAxes.has(g)) {
    drawnAxes.add(g);
    // As d3-axis marks a group it draws for the first time.
    g.setAttribute('fill', 'none');
    g.setAttribute('font-size', '10');
    g.setAttribute('font-family', 'sans-serif');
    g.setAttribute('text-anchor', side === 'right' ? 'start' : side === 'left' ? 'end' : 'middle');
  }
  let domain = g.querySelector<SVGPathElement>(':scope > path.domain');
  if (!domain) {
    domain = svgElement('path');
    domain.setAttribute('class', 'domain');
    domain.setAttribute('stroke', 'currentColor');
    // First, after the rect that pins the group's paint bounds (plot-group.ts), which must stay first.
    const extent = g.firstElementChild?.matches('rect.extent') ? g.firstElementChild : null;
    if (extent) extent.after(domain);
    else g.prepend(domain);
  }
  setAttr(
    domain,
    'd',
    vertical
      ? outer
        ? `M${k * outer},${r0}H${offset}V${r1}H${k * outer}`
        : `M${offset},${r0}V${r1}`
      : outer
        ? `M${r0},${k * outer}V${offset}H${r1}V${k * outer}`
        : `M${r0},${offset}H${r1}`,
  );

  const along = vertical ? 'x' : 'y';
  const across = vertical ? 'y' : 'x';
  const ticks = pooled(g, 'tick', spec.values.length, () => {
    const tick = svgElement('g');
    tick.setAttribute('opacity', '1');
    const line = svgElement('line');
    line.setAttribute('stroke', 'currentColor');
    line.setAttribute(`${along}2`, String(k * size));
    const text = svgElement('text');
    text.setAttribute('fill', 'currentColor');
    text.setAttribute(along, String(k * (Math.max(size, 0) + 3)));
    text.setAttribute('dy', side === 'top' ? '0em' : side === 'bottom' ? '0.71em' : '0.32em');
    tick.append(line, text);
    return tick;
  });
  spec.values.forEach((value, n) => {
    const tick = ticks[n];
    const at = String((scale(value) ?? NaN) + offset);
    setAttr(tick.firstChild as Element, `${across}1`, at);
    setAttr(tick.firstChild as Element, `${across}2`, at);
    setAttr(tick.lastChild as Element, across, at);
    setText(tick.lastChild!, spec.format(value));
  });
}

/** The values and labels d3-axis would give `scale` for a tick count or given values. */
export function defaultTicks(
  scale: AxisScale & { ticks?(count?: number): number[]; tickFormat?(count?: number): (v: number) => string },
  spec: { ticks?: number; values?: readonly number[]; format?: (value: number) => string },
): { values: readonly number[]; format: (value: number) => string } {
  const count = spec.ticks ?? 5;
  const values = spec.values ?? scale.ticks?.(count) ?? scale.domain();
  const format =
    spec.format ??
    (scale.tickFormat ? (spec.values ? scale.tickFormat() : scale.tickFormat(count)) : (v: number) => String(v));
  return { values, format };
}
