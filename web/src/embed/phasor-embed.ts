// phasor-embed.js: one static file that defines the phasor chart elements,
// with the PE core's wasm inside (gzip, base64: the `phasor` entry's inlined
// bytes, web/src/core/wasm-inline.ts).
//
// The RoPE and attention charts are defined only when one of them appears on
// the page: their code and the experiments wasm (inlined the same way) are
// then imported as phasor-embed-*.js chunks from next to this file, so a post
// that uses none of them loads this file alone, and no page needs to fetch a
// .wasm (no connect-src in its CSP).
import { CORE_ELEMENTS, define } from '../elements/catalogue.js';
import { EXPERIMENT_ELEMENTS } from '../elements/experiment-elements.js';
import { linkTerms } from '../elements/links.js';

export { PhasorDistanceElement } from '../elements/distance-element.js';
export { PhasorDotOffsetElement } from '../elements/dot-offset-element.js';
export { PhasorEncodingElement } from '../elements/encoding-element.js';
export { PhasorFrequenciesElement } from '../elements/frequencies-element.js';
export { PhasorHeatmapElement } from '../elements/heatmap-element.js';
export { PhasorRotationElement } from '../elements/rotation-element.js';
// Exported so the core's glue and inlined bytes stay in this file: the
// loader's dynamic imports of them then need no second request.
export { default as createPhasorModule } from '../core/wasm/phasor.js';
export { default as phasorWasmGzipBase64 } from '../core/wasm/phasor.inline.js';

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

// Imported on a server (server-side rendering), it defines nothing.
if (typeof customElements === 'object' && typeof document === 'object') {
  for (const element of CORE_ELEMENTS) define(element);
  defineExperimentsInUse();
  new MutationObserver(defineExperimentsInUse).observe(document.documentElement, { childList: true, subtree: true });
  // Terms of the post marked data-link (and data-for="chart id") highlight in their chart, and back.
  const link = () => document.querySelector('[data-link]') && linkTerms();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', link, { once: true });
  else link();
}
