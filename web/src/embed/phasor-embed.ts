// phasor-embed.js: one static file that defines the phasor chart elements,
// with the PE core's wasm inside (gzip, base64: the `phasor` entry's inlined
// bytes, web/src/core/wasm-inline.ts).
//
// The RoPE and attention charts are defined only when one of them appears on
// the page: their code and the experiments wasm (inlined the same way) are
// then imported as phasor-embed-*.js chunks from next to this file, so a post
// that uses none of them loads this file alone, and no page needs to fetch a
// .wasm (no connect-src in its CSP).
import { PhasorDistanceElement } from '../elements/distance-element.js';
import { PhasorDotOffsetElement } from '../elements/dot-offset-element.js';
import { PhasorEncodingElement } from '../elements/encoding-element.js';
import { PhasorFrequenciesElement } from '../elements/frequencies-element.js';
import { PhasorHeatmapElement } from '../elements/heatmap-element.js';
import { PhasorRotationElement } from '../elements/rotation-element.js';

export {
  PhasorDistanceElement,
  PhasorDotOffsetElement,
  PhasorEncodingElement,
  PhasorFrequenciesElement,
  PhasorHeatmapElement,
  PhasorRotationElement,
};
// Exported so the core's glue and inlined bytes stay in this file: the
// loader's dynamic imports of them then need no second request.
export { default as createPhasorModule } from '../core/wasm/phasor.js';
export { default as phasorWasmGzipBase64 } from '../core/wasm/phasor.inline.js';

const CORE_ELEMENTS: Record<string, CustomElementConstructor> = {
  'phasor-frequencies': PhasorFrequenciesElement,
  'phasor-encoding': PhasorEncodingElement,
  'phasor-heatmap': PhasorHeatmapElement,
  'phasor-dot-offset': PhasorDotOffsetElement,
  'phasor-distance': PhasorDistanceElement,
  'phasor-rotation': PhasorRotationElement,
};

const EXPERIMENT_ELEMENTS: Record<string, () => Promise<CustomElementConstructor>> = {
  'phasor-attention-offset': async () => (await import('../elements/attention-offset-element.js')).PhasorAttentionOffsetElement,
  'phasor-shift-fit': async () => (await import('../elements/shift-fit-element.js')).PhasorShiftFitElement,
  'phasor-base-length': async () => (await import('../elements/base-length-element.js')).PhasorBaseLengthElement,
  'phasor-embedding-scale': async () => (await import('../elements/embedding-scale-element.js')).PhasorEmbeddingScaleElement,
  'phasor-rope-scaling': async () => (await import('../elements/rope-scaling-element.js')).PhasorRopeScalingElement,
};

function define(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}

const requested = new Set<string>();
function defineExperimentsInUse(): void {
  for (const [tag, load] of Object.entries(EXPERIMENT_ELEMENTS)) {
    if (requested.has(tag) || customElements.get(tag) || !document.querySelector(tag)) continue;
    requested.add(tag);
    load().then(
      (element) => define(tag, element),
      (error: unknown) => console.error(`phasor-embed: could not load ${tag} (${(error as Error).message})`),
    );
  }
}

// Imported on a server (server-side rendering), it defines nothing.
if (typeof customElements === 'object' && typeof document === 'object') {
  for (const [tag, element] of Object.entries(CORE_ELEMENTS)) define(tag, element);
  defineExperimentsInUse();
  new MutationObserver(defineExperimentsInUse).observe(document.documentElement, { childList: true, subtree: true });
}
