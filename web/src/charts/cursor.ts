// The read-out mark of a line chart: a vertical line at x, a dot on each
// series and the tooltip beside the highest dot (plot coordinates, CSS px).
// Written element by element with setAttr: a hover moves the line and the
// dots, and an attribute set to the value it has would still cost the page a
// style recalculation in that frame.
import { setAttr } from './drawn.js';
import { pooled } from './element-pool.js';
import { svgElement, type ChartFrame } from './frame.js';

export interface CursorDot {
  y: number;
  colour: string;
}

export function showCursor(frame: ChartFrame, x: number, dots: readonly CursorDot[], lines: readonly string[]): void {
  const { box } = frame;
  const inside = dots.filter((d) => Number.isFinite(d.y) && d.y >= 0 && d.y <= box.height);
  const g = frame.readoutLayer().node()!;
  const [line] = marks(g, 'line', 'cursor', 1);
  setAttr(line, 'x1', String(x));
  setAttr(line, 'x2', String(x));
  setAttr(line, 'y1', '0');
  setAttr(line, 'y2', String(box.height));
  marks(g, 'circle', 'cursor-dot', inside.length).forEach((dot, i) => {
    setAttr(dot, 'r', '3.5');
    setAttr(dot, 'cx', String(x));
    setAttr(dot, 'cy', String(inside[i].y));
    setAttr(dot, 'fill', inside[i].colour);
  });
  const top = inside.length > 0 ? Math.min(...inside.map((d) => d.y)) : box.height / 2;
  frame.tooltip.show(lines, box.left + x, box.top + top);
}

/**
 * `count` marks of this tag and class (classes, space-separated) in `g`, the
 * ones there reused; the rest of them are hidden, not removed (element-pool.ts).
 */
export function marks<K extends 'line' | 'circle' | 'rect'>(
  g: SVGGElement,
  tag: K,
  className: string,
  count: number,
): SVGElementTagNameMap[K][] {
  return pooled(g, className, count, () => svgElement(tag));
}
