// ph.identifyRope on inverse-frequency vectors and cos/sin caches made by the
// float64 transcriptions (tests/fixtures/frameworks/make_rope_identify_cases.py)
// at settings identify was not tuned to, rounded to float32 as exported; and on
// noise, a vector with one frequency off, and random caches: no match.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor, type RopeCandidate } from '../../web/src/core/index.js';

interface Case {
  name: string;
  params: Record<string, number>;
  expect: { type: string; theta?: number; factor?: number; originalLength?: number; pairing?: string; preset?: string };
  attentionFactor: number;
  invFreq: number[];
  invFreq32?: number[];
  positions: number[];
  width: number;
  cos: number[];
  sin: number[];
}
const { cases } = JSON.parse(
  readFileSync(new URL('../fixtures/frameworks/rope_identify_cases.json', import.meta.url), 'utf8'),
) as { cases: Case[] };

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

function expectFits(best: RopeCandidate, c: Case) {
  const want = c.expect;
  expect(best.maxError).toBeLessThanOrEqual(best.tolerance);
  expect(best.rotaryDim).toBe(c.params.dim);
  if (want.preset) expect(best.preset).toBe(want.preset);
  if (want.type === 'ntk') return; // a base change: checked below
  expect(best.scaling?.type ?? 'none').toBe(want.type);
  if (want.theta) expect(best.theta).toBe(want.theta);
  if (want.factor) expect(best.scaling?.factor).toBe(want.factor);
  if (want.originalLength) expect(best.scaling?.originalLength).toBe(want.originalLength);
  // The options reproduce the candidate.
  const again = ph.ropeFrequencies(best.options);
  c.invFreq.forEach((w, i) => expect(Math.abs(again.frequencies[i] / w - 1)).toBeLessThan(4e-6));
}

describe('identifyRope names what the transcriptions made', () => {
  for (const c of cases) {
    test(`inv_freq: ${c.name}`, () => {
      const r = ph.identifyRope({ invFreq: c.invFreq });
      expect(r.match, r.message).toBe(true);
      expectFits(r.candidates[0], c);
      if (c.invFreq32) {
        // transformers' own float32 arithmetic: the same verdict.
        const r32 = ph.identifyRope({ invFreq: new Float32Array(c.invFreq32) });
        expect(r32.match, r32.message).toBe(true);
        expect(r32.candidates[0].scaling?.type).toBe(r.candidates[0].scaling?.type);
      }
    });

    test(`cos/sin cache: ${c.name}`, () => {
      const r = ph.identifyRope({ cos: new Float32Array(c.cos), sin: new Float32Array(c.sin), positions: c.positions });
      expect(r.match, r.message).toBe(true);
      const best = r.candidates[0];
      expectFits(best, c);
      expect(best.pairing).toBe(c.expect.pairing ?? 'half');
      expect(Math.abs(best.attentionFactor - c.attentionFactor)).toBeLessThan(1e-6);
      // The fitted options give the cache's own amplitude (mscale's 0.936 included).
      expect(Math.abs(ph.ropeFrequencies(best.options).attentionFactor - c.attentionFactor)).toBeLessThan(1e-6);
    });
  }

  test('dynamic NTK is a base change: the base that fits, and an NTK reading from θ = 10000', () => {
    const c = cases.find((k) => k.name.startsWith('dynamic'))!;
    const r = ph.identifyRope({ invFreq: c.invFreq });
    const grown =
      c.params.base *
      ((c.params.factor * c.params.seq_len) / c.params.max_position_embeddings - (c.params.factor - 1)) ** (128 / 126);
    expect(Math.abs(r.candidates[0].theta / grown - 1)).toBeLessThan(1e-6);
    const ntk = r.candidates.find((k) => k.scaling?.type === 'ntk')!;
    expect(ntk.maxError).toBeLessThanOrEqual(ntk.tolerance);
    expect(ntk.theta).toBe(10000);
  });

  test('a long cache (2048 positions × 64): llama3 found, no stack limits on big inputs', () => {
    const f = ph.ropeFrequencies({
      dim: 64,
      theta: 500000,
      scaling: { type: 'llama3', factor: 8, originalLength: 8192 },
    });
    const n = 2048;
    const cos = new Float32Array(n * 64);
    const sin = new Float32Array(n * 64);
    for (let p = 0; p < n; p++) {
      for (let i = 0; i < 32; i++) {
        cos[p * 64 + i] = cos[p * 64 + 32 + i] = Math.cos(p * f.frequencies[i]);
        sin[p * 64 + i] = sin[p * 64 + 32 + i] = Math.sin(p * f.frequencies[i]);
      }
    }
    const r = ph.identifyRope({ cos, sin, width: 64 });
    expect(r.match, r.message).toBe(true);
    expect(r.candidates[0].scaling).toMatchObject({
      type: 'llama3',
      factor: 8,
      originalLength: 8192,
      highFreqFactor: 4,
    });
    expect(r.candidates[0].theta).toBe(500000);
  });

  test('a partial rotary cache: headDim gives the rotated fraction', () => {
    const c = cases.find((k) => k.name.startsWith('GPT-J'))!;
    const r = ph.identifyRope({ cos: c.cos, sin: c.sin, positions: c.positions, headDim: 256 });
    expect(r.candidates[0].partialRotaryFactor).toBe(0.125);
  });
});

describe('identifyRope says no for what is not RoPE', () => {
  const random = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => Math.abs(Math.sin(i * 12.9898 + seed) * 43758.5453) % 1);

  test('random frequencies: no match, and says only arbitrary factors fit', () => {
    const r = ph.identifyRope({ invFreq: random(32, 1).map((u) => 0.001 + u) });
    expect(r.match).toBe(false);
    expect(r.message).toMatch(/no RoPE convention fits/);
  });

  test('one frequency off by 1e-3 of a default vector: no match, the nearest named', () => {
    const w = Array.from({ length: 32 }, (_, i) => 10000 ** (-i / 32));
    w[20] *= 1.001;
    const r = ph.identifyRope({ invFreq: w });
    expect(r.match).toBe(false);
    expect(r.message).toMatch(/nearest is/);
  });

  test('a cache of noise: not a RoPE cache (its amplitude varies)', () => {
    const r = ph.identifyRope({ cos: random(17 * 64, 2), sin: random(17 * 64, 3), width: 64 });
    expect(r.match).toBe(false);
    expect(r.message).toMatch(/not a RoPE cos\/sin cache/);
  });

  test('a cache with one column rotated at the wrong rate: no match', () => {
    const c = cases.find((k) => k.name.startsWith('yarn x8'))!;
    const cos = Float64Array.from(c.cos);
    const sin = Float64Array.from(c.sin);
    c.positions.forEach((p, k) => {
      cos[k * c.width + 5] = c.attentionFactor * Math.cos(p * 0.3);
      sin[k * c.width + 5] = c.attentionFactor * Math.sin(p * 0.3);
    });
    const r = ph.identifyRope({ cos, sin, positions: c.positions });
    expect(r.match).toBe(false);
  });

  test('bad input is refused with the option named', () => {
    expect(() => ph.identifyRope({})).toThrow(TypeError);
    expect(() => ph.identifyRope({ invFreq: [1, -1] })).toThrow(/invFreq must hold at least one finite frequency > 0/);
    expect(() => ph.identifyRope({ cos: [1, 0], sin: [0] })).toThrow(/cos and sin must hold the same number of values/);
    expect(() => ph.identifyRope({ cos: [1, 0, 1], sin: [0, 0, 0], width: 2 })).toThrow(
      /width must be an integer ≥ 1 dividing cos\.length/,
    );
  });
});
