// The phasor chart elements. Importing this module registers them all;
// defineElements() does the same explicitly (safe to call more than once, and
// next to another copy of the elements that defined the names first). A page
// that wants to choose the moment imports all-elements.ts instead.
import { defineElements } from './all-elements.js';
import type { PhasorAttentionOffsetElement } from './attention-offset-element.js';
import type { PhasorBaseLengthElement } from './base-length-element.js';
import type { PhasorDistanceElement } from './distance-element.js';
import type { PhasorDotOffsetElement } from './dot-offset-element.js';
import type { PhasorEmbeddingScaleElement } from './embedding-scale-element.js';
import type { PhasorEncodingElement } from './encoding-element.js';
import type { PhasorFrequenciesElement } from './frequencies-element.js';
import type { PhasorHeatmapElement } from './heatmap-element.js';
import type { PhasorRopeScalingElement } from './rope-scaling-element.js';
import type { PhasorRopeDecayElement } from './rope-decay-element.js';
import type { PhasorAttentionPatternsElement } from './attention-patterns-element.js';
import type { PhasorRotationElement } from './rotation-element.js';
import type { PhasorShiftFitElement } from './shift-fit-element.js';

export { PhasorElement, type ElementState, type RenderDetail } from './phasor-element.js';
export { PhasorDistanceElement, type DistanceData, type DistanceOptions } from './distance-element.js';
export { PhasorDotOffsetElement, type DotOffsetData, type DotOffsetOptions } from './dot-offset-element.js';
export { PhasorEncodingElement, type EncodingChartData, type EncodingChartOptions } from './encoding-element.js';
export {
  PhasorFrequenciesElement,
  type FrequenciesData,
  type FrequenciesOptions,
  type Comparison,
} from './frequencies-element.js';
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
export {
  PhasorEmbeddingScaleElement,
  type EmbeddingScaleChartData,
  type EmbeddingScaleChartOptions,
} from './embedding-scale-element.js';
export {
  PhasorRopeScalingElement,
  type RopeScalingChartData,
  type RopeScalingChartOptions,
} from './rope-scaling-element.js';
export { PhasorRopeDecayElement, type RopeDecayChartData, type RopeDecayChartOptions } from './rope-decay-element.js';
export {
  PhasorAttentionPatternsElement,
  type PatternsData,
  type PatternsOptions,
} from './attention-patterns-element.js';

export { ELEMENTS, defineElements } from './all-elements.js';

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
