// A chart's group of marks at the plot's origin, whose painted bounds stay
// put while its marks move. Chromium paints each transformed SVG group as a
// paint chunk of its own; when a chunk's bounds change (a label or a mark
// moved past the others), the next frame sorts the whole page's paint into
// compositor layers again (its "layerize" step), where a chunk of the same
// bounds is only repainted. Each group therefore starts with a transparent
// rect over its whole SVG: the chunk's bounds are the SVG's, whatever moves
// inside. (Charts select a group's own rects by class, never the bare tag.)
import { select, type Selection } from 'd3-selection';
import { setAttr, setAttrs } from './drawn.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The group `className` of `svg` (made on first use) at `origin`, its bounds pinned to the SVG's. */
export function plotGroup(
  svg: SVGSVGElement,
  className: string,
  origin: { left: number; top: number },
): Selection<SVGGElement, number, SVGSVGElement, unknown> {
  const g = select(svg)
    .selectAll<SVGGElement, number>(`g.${className}`)
    .data([0])
    .join('g')
    .call(setAttrs, { class: className, transform: `translate(${origin.left},${origin.top})` });
  pinBounds(g.node()!, svg, origin);
  return g;
}

/**
 * Gives `g` (translated to `origin` in `svg`, then turned by `rotate` degrees)
 * a first child that covers the whole SVG and paints nothing visible.
 */
export function pinBounds(g: SVGGElement, svg: SVGSVGElement, origin: { left: number; top: number }, rotate = 0): void {
  let extent = g.firstElementChild;
  if (!extent?.matches('rect.extent')) {
    extent = document.createElementNS(SVG_NS, 'rect');
    extent.setAttribute('class', 'extent');
    // Painted (a fill that is not none), so its bounds count, yet invisible and never a pointer's target.
    extent.setAttribute('fill', 'transparent');
    extent.setAttribute('pointer-events', 'none');
    g.prepend(extent);
  }
  const width = Number(svg.getAttribute('width') ?? 0);
  const height = Number(svg.getAttribute('height') ?? 0);
  // The SVG's corners in the group's own coordinates (undoing the turn, then the translation).
  const turn = (rotate * Math.PI) / 180;
  const [cos, sin] = [Math.round(Math.cos(turn) * 1e12) / 1e12, Math.round(Math.sin(turn) * 1e12) / 1e12];
  const corners = [
    [0, 0],
    [width, 0],
    [0, height],
    [width, height],
  ].map(([x, y]) => {
    const [dx, dy] = [x - origin.left, y - origin.top];
    return [dx * cos + dy * sin, -dx * sin + dy * cos];
  });
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  setAttr(extent, 'x', String(Math.min(...xs)));
  setAttr(extent, 'y', String(Math.min(...ys)));
  setAttr(extent, 'width', String(Math.max(...xs) - Math.min(...xs)));
  setAttr(extent, 'height', String(Math.max(...ys) - Math.min(...ys)));
}
