// The phasor chart elements. Importing this module registers them all;
// defineElements() does the same explicitly (safe to call more than once, and
// next to another copy of the elements that defined the names first).
import { PhasorAttentionOffsetElement } from './attention-offset-element.js';
import { PhasorBaseLengthElement } from './base-length-element.js';
import { CORE_ELEMENTS, define } from './catalogue.js';
import type { PhasorDistanceElement } from './distance-element.js';
import type { PhasorDotOffsetElement } from './dot-offset-element.js';
import { PhasorEmbeddingScaleElement } from './embedding-scale-element.js';
import type { PhasorEncodingElement } from './encoding-element.js';
import type { PhasorFrequenciesElement } from './frequencies-element.js';
import type { PhasorHeatmapElement } from './heatmap-element.js';
import { PhasorRopeScalingElement } from './rope-scaling-element.js';
import { PhasorRopeDecayElement } from './rope-decay-element.js';
import { PhasorAttentionPatternsElement } from './attention-patterns-element.js';
import type { PhasorRotationElement } from './rotation-element.js';
import { PhasorShiftFitElement } from './shift-fit-element.js';

export { PhasorElement, type ElementState, type RenderDetail } from './phasor-element.js';
export { PhasorDistanceElement, type DistanceData, type DistanceOptions } from './distance-element.js';
export { PhasorDotOffsetElement, type DotOffsetData, type DotOffsetOptions } from './dot-offset-element.js';
export { PhasorEncodingElement, type EncodingChartData, type EncodingChartOptions } from './encoding-element.js';
export { PhasorFrequenciesElement, type FrequenciesData, type FrequenciesOptions, type Comparison } from './frequencies-element.js';
export { PhasorHeatmapElement, type HeatmapData, type HeatmapOptions } from './heatmap-element.js';
export { PhasorRotationElement, type RotationChartData, type RotationChartOptions } from './rotation-element.js';
export {
  PhasorAttentionOffsetElement,
  type AttentionOffsetData,
  type AttentionOffsetOptions,
  type AttentionChartKind,
  type AttentionTerm,
} from './attention-offset-element.js';
export { PhasorShiftFitElement, type ShiftFitChartData, type ShiftFitChartOptions } from './shift-fit-element.js';
export { PhasorBaseLengthElement, type BaseLengthData, type BaseLengthOptions } from './base-length-element.js';
export { PhasorEmbeddingScaleElement, type EmbeddingScaleChartData, type EmbeddingScaleChartOptions } from './embedding-scale-element.js';
export { PhasorRopeScalingElement, type RopeScalingChartData, type RopeScalingChartOptions } from './rope-scaling-element.js';
export { PhasorRopeDecayElement, type RopeDecayChartData, type RopeDecayChartOptions } from './rope-decay-element.js';
export { PhasorAttentionPatternsElement, type PatternsData, type PatternsOptions } from './attention-patterns-element.js';

/** Every element, in reading order. */
const ALL = [
  ...CORE_ELEMENTS,
  PhasorAttentionOffsetElement,
  PhasorShiftFitElement,
  PhasorBaseLengthElement,
  PhasorEmbeddingScaleElement,
  PhasorRopeScalingElement,
  PhasorRopeDecayElement,
  PhasorAttentionPatternsElement,
] as const;

/** Tag name → class (each class carries its tag). */
export const ELEMENTS = Object.fromEntries(ALL.map((element) => [element.tag, element])) as {
  [E in (typeof ALL)[number] as E['tag']]: E;
};

export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const element of ALL) define(element, registry);
}

if (typeof customElements === 'object') defineElements();

declare global {
  interface HTMLElementTagNameMap {
    'phasor-frequencies': PhasorFrequenciesElement;
    'phasor-encoding': PhasorEncodingElement;
    'phasor-heatmap': PhasorHeatmapElement;
    'phasor-dot-offset': PhasorDotOffsetElement;
    'phasor-distance': PhasorDistanceElement;
    'phasor-rotation': PhasorRotationElement;
    'phasor-attention-offset': PhasorAttentionOffsetElement;
    'phasor-shift-fit': PhasorShiftFitElement;
    'phasor-base-length': PhasorBaseLengthElement;
    'phasor-embedding-scale': PhasorEmbeddingScaleElement;
    'phasor-rope-scaling': PhasorRopeScalingElement;
    'phasor-rope-decay': PhasorRopeDecayElement;
    'phasor-attention-patterns': PhasorAttentionPatternsElement;
  }
}
