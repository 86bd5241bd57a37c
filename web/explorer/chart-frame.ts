// chart.html: one chart alone, for embedding the explorer in an iframe.
//   chart.html?chart=rotation&dModel=64&k=3
// `chart` names the element (phasor-<chart>); every other parameter is one of
// its options, by API name (dModel) or attribute name (d-model). The element
// validates the values itself and shows a bad one as a short error.
import { ELEMENTS, defineElements } from '../src/elements/registry.js';
import { enablePaintWorker } from '../src/charts/worker/start-paint-worker.js';
import { enableComputeWorker } from '../src/elements/compute/start-compute-worker.js';
import { CHART_ATTRIBUTES } from './charts.js';

enablePaintWorker();
enableComputeWorker();
defineElements();

const params = new URLSearchParams(location.search);
const chart = params.get('chart') ?? '';
const tag = `phasor-${chart}`;
type Tag = keyof typeof ELEMENTS;
const known = (name: string): name is Tag => name in ELEMENTS;
// In the explorer's reading order, then any chart the explorer does not show.
const tags = [
  ...Object.keys(CHART_ATTRIBUTES).filter(known),
  ...Object.keys(ELEMENTS)
    .filter(known)
    .filter((t) => !(t in CHART_ATTRIBUTES)),
];
const names = tags.map((name) => name.replace(/^phasor-/, ''));

function fail(message: string): void {
  const box = document.getElementById('chart-error')!;
  box.textContent = message;
  box.hidden = false;
}

const heading = document.getElementById('chart-title')!;
heading.textContent = (known(tag) && ELEMENTS[tag].title) || 'phasor chart';
document.title = `${heading.textContent} — phasor`;

if (!known(tag)) {
  fail(`chart must be one of ${names.join(', ')}; got ${JSON.stringify(chart.slice(0, 40))}`);
} else {
  const element = document.createElement(tag);
  const observed = ELEMENTS[tag].observedAttributes;
  const unknown: string[] = [];
  for (const [key, value] of params) {
    if (key === 'chart') continue;
    const attribute = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    if (observed.includes(attribute) || attribute === 'no-export') element.setAttribute(attribute, value);
    else unknown.push(key);
  }
  if (unknown.length > 0)
    fail(
      `unknown option${unknown.length > 1 ? 's' : ''} for ${chart}: ${unknown.join(', ')}; allowed: ${observed.join(', ')}`,
    );
  document.getElementById('chart')!.append(element);
}

// Tells the embedding page the height the chart needs, so it can size the
// iframe (see docs/embedding.md: window.addEventListener('message', ...)).
if (window.parent !== window) {
  new ResizeObserver(() => {
    window.parent.postMessage(
      { type: 'phasor-chart-height', height: Math.ceil(document.documentElement.scrollHeight) },
      '*',
    );
  }).observe(document.body);
}
