// The marks a chart draws for a highlighted term (the `highlight` attribute,
// set by the page's text links): outlined or tinted rectangles, lines and
// rings in the accent colour, in a group of their own above the data, so a
// highlight comes and goes without redrawing the chart.
import { drawnAlready, setAttrs } from './drawn.js';
import { plotGroup } from './plot-group.js';

export type HighlightShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill?: boolean }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'ring'; x: number; y: number; r: number }
  | { kind: 'path'; points: readonly (readonly [number, number])[] };

/** Draws `shapes` (plot coordinates, offset by `origin`) in svg's g.highlight; none removes the group's marks. */
export function drawHighlight(
  svg: SVGSVGElement,
  origin: { left: number; top: number },
  shapes: readonly HighlightShape[],
): void {
  // Unchanged and still last in the SVG (above the axes and labels): nothing to do.
  if (svg.lastElementChild?.matches('g.highlight') && drawnAlready(svg, 'highlight', [origin.left, origin.top, shapes]))
    return;
  const g = plotGroup(svg, 'highlight', origin);
  const rects = shapes.filter((s) => s.kind === 'rect');
  g.selectAll('rect:not(.extent)')
    .data(rects)
    .join('rect')
    .call(setAttrs, {
      class: (d) => (d.fill ? 'hl-fill' : 'hl'),
      x: (d) => Math.min(d.x, d.x + d.width),
      y: (d) => Math.min(d.y, d.y + d.height),
      width: (d) => Math.max(2, Math.abs(d.width)),
      height: (d) => Math.max(2, Math.abs(d.height)),
    });
  g.selectAll('line')
    .data(shapes.filter((s) => s.kind === 'line'))
    .join('line')
    .call(setAttrs, { class: 'hl', x1: (d) => d.x1, y1: (d) => d.y1, x2: (d) => d.x2, y2: (d) => d.y2 });
  g.selectAll('path')
    .data(shapes.filter((s) => s.kind === 'path'))
    .join('path')
    .call(setAttrs, {
      class: 'hl',
      d: (d) => (d.points.length ? `M${d.points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}` : ''),
    });
  g.selectAll('circle')
    .data(shapes.filter((s) => s.kind === 'ring'))
    .join('circle')
    .call(setAttrs, { class: 'hl', cx: (d) => d.x, cy: (d) => d.y, r: (d) => d.r });
  // Last in the SVG, so above the axes and labels.
  const node = g.node();
  if (node && node !== svg.lastElementChild) svg.append(node);
}

/** A term's name and its index: "pair:3" → ["pair", 3]; "p" → ["p", null]. */
export function parseTerm(term: string): [string, number | null] {
  const [name, index] = term.split(':');
  const n = index === undefined ? null : Number(index);
  return [name, n !== null && Number.isInteger(n) ? n : null];
}
