// An axis drawn into an SVG group as d3-axis draws it (the same elements,
// classes and attributes: a path.domain, then a g.tick per value holding a
// line and a text), but writing only what changed since the last drawing.
// d3-axis sets every attribute of every tick on each call, and Chromium
// restyles an element on each write, even of the value already there: in a
// drag that moves an axis's domain, those writes were most of a chart's
// drawing time. A tick is kept per value, so moving the domain moves the
// ticks and only new values get new elements. A tick is placed by its line's
// and its text's coordinates, where d3-axis gives each tick a transform:
// Chromium paints each transformed element as a paint chunk of its own, and a
// frame that moves one sorts the whole page's paint into layers again.
import { setAttr, setText } from './drawn.js';
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

/** The tick elements of each axis group, by value. */
const ticksOf = new WeakMap<SVGGElement, Map<number, SVGGElement>>();

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

  let ticks = ticksOf.get(g);
  if (!ticks) {
    ticks = new Map();
    ticksOf.set(g, ticks);
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
    g.prepend(domain);
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

  const wanted = new Set(spec.values);
  for (const [value, tick] of ticks)
    if (!wanted.has(value)) {
      tick.remove();
      ticks.delete(value);
    }
  const along = vertical ? 'x' : 'y';
  for (const value of spec.values) {
    let tick = ticks.get(value);
    if (!tick) {
      tick = svgElement('g');
      tick.setAttribute('class', 'tick');
      tick.setAttribute('opacity', '1');
      const line = svgElement('line');
      line.setAttribute('stroke', 'currentColor');
      line.setAttribute(`${along}2`, String(k * size));
      const text = svgElement('text');
      text.setAttribute('fill', 'currentColor');
      text.setAttribute(along, String(k * (Math.max(size, 0) + 3)));
      text.setAttribute('dy', side === 'top' ? '0em' : side === 'bottom' ? '0.71em' : '0.32em');
      tick.append(line, text);
      g.append(tick);
      ticks.set(value, tick);
    }
    const at = String((scale(value) ?? NaN) + offset);
    const across = vertical ? 'y' : 'x';
    setAttr(tick.firstChild as Element, `${across}1`, at);
    setAttr(tick.firstChild as Element, `${across}2`, at);
    setAttr(tick.lastChild as Element, across, at);
    setText(tick.lastChild!, spec.format(value));
  }
  // In the order of the values, as d3 keeps them (a domain moved down adds its new ticks first).
  let node = domain.nextElementSibling;
  const inOrder = spec.values.every((value) => {
    while (node && !node.classList.contains('tick')) node = node.nextElementSibling;
    const same = node === ticks.get(value);
    node = node?.nextElementSibling ?? null;
    return same;
  });
  if (!inOrder) for (const value of spec.values) g.append(ticks.get(value)!);
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
