// The chart elements, each knowing its own tag (its static `tag`): the six PE
// charts every bundle defines at once (the five RoPE and attention charts, which
// the embed loads only when one is on the page, are in experiment-elements.ts).
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

/** Defines `element` under its tag unless the name is taken (by it, or another copy of the elements). */
export function define(
  element: { tag: string } & CustomElementConstructor,
  registry: CustomElementRegistry = customElements,
): void {
  if (!registry.get(element.tag)) registry.define(element.tag, element);
}
