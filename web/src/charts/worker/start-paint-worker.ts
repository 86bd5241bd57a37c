// Where the paint worker's script is: beside this module, as the bundlers
// that understand `new Worker(new URL(…, import.meta.url))` (Vite, webpack 5,
// Parcel) ship it. Kept apart from the client so that a page that does not
// opt in never names a file its bundler may not have copied.
import { usePaintWorker } from './paint-worker-client.js';

/**
 * Draws the charts' data layers (a heatmap's cells, a line chart's curves) in a
 * Worker from now on (OffscreenCanvas; the page keeps axes and read-outs),
 * where the browser and the page's CSP allow it; elsewhere they stay on the
 * page. Needs a bundler that ships `new Worker(new URL(…))` targets.
 */
export function enablePaintWorker(): void {
  usePaintWorker(() => new Worker(new URL('../paint/paint-worker.js', import.meta.url), { type: 'module' }));
}
