// The chart elements, each knowing its own tag (its static `tag`): the six PE
// charts every bundle defines at once, and the five RoPE and attention charts
// (the second wasm module), which the embed loads only when one is on the page.
import { PhasorDistanceElement } from './distance-element.js';
import { PhasorDotOffsetElement } from './dot-offset-element.js';
import { PhasorEncodingElement } from './encoding-element.js';
import { PhasorFrequenciesElement } from './frequencies-element.js';
import { PhasorHeatmapElement } from './heatmap-element.js';
import { PhasorRotationElement } from './rotation-element.js';

/** The PE charts, in reading order. */
export const CORE_ELEMENTS = [
  PhasorFrequenciesElement,
  PhasorEncodingElement,
  PhasorHeatmapElement,
  PhasorDotOffsetElement,
  PhasorDistanceElement,
  PhasorRotationElement,
] as const;

/**
 * The RoPE and attention charts by the tag that asks for them, each from its
 * own module (a chunk of its own in the embed). The key only says when to
 * load; the element is defined under its own `tag` (a browser test checks
 * that the two agree).
 */
export const EXPERIMENT_ELEMENTS: Record<string, () => Promise<{ tag: string } & CustomElementConstructor>> = {
  'phasor-attention-offset': () => import('./attention-offset-element.js').then((m) => m.PhasorAttentionOffsetElement),
  'phasor-shift-fit': () => import('./shift-fit-element.js').then((m) => m.PhasorShiftFitElement),
  'phasor-base-length': () => import('./base-length-element.js').then((m) => m.PhasorBaseLengthElement),
  'phasor-embedding-scale': () => import('./embedding-scale-element.js').then((m) => m.PhasorEmbeddingScaleElement),
  'phasor-rope-scaling': () => import('./rope-scaling-element.js').then((m) => m.PhasorRopeScalingElement),
};

/** Defines `element` under its tag unless the name is taken (by it, or another copy of the elements). */
export function define(element: { tag: string } & CustomElementConstructor, registry: CustomElementRegistry = customElements): void {
  if (!registry.get(element.tag)) registry.define(element.tag, element);
}
