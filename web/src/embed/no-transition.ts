// Stands in for d3-transition in phasor-embed.js: d3-zoom imports it only to
// interrupt running transitions, and the charts start none (double-click zoom
// is off; zooming is immediate), so the transition code need not ship in
// a blog post. web/vite.config.ts (--mode embed) aliases 'd3-transition' here.
import { selection } from 'd3-selection';

export function interrupt(): void {}

// d3-zoom calls selection.interrupt() before it sets a transform.
(selection.prototype as unknown as { interrupt(): unknown }).interrupt = function interruptNothing(this: unknown) {
  return this;
};
