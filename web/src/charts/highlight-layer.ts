// The marks a chart draws for a highlighted term (the `highlight` attribute,
// set by the page's text links): outlined or tinted rectangles, lines and
// rings in the accent colour, in a group of their own above the data, so a
// highlight comes and goes without redrawing the chart. An outline has a halo
// in the background colour drawn beneath it, readable on any colour.
import { drawnAlready, setAttr } from './drawn.js';
import { plotGroup } from './plot-group.js';

export type HighlightShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill?: boolean }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'ring'; x: number; y: number; r: number }
  | { kind: 'path'; points: readonly (readonly [number, number])[] };

/** One element drawn for a shape: the mark, or the halo drawn beneath an outline. */
interface Drawn {
  key: string;
  shape: HighlightShape;
  role: 'hl' | 'hl-fill' | 'hl-halo';
}

const TAG = { rect: 'rect', line: 'line', path: 'path', ring: 'circle' } as const;

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
  // Every halo first, then every mark, so no halo covers another shape's mark.
  const outlined = shapes.filter((shape) => !(shape.kind === 'rect' && shape.fill));
  const items: Drawn[] = [
    ...outlined.map((shape, n): Drawn => ({ key: `halo ${n} ${shape.kind}`, shape, role: 'hl-halo' })),
    ...shapes.map((shape, n): Drawn => {
      const fill = shape.kind === 'rect' && shape.fill === true;
      return { key: `mark ${n} ${shape.kind}`, shape, role: fill ? 'hl-fill' : 'hl' };
    }),
  ];
  g.selectAll<SVGElement, Drawn>(':scope > :not(.extent)')
    .data(items, (d) => d.key)
    .join((enter) => enter.append((d) => document.createElementNS(svg.namespaceURI, TAG[d.shape.kind])))
    .order()
    .each(function (d) {
      setAttr(this, 'class', d.role);
      for (const [name, value] of Object.entries(geometry(d.shape))) setAttr(this, name, value);
    });
  // Last in the SVG, so above the axes and labels.
  const node = g.node();
  if (node && node !== svg.lastElementChild) svg.append(node);
}

/** The attributes that place `shape`. */
function geometry(shape: HighlightShape): Record<string, string> {
  switch (shape.kind) {
    case 'rect':
      return {
        x: String(Math.min(shape.x, shape.x + shape.width)),
        y: String(Math.min(shape.y, shape.y + shape.height)),
        width: String(Math.max(2, Math.abs(shape.width))),
        height: String(Math.max(2, Math.abs(shape.height))),
      };
    case 'line':
      return { x1: String(shape.x1), y1: String(shape.y1), x2: String(shape.x2), y2: String(shape.y2) };
    case 'ring':
      return { cx: String(shape.x), cy: String(shape.y), r: String(shape.r) };
    case 'path':
      return {
        d: shape.points.length ? `M${shape.points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}` : '',
      };
  }
}

/** A term's name and its index: "pair:3" → ["pair", 3]; "p" → ["p", null]. */
export function parseTerm(term: string): [string, number | null] {
  const [name, index] = term.split(':');
  const n = index === undefined ? null : Number(index);
  return [name, n !== null && Number.isInteger(n) ? n : null];
}
