// Axes, tick labels, axis titles and grid lines as SVG (axis-ticks.ts draws an axis as d3-axis would).
import { select, type Selection } from 'd3-selection';
import { defaultTicks, drawAxis, type AxisScale, type AxisSide } from './axis-ticks.js';
import { fitTickLabels } from './axis-units.js';
import { drawnAlready, setAttr, setAttrs, setTexts } from './drawn.js';
import { pooled } from './element-pool.js';
import { svgElement, type PlotBox } from './frame.js';
import { pinBounds } from './plot-group.js';

export interface AxisSpec {
  scale: AxisScale;
  /** Title with units, e.g. 'position p'. */
  label: string;
  /** Approximate number of ticks. */
  ticks?: number;
  format?: (value: number) => string;
  /** Explicit tick values (overrides `ticks`). */
  values?: number[];
}

export interface AxesSpec {
  bottom?: AxisSpec;
  left?: AxisSpec;
  right?: AxisSpec;
}

type G = Selection<SVGGElement, unknown, null, undefined>;

/** The group `className` of `svg` (made on first use) at `origin`, its paint bounds pinned to the SVG's (plot-group.ts). */
function group(svg: SVGSVGElement, className: string, origin: { left: number; top: number }): G {
  const root = select(svg);
  let g = root.select<SVGGElement>(`g.${className.split(' ').join('.')}`);
  if (g.empty()) g = root.append('g').attr('class', className);
  setAttr(g.node()!, 'transform', `translate(${origin.left},${origin.top})`);
  pinBounds(g.node()!, svg, origin);
  return g as unknown as G;
}

/** Draws one axis of `spec` into `g` (ticks as d3-axis picks them, no end caps). */
function drawSide(g: G, side: AxisSide, spec: AxisSpec): void {
  drawAxis(g.node()!, side, spec.scale, { ...defaultTicks(spec.scale, spec), outer: 0 });
}

/**
 * An axis's title, turned by `rotate` degrees about (x, y) of the axis's
 * group, which is at `origin` in its SVG. The turned text is a paint chunk of
 * its own: it sits in a group whose bounds are pinned to the SVG's
 * (plot-group.ts), so a new title (its units change with the domain) does not
 * change them.
 */
function title(
  g: G,
  origin: { left: number; top: number },
  text: string,
  [x, y]: [number, number],
  rotate: number,
  anchor: string,
): void {
  let box = g.select<SVGGElement>('g.axis-title-box');
  if (box.empty()) box = g.append('g').attr('class', 'axis-title-box');
  setAttr(box.node()!, 'transform', `translate(${x},${y}) rotate(${rotate})`);
  pinBounds(box.node()!, g.node()!.ownerSVGElement!, { left: origin.left + x, top: origin.top + y }, rotate);
  let t = box.select<SVGTextElement>('text.axis-title');
  if (t.empty()) t = box.append('text').attr('class', 'axis-title');
  t.call(setAttrs, { 'text-anchor': anchor }).call(setTexts, () => text);
}

/** What one axis is drawn from: a new key draws it again. */
function axisKey(box: PlotBox, s: AxisSpec): unknown {
  return [
    box,
    s.label,
    s.ticks,
    s.values,
    s.scale.domain(),
    s.scale.range(),
    s.format && s.values?.map((v) => s.format!(v)),
  ];
}

/**
 * Draws (or updates) the axes of `spec` around `box` in `svg`. Each axis is
 * drawn again only when it changed: a drag often changes one axis or none,
 * and identical ticks would cost the page a layout of their text (drawn.ts).
 */
