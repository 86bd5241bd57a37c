// ph.identify on tables the frameworks' own float32 code made
// (tests/fixtures/frameworks/make_float32_tables.py: PyTorch code under
// Debian's python3-torch, float32 numpy transcriptions of tensor2tensor, MLX
// and keras-hub, float64 DistilBERT and Marian; float16 and bfloat16 copies):
// each named right, with the precision it was made in and every row's
// deviation within the bound that precision allows. Near misses are not
// called the table they miss; what no precision explains is refused in words.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { bfloat16Value, float16Value } from '../../web/src/check/half-floats.js';
import { createPhasor, type IdentifyCandidate, type Identification, type Phasor } from '../../web/src/core/index.js';

interface Case {
  id: string;
  source: string;
  shape: [number, number];
  dtype: 'float32' | 'float16' | 'bfloat16';
  offset: number;
  rowIndices: number[] | null;
  expect: {
    convention: string;
    options: Record<string, unknown>;
    precision: string;
    frequencies: string | null;
    exact: boolean;
  } | null;
  nearMiss?: Record<string, number>;
}
const dir = new URL('../fixtures/frameworks/', import.meta.url);
const { cases } = JSON.parse(readFileSync(new URL('float32_tables.json', dir), 'utf8')) as { cases: Case[] };
const bin = readFileSync(new URL('float32_tables.bin', dir));
const view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);

/** The stored values as a Float32Array (16-bit ones widened: they are float32 values too). */
function tableOf(c: Case): Float32Array {
  const n = c.shape[0] * c.shape[1];
  const out = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    if (c.dtype === 'float32') out[k] = view.getFloat32(c.offset + 4 * k, true);
    else {
      const bits = view.getUint16(c.offset + 2 * k, true);
      out[k] = c.dtype === 'float16' ? float16Value(bits) : bfloat16Value(bits);
    }
  }
  return out;
}
const byId = (id: string) => cases.find((c) => c.id === id)!;

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

function identified(c: Case): Identification {
  const [positions, dModel] = c.shape;
  return ph.identify({ table: tableOf(c), positions, dModel, ...(c.rowIndices ? { rowIndices: c.rowIndices } : {}) });
}

/** Candidates tied with the best: the same fitted table. */
const tiedWithBest = (r: Identification) =>
  r.candidates.filter((k) => k.maxError === r.candidates[0].maxError && k.deviation === r.candidates[0].deviation);

function expectWithinBound(k: IdentifyCandidate) {
  expect(k.bound.length).toBe(k.deviation.length);
  for (let r = 0; r < k.deviation.length; r++) {
    if (!(k.deviation[r] <= k.bound[r]))
      expect.fail(`row ${r}: deviation ${k.deviation[r]} above the ${k.precision} bound ${k.bound[r]}`);
  }
  expect(k.worstRatio).toBeLessThanOrEqual(1);
  expect(Math.max(...k.deviation)).toBe(k.maxError);
}

