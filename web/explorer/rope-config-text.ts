// What "Check your model" says about a layer type, in words: which layers,
// which head slots turn and with which, which pass through, M-RoPE's axes
// over the pairs, the scaling's values. Read from ph.ropeFromConfig's answer;
// no numbers of its own.
import type { RopeLayerType, RopeMrope, RopeScaling } from '../src/core/index.js';
import { exact, integer } from '../src/charts/format.js';

/** Sorted integers as ranges: [0, 1, 2, 5, 7, 8] → '0–2, 5, 7–8'. */
export function ranges(values: ArrayLike<number>): string {
  const sorted = Array.from(values).sort((a, b) => a - b);
  const out: string[] = [];
  for (let k = 0; k < sorted.length;) {
    let end = k;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end++;
    out.push(end === k ? `${sorted[k]}` : `${sorted[k]}–${sorted[end]}`);
    k = end + 1;
  }
  return out.join(', ');
}

/** The layers a group covers: 'all 32 layers', 'layers 0–3, 5–9 (9 of 32)', 'every 6th layer from 5 to 59 (10 of 60)'. */
export function layersText(layers: readonly number[], total: number): string {
  if (layers.length === total && total > 0) return `all ${total} layers`;
  const n = `${layers.length} of ${total}`;
  if (layers.length === 1) return `layer ${layers[0]} (1 of ${total})`;
  const step = layers[1] - layers[0];
  const regular = step > 1 && layers.every((l, k) => k === 0 || l - layers[k - 1] === step);
  if (regular) return `every ${ordinal(step)} layer from ${layers[0]} to ${layers[layers.length - 1]} (${n})`;
  const text = ranges(layers);
  const parts = text.split(', ');
  const shown = parts.length > 8 ? `${parts.slice(0, 6).join(', ')}, …, ${parts[parts.length - 1]}` : text;
  return `layers ${shown} (${n})`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** The head slots that do not turn: outside the rotary part, or in pairs of frequency 0. */
export function passThroughSlots(t: RopeLayerType): number[] {
  const turning = new Set(t.rotatedSlots);
  return Array.from({ length: t.headDim }, (_, s) => s).filter((s) => !turning.has(s));
}

/** Which slots turn together, and where they are written. */
export function pairingText(t: RopeLayerType): string {
  const at = t.ropeDims === 'last' ? t.headDim - t.rotaryDim : 0;
  const slot = (i: string) => (at > 0 ? `${at} + ${i}` : i);
  const where = at > 0 ? ` (the last ${t.rotaryDim} values, slots ${at}–${t.headDim - 1})` : '';
  const read =
    t.pairing === 'half'
      ? `rotate_half: slot ${slot('i')} turns with ${slot(`i + ${t.rotaryDim / 2}`)}${where}`
      : `adjacent: slot ${slot('2i')} turns with ${slot('2i + 1')}${where}`;
  if (t.outputPairing === t.pairing) return read;
  return t.outputPairing === 'half'
    ? `${read}; written back as the evens, then the odds (transformers’ apply_rotary_pos_emb_interleave)`
    : `${read}; written back as adjacent pairs`;
}

/** M-RoPE's axes over the pairs: 'time: pairs 0–15; height: 16–39; width: 40–63'. */
export function mropeText(m: RopeMrope): string {
  const axes = mropeAxes(m);
  const names = ['time', 'height', 'width'];
  return names
    .map((name, a) => `${name}: ${m.sections[a]} pairs (${ranges(axes.flatMap((x, i) => (x === a ? [i] : [])))})`)
    .join('; ');
}

/** The axis (0 time, 1 height, 2 width) of each pair, as transformers lays out the sections. */
export function mropeAxes(m: RopeMrope): number[] {
  const [t, h, w] = m.sections;
  const pairs = t + h + w;
  if (!m.interleaved) return Array.from({ length: pairs }, (_, i) => (i < t ? 0 : i < t + h ? 1 : 2));
  // apply_interleaved_mrope: h takes pairs 1, 4, 7 … below 3h, w takes 2, 5, 8 … below 3w, t the rest.
  return Array.from({ length: pairs }, (_, i) => (i % 3 === 1 && i < 3 * h ? 1 : i % 3 === 2 && i < 3 * w ? 2 : 0));
}

const FACTOR_LISTS = new Set(['shortFactor', 'longFactor']);

/** The scaling's values in the API's names, lists by their length. */
export function scalingText(s: RopeScaling | undefined): string {
  if (!s || s.type === 'none') return 'none';
  const parts = Object.entries(s)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) =>
      FACTOR_LISTS.has(k)
        ? `${k}: ${(v as ArrayLike<number>).length} values`
        : `${k} ${typeof v === 'number' ? (Number.isInteger(v) && Math.abs(v) >= 1000 ? integer(v) : exact(v)) : String(v)}`,
    );
  return parts.length ? `${s.type} (${parts.join(', ')})` : s.type;
}
