// ph.identify on tables made by the frameworks' transcriptions
// (tests/fixtures/frameworks/make_identify_tables.py: widths, offsets and
// bases identify was not tuned to), on noise, a learned-looking table, one
// wrong column, a swapped pair, and bad input.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';

interface Case {
  id: string;
  shape: [number, number];
  offset: number;
  expect: { convention: string; options: Record<string, unknown> } | null;
}
const dir = new URL('../fixtures/frameworks/', import.meta.url);
const { cases } = JSON.parse(readFileSync(new URL('identify_tables.json', dir), 'utf8')) as { cases: Case[] };
const bin = readFileSync(new URL('identify_tables.bin', dir));
const tableOf = (c: Case) =>
  new Float64Array(
    bin.buffer.slice(bin.byteOffset + c.offset, bin.byteOffset + c.offset + c.shape[0] * c.shape[1] * 8),
  );
const byId = (id: string) => cases.find((c) => c.id === id)!;

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

describe('identify names the framework of a table from its transcription', () => {
  for (const c of cases.filter((k) => k.expect !== null)) {
    test(`${c.id}: ${c.expect!.convention} first or tied with the first, with its options, within float32 rounding`, () => {
      const [positions, dModel] = c.shape;
      const result = ph.identify({ table: tableOf(c), positions, dModel });
      expect(result.match).toBe(true);
      expect(result.exact).toBe(true);
      expect(result.precision).toBe('exact');
      const best = result.candidates[0];
      expect(best.differs).toEqual([]);
      expect(best.maxError).toBeLessThanOrEqual(6e-8);
      expect(best.precision).toBe('exact');
      expect(best.frequencies).toBeNull();
      expect(best.rmsError).toBeLessThanOrEqual(best.maxError);
      const ours = result.candidates.find((k) => k.convention === c.expect!.convention)!;
      expect(ours.options).toEqual({ positions, dModel, convention: c.expect!.convention, ...c.expect!.options });
      expect(ours.maxError).toBe(best.maxError);
      if (ours !== best) expect(best.notes.join(' ')).toContain(`${c.expect!.convention}`); // a tie, said as one
    });

    test(`${c.id}: ph.encode(options) of every candidate that reproduces gives the table`, () => {
      const [positions, dModel] = c.shape;
      const table = tableOf(c);
      const exact = ph.identify({ table, positions, dModel }).candidates.filter((k) => k.differs.length === 0);
      expect(exact.length).toBeGreaterThan(0);
      for (const k of exact) {
        const made = ph.encode(k.options as never).table;
        let worst = 0;
        for (let v = 0; v < table.length; v++) worst = Math.max(worst, Math.abs(made[v] - table[v]));
        expect(worst, `${k.convention} ${JSON.stringify(k.options)}`).toBeLessThanOrEqual(k.maxError + 1e-12);
      }
    });
  }

  test('the same table as Float32Array matches with the same answer', () => {
    const c = byId('whisper d80 max 3000');
    const [positions, dModel] = c.shape;
    const result = ph.identify({ table: Float32Array.from(tableOf(c)), positions, dModel });
    expect(result.match).toBe(true);
    expect(result.candidates[0].options).toEqual({ positions, dModel, convention: 'whisper', maxTimescale: 3000 });
    expect(result.candidates[0].notes[0]).toMatch(/^the exact table: departs from the exact table by at most /);
    expect(result.candidates[0].notes.slice(1)).toEqual([
      `same table as tensor2tensor (maxTimescale 3000); mlx (minFreq ${1 / 3000}, scale 1)`,
    ]);
    expect(result.candidates[0].maxError).toBeLessThanOrEqual(6e-8);
  });

  test("fairseq's forward rows tie with tensor2tensor from startIndex 2, and say so", () => {
    const c = byId('fairseq forward d33');
    const [positions, dModel] = c.shape;
    const { candidates } = ph.identify({ table: tableOf(c), positions, dModel });
    const t2t = candidates.find((k) => k.convention === 'tensor2tensor')!;
    expect(candidates[0].options).toEqual({ positions, dModel, convention: 'fairseq' });
    expect(t2t.options).toEqual({ positions, dModel, convention: 'tensor2tensor', startIndex: 2 });
    expect(t2t.maxError).toBe(candidates[0].maxError);
    expect(t2t.notes).toContain("rows are shifted by 2: fairseq's padding_idx 1 (also M2M100, NLLB, Speech2Text)?");
    expect(candidates[0].notes.join(' ')).toContain('tensor2tensor (startIndex 2)');
  });

  test('distilbert and keras-hub tie on an odd width (CONVENTIONS.md exact ties)', () => {
    const c = byId('distilbert d45');
    const [positions, dModel] = c.shape;
    const names = ph
      .identify({ table: tableOf(c), positions, dModel })
      .candidates.filter((k) => k.differs.length === 0)
      .map((k) => k.convention);
    expect(names.slice(0, 2)).toEqual(['distilbert', 'keras-hub']);
  });
});

