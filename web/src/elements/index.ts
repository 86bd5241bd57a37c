/**
 * The phasor chart elements (the `phasor/elements` entry). Importing this
 * module registers them all; defineElements() does the same explicitly (safe
 * to call more than once, and next to another copy of the elements that
 * defined the names first). A page that wants to choose the moment imports
 * registry.ts instead.
 *
 * @module phasor/elements
 */
import { defineElements, type ChartTagMap } from './registry.js';

export { PhasorElement, type ElementState, type RenderDetail } from './base/phasor-element.js';
export * from './pe-charts.js';
export * from './experiment-charts.js';
export { ELEMENTS, defineElements } from './registry.js';
export { enablePaintWorker } from '../charts/worker/start-paint-worker.js';
export type { AttributeSpec, Parser } from './attributes/attributes.js';

if (typeof customElements === 'object') defineElements();

declare global {
  interface HTMLElementTagNameMap extends ChartTagMap {}
}
