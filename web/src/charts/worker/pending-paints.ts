// Pictures a paint worker is still drawing for the chart now rendering: a
// chart element collects them around its drawing (collectPaints) and says it
// has drawn ('phasor-render') once they are shown, as it does at once for a
// chart drawn on the page.

/** Resolves with the worker's drawing time once shown, or null when a newer picture replaced it. */
export type PendingPaint = Promise<number | null>;

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