export function renderAxes(svg: SVGSVGElement, box: PlotBox, spec: AxesSpec): void {
  const { left, top, width, height } = box;
  const svgWidth = svg.getAttribute('width');
  const changed = (side: string, s: AxisSpec) => !drawnAlready(svg, `axis-${side}`, [svgWidth, axisKey(box, s)]);
  if (spec.bottom && changed('bottom', spec.bottom)) {
    const s = spec.bottom;
    const origin = { left, top: top + height };
    const g = group(svg, 'axis axis-bottom', origin);
    drawSide(g, 'bottom', s);
    title(g, origin, s.label, [width / 2, 34], 0, 'middle');
  }
  const leftSpec = spec.left && fitLeft(spec.left, left);
  if (leftSpec && changed('left', leftSpec)) {
    const s = leftSpec;
    const origin = { left, top };
    const g = group(svg, 'axis axis-left', origin);
    drawSide(g, 'left', s);
    title(g, origin, s.label, [-(left - 14), height / 2], -90, 'middle');
  }
  if (spec.right) {
    if (changed('right', spec.right)) {
      const s = spec.right;
      const origin = { left: left + width, top };
      const g = group(svg, 'axis axis-right', origin);
      drawSide(g, 'right', s);
      title(g, origin, s.label, [svg.width.baseVal.value - left - width - 12, height / 2], 90, 'middle');
    }
  } else if (!drawnAlready(svg, 'axis-right', null)) {
    select(svg).select('g.axis-right').remove();
  }
}

/**
 * The left axis with labels that clear its title: the title sits 14 px from
 * the edge and takes about 10 px, the ticks and their gap 9 px (axis-units.ts).
 * Log scales keep their own labels.
 */
function fitLeft(s: AxisSpec, margin: number): AxisSpec {
  const scale = s.scale as AxisScale & { ticks?: (count?: number) => number[] };
  if ('base' in scale || typeof scale.ticks !== 'function') return s;
  const values = s.values ?? scale.ticks(s.ticks ?? 5);
  const [d0, d1] = scale.domain();
  // d3's own labels: tickFormat(count) for counted ticks, tickFormat() (10) for given values.
  const fitted = fitTickLabels(values, [d0, d1], s.values ? 10 : (s.ticks ?? 5), s.label, margin - 24, s.format);
  return { ...s, values, format: fitted.format, label: fitted.label };
}

/** Faint grid lines at the given values (in data units) across the plot box; each direction drawn again only when it changed. */
export function renderGrid(
  svg: SVGSVGElement,
  box: PlotBox,
  grid: {
    x?: { scale: (v: number) => number; values: number[] };
    y?: { scale: (v: number) => number; values: number[] };
  },
): void {
  const g = group(svg, 'grid', box);
  const xs = grid.x ? grid.x.values.map((v) => grid.x!.scale(v)) : [];
  const ys = grid.y ? grid.y.values.map((v) => grid.y!.scale(v)) : [];
  // Pooled: a step that changes how many lines there are hides or shows some, never adds or removes one.
  if (!drawnAlready(svg, 'grid-x', [box.height, xs])) {
    const lines = pooled(g.node()!, 'gx', xs.length, () => svgElement('line'));
    xs.forEach((x, n) => placeLine(lines[n], x, 0, x, box.height));
  }
  if (!drawnAlready(svg, 'grid-y', [box.width, ys])) {
    const lines = pooled(g.node()!, 'gy', ys.length, () => svgElement('line'));
    ys.forEach((y, n) => placeLine(lines[n], 0, y, box.width, y));
  }
}

function placeLine(line: Element, x1: number, y1: number, x2: number, y2: number): void {
  setAttr(line, 'x1', String(x1));
  setAttr(line, 'y1', String(y1));
  setAttr(line, 'x2', String(x2));
  setAttr(line, 'y2', String(y2));
}

/** A tick count that leaves about `spacing` pixels between ticks. */
export function tickCount(pixels: number, spacing = 80): number {
  return Math.max(2, Math.floor(pixels / spacing));
}

/** Integer ticks that fit `pixels` (a position axis at any zoom). */
export function positionTicks(scale: { ticks(count: number): number[] }, pixels: number, spacing = 70): number[] {
  return scale.ticks(tickCount(pixels, spacing)).filter(Number.isInteger);
}

/** Powers of ten inside a log domain (either order); every other one when there are more than 7. */
export function decades(domain: readonly number[]): number[] {
  const lo = Math.min(domain[0], domain[1]);
  const hi = Math.max(domain[0], domain[1]);
  const out: number[] = [];
  for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++) out.push(10 ** e);
  if (out.length > 7) return out.filter((_, n) => n % 2 === 0);
  return out;
}