describe('identify names tables made by the frameworks’ own code, with their precision', () => {
  for (const c of cases.filter((k) => k.expect !== null)) {
    const e = c.expect!;
    test(`${c.id}: ${e.convention}, ${e.precision}${e.frequencies ? ` (${e.frequencies})` : ''}, every row within its bound`, () => {
      const result = identified(c);
      expect(result.match).toBe(true);
      expect(result.precision).toBe(e.precision);
      expect(result.exact).toBe(e.exact);
      expect(result.storage).toBe(e.precision === 'float16' || e.precision === 'bfloat16' ? e.precision : 'float32');
      const ours = tiedWithBest(result).find((k) => k.convention === e.convention);
      expect(
        ours,
        result.candidates.map((k) => `${k.convention} ${JSON.stringify(k.options)}`).join('; '),
      ).toBeDefined();
      const span = c.rowIndices ? c.rowIndices[c.rowIndices.length - 1] + 1 : c.shape[0];
      expect(ours!.options).toEqual({ positions: span, dModel: c.shape[1], convention: e.convention, ...e.options });
      expect(ours!.match).toBe(true);
      expect(ours!.precision).toBe(e.precision);
      expect(ours!.frequencies).toBe(e.frequencies);
      expect(ours!.exact).toBe(e.exact);
      expect(ours!.differs).toEqual([]);
      expectWithinBound(ours!);
    });
  }

  test('the exact tables of float64 frameworks still say exact, and their bound is float32 rounding', () => {
    for (const id of [
      'distilbert d768, 512 positions',
      'marian d512, 512 positions',
      'seed 003 numpy float64 d8, 100 positions',
    ]) {
      const best = identified(byId(id)).candidates[0];
      expect(best.precision).toBe('exact');
      expect(best.exact).toBe(true);
      expect(best.frequencies).toBeNull();
      // Both the table and ph.encode rounded the float64 value once: a float32 step at most,
      // and the float64 phases' own error (|p w| 2^-48 each, p < 1024 here).
      for (const b of best.bound) expect(b).toBeLessThanOrEqual(2 ** -23 + 2 ** -37 + 2 ** -39);
    }
  });

  test("fairseq's forward rows say what the issue asks: fairseq, float32 arithmetic, the departure within its bound", () => {
    const result = identified(byId('fairseq forward d512, 2000 tokens'));
    const best = result.candidates[0];
    expect(best.convention).toBe('fairseq');
    expect(best.notes[0]).toMatch(
      /^computed in float32 arithmetic with the float32 frequencies fairseq, Whisper and Hugging Face M2M100 \/ NLLB \/ Speech2Text computes(; \d+ of them a float32 step or two from the correctly rounded value, as the framework’s exp gives)?: departs from the exact table by at most [\d.e-]+ \(row \d+\), within the [\d.e-]+ float32 arithmetic allows there$/,
    );
    // The float32 departure grows with the position; the bound grows with it and stays above.
    const last = best.deviation.length - 1;
    expect(best.deviation[last]).toBeGreaterThan(10 * best.deviation[1]);
    expect(best.bound[last]).toBeGreaterThan(best.bound[1]);
    expect(best.maxError).toBeGreaterThan(5e-5);
  });

  test("tensor2tensor's table ties with Whisper's, whose float32 code computes the same frequencies: each says its own", () => {
    const tied = tiedWithBest(identified(byId('tensor2tensor d512, 5000 positions')));
    const t2t = tied.find((k) => k.convention === 'tensor2tensor')!;
    const whisper = tied.find((k) => k.convention === 'whisper')!;
    expect([t2t.match, t2t.frequencies]).toEqual([true, 'tensor2tensor']);
    expect([whisper.match, whisper.frequencies]).toEqual([true, 'torch-geometric']);
    expect(t2t.notes.join(' ')).toContain('same table as whisper');
  });

  test('a half-precision verdict only where float32 arithmetic does not explain the table', () => {
    const f32 = identified(byId('fairseq incremental d512, timesteps 3000-3004'));
    const f16 = identified(byId('fairseq incremental d512, timesteps 3000-3004, .half()'));
    expect(f32.precision).toBe('float32');
    expect(f16.precision).toBe('float16');
    expect(f16.candidates[0].maxError).toBeGreaterThan(f32.candidates[0].maxError);
  });
});

describe('identify does not take a near miss for the table it misses', () => {
  for (const c of cases.filter((k) => k.nearMiss !== undefined)) {
    const [[option, value]] = Object.entries(c.nearMiss!);
    test(`${c.id}: no candidate is the tutorial's own table; the one that fits says ${option} ${value}`, () => {
      const result = identified(c);
      for (const k of result.candidates) {
        const o = k.options;
        const tutorials =
          (o.convention === 'pytorch-tutorial' || o.convention === 'paper') &&
          (o.base ?? 10000) === 10000 &&
          (o.offset ?? 0) === 0 &&
          o.scale === undefined;
        if (tutorials) expect(k.match, `${JSON.stringify(o)} matched`).toBe(false);
      }
      const best = result.candidates[0];
      if (best.match) {
        expect(best.options[option]).toBeCloseTo(value, 9);
      } else {
        expect(best.differs[0]).toMatch(/^differs by up to /);
      }
    });
  }
});

