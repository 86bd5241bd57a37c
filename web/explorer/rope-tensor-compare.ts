// What a dropped RoPE tensor is (a cos/sin cache, inv_freq, rotated rows),
// read by check-input.ts from the tensors' names and shapes as "Check your
// table" reads it, and where identifyRope's answer
// departs from the RoPE a config gives a layer type: the rotary width, the
// frequencies (θ, scaling), the attention factor, the layout.
import type { IdentifyRopeOptions, Phasor, RopeCandidate, RopeLayerType } from '../src/core/index.js';
import type { CheckInput } from '../src/check/check-input.js';
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

/** The input identifyRope takes for what check-input.ts found; a plain 2-D tensor is read as rows after RoPE of rows of ones. */
export function tensorInput(input: CheckInput): TensorInput {
  switch (input.kind) {
    case 'cache':
      return {
        kind: 'cache',
        what: 'cos/sin cache',
        name: input.name,
        dtype: input.dtype,
        rows: input.rows,
        width: input.width,
        options: { cos: input.cos, sin: input.sin, width: input.width },
      };
    case 'invFreq':
      return {
        kind: 'invFreq',
        what: 'inv_freq',
        name: input.name,
        dtype: input.dtype,
        rows: 1,
        width: input.invFreq.length,
        options: { invFreq: input.invFreq },
      };
    case 'rotated':
      return {
        kind: 'rotated',
        what: input.original ? 'rows after RoPE' : 'rows after RoPE (of rows of ones)',
        name: input.name,
        dtype: input.dtype,
        rows: input.rows,
        width: input.width,
        options: {
          rotated: input.rotated,
          ...(input.original ? { original: input.original } : {}),
          width: input.width,
        },
      };
    case 'table': {
      const t = input.table;
      return {
        kind: 'rotated',
        what: 'rows after RoPE (of rows of ones)',
        name: t.name,
        dtype: t.dtype,
        rows: t.positions,
        width: t.dModel,
        options: { rotated: t.data, width: t.dModel },
      };
    }
  }
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
