// ph.identifyRope on what Hugging Face transformers itself makes, run under
// PyTorch (tests/fixtures/frameworks/make_rope_torch_caches.py): inv_freq
// buffers, cos/sin caches of the rotary embedding's forward and q rows rotated
// with them (DeepSeek-V3's through apply_rotary_pos_emb_interleave), in float32,
// bfloat16 and float16, for Llama 2, Llama 3.1, Qwen2.5-YaRN, linear x2,
// theta 1e6, dynamic NTK, longrope (Phi-3-mini-128k) and DeepSeek-V3. Each must
// be named right, match in the precision it was made in, and keep every row's
// deviation within its bound.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor, type RopeCandidate, type RopeIdentification } from '../../web/src/core/index.js';

interface Expect {
  type: string;
  theta: number;
  factor?: number;
  originalLength?: number;
  preset?: string;
  outputPairing?: string;
  rotatedPairing?: string;
  attentionFactor: number;
}
interface Case {
  id: string;
  family: string;
  kind: 'invFreq' | 'cache' | 'rotated';
  dtype: 'float32' | 'bfloat16' | 'float16';
  width: number;
  rows: number;
  positions?: number[];
  offset: number;
  sinOffset?: number;
  originalOffset?: number;
  expect: Expect;
}

const dir = new URL('../fixtures/frameworks/', import.meta.url);
const { cases } = JSON.parse(readFileSync(new URL('rope_torch_caches.json', dir), 'utf8')) as { cases: Case[] };
const bytes = readFileSync(new URL('rope_torch_caches.bin', dir));
const values = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
const slice = (offset: number, count: number) => values.slice(offset, offset + count);

/** x rounded to bfloat16 (nearest, ties to even), as torch's .to(torch.bfloat16). */
function bfloat16(x: number): number {
  const f = new Float32Array([x]);
  const bits = new Uint32Array(f.buffer);
  bits[0] = (bits[0] + 0x7fff + ((bits[0] >>> 16) & 1)) & 0xffff0000;
  return f[0];
}

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

function identify(c: Case): RopeIdentification {
  const n = c.rows * c.width;
  if (c.kind === 'invFreq') return ph.identifyRope({ invFreq: slice(c.offset, c.width / 2) });
  if (c.kind === 'cache')
    return ph.identifyRope({ cos: slice(c.offset, n), sin: slice(c.sinOffset!, n), positions: c.positions });
  return ph.identifyRope({
    rotated: slice(c.offset, n),
    ...(c.originalOffset !== undefined ? { original: slice(c.originalOffset, n) } : {}),
    positions: c.positions,
  });
}

/** The dynamic NTK base transformers grew for a call of seqLen positions (its _compute_dynamic_ntk_parameters). */
const grownBase = (base: number, factor: number, seqLen: number, length: number, dim: number) =>
  base * ((factor * seqLen) / length - (factor - 1)) ** (dim / (dim - 2));

function expectNamed(best: RopeCandidate, c: Case) {
  const want = c.expect;
  if (want.type === 'ntk') {
    // A base change: the grown base itself (no scaling), simplest; transformers' dynamic NTK at 8192 of 4096.
    expect(best.scaling).toBeUndefined();
    expect(Math.abs(best.theta / grownBase(10000, 2, 8192, 4096, c.width) - 1)).toBeLessThan(1e-4);
    return;
  }
  if (want.preset) expect(best.preset).toBe(want.preset);
  expect(best.scaling?.type ?? 'none').toBe(want.type);
  expect(best.theta).toBe(want.theta);
  if (want.factor) expect(best.scaling?.factor).toBe(want.factor);
  if (want.originalLength) expect(best.scaling?.originalLength).toBe(want.originalLength);
  expect(best.rotaryDim).toBe(c.width);
}

