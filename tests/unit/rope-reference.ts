// Golden data for the RoPE and attention tests: tests/fixtures/rope_reference.json,
// made by make_rope_fixtures.py (numpy float64, independent of the C++ core).
import { readFileSync } from 'node:fs';
import type { Pairing, RopeScaling, ShiftEncoding } from '../../web/src/core/index.js';

export interface RopeFixture {
  normalSamples: { seed: number; stream: number; std: number; values: number[] };
  rope: {
    name: string;
    dim: number;
    positions: number[];
    theta: number;
    pairing: Pairing;
    scaling?: RopeScaling;
    rows: number[];
    values: number[];
  }[];
  ropeTableMismatch: { dim: number; positions: number[]; rows: number[]; values: number[] };
  ropeFrequencies: {
    dim: number;
    theta: number;
    scaling: RopeScaling;
    frequencies: number[];
    attentionFactor: number;
  }[];
  alibiSlopes: Record<string, number[]>;
  attention: {
    dModel: number;
    dHead: number;
    seed: number;
    positions: number[];
    tokens: number[];
    wq: number[];
    wk: number[];
    additive: Record<'total' | 'contentContent' | 'contentPosition' | 'positionContent' | 'positionPosition', number[]>;
    rope: Record<string, number[]>;
    alibi: { heads: number; head: number; bias: number[]; total: number[] };
  };
  shiftFit: {
    encoding: ShiftEncoding;
    dModel: number;
    base: number;
    k: number;
    positions: number;
    offset: number;
    stride: number;
    rank: number;
    residual: number;
    extrapolationResidual: number;
    singularValues: number[];
    encodingAt: { p: number; values: number[] };
  }[];
  sinusoidalMap: { dModel: number; base: number; k: number; positions: number; map: number[] };
  embeddingScale: {
    dModel: number;
    positions: number;
    offset: number;
    seed: number;
    tokenNorm: number[];
    scaledTokenNorm: number[];
    peNorm: number[];
    sumNorm: number[];
    scaledSumNorm: number[];
  };
  positionResolution: { dModel: number; bases: number[]; lengths: number[]; minOffset: number; minDistance: number[] };
}

export const ropeFixture: RopeFixture = JSON.parse(
  readFileSync(new URL('../fixtures/rope_reference.json', import.meta.url), 'utf8'),
);

/** max over i of |a_i − b_i| / (1 + |b_i|): absolute near 0, relative for large values. */
export function maxScaledDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`length ${a.length} != ${b.length}`);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]) / (1 + Math.abs(b[i])));
  return Number.isNaN(worst) ? Infinity : worst;
}
