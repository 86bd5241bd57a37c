// The page's one compute instance, shared by every chart element: loaded by
// the first element that renders (createPhasor() shares one wasm instance per
// page however phasor is entered). Attribute ranges are the core's limits, so
// they are handed to the attribute parsers as soon as it has loaded.
import { createPhasor, type Phasor } from '../../core/index.js';
import { useLimits } from '../attributes/core-limits.js';

let phasor: Phasor | null = null;
let loading: Promise<Phasor> | null = null;

/** The shared instance once loaded, else null. */
export function loadedCore(): Phasor | null {
  return phasor;
}

/** Loads the shared instance (once; a failed load may be retried). */
export function loadCore(): Promise<Phasor> {
  loading ??= createPhasor().then(
    (ph) => {
      useLimits(ph.limits);
      return (phasor = ph);
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

let preloadQueued = false;

/**
 * Starts loading the shared instance when a chart joins the page, before its
 * first drawing asks: the wasm then compiles (off the page's thread) while
 * the page does its first layout. The start (decoding the inlined bytes)
 * runs in a task of its own, not in the one that upgrades the chart. A
 * failure here is met again, and shown, by the chart's drawing (coreFor).
 */
export function preloadCore(): void {
  if (loading || preloadQueued) return;
  preloadQueued = true;
  setTimeout(() => {
    preloadQueued = false;
    loadCore().catch(() => undefined);
  }, 0);
}

/**
 * The shared instance with what a chart needs loaded (the experiments module
 * too, for the RoPE and attention charts); null while that loads, after which
 * the chart is asked to render again, or when it failed, which it shows.
 */
export function coreFor(
  needsExperiments: boolean,
  chart: { request(): void },
  status: { showError(error: unknown): void },
): Phasor | null {
  if (!phasor) {
    loadCore().then(
      () => chart.request(),
      (error: unknown) =>
        status.showError(new Error(`could not load the WebAssembly core (${(error as Error).message})`)),
    );
    return null;
  }
  if (needsExperiments && !phasor.hasExperiments) {
    phasor.loadExperiments().then(
      () => chart.request(),
      (error: unknown) =>
        status.showError(new Error(`could not load the experiments module (${(error as Error).message})`)),
    );
    return null;
  }
  return phasor;
}
