// Pictures a paint worker is still drawing for the chart now rendering: a
// chart element collects them around its drawing (collectPaints) and says it
// has drawn ('phasor-render') once they are shown, as it does at once for a
// chart drawn on the page.

import type { Painted } from './paint-worker-client.js';

/** Resolves once shown, or with null when a newer picture replaced it. */
export type PendingPaint = Promise<Painted | null>;

let collecting: PendingPaint[] | null = null;

/** Runs `draw`, returning the worker pictures it started. */
export function collectPaints(draw: () => void): PendingPaint[] {
  const outer = collecting;
  const paints: PendingPaint[] = (collecting = []);
  try {
    draw();
  } finally {
    collecting = outer;
  }
  return paints;
}

/** Notes a picture the worker is drawing (outside collectPaints, nobody waits for it). */
export function notePaint(paint: PendingPaint): void {
  collecting?.push(paint);
}
