// Legends: a colour bar for heatmaps (SVG gradient with a d3 axis) and a list
// of line series (HTML, each swatch a short line drawn by its background,
// dashes too).
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import type { Interpolator } from './paint/colour-lut.js';
import { defaultTicks, drawAxis } from './axis-ticks.js';
import { drawnAlready, setAttrs, setStyle, setText, setTexts } from './drawn.js';
import { pinBounds } from './plot-group.js';

let gradientIds = 0;

export interface ColourBarSpec {
  interpolator: Interpolator;
  domain: readonly [number, number];
  /** Title, e.g. 'PE(p, j)'. */
  label: string;
  x: number;
  y: number;
  width: number;
  format?: (value: number) => string;
}

/** A horizontal colour bar, 10 px tall, with ticks below it and the title on its left. */
export function renderColourBar(svg: SVGSVGElement, spec: ColourBarSpec): void {
  // As drawn last time (the usual case while a control is dragged): nothing to do.
  if (
    drawnAlready(svg, 'colour-bar', [
      spec.domain,
      spec.label,
      spec.x,
      spec.y,
      spec.width,
      spec.interpolator(0),
      spec.interpolator(1),
      spec.format?.(spec.domain[1]),
    ])
  )
    return;
  const root = select(svg);
  let g = root.select<SVGGElement>('g.colour-bar');
  if (g.empty()) {
    g = root.append('g').attr('class', 'colour-bar');
    const id = `phasor-gradient-${++gradientIds}`;
    const gradient = g.append('defs').append('linearGradient').attr('id', id);
    g.append('rect').attr('class', 'bar').attr('height', 10).attr('fill', `url(#${id})`);
    g.append('g').attr('class', 'axis bar-axis');
    g.append('text').attr('class', 'bar-title').attr('text-anchor', 'end').attr('dy', '0.8em');
    gradient.attr('x1', 0).attr('x2', 1).attr('y1', 0).attr('y2', 0);
  }
  const stops = Array.from({ length: 17 }, (_, n) => n / 16);
  const colours = stops.map((t) => spec.interpolator(t));
  // A new domain leaves the colours as they were.
  if (!drawnAlready(svg, 'colour-bar-stops', colours)) {
    g.select('linearGradient')
      .selectAll('stop')
      .data(stops)
      .join('stop')
      .call(setAttrs, { offset: (t) => t, 'stop-color': (_, n) => colours[n] });
  }
  g.call(setAttrs, { transform: `translate(${spec.x},${spec.y})` });
  // The bar and its axis are paint chunks of their own (each translated): their bounds are pinned to the
  // SVG's (plot-group.ts), so new tick labels do not change them.
  pinBounds(g.node()!, svg, { left: spec.x, top: spec.y });
  g.select('rect.bar').call(setAttrs, { width: spec.width });
  const scale = scaleLinear().domain(spec.domain).range([0, spec.width]);
  const ticks = defaultTicks(scale, { ticks: Math.max(2, Math.floor(spec.width / 60)), format: spec.format });
  const axis = g.select<SVGGElement>('g.bar-axis').call(setAttrs, { transform: 'translate(0,10)' });
  pinBounds(axis.node()!, svg, { left: spec.x, top: spec.y + 10 });
  drawAxis(axis.node()!, 'bottom', scale, { ...ticks, size: 4, outer: 0 });
  g.select('text.bar-title')
    .call(setAttrs, { x: -8, y: 0 })
    .call(setTexts, () => spec.label);
}

export interface LegendEntry {
  label: string;
  colour: string;
  dash?: number[];
  width?: number;
}

/**
 * One item per entry in `list`. Items already there are rewritten in place
 * (only what differs): a new item's swatch is an SVG of its own, a paint chunk
 * the page's layers are sorted around again, where a changed label or colour
 * is only repainted.
 */
export function renderSeriesLegend(list: HTMLElement, entries: readonly LegendEntry[]): void {
  if (
    drawnAlready(
      list,
      'series',
      entries.map((e) => [e.label, e.colour, e.dash, e.width]),
    )
  )
    return;
  while (list.children.length > entries.length) list.lastElementChild!.remove();
  while (list.children.length < entries.length) list.append(legendItem());
  entries.forEach((entry, n) => {
    const item = list.children[n];
    const swatch = item.firstElementChild as HTMLElement;
    setStyle(swatch, 'height', `${entry.width ?? 2}px`);
    setStyle(swatch, 'background-color', entry.dash ? 'transparent' : entry.colour);
    setStyle(swatch, 'background-image', entry.dash ? dashes(entry.colour, entry.dash) : 'none');
    setText(item.lastElementChild!, entry.label);
  });
}

/**
 * A legend item: a swatch (a short line, drawn by its background) and its
 * label. Not an SVG: each SVG is a paint chunk of its own, and a swatch moved
 * by a longer label elsewhere in the list would make Chromium sort the page's
 * paint into layers again.
 */
function legendItem(): HTMLLIElement {
  const item = document.createElement('li');
  const swatch = document.createElement('span');
  swatch.className = 'swatch';
  swatch.setAttribute('aria-hidden', 'true');
  item.append(swatch, document.createElement('span'));
  return item;
}

/** A line's dash pattern (SVG's stroke-dasharray, in px) as a background, dash first from the left. */
function dashes(colour: string, dash: readonly number[]): string {
  // An odd count repeats once more, as stroke-dasharray does.
  const pattern = dash.length % 2 ? [...dash, ...dash] : dash;
  let at = 0;
  const stops = pattern.map((length, n) => {
    const stop = `${n % 2 ? 'transparent' : colour} ${at}px ${at + length}px`;
    at += length;
    return stop;
  });
  return `repeating-linear-gradient(to right, ${stops.join(', ')})`;
}
