// The phasor chart elements. Importing this module registers them all;
// defineElements() does the same explicitly (safe to call more than once, and
// next to another copy of the elements that defined the names first).
import { PhasorAttentionOffsetElement } from './attention-offset-element.js';
import { PhasorBaseLengthElement } from './base-length-element.js';
import { PhasorDistanceElement } from './distance-element.js';
import { PhasorDotOffsetElement } from './dot-offset-element.js';
import { PhasorEmbeddingScaleElement } from './embedding-scale-element.js';
import { PhasorEncodingElement } from './encoding-element.js';
import { PhasorFrequenciesElement } from './frequencies-element.js';
import { PhasorHeatmapElement } from './heatmap-element.js';
import { PhasorRopeScalingElement } from './rope-scaling-element.js';
import { PhasorRotationElement } from './rotation-element.js';
import { PhasorShiftFitElement } from './shift-fit-element.js';

export { PhasorElement, type ElementState, type RenderDetail } from './phasor-element.js';
export { PhasorDistanceElement, type DistanceData, type DistanceOptions } from './distance-element.js';
export { PhasorDotOffsetElement, type DotOffsetData, type DotOffsetOptions } from './dot-offset-element.js';
export { PhasorEncodingElement, type EncodingChartData, type EncodingChartOptions } from './encoding-element.js';
export { PhasorFrequenciesElement, type FrequenciesData, type FrequenciesOptions, type Comparison } from './frequencies-element.js';
export { PhasorHeatmapElement, type HeatmapOptions } from './heatmap-element.js';
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

/** Tag name → class, in reading order. */
export const ELEMENTS = {
  'phasor-frequencies': PhasorFrequenciesElement,
  'phasor-encoding': PhasorEncodingElement,
  'phasor-heatmap': PhasorHeatmapElement,
  'phasor-dot-offset': PhasorDotOffsetElement,
  'phasor-distance': PhasorDistanceElement,
  'phasor-rotation': PhasorRotationElement,
  'phasor-attention-offset': PhasorAttentionOffsetElement,
  'phasor-shift-fit': PhasorShiftFitElement,
  'phasor-base-length': PhasorBaseLengthElement,
  'phasor-embedding-scale': PhasorEmbeddingScaleElement,
  'phasor-rope-scaling': PhasorRopeScalingElement,
} as const;

export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const [name, element] of Object.entries(ELEMENTS)) {
    if (!registry.get(name)) registry.define(name, element);
  }
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
  }
}
