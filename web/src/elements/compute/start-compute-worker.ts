// Where the compute worker's script is: beside this module, as the bundlers
// that understand `new Worker(new URL(…, import.meta.url))` (Vite, webpack 5,
// Parcel) ship it. Kept apart from the client so that a page that does not
// opt in never names a file its bundler may not have copied.
import { useComputeWorker } from './compute-worker-client.js';

/**
 * Computes the heaviest charts' data (the RoPE and attention experiments) in
 * a Worker from now on, which loads its own copy of the core; elsewhere, and
 * where a Worker cannot start, they compute on the page in slices. Needs a
 * bundler that ships `new Worker(new URL(…))` targets.
 */
export function enableComputeWorker(): void {
  useComputeWorker(() => new Worker(new URL('./compute-worker.js', import.meta.url), { type: 'module' }));
}
