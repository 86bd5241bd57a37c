// phasor-embed.js: one static file that defines the phasor chart elements,
// with the PE core's wasm inside. Import order matters: the wasm is registered
// before any element can render.
//
// The RoPE and attention charts are defined only when one of them appears on
// the page: their code (phasor-embed-*.js) and phasor-experiments.wasm are
// then fetched from next to this file, so a post that uses none of them loads
// this file alone.
import './inline-wasm.js';
import { CORE_ELEMENTS, define } from '../elements/catalogue.js';
import { EXPERIMENT_ELEMENTS } from '../elements/experiment-elements.js';

export { PhasorDistanceElement } from '../elements/distance-element.js';
export { PhasorDotOffsetElement } from '../elements/dot-offset-element.js';
export { PhasorEncodingElement } from '../elements/encoding-element.js';
export { PhasorFrequenciesElement } from '../elements/frequencies-element.js';
export { PhasorHeatmapElement } from '../elements/heatmap-element.js';
export { PhasorRotationElement } from '../elements/rotation-element.js';
// Exported so the core glue stays in this file: the loader's dynamic import
// of it then needs no second request.
export { default as createPhasorModule } from '../core/wasm/phasor.js';

for (const element of CORE_ELEMENTS) define(element);

const requested = new Set<string>();
function defineExperimentsInUse(): void {
  for (const [tag, load] of Object.entries(EXPERIMENT_ELEMENTS)) {
    if (requested.has(tag) || customElements.get(tag) || !document.querySelector(tag)) continue;
    requested.add(tag);
    load().then(
      (element) => define(element),
      (error: unknown) => console.error(`phasor-embed: could not load ${tag} (${(error as Error).message})`),
    );
  }
}
defineExperimentsInUse();
new MutationObserver(defineExperimentsInUse).observe(document.documentElement, { childList: true, subtree: true });
