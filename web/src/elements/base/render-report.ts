// When a chart says it has drawn ('phasor-render'): at once for a picture
// drawn on the page, or once the paint worker has committed every raster
// the drawing started (charts/worker/pending-paints.ts). A picture that a
// newer one replaced before it was shown is never announced.
import type { PendingPaint } from '../../charts/worker/pending-paints.js';

export interface RenderDetail {
  /** Milliseconds of the page's time spent computing (0 when the cached result was reused) and drawing. */
  computeMs: number;
  drawMs: number;
  /** true when a paint worker drew part of the picture (announced once its frame is committed), and its milliseconds. */
  worker: boolean;
  workerMs: number;
  /** Milliseconds of the compute worker's time for the data drawn (0 when computed on the page or kept). */
  computeWorkerMs: number;
  /**
   * For a worker-drawn picture: when the worker committed its last frame
   * (performance.now() time of the page). The announcement itself may come
   * later, when the page's thread is busy.
   */
  shownAt?: number;
  /** For a progressive chart: 'coarse' for a picture drawn coarser while the input moves, 'full' otherwise. */
  resolution?: 'coarse' | 'full';
}

/**
 * Calls `shown` with the drawing's detail once its picture is on screen (never, when a newer one replaced it);
 * returns when the worker's answers are in, if it was asked.
 */
export function reportWhenShown(
  paints: readonly PendingPaint[],
  page: Omit<RenderDetail, 'worker' | 'workerMs'>,
  shown: (detail: RenderDetail) => void,
): Promise<void> | undefined {
  if (paints.length === 0) {
    shown({ ...page, worker: false, workerMs: 0 });
    return undefined;
  }
  return Promise.all(paints).then((painted) => {
    if (!painted.every((p) => p !== null)) return;
    shown({
      ...page,
      worker: true,
      workerMs: painted.reduce((sum, p) => sum + p!.drawMs, 0),
      shownAt: Math.max(...painted.map((p) => p!.shownAt)),
    });
  });
}
