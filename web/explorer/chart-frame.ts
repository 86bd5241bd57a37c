// chart.html: one chart alone, for embedding the explorer in an iframe.
//   chart.html?chart=rotation&dModel=64&k=3
// `chart` names the element (phasor-<chart>); every other parameter is one of
// its options, by API name (dModel) or attribute name (d-model). The element
// validates the values itself and shows a bad one as a short error.
import { ELEMENTS, defineElements } from '../src/elements/all-elements.js';

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

/** What each chart shows, for the page's heading and title. */
const NAMES: Record<string, string> = {
  frequencies: 'Frequencies and wavelengths of the sinusoidal encoding',
  encoding: 'The positional encoding, dimension by dimension',
  heatmap: 'The whole positional encoding table',
  'dot-offset': 'Dot product of two encodings against their offset',
  distance: 'Distance between the encodings of two positions',
  rotation: 'Shifting an encoding is a rotation',
  'attention-offset': 'Attention score against offset',
  'shift-fit': 'Why sine and cosine: the best linear shift map',
  'base-length': 'What the base changes',
  'embedding-scale': 'Why the embedding is scaled by √d',
  'rope-scaling': 'Stretching RoPE past its training length',
  'rope-decay': "RoPE's long-term decay of attention with distance",
  'attention-patterns': 'Whole attention patterns: additive PE, RoPE and ALiBi',
};
const heading = document.getElementById('chart-title')!;
heading.textContent = NAMES[chart] ?? 'phasor chart';
document.title = `${heading.textContent} — phasor`;

if (!(tag in ELEMENTS)) {
  fail(`chart must be one of ${names.join(', ')}; got ${JSON.stringify(chart.slice(0, 40))}`);
} else {
  const element = document.createElement(tag);
  const observed = (ELEMENTS[tag as keyof typeof ELEMENTS] as unknown as { observedAttributes: string[] })
    .observedAttributes;
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