describe('identify refuses, in words, a table no precision explains', () => {
  test('values a few float32 steps off the framework’s own (more than its sine errs) are not float32 arithmetic', () => {
    const c = byId('pytorch tutorial d200, 5000 positions');
    const table = tableOf(c);
    // Three float32 steps away from zero: PyTorch's sin is within 1 step, the model allows 2.
    const bits = new Uint32Array(table.buffer);
    for (let k = 0; k < table.length; k++) if (table[k] !== 0) bits[k] += 3;
    const [positions, dModel] = c.shape;
    const result = ph.identify({ table, positions, dModel, rowIndices: c.rowIndices! });
    expect(result.match).toBe(false);
    expect(result.candidates[0].differs[0]).toMatch(
      /^differs by up to [\d.e-]+ \(row \d+, column \d+\); [\d.e+]+ times what float32 arithmetic allows at row \d+, column \d+ \([\d.e-]+\)$/,
    );
  });

  test('a float16 table with one row from another table is not float16 storage', () => {
    const c = byId('pytorch tutorial d512, .half()');
    const table = tableOf(c);
    const dModel = c.shape[1];
    // Row 5 swapped for row 6: both float16 values, the table still all float16.
    table.copyWithin(5 * dModel, 6 * dModel, 7 * dModel);
    const result = ph.identify({ table, positions: c.shape[0], dModel, rowIndices: c.rowIndices! });
    expect(result.storage).toBe('float16');
    expect(result.match).toBe(false);
    expect(result.candidates[0].differs[0]).toMatch(/^row 5 differs/);
  });
});

describe('identify takes the rows of a table by their sequence indices', () => {
  test('the same fairseq rows, given whole or as a sample, give the same answer', () => {
    const c = byId('fairseq forward d64, 2000 tokens');
    const sample = identified(c);
    expect(sample.candidates[0].options).toMatchObject({ positions: 2000, convention: 'fairseq' });
    // Only the sampled rows exist here: give every other one of them, by index.
    const table = tableOf(c);
    const keep = c.rowIndices!.filter((_, k) => k % 2 === 0 || k < 20);
    const rows = keep.map((index) => c.rowIndices!.indexOf(index));
    const part = new Float32Array(rows.length * 64);
    rows.forEach((r, k) => part.set(table.subarray(r * 64, r * 64 + 64), k * 64));
    const fewer = ph.identify({ table: part, positions: rows.length, dModel: 64, rowIndices: keep });
    expect(fewer.match).toBe(true);
    expect(fewer.candidates[0].options).toEqual({ ...sample.candidates[0].options, positions: keep.at(-1)! + 1 });
    expect(fewer.candidates[0].precision).toBe('float32');
    expect(fewer.candidates[0].frequencies).toBe('torch-geometric');
  });

  test.each([
    ['not increasing', [0, 2, 1], /rowIndices must increase; got 1 after 2 at row 2/],
    ['a fraction', [0, 1.5, 3], /rowIndices must hold integers in \[0, \d+\); got 1\.5 at row 1/],
    ['negative', [-1, 0, 1], /rowIndices must hold integers in \[0, \d+\); got -1 at row 0/],
  ])('rowIndices %s is refused', (_what, rowIndices, message) => {
    const table = new Float32Array(3 * 4);
    expect(() => ph.identify({ table, positions: 3, dModel: 4, rowIndices })).toThrow(RangeError);
    expect(() => ph.identify({ table, positions: 3, dModel: 4, rowIndices })).toThrow(message);
  });

  test('rowIndices of the wrong length, or not numbers, are refused and the module keeps working', () => {
    const table = new Float32Array(3 * 4);
    expect(() => ph.identify({ table, positions: 3, dModel: 4, rowIndices: [0, 1] })).toThrow(
      /rowIndices must hold positions = 3 values; got 2/,
    );
    expect(() => ph.identify({ table, positions: 3, dModel: 4, rowIndices: 'abc' as never })).toThrow(TypeError);
    expect(identified(byId('marian d51, 160 positions')).match).toBe(true);
  });
});
