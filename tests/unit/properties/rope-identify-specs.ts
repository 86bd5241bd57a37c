// ph.identifyRope under property test, in each of its three inputs: a cos/sin
// cache, an inv_freq vector and q rows before and after the rotation, made by
// the float64 reference (references.ts: transformers' formulas) from a random
// theta and scaling, rounded to float32. Made as drawn, each must be named
// (theta and scaling type) with every row within its bound; changed by the
// hostile test, any well-formed answer or a named refusal will do.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { IdentifyRopeOptions, RopeIdentification, RopeScaling } from '../../../web/src/core/index.js';
import * as A from './arbitraries.js';
import * as R from './references.js';
import type { Spec } from './spec.js';

/** The scheme each drawn input was made with, keyed by its main array (hostile options keep that object). */
const made = new WeakMap<object, { theta: number; type: string; width?: number; rows?: number; pairs?: number }>();

// Schemes as configs write them: round bases, factors and lengths.
const scheme = fc.record({
  theta: fc.constantFrom(10000, 500000, 1000000),
  scaling: fc.oneof(
    fc.constant<RopeScaling | undefined>(undefined),
    fc.constantFrom(2, 4).map((factor): RopeScaling => ({ type: 'linear', factor })),
    fc
      .tuple(fc.constantFrom(4, 8, 16), fc.constantFrom(2048, 4096, 8192))
      .map(([factor, originalLength]): RopeScaling => ({ type: 'yarn', factor, originalLength })),
    fc
      .tuple(fc.constantFrom(8, 16), fc.constantFrom(2048, 8192))
      .map(([factor, originalLength]): RopeScaling => ({ type: 'llama3', factor, originalLength })),
  ),
  dim: fc.constantFrom(32, 64, 128),
});

/** The identification is well formed: a verdict, candidates with their per-row arrays, a sentence. */
function wellFormed(r: RopeIdentification) {
  expect(typeof r.match).toBe('boolean');
  expect(typeof r.message).toBe('string');
  for (const c of r.candidates) {
    expect(c.deviation.length).toBe(c.positions.length);
    expect(c.bound.length).toBe(c.positions.length);
    // A match is measured on every value, each row within its bound.
    if (c.match) expect(c.verified && c.deviation.every((d, k) => d <= c.bound[k])).toBe(true);
  }
}

function expectNamed(r: RopeIdentification, want: { theta: number; type: string }) {
  expect(r.match, r.message).toBe(true);
  const best = r.candidates[0];
  expect(best.theta).toBe(want.theta);
  expect(best.scaling?.type ?? 'none').toBe(want.type);
  best.deviation.forEach((d, k) => expect(d).toBeLessThanOrEqual(best.bound[k]));
}

export const identifyRopeCache: Spec<IdentifyRopeOptions> = {
  fn: 'identifyRope' as Spec['fn'],
  name: 'identifyRope (cos/sin cache)',
  keys: ['cos', 'sin', 'positions', 'width', 'headDim'],
  related: {
    cos: ['sin', 'width', 'positions'],
    sin: ['cos', 'width', 'positions'],
    positions: ['cos', 'width'],
    width: ['cos', 'positions'],
  },
  runs: 40,
  valid: fc
    .record({ scheme, rows: fc.integer({ min: 24, max: 80 }), layout: A.pairing, float64: fc.boolean() })
    .map(({ scheme: s, rows, layout, float64 }) => {
      const { omega, factor } = R.ropeFrequencies(s.dim, s.theta, s.scaling);
      const h = s.dim / 2;
      const Values = float64 ? Float64Array : Float32Array;
      const cos = new Values(rows * s.dim);
      const sin = new Values(rows * s.dim);
      for (let p = 0; p < rows; p++)
        for (let col = 0; col < s.dim; col++) {
          const j = layout === 'half' ? col % h : Math.floor(col / 2);
          cos[p * s.dim + col] = Math.fround(factor * Math.cos(p * omega[j]));
          sin[p * s.dim + col] = Math.fround(factor * Math.sin(p * omega[j]));
        }
      made.set(cos, { theta: s.theta, type: s.scaling?.type ?? 'none', width: s.dim, rows });
      return { cos, sin, width: s.dim, headDim: 2 * s.dim };
    }),
  check(o, result) {
    const r = result as RopeIdentification;
    wellFormed(r);
    const m = made.get(o.cos as object);
    if (!m || o.width !== m.width || o.positions !== undefined || !made.has(o.cos as object)) return;
    if (!(o.sin instanceof Float32Array || o.sin instanceof Float64Array) || o.sin.length !== o.cos!.length) return;
    expectNamed(r, m);
    expect(r.candidates[0].precision).toBe('exact');
    if (o.headDim === 2 * m.width!) expect(r.candidates[0].partialRotaryFactor).toBe(0.5);
  },
};

export const identifyRopeInvFreq: Spec<IdentifyRopeOptions> = {
  fn: 'identifyRope' as Spec['fn'],
  name: 'identifyRope (inv_freq)',
  keys: ['invFreq', 'headDim'],
  runs: 60,
  valid: scheme.map((s) => {
    const invFreq = Float32Array.from(R.ropeFrequencies(s.dim, s.theta, s.scaling).omega);
    made.set(invFreq, { theta: s.theta, type: s.scaling?.type ?? 'none', pairs: s.dim / 2 });
    return { invFreq };
  }),
  check(o, result) {
    const r = result as RopeIdentification;
    wellFormed(r);
    const m = made.get(o.invFreq as object);
    if (m) expectNamed(r, m);
  },
};

export const identifyRopeRotated: Spec<IdentifyRopeOptions> = {
  fn: 'identifyRope' as Spec['fn'],
  name: 'identifyRope (rotated rows)',
  keys: ['rotated', 'original', 'positions', 'width'],
  related: {
    rotated: ['original', 'width', 'positions'],
    original: ['rotated', 'width'],
    positions: ['rotated', 'width'],
    width: ['rotated', 'positions', 'original'],
  },
  runs: 40,
  valid: fc
    .record({
      scheme,
      rows: fc.integer({ min: 24, max: 64 }),
      pairing: A.pairing,
      seed: fc.integer({ min: 1, max: 1000 }),
    })
    .map(({ scheme: s, rows, pairing, seed }) => {
      const { omega, factor } = R.ropeFrequencies(s.dim, s.theta, s.scaling);
      // A q row per position, from a small congruential generator (values in (-1, 1)).
      let state = seed;
      const next = () => ((state = (state * 16807) % 2147483647) / 2147483647) * 2 - 1;
      const original = Float32Array.from({ length: rows * s.dim }, next);
      const rotated = new Float32Array(rows * s.dim);
      for (let p = 0; p < rows; p++)
        rotated.set(
          R.ropeRow(original.subarray(p * s.dim, (p + 1) * s.dim), p, omega, factor, pairing, pairing),
          p * s.dim,
        );
      made.set(rotated, { theta: s.theta, type: s.scaling?.type ?? 'none', width: s.dim, rows });
      return { rotated, original, width: s.dim };
    }),
  check(o, result) {
    const r = result as RopeIdentification;
    wellFormed(r);
    const m = made.get(o.rotated as object);
    if (!m || o.width !== m.width || o.positions !== undefined || !(o.original instanceof Float32Array)) return;
    if (o.original.length !== o.rotated!.length) return;
    expectNamed(r, m);
  },
};
