// How the explorer's state maps onto each chart element's attributes.
import type { ExplorerState } from './state.js';

type Attributes = Record<string, string | null>;

/** Starting positions overlaid on the dot-product chart: 0, p (or 1000 when p is 0) and one far away. */
export function dotStarts(p: number): number[] {
  return [...new Set([0, p || 1000, p + 100000])];
}

export const CHART_ATTRIBUTES: Record<string, (s: ExplorerState) => Attributes> = {
  'phasor-frequencies': (s) => ({
    'd-model': String(s.dModel),
    base: String(s.base),
    positions: String(s.positions),
    spacing: s.spacing,
  }),
  'phasor-encoding': (s) => ({
    'd-model': String(s.dModel),
    base: String(s.base),
    positions: String(s.positions),
    dims: s.dims ? s.dims.join(',') : null,
    layout: s.layout,
    spacing: s.spacing,
  }),
  'phasor-heatmap': (s) => ({
    'd-model': String(s.dModel),
    base: String(s.base),
    positions: String(s.positions),
    layout: s.layout,
    spacing: s.spacing,
    p: String(s.p),
    k: String(s.k),
  }),
  'phasor-dot-offset': (s) => ({
    'd-model': String(s.dModel),
    base: String(s.base),
    'max-offset': String(Math.max(1, s.positions - 1)),
    p: dotStarts(s.p).join(','),
    k: String(s.k),
    normalize: s.normalize ? '' : null,
  }),
  'phasor-distance': (s) => ({
    'd-model': String(s.dModel),
    base: String(s.base),
    positions: String(s.positions),
    p: String(s.p),
    k: String(s.k),
  }),
  'phasor-rotation': (s) => ({
    'd-model': String(s.dModel),
    base: String(s.base),
    positions: String(s.positions),
    p: String(s.p),
    k: String(s.k),
    pair: String(s.pair),
  }),
  'phasor-attention-offset': (s) => ({ 'd-model': String(s.dModel), base: String(s.base) }),
  'phasor-shift-fit': (s) => ({ base: String(s.base), k: String(s.k) }),
  'phasor-base-length': (s) => ({
    'd-model': String(s.dModel),
    bases: baseLengthBases(s.base).join(','),
    // About 2^21 pair evaluations per base, so a d_model step (which recomputes every base; the chart keeps each
    // base's result, so the base slider recomputes one) stays a few wasm calls. Lengths reach 2^22 / d_model, at
    // least 4096 (the positions slider's top) for every d_model the slider offers.
    'max-length': String(Math.min(2 ** 16, Math.floor(2 ** 22 / s.dModel))),
    positions: String(Math.max(2, s.positions)),
  }),
  // At most 2^20 token entries, whatever d_model and positions are: a d_model or base change stays within a frame.
  'phasor-embedding-scale': (s) => ({
    'd-model': String(s.dModel),
    base: String(s.base),
    positions: String(Math.min(s.positions, Math.floor(2 ** 20 / s.dModel))),
  }),
  'phasor-rope-scaling': (s) => ({ theta: String(s.base) }),
  'phasor-rope-decay': (s) => ({ 'd-model': String(Math.min(s.dModel, 4096)), base: String(s.base) }),
  // n × n at one position per pixel; d_model capped so a random-token pattern stays a few wasm calls.
  'phasor-attention-patterns': (s) => ({
    'd-model': String(Math.min(s.dModel, 256)),
    base: String(s.base),
    n: String(Math.min(4096, Math.max(2, s.positions))),
  }),
};

/** The bases compared by the base chart: 100, 10⁴, 10⁶ and the page's base. */
export function baseLengthBases(base: number): number[] {
  return [...new Set([100, 10000, 1000000, base])].sort((a, b) => a - b);
}

/** Sets the attributes that changed (a null removes one); true when one did. */
export function applyAttributes(element: Element, attributes: Attributes): boolean {
  let changed = false;
  for (const [name, value] of Object.entries(attributes)) {
    if (element.getAttribute(name) === value) continue;
    changed = true;
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }
  return changed;
}
