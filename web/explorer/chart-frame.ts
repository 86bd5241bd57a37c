// chart.html: one chart alone, for embedding the explorer in an iframe.
//   chart.html?chart=rotation&dModel=64&k=3
// `chart` names the element (phasor-<chart>); every other parameter is one of
// its options, by API name (dModel) or attribute name (d-model). The element
// validates the values itself and shows a bad one as a short error.
import { ELEMENTS, defineElements } from '../src/elements/index.js';

defineElements();

const params = new URLSearchParams(location.search);
const chart = params.get('chart') ?? '';
const tag = `phasor-${chart}`;
const names = Object.keys(ELEMENTS).map((name) => name.replace(/^phasor-/, ''));

function fail(message: string): void {
  const box = document.getElementById('chart-error')!;
  box.textContent = message;
  box.hidden = false;
}

if (!(tag in ELEMENTS)) {
  fail(`chart must be one of ${names.join(', ')}; got ${JSON.stringify(chart.slice(0, 40))}`);
} else {
  const element = document.createElement(tag);
  const observed = (ELEMENTS[tag as keyof typeof ELEMENTS] as unknown as { observedAttributes: string[] }).observedAttributes;
  const unknown: string[] = [];
  for (const [key, value] of params) {
    if (key === 'chart') continue;
    const attribute = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    if (observed.includes(attribute) || attribute === 'no-export') element.setAttribute(attribute, value);
    else unknown.push(key);
  }
  if (unknown.length > 0) fail(`unknown option${unknown.length > 1 ? 's' : ''} for ${chart}: ${unknown.join(', ')}; allowed: ${observed.join(', ')}`);
  document.getElementById('chart')!.append(element);
}

// Tells the embedding page the height the chart needs, so it can size the
// iframe (see README: window.addEventListener('message', ...)).
if (window.parent !== window) {
  new ResizeObserver(() => {
    window.parent.postMessage({ type: 'phasor-chart-height', height: Math.ceil(document.documentElement.scrollHeight) }, '*');
  }).observe(document.body);
}
