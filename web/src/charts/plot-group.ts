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

/** Gives `g` (translated to `origin` in `svg`) a first child that covers the whole SVG and paints nothing visible. */
export function pinBounds(g: SVGGElement, svg: SVGSVGElement, origin: { left: number; top: number }): void {
  let extent = g.firstElementChild;
  if (!extent?.matches('rect.extent')) {
    extent = document.createElementNS(SVG_NS, 'rect');
    extent.setAttribute('class', 'extent');
    // Painted (a fill that is not none), so its bounds count, yet invisible and never a pointer's target.
    extent.setAttribute('fill', 'transparent');
    extent.setAttribute('pointer-events', 'none');
    g.prepend(extent);
  }
  setAttr(extent, 'x', String(-origin.left));
  setAttr(extent, 'y', String(-origin.top));
  setAttr(extent, 'width', svg.getAttribute('width') ?? '0');
  setAttr(extent, 'height', svg.getAttribute('height') ?? '0');
}
