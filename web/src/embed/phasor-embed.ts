// phasor-embed.js: one static file that defines the phasor chart elements,
// with the PE core's wasm inside (gzip, base64: the `phasor` entry's inlined
// bytes, web/src/core/wasm-inline.ts).
//
// The PE charts (elements/pe-charts.ts) are in this file. The RoPE and
// attention charts are defined when their tag first appears on the page: the
// chart's module (named after the tag, elements/experiments/<name>-element.ts)
// and the experiments wasm
// (inlined the same way) are then imported as phasor-embed-*.js chunks from
// next to this file, so a post that uses none of them loads this file alone,
// and no page needs to fetch a .wasm (no connect-src in its CSP).
// The charts first: the bundler then keeps the code they share with the chunks
// (d3-selection) in this file, not in a chunk of its own that every page would fetch.
import * as peCharts from '../elements/pe-charts.js';
import { chartsIn, define } from '../elements/define-chart.js';
import { linkTerms } from '../elements/links.js';
import { enablePaintWorker } from '../charts/worker/start-paint-worker.js';
import { defineAfterFirstPaint } from '../elements/deferred-definitions.js';

export * from '../elements/pe-charts.js';
// Exported so the core's glue and inlined bytes stay in this file: the
// loader's dynamic imports of them then need no second request.
export { default as createPhasorModule } from '../core/wasm/phasor.js';
export { default as phasorWasmGzipBase64 } from '../core/wasm/phasor.inline.js';

/** The RoPE and attention charts' modules, by file, each loaded by need. */
const chartModules = import.meta.glob<Record<string, unknown>>('../elements/experiments/*-element.ts');

const requested = new Set<string>();
function defineChartsInUse(): void {
  for (const element of document.querySelectorAll(':not(:defined)')) {
    const tag = element.localName;
    const load = chartModules[`../elements/experiments/${tag.replace(/^phasor-/, '')}-element.ts`];
    if (!tag.startsWith('phasor-') || !load || requested.has(tag)) continue;
    requested.add(tag);
    load().then(
      (module) => chartsIn(module).forEach((chart) => define(chart)),
      (error: unknown) => console.error(`phasor-embed: could not load ${tag} (${(error as Error).message})`),
    );
  }
}

// Imported on a server (server-side rendering), it defines nothing.
if (typeof customElements === 'object' && typeof document === 'object') {
  // The matrix charts paint in phasor-embed-paint-worker.js, beside this file (on the page where it cannot
  // start), when this is the file as it ships: inside another bundle the worker file may not have come along.
  if (
    /\/phasor-embed\.js$/.test(new URL(import.meta.url).pathname) &&
    document.querySelector('script[src$="phasor-embed.js"]')
  )
    enablePaintWorker();
  defineAfterFirstPaint(chartsIn(peCharts), () => {
    defineChartsInUse();
    new MutationObserver(defineChartsInUse).observe(document.documentElement, { childList: true, subtree: true });
    // Terms of the post marked data-link (and data-for="chart id") highlight in their chart, and back.
    const link = () => document.querySelector('[data-link]') && linkTerms();
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', link, { once: true });
    else link();
  });
}