describe('identify answers "no match"', () => {
  for (const id of ['noise', 'learned']) {
    test(`for ${id}, with words for why`, () => {
      const c = byId(id);
      const [positions, dModel] = c.shape;
      const result = ph.identify({ table: tableOf(c), positions, dModel });
      expect(result.match).toBe(false);
      expect(result.candidates[0].differs).toEqual([
        'no sin/cos pairs of constant amplitude: noise or a learned embedding?',
      ]);
      expect(result.candidates[0].maxError).toBeGreaterThan(1e-2);
    });
  }

  test('for a table with one column wrong, naming the column', () => {
    const c = byId('marian d51 past 5');
    const [positions, dModel] = c.shape;
    const table = tableOf(c);
    for (let r = 0; r < positions; r++) table[r * dModel + 17] += 2e-6 * Math.cos(r);
    const result = ph.identify({ table, positions, dModel });
    expect(result.match).toBe(false);
    expect(result.candidates[0].convention).toBe('marian');
    expect(result.candidates[0].worstColumn).toBe(17);
    expect(result.candidates[0].differs[0]).toMatch(/^column 17 differs \(by up to 2\.00\d*e-6\)$/);
  });

  test('for a paper table with its first pair swapped: cos first?', () => {
    const c = byId('paper d96 base 2500 offset 13');
    const [positions, dModel] = c.shape;
    const table = tableOf(c);
    for (let r = 0; r < positions; r++)
      [table[r * dModel], table[r * dModel + 1]] = [table[r * dModel + 1], table[r * dModel]];
    const result = ph.identify({ table, positions, dModel });
    expect(result.match).toBe(false);
    expect(result.candidates[0].options).toMatchObject({ convention: 'paper', base: 2500, offset: 13 });
    expect(result.candidates[0].differs).toEqual(['columns 0 and 1 swapped: cos first?']);
  });
});

describe('identify says how a table was made', () => {
  test('a table rounded to float16: the convention, stored in float16 after exact arithmetic', () => {
    const c = byId('fairseq forward d33');
    const [positions, dModel] = c.shape;
    const table = tableOf(c);
    // Round to float16's 11 significant bits (normal numbers; values below 2^-14 to its subnormal step).
    const half = (x: number) => {
      const step = 2 ** (Math.max(Math.floor(Math.log2(Math.abs(x))), -14) - 10);
      return x === 0 ? 0 : Math.round(x / step) * step;
    };
    for (let v = 0; v < table.length; v++) table[v] = half(table[v]);
    const result = ph.identify({ table, positions, dModel });
    expect(result.match).toBe(true);
    expect(result.exact).toBe(false);
    expect(result.storage).toBe('float16');
    expect(result.precision).toBe('float16');
    expect(result.candidates[0].options).toEqual({ positions, dModel, convention: 'fairseq' });
    expect(result.candidates[0].frequencies).toBeNull();
    expect(result.candidates[0].notes[0]).toMatch(
      /^the exact table then stored in float16: departs from the exact table by at most/,
    );
  });

  test("the PyTorch tutorial's float32 arithmetic, written here: float32, with the tutorial's frequencies", () => {
    const positions = 2048;
    const dModel = 64;
    // The tutorial's float32 phases (position * div_term in float32), its sines rounded once.
    const table = new Float32Array(positions * dModel);
    for (let i = 0; i < dModel / 2; i++) {
      const divTerm = Math.fround(Math.exp(Math.fround(2 * i * Math.fround(-Math.log(10000) / dModel))));
      for (let p = 0; p < positions; p++) {
        const angle = Math.fround(p * divTerm);
        table[p * dModel + 2 * i] = Math.sin(angle);
        table[p * dModel + 2 * i + 1] = Math.cos(angle);
      }
    }
    const result = ph.identify({ table, positions, dModel });
    expect(result.match).toBe(true);
    expect(result.exact).toBe(false);
    expect(result.precision).toBe('float32');
    expect(result.candidates[0].convention).toBe('paper');
    expect(result.candidates[0].frequencies).toBe('torch-paper');
    expect(result.candidates[0].maxError).toBeGreaterThan(1e-5); // the float32 angles' drift from the exact table
    expect(result.candidates[0].notes.join(' ')).toContain('pytorch-tutorial');
  });
});

describe('identify refuses bad input with a named error, and keeps working', () => {
  const good = () => {
    const c = byId('whisper d80 max 3000');
    return { table: tableOf(c), positions: c.shape[0], dModel: c.shape[1] };
  };
  test.each([
    [
      'a table of the wrong length',
      () => ({ ...good(), positions: good().positions - 1 }),
      RangeError,
      /table must hold positions × dModel = 19920 values; got 20000/,
    ],
    [
      'a NaN value',
      () => {
        const g = good();
        g.table[85] = NaN;
        return g;
      },
      RangeError,
      /table must hold finite numbers; got NaN at row 1, column 5/,
    ],
    [
      'an Infinity',
      () => {
        const g = good();
        g.table[0] = -Infinity;
        return g;
      },
      RangeError,
      /got -Infinity at row 0, column 0/,
    ],
    [
      'one row',
      () => ({ table: new Float64Array(80), positions: 1, dModel: 80 }),
      RangeError,
      /positions must be an integer in \[2, /,
    ],
    [
      'sizes past maxIdentifyValues',
      () => ({ table: new Float64Array(4), positions: 3073, dModel: 1024 }),
      RangeError,
      /positions x dModel, must be at most 3145728; got 3146752/,
    ],
    [
      'a plain array',
      () => ({ ...good(), table: [1, 2, 3] }),
      TypeError,
      /table must be a plain Float32Array or Float64Array/,
    ],
    ['a missing table', () => ({ positions: 2, dModel: 2 }), TypeError, /option 'table' is required/],
    ['a misspelt option', () => ({ ...good(), dmodel: 80 }), TypeError, /dmodel/],
  ])('%s', (_what, make, type, message) => {
    expect(() => ph.identify(make() as never)).toThrow(type);
    expect(() => ph.identify(make() as never)).toThrow(message);
    expect(ph.identify(good()).match).toBe(true);
  });

  test('the limit is the one the core reports', () => {
    expect(ph.limits.maxIdentifyValues).toBe(3 * 2 ** 20);
  });
});
