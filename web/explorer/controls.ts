// The shared controls: each number is a range input and a number input kept
// in step (pointer drags the range, keyboard works on both); dims is a text
// field, normalize a checkbox, layout and spacing selects. Controls report changes through `onChange` and
// are set from the state by `show`, so the URL, a reset and typing all end
// up in the same place.
import { pageElementById } from './held-controls.js';
import { isRefusal, parseParameter, type ExplorerState } from './state.js';

type NumericKey = 'dModel' | 'base' | 'positions' | 'p' | 'k' | 'pair';

interface NumericControl {
  key: NumericKey;
  range: HTMLInputElement;
  number: HTMLInputElement;
  /** Range position for a value (base uses log10). */
  toRange: (value: number) => number;
  fromRange: (position: number) => number;
}

// (by pageElementById: at start-up the controls may be held out of the page, held-controls.ts)
function input(id: string): HTMLInputElement {
  const el = pageElementById(id);
  if (!(el instanceof HTMLInputElement)) throw new Error(`explorer: missing <input id="${id}">`);
  return el;
}

function select(id: string): HTMLSelectElement {
  const el = pageElementById(id);
  if (!(el instanceof HTMLSelectElement)) throw new Error(`explorer: missing <select id="${id}">`);
  return el;
}

const identity = (v: number) => v;

export class Controls {
  private readonly numeric: NumericControl[];
  private readonly dims = input('dims');
  private readonly dimsHint: HTMLElement;
  private readonly normalize = input('normalize');
  private readonly layout = select('layout');
  private readonly spacing = select('spacing');

  constructor(
    private readonly getState: () => ExplorerState,
    private readonly onChange: (patch: Partial<ExplorerState>) => void,
  ) {
    const control = (key: NumericKey, toRange = identity, fromRange = identity): NumericControl => ({
      key,
      range: input(`${key}-range`),
      number: input(key),
      toRange,
      fromRange,
    });
    this.numeric = [
      control('dModel'),
      // base spans 2 … 10⁶: the range moves along log10(base), rounded to 3 significant digits.
      control('base', Math.log10, (x) => Number((10 ** x).toPrecision(3))),
      control('positions'),
      control('p'),
      control('k'),
      control('pair'),
    ];
    for (const c of this.numeric) this.bindNumeric(c);
    this.dimsHint = pageElementById('dims-hint') ?? document.createElement('span');
    this.dims.placeholder = 'auto';
    this.dims.addEventListener('input', () => this.readDims(false));
    this.dims.addEventListener('change', () => this.readDims(true));
    this.normalize.addEventListener('change', () => this.onChange({ normalize: this.normalize.checked }));
    for (const key of ['layout', 'spacing'] as const) {
      this[key].addEventListener('change', () => {
        const value = parseParameter(key, this[key].value, this.getState());
        if (!isRefusal(value)) this.onChange({ [key]: value });
      });
    }
  }

  private bindNumeric(c: NumericControl): void {
    c.range.addEventListener('input', () => {
      const value = c.fromRange(c.range.valueAsNumber);
      c.number.value = String(value);
      this.markValid(c.number, true);
      this.onChange({ [c.key]: value });
    });
    c.number.addEventListener('input', () => {
      const value = parseParameter(c.key, c.number.value.trim(), this.getState());
      if (typeof value !== 'number') {
        this.markValid(c.number, false, isRefusal(value) ? value.reason : '');
        return;
      }
      this.markValid(c.number, true);
      c.range.value = String(c.toRange(value));
      this.onChange({ [c.key]: value });
    });
    // Leaving a field with a value it refused puts the current value back.
    c.number.addEventListener('change', () => {
      if (c.number.getAttribute('aria-invalid') === 'true') {
        c.number.value = String(this.getState()[c.key]);
        this.markValid(c.number, true);
      }
    });
  }

  private readDims(committed: boolean): void {
    const text = this.dims.value.trim();
    if (text === '' || text === 'auto') {
      this.markValid(this.dims, true);
      this.onChange({ dims: null });
      return;
    }
    const value = parseParameter('dims', text, this.getState());
    if (isRefusal(value)) {
      this.markValid(this.dims, false, value.reason);
      this.dimsHint.textContent = `Dimensions ${value.reason}.`;
      if (committed) this.dimsHint.textContent = `Dimensions ${value.reason}; still showing the last valid choice.`;
      return;
    }
    this.markValid(this.dims, true);
    this.onChange({ dims: value as number[] });
  }

  private markValid(el: HTMLInputElement, valid: boolean, why = ''): void {
    if (valid) {
      el.removeAttribute('aria-invalid');
      if (el.title !== '') el.title = '';
      if (el === this.dims && this.dimsHint.textContent !== '') this.dimsHint.textContent = '';
    } else {
      el.setAttribute('aria-invalid', 'true');
      el.title = why;
    }
  }

  /**
   * Shows `state` in every control that is not being typed into. Called every
   * frame of a drag: only what differs is written, as each write (even of the
   * same value) makes the page restyle the control.
   */
  show(state: ExplorerState): void {
    const pairRange = this.numeric.find((c) => c.key === 'pair')!;
    const lastPair = String(state.dModel / 2 - 1);
    if (pairRange.range.max !== lastPair) pairRange.range.max = lastPair;
    if (pairRange.number.max !== lastPair) pairRange.number.max = lastPair;
    for (const c of this.numeric) {
      const value = state[c.key];
      const position = c.toRange(value);
      if (c.range.valueAsNumber !== position) c.range.value = String(position);
      if (c.range.getAttribute('aria-valuetext') !== String(value))
        c.range.setAttribute('aria-valuetext', String(value));
      if (document.activeElement !== c.number || c.number.getAttribute('aria-invalid') !== 'true') {
        if (c.number.valueAsNumber !== value) c.number.value = String(value);
        this.markValid(c.number, true);
      }
    }
    if (document.activeElement !== this.dims) {
      const dims = state.dims ? state.dims.join(', ') : '';
      if (this.dims.value !== dims) this.dims.value = dims;
      this.markValid(this.dims, true);
    }
    this.normalize.checked = state.normalize;
    if (this.layout.value !== state.layout) this.layout.value = state.layout;
    if (this.spacing.value !== state.spacing) this.spacing.value = state.spacing;
  }
}
