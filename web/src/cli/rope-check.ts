// Is this tensor a layer type's RoPE? For each layer type of the config, the
// part of the tensor that layer type would turn (its rotary slice; for
// proportional RoPE the pairs with a frequency, the others checked to pass
// through), and the scheme that gives its frequencies. ph.identifyRope then
// measures that scheme against the tensor, in the precision the tensor was
// made in, beside everything it fits on its own (which says what the tensor
// is when it is not the config's).
import type { ParsedTable } from '../check/table-file.js';
import type { Phasor } from '../core/phasor.js';
import type { RopeLayerType } from '../core/rope-config-types.js';
import type { IdentifyRopeOptions, RopeCandidate, RopeIdentification } from '../core/rope-identify-types.js';
import type { RopeFrequencyOptions } from '../core/rope-types.js';
import type { RopeTensors } from './rope-inputs.js';
import { formatSmall } from './format.js';

export interface LayerVerdict {
  layer: RopeLayerType;
  /** The tensor is this layer type's RoPE, within the precision it was made in. */
  match: boolean;
  /** The scheme's candidate, when the core measured it. */
  candidate?: RopeCandidate;
  /** Why not (shape, attention factor, where it departs); empty on a match. */
  reasons: string[];
  /** What ph.identifyRope makes of the part of the tensor this layer type turns. */
  identification?: RopeIdentification;
}