describe('identifyRope names transformers’ own tensors, with their precision', () => {
  for (const c of cases) {
    test(`${c.id}`, () => {
      const r = identify(c);
      expect(r.match, r.message).toBe(true);
      const best = r.candidates[0];
      expectNamed(best, c);
      expect(best.precision).toBe(c.dtype);
      expect(r.storage).toBe(c.dtype);
      expect(best.verified).toBe(true);
      // Every row within its bound, and the chart's arrays one per row (inv_freq: per pair).
      expect(best.positions.length).toBe(c.kind === 'invFreq' ? c.width / 2 : c.rows);
      best.deviation.forEach((d, k) => expect(d, `row ${k}`).toBeLessThanOrEqual(best.bound[k]));
      expect(best.worstRatio).toBeLessThanOrEqual(1);
      if (c.kind !== 'invFreq') {
        // transformers' float32 arithmetic is not the exact table at these positions (in float32).
        if (c.dtype === 'float32') expect(best.exact).toBe(false);
        expect(Math.abs(best.attentionFactor - c.expect.attentionFactor)).toBeLessThan(1e-6);
      }
      if (c.kind === 'cache') expect(best.pairing).toBe('half');
      if (c.kind === 'rotated') {
        expect(best.outputPairing).toBe(c.expect.outputPairing ?? 'half');
        // Rows of ones hold the same values under either pairing: the input pairing is not told.
        if (c.originalOffset === undefined) expect(best.pairing).toBeUndefined();
        else expect(best.pairing).toBe(c.expect.rotatedPairing ?? 'half');
      }
    });
  }

  test('the fixtures cover every family in every dtype and form', () => {
    const families = new Set(cases.map((c) => c.family));
    expect(families.size).toBe(8);
    for (const f of families)
      for (const dtype of ['float32', 'bfloat16', 'float16'])
        expect(cases.filter((c) => c.family === f && c.dtype === dtype).map((c) => c.kind)).toEqual([
          'invFreq',
          'cache',
          'rotated',
          'rotated',
        ]);
  });
});

describe('identifyRope refuses near misses of transformers’ caches, naming the nearest', () => {
  const qwen = cases.find((c) => c.id === 'qwen2.5-yarn/cache/bfloat16')!;
  const n = qwen.rows * qwen.width;

  test('a bfloat16 YaRN cache with one pair read at θ 5e5 instead of 1e6: refused, the nearest is YaRN θ 1e6', () => {
    const cos = slice(qwen.offset, n);
    const sin = slice(qwen.sinOffset!, n);
    const f = ph.ropeFrequencies({ preset: 'qwen2.5-7b-instruct-yarn' });
    const wrong = 500000 ** (-40 / 128);
    qwen.positions!.forEach((p, k) => {
      for (const col of [20, 84]) {
        cos[k * 128 + col] = bfloat16(f.attentionFactor * Math.cos(p * wrong));
        sin[k * 128 + col] = bfloat16(f.attentionFactor * Math.sin(p * wrong));
      }
    });
    const r = ph.identifyRope({ cos, sin, positions: qwen.positions });
    expect(r.storage).toBe('bfloat16');
    expect(r.match).toBe(false);
    expect(r.message).toMatch(/^no RoPE convention fits: the nearest is/);
    expect(r.candidates[0].theta).toBe(1000000);
    expect(r.candidates[0].worstRatio).toBeGreaterThan(1);
  });

  test('the same cache read half a position off: refused', () => {
    const r = ph.identifyRope({
      cos: slice(qwen.offset, n),
      sin: slice(qwen.sinOffset!, n),
      positions: qwen.positions!.map((p) => p + 0.5),
    });
    expect(r.match).toBe(false);
  });

  test('bfloat16 amplitude noise is explained, every other value scaled by 0.9 is not', () => {
    const cos = slice(qwen.offset, n);
    const sin = slice(qwen.sinOffset!, n);
    for (let k = 0; k < n; k += 2) [cos[k], sin[k]] = [bfloat16(cos[k] * 0.9), bfloat16(sin[k] * 0.9)];
    const r = ph.identifyRope({ cos, sin, positions: qwen.positions });
    expect(r.match).toBe(false);
    expect(r.message).toMatch(/^not a RoPE cos\/sin cache: cos² \+ sin² varies by/);
  });
});
