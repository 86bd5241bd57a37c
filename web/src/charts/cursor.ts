// The read-out mark of a line chart: a vertical line at x, a dot on each
// series and the tooltip beside the highest dot (plot coordinates, CSS px).
import type { ChartFrame } from './frame.js';

export interface CursorDot {
  y: number;
  colour: string;
}

export function showCursor(frame: ChartFrame, x: number, dots: readonly CursorDot[], lines: readonly string[]): void {
  const { box } = frame;
  const inside = dots.filter((d) => Number.isFinite(d.y) && d.y >= 0 && d.y <= box.height);
  const g = frame.readoutLayer();
  g.selectAll('line')
    .data([x])
    .join('line')
    .attr('class', 'cursor')
    .attr('x1', (d) => d)
    .attr('x2', (d) => d)
    .attr('y1', 0)
    .attr('y2', box.height);
  g.selectAll('circle')
    .data(inside)
    .join('circle')
    .attr('class', 'cursor-dot')
    .attr('r', 3.5)
    .attr('cx', x)
    .attr('cy', (d) => d.y)
    .attr('fill', (d) => d.colour);
  const top = inside.length > 0 ? Math.min(...inside.map((d) => d.y)) : box.height / 2;
  frame.tooltip.show(lines, box.left + x, box.top + top);
}
