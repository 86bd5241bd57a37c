// The local controls of the RoPE and attention sections: which of additive
// PE's four terms the attention chart sums (at least one stays on). They
// live on the page only; the shared controls and the URL do not hold them.
import { pageElements } from './held-controls.js';

const chart = document.querySelector('#attention-offset phasor-attention-offset');
const boxes = pageElements<HTMLInputElement>('input[name="terms"]');

function applyTerms(changed?: HTMLInputElement): void {
  if (changed && !boxes.some((box) => box.checked)) changed.checked = true;
  chart?.setAttribute(
    'terms',
    boxes
      .filter((box) => box.checked)
      .map((box) => box.value)
      .join(','),
  );
}

for (const box of boxes) box.addEventListener('change', () => applyTerms(box));
applyTerms();