/** The columns a layer type turns, in the layout read, and those that must pass through unchanged. */
interface Slice {
  key: string;
  /** Column indices kept, in order (a cache: the turning columns in their layout; rows: the rotary slice). */
  columns: number[];
  /** Columns that must hold (cos A, sin 0) or equal the original row. */
  still: number[];
  scheme: RopeFrequencyOptions;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

/** The scheme over the pairs that turn: proportional's first n pairs are θ^(−2i/r)/factor, i.e. θ^(2n/r) over 2n slots, linear by factor. */
function schemeOf(t: RopeLayerType, turning: number, length: number): RopeFrequencyOptions {
  const o = t.ropeFrequencies!;
  const r = t.rotaryDim;
  if (t.scaling?.type === 'proportional') {
    const factor = t.scaling.factor ?? 1;
    return {
      dim: 2 * turning,
      theta: t.theta ** ((2 * turning) / r),
      ...(factor !== 1 ? { scaling: { type: 'linear', factor } } : {}),
    };
  }
  // dynamic NTK and longrope pick their frequencies by the call's length (max position + 1, as transformers' forward).
  const byLength = o.scaling?.type === 'dynamic-ntk' || o.scaling?.type === 'longrope';
  const scaling = o.scaling && (byLength ? { ...o.scaling, sequenceLength: length } : o.scaling);
  return { dim: r, rotaryDim: r, theta: o.theta, ...(scaling ? { scaling } : {}) };
}

/** The slice of a tensor `width` wide that layer type t turns, or why none. */
function sliceFor(t: RopeLayerType, input: RopeTensors, width: number, length: number): Slice | string {
  const r = t.rotaryDim;
  const h = r / 2;
  const turning = Array.from(t.invFreq).filter((w) => w > 0).length;
  const scheme = schemeOf(t, turning, length);
  const all = turning === h;
  if (input.kind === 'invFreq') {
    if (width !== h) return `it holds ${width} frequencies; this layer type has ${h} (rotary dim ${r})`;
    return { key: `f${turning}`, columns: range(0, turning), still: range(turning, h), scheme };
  }
  if (input.kind === 'cache') {
    if (width === h) return { key: `p${turning}`, columns: range(0, turning), still: range(turning, h), scheme };
    if (width !== r)
      return `rows of ${width} values; this layer type's cache has ${r} (rotary dim; or ${h}, one per pair)`;
    if (all) return { key: 'all', columns: range(0, r), still: [], scheme };
    // Proportional: the turning pairs, in transformers' half layout (cat(freqs, freqs)).
    return {
      key: `h${turning}`,
      columns: [...range(0, turning), ...range(h, h + turning)],
      still: [...range(turning, h), ...range(h + turning, r)],
      scheme,
    };
  }
  // Rotated rows: the rotary slice of a whole head, or the slice itself.
  const at = width === t.headDim && r < t.headDim ? (t.ropeDims === 'last' ? t.headDim - r : 0) : width === r ? 0 : -1;
  if (at < 0) return `rows of ${width} values; this layer type turns ${r} of a head of ${t.headDim}`;
  const outside = [...range(0, at), ...range(at + r, width)];
  if (all) return { key: `r${at}`, columns: range(at, at + r), still: outside, scheme };
  const firsts = range(at, at + turning);
  const seconds = range(at + h, at + h + turning);
  return {
    key: `r${at}h${turning}`,
    columns: [...firsts, ...seconds],
    still: [...outside, ...range(at + turning, at + h), ...range(at + h + turning, at + r)],
    scheme,
  };
}

/** Rows of `table` keeping `columns`. */
function columnsOf(table: ParsedTable, columns: readonly number[]): Float64Array {
  const out = new Float64Array(table.positions * columns.length);
  for (let k = 0; k < table.positions; k++)
    columns.forEach((c, j) => (out[k * columns.length + j] = table.data[k * table.dModel + c]));
  return out;
}

/** Where the columns that should not turn do: '' when they hold cos = A, sin = 0 (or the original value). */
function stillRefusal(input: RopeTensors, still: readonly number[], attention: number): string {
  if (still.length === 0) return '';
  const worst = { value: 0, row: 0, column: 0 };
  const check = (row: number, column: number, value: number, want: number) => {
    const d = Math.abs(value - want);
    if (d > worst.value) Object.assign(worst, { value: d, row, column });
  };
  if (input.kind === 'invFreq') {
    for (const c of still) check(0, c, input.invFreq.data[c], 0);
  } else if (input.kind === 'cache') {
    for (let k = 0; k < input.cos.positions; k++)
      for (const c of still) {
        check(k, c, input.cos.data[k * input.cos.dModel + c], attention);
        check(k, c, input.sin.data[k * input.sin.dModel + c], 0);
      }
  } else {
    const { rotated, original } = input;
    for (let k = 0; k < rotated.positions; k++)
      for (const c of still) {
        const before = original ? original.data[(original.positions === 1 ? 0 : k) * original.dModel + c] : 1;
        check(k, c, rotated.data[k * rotated.dModel + c], before);
      }
  }
  // Values that pass through are copied (cos 1 and sin 0 are exact in every format; A is rounded like the rest).
  const allowed = input.kind === 'cache' && attention !== 1 ? 2 ** -8 * attention : 0;
  if (worst.value <= allowed) return '';
  const what = input.kind === 'invFreq' ? 'frequency' : input.kind === 'cache' ? 'value' : 'slot';
  return `column ${worst.column} should not turn in this layer type, but its ${what} departs by ${formatSmall(worst.value)} (row ${worst.row})`;
}

/** The rows of the tensor (none for inv_freq). */
export function rowsOf(input: RopeTensors): number {
  return input.kind === 'cache' ? input.cos.positions : input.kind === 'rotated' ? input.rotated.positions : 0;
}

/** The identifyRope options for the columns `cols` of `input` (every column when omitted), its rows at `positions`. */
export function identifyRopeOptions(
  input: RopeTensors,
  positions?: Float64Array,
  cols?: readonly number[],
): IdentifyRopeOptions {
  const main = input.kind === 'cache' ? input.cos : input.kind === 'invFreq' ? input.invFreq : input.rotated;
  const columns = cols ?? range(0, main.dModel);
  const at = positions ? { positions } : {};
  if (input.kind === 'invFreq') return { invFreq: columnsOf(input.invFreq, columns) };
  if (input.kind === 'cache')
    return {
      cos: Float32Array.from(columnsOf(input.cos, columns)),
      sin: Float32Array.from(columnsOf(input.sin, columns)),
      width: columns.length,
      ...at,
    };
  const original = input.original;
  return {
    rotated: Float32Array.from(columnsOf(input.rotated, columns)),
    ...(original ? { original: Float32Array.from(columnsOf(original, columns)) } : {}),
    width: columns.length,
    ...at,
  };
}

/** Where a candidate's pairing differs from the layer type's (rotated rows show both; a cache's layout is the writer's choice). */
function pairingRefusal(c: RopeCandidate, t: RopeLayerType, kind: RopeTensors['kind']): string {
  if (kind !== 'rotated') return '';
  if (c.pairing !== undefined && c.pairing !== t.pairing)
    return `its slots pair as '${c.pairing}' where this layer type pairs '${t.pairing}'`;
  if (c.outputPairing !== undefined && c.outputPairing !== t.outputPairing)
    return `its turned pairs land as '${c.outputPairing}' where this layer type writes '${t.outputPairing}'`;
  return '';
}

/**
 * Each layer type's verdict on `input`, whose rows are at `positions`;
 * `length` is the call's length (max(position_ids) + 1 in transformers'
 * forward), which picks dynamic NTK's base and longrope's factors.
 */
export function checkLayerTypes(
  ph: Phasor,
  layers: readonly RopeLayerType[],
  input: RopeTensors,
  positions: Float64Array | undefined,
  length: number,
): LayerVerdict[] {
  const main = input.kind === 'cache' ? input.cos : input.kind === 'invFreq' ? input.invFreq : input.rotated;
  const width = main.dModel;
  const slices = new Map<string, { slice: Slice; layers: { t: RopeLayerType; slice: Slice }[] }>();
  const verdicts = new Map<RopeLayerType, LayerVerdict>();
  for (const t of layers) {
    const s = sliceFor(t, input, width, length);
    if (typeof s === 'string') verdicts.set(t, { layer: t, match: false, reasons: [s] });
    else {
      const group = slices.get(s.key) ?? { slice: s, layers: [] };
      group.layers.push({ t, slice: s });
      slices.set(s.key, group);
    }
  }
  for (const { slice, layers: group } of slices.values()) {
    // Layer types of one scheme (Gemma 2's two, gpt-oss's two) are measured once: the core verifies one of a tie.
    const keys = [...new Set(group.map((g) => JSON.stringify(g.slice.scheme)))];
    const schemes = keys.map((k) => JSON.parse(k) as RopeFrequencyOptions);
    const id = ph.identifyRope({ ...identifyRopeOptions(input, positions, slice.columns), schemes });
    for (const { t, slice: own } of group) {
      const index = keys.indexOf(JSON.stringify(own.scheme));
      const candidate = id.candidates.find((c) => c.scheme === index);
      const reasons: string[] = [];
      const still = stillRefusal(input, slice.still, t.attentionFactor);
      if (still) reasons.push(still);
      if (!candidate) reasons.push(`not measured: ${id.message}`);
      else {
        // A scheme whose own factor does not fit the amplitude is measured at the amplitude: a wrong attention factor.
        if (candidate.match && Math.abs(candidate.attentionFactor / t.attentionFactor - 1) > 1e-9)
          reasons.push(
            `its amplitude is ${candidate.attentionFactor.toPrecision(6)} where this layer type's attention factor is ${t.attentionFactor.toPrecision(6)}`,
          );
        const pairing = pairingRefusal(candidate, t, input.kind);
        if (pairing) reasons.push(pairing);
        if (!candidate.match) reasons.push(departure(candidate, input.kind));
      }
      verdicts.set(t, { layer: t, match: reasons.length === 0, candidate, reasons, identification: id });
    }
  }
  return layers.map((t) => verdicts.get(t)!);
}

/** Where a candidate departs: the first measured row past its bound, and the worst. */
function departure(c: RopeCandidate, kind: RopeTensors['kind']): string {
  const k = Array.from(c.deviation).findIndex((d, i) => d > c.bound[i]);
  const where = kind === 'invFreq' ? 'pair' : 'position';
  const precision =
    c.precision === 'exact'
      ? 'exact arithmetic'
      : c.precision === 'float32'
        ? 'float32 arithmetic'
        : `${c.precision} storage`;
  const first =
    k >= 0
      ? `departs from ${where} ${c.positions[k]}${c.verified ? '' : ' (of the rows sampled)'}: ${formatSmall(c.deviation[k])} where ${precision} allows ${formatSmall(c.bound[k])}`
      : 'departs';
  const unit = kind === 'invFreq' ? ' (relative)' : '';
  return `${first}; at most ${formatSmall(c.maxError)}${unit}, ${c.worstRatio.toPrecision(3)} times the bound`;
}
