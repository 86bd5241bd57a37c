// The local controls of the decay and attention-pattern sections (RoPE
// scaling, what the patterns show): on the page only, like experiments.ts;
// the shared controls (d_model, base, positions) reach the charts through charts.ts.
import { pageElementById } from './held-controls.js';

const decay = document.querySelector('#rope-decay phasor-rope-decay');
const patterns = document.querySelector('#attention-patterns phasor-attention-patterns');

function bind(id: string, apply: (value: string, checked: boolean) => void): void {
  const input = pageElementById(id) as HTMLInputElement | HTMLSelectElement | null;
  if (!input) return;
  const run = () => apply(input.value, input instanceof HTMLInputElement && input.checked);
  input.addEventListener('change', run);
  run();
}

bind('decay-scaling', (value) => {
  decay?.setAttribute('scaling', value);
  patterns?.setAttribute('scaling', value);
});
bind('patterns-view', (value) => patterns?.setAttribute('view', value));
bind('patterns-tokens', (value) => patterns?.setAttribute('tokens', value));
bind('patterns-term', (value) => patterns?.setAttribute('term', value));
bind('patterns-head', (value) => patterns?.setAttribute('head', value));
bind('patterns-causal', (_value, checked) => patterns?.toggleAttribute('causal', checked));
