// The charts' first drawings, one at a time: each in a task of its own after
// a frame, and the next only once this one's picture is shown. A paint
// worker's picture reaches the screen through the page's thread, so on a slow
// phone a queue of first drawings run back to back would show every chart
// only after the last; this way the charts on screen at start-up appear one
// by one. Charts out of sight catch up (catch-up.ts) only after these.
import { afterNextFrame } from './after-next-frame.js';

/** First drawings waiting for their turn, in the order asked; each may return when its picture is shown. */
const firstDrawings: Array<() => Promise<unknown> | void> = [];
let firstDrawingQueued = false;
/** How long the next chart waits for the one before it to be shown (a worker's answer can be slow or lost). */
const SHOWN_WAIT_MS = 250;

/** Runs the next first drawing in a task after the next frame, and the one after it once this one is shown. */
function drawNext(): void {
  if (firstDrawingQueued || firstDrawings.length === 0) return;
  firstDrawingQueued = true;
  const next = () => {
    const shown = firstDrawings.shift()?.();
    let waited = false;
    const onward = () => {
      if (waited) return;
      waited = true;
      firstDrawingQueued = false;
      drawNext();
    };
    if (shown) {
      void shown.then(onward, onward);
      setTimeout(onward, SHOWN_WAIT_MS);
    } else onward();
  };
  afterNextFrame(next);
}

/** Queues a chart's first drawing; `draw` may return a promise that settles once its picture is shown. */
export function drawFirst(draw: () => Promise<unknown> | void): void {
  firstDrawings.push(draw);
  drawNext();
}

/** Whether first drawings are waiting or being shown (catch-ups wait for them). */
export function drawingFirst(): boolean {
  return firstDrawingQueued || firstDrawings.length > 0;
}
