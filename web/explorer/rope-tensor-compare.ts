// What a dropped RoPE tensor is (a cos/sin cache, inv_freq, rotated rows),
// read from the tensors' names and shapes, and where identifyRope's answer
// departs from the RoPE a config gives a layer type: the rotary width, the
// frequencies (θ, scaling), the attention factor, the layout.
import type { IdentifyRopeOptions, Phasor, RopeCandidate, RopeLayerType } from '../src/core/index.js';
import type { ParsedTable } from '../src/check/index.js';
import { exact } from '../src/charts/format.js';
import { scalingText } from './rope-config-text.js';

export type TensorKind = 'cache' | 'invFreq' | 'rotated';

export interface TensorInput {
  kind: TensorKind;
  /** What the page calls it: 'cos/sin cache', 'inv_freq', 'rotated rows'. */
  what: string;
  name: string;
  dtype: string;
  rows: number;
  width: number;
  options: IdentifyRopeOptions;
}

const COS = /(^|[^a-z])cos/i;
const SIN = /(^|[^a-z])sin/i;

/**
 * The input the tables make: a cos and a sin (from one file, or kept in `pending` from an earlier one) make a
 * cache; a 1-D tensor or one named inv_freq is inv_freq; anything else is rows after RoPE (from rows of ones).
 * null while a cos waits for its sin.
 */
export function tensorInput(
  tables: readonly ParsedTable[],
  pending: { cos?: ParsedTable; sin?: ParsedTable },
): TensorInput | null {
  let other: ParsedTable | null = null;
  for (const t of tables) {
    // A .safetensors table is named 'file: tensor': the tensor's name says what it holds.
    const name = t.name.split(': ').pop()!;
    if (/inv_freq/i.test(name)) other ??= t;
    else if (COS.test(name) && !SIN.test(name)) pending.cos = t;
    else if (SIN.test(name) && !COS.test(name)) pending.sin = t;
    else other ??= t;
  }
  const { cos, sin } = pending;
  if (cos && sin) {
    pending.cos = pending.sin = undefined;
    if (cos.positions !== sin.positions || cos.dModel !== sin.dModel)
      throw new RangeError(
        `${cos.name} is ${cos.positions} × ${cos.dModel} but ${sin.name} is ${sin.positions} × ${sin.dModel}`,
      );
    return {
      kind: 'cache',
      what: 'cos/sin cache',
      name: `${cos.name} + ${sin.name}`,
      dtype: cos.dtype,
      rows: cos.positions,
      width: cos.dModel,
      options: { cos: cos.data, sin: sin.data, width: cos.dModel },
    };
  }
  if (!other) return null;
  if (/inv_freq/i.test(other.name) || other.positions === 1)
    return {
      kind: 'invFreq',
      what: 'inv_freq',
      name: other.name,
      dtype: other.dtype,
      rows: 1,
      width: other.dModel,
      options: { invFreq: other.data },
    };
  return {
    kind: 'rotated',
    what: 'rows after RoPE (read as rotated rows of ones)',
    name: other.name,
    dtype: other.dtype,
    rows: other.positions,
    width: other.dModel,
    options: { rotated: other.data, width: other.dModel },
  };
}

/** Relative difference, 0 when both are 0. */
const relative = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)));

/** The frequencies and factors differing by more than this are different RoPEs (float64 parameters agree far closer). */
const SAME = 1e-6;

/** Where the candidate departs from the layer type's RoPE, one line each; none: it is that RoPE. */
export function tensorDepartures(ph: Phasor, t: RopeLayerType, c: RopeCandidate, kind: TensorKind): string[] {
  const out: string[] = [];
  if (c.rotaryDim !== t.rotaryDim) out.push(`rotary width ${c.rotaryDim} (the config: ${t.rotaryDim})`);
  else {
    const omega = ph.ropeFrequencies(c.options).frequencies;
    let worst = 0;
    let at = 0;
    omega.forEach((w, i) => {
      const d = relative(w, t.invFreq[i] ?? 0);
      if (d > worst) [worst, at] = [d, i];
    });
    if (worst > SAME) {
      if (relative(c.theta, t.theta) > SAME) out.push(`θ ${exact(c.theta)} (the config: ${exact(t.theta)})`);
      const mine = scalingText(c.scaling);
      const theirs = scalingText(t.scaling);
      if (mine !== theirs) out.push(`scaling ${mine} (the config: ${theirs})`);
      out.push(
        `frequencies differ by up to ${exact(+(worst * 100).toPrecision(3))} % (pair ${at}: ${exact(+omega[at].toPrecision(6))}, the config ${exact(+t.invFreq[at].toPrecision(6))})`,
      );
    }
  }
  if (kind !== 'invFreq' && relative(c.attentionFactor, t.attentionFactor) > SAME)
    out.push(
      `attention factor ${exact(+c.attentionFactor.toPrecision(6))} (the config: ${exact(+t.attentionFactor.toPrecision(6))})`,
    );
  // A cache is laid out as the model writes its rotated values; rows after RoPE show both sides.
  if (kind === 'cache' && c.pairing && c.pairing !== t.outputPairing)
    out.push(`${c.pairing} cache layout (the config's model lays it out ${t.outputPairing})`);
  if (kind === 'rotated' && c.pairing && c.pairing !== t.pairing)
    out.push(`${c.pairing} pairing (the config: ${t.pairing})`);
  if (kind === 'rotated' && c.outputPairing && c.outputPairing !== t.outputPairing)
    out.push(`written back ${c.outputPairing} (the config: ${t.outputPairing})`);
  return out;
}
