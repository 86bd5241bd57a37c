// Every framework's sinusoidal table, by convention name, against the float64
// numpy transcription of that framework's code (tests/fixtures/frameworks,
// CONVENTIONS.md): within float32 rounding of the float64 value, the 6e-8
// bound of docs/accuracy.md (half a float32 spacing below 1 is
// 2^-25 ≈ 3e-8, plus the float64 phase), scaled by the power of two at or
// above |scale| where a scale makes values larger than 1 (their float32
// spacing grows with them). Rows are sampled over 4096 positions.
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { conformanceCases, loadFixtures, maxError, valuesOf } from './conformance-cases.js';

const BOUND = 6e-8;
const boundFor = (scale: unknown) =>
  BOUND * 2 ** Math.max(0, Math.ceil(Math.log2(Math.abs(typeof scale === 'number' ? scale : 1))));
const fixtures = loadFixtures();
const cases = conformanceCases(fixtures);

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor();
});

describe('conventions reproduce each framework within float32 rounding', () => {
  test('every sinusoidal fixture has a case, odd widths and offsets among them', () => {
    expect(cases.length).toBe(56);
    expect(cases.some((c) => c.entry.shape[1] % 2 === 1)).toBe(true);
    expect(cases.filter((c) => c.entry.kind === 'buffer').length).toBe(9);
    expect(Math.max(...cases.flatMap((c) => c.rows))).toBeGreaterThanOrEqual(4095);
  });

  for (const c of cases) {
    const bound = boundFor(c.options.scale);
    test(`${c.entry.id}: max error < ${bound}`, () => {
      const error = maxError(ph, c, valuesOf(fixtures, c.entry));
      expect(error).toBeLessThan(bound);
    });
  }

  test('where a framework computes in float32, its own rounding is far outside the bound (docs show both; phasor is not tuned to it)', () => {
    const float32 = cases.filter((c) => c.entry.float32);
    expect(float32.length).toBeGreaterThanOrEqual(5);
    for (const c of float32) {
      const framework = valuesOf(fixtures, c.entry, 'float32');
      const want = valuesOf(fixtures, c.entry);
      let frameworkError = 0;
      for (let i = 0; i < want.length; i++) frameworkError = Math.max(frameworkError, Math.abs(framework[i] - want[i]));
      expect(frameworkError).toBeCloseTo(c.entry.float32!.maxAbsDiff, 12);
      expect(frameworkError).toBeGreaterThan(100 * BOUND);
      expect(maxError(ph, c, want)).toBeLessThan(BOUND);
    }
  });
});

describe('what a convention result says and refuses', () => {
  test('result.options are the general options used: ph.encode(result.options) gives the same table bit for bit', () => {
    for (const c of cases.filter((x) => !x.fractional)) {
      const first = ph.encode({ ...c.options, positions: 50 });
      const again = ph.encode(first.options);
      expect(again.table, c.entry.id).toEqual(first.table);
      expect(first.convention).toBe(c.options.convention);
      expect(again.convention).toBeUndefined();
    }
  });

  test('fairseq: the stored buffer has row paddingIdx zero, and forward row r is buffer row paddingIdx + 1 + r', () => {
    for (const paddingIdx of [0, 1, 5]) {
      const stored = ph.encode({ convention: 'fairseq', dModel: 9, paddingIdx, positions: 40, buffer: true }).table;
      const forward = ph.encode({ convention: 'fairseq', dModel: 9, paddingIdx, positions: 30 }).table;
      expect([...stored.subarray(paddingIdx * 9, paddingIdx * 9 + 9)]).toEqual(new Array(9).fill(0));
      expect(stored.subarray((paddingIdx + 1) * 9, (paddingIdx + 31) * 9)).toEqual(forward);
      // Only that row: the one before it is the formula at its position (row 0 is sin 0, cos 0 = 1).
      const other = paddingIdx === 0 ? 1 : 0;
      expect(stored.subarray(other * 9, other * 9 + 9).some((v) => v !== 0)).toBe(true);
      // The odd width's last column is zero in every row.
      for (let r = 0; r < 30; r++) expect(forward[r * 9 + 8]).toBe(0);
    }
  });

  test('offset counts on from a convention’s own first position, as pastKeyValuesLength and startIndex do', () => {
    const a = ph.encode({ convention: 'marian', dModel: 7, positions: 20, pastKeyValuesLength: 5 }).table;
    const b = ph.encode({ convention: 'marian', dModel: 7, positions: 20, offset: 5 }).table;
    const c = ph.encode({ convention: 'marian', dModel: 7, positions: 25 }).table.subarray(5 * 7);
    expect(a).toEqual(b);
    expect(a).toEqual(c);
    const t2t = ph.encode({ convention: 'tensor2tensor', dModel: 8, positions: 10, startIndex: 2 }).table;
    expect(t2t).toEqual(ph.encode({ convention: 'fairseq', dModel: 8, positions: 10 }).table);
  });

  test('ph.frequencies takes the same conventions and options', () => {
    const mlx = ph.frequencies({ convention: 'mlx', dModel: 8, fullTurns: true, maxFreq: 0.5, minFreq: 0.004 });
    expect(mlx.frequencies.length).toBe(4);
    expect(mlx.frequencies[0]).toBeCloseTo(Math.PI, 14);
    expect(mlx.frequencies[3]).toBeCloseTo(2 * Math.PI * 0.004, 14);
    const odd = ph.frequencies({ dModel: 7, oddWidth: 'extraSine' });
    expect([...odd.frequencies].map((w, i) => w / 10000 ** (-(2 * i) / 7))).toEqual(
      [1, 1, 1, 1].map((x, i) => expect.closeTo(x, 14) as number),
    );
    expect(ph.frequencies({ dModel: 7, oddWidth: 'zeroColumn' }).frequencies.length).toBe(3);
    expect(
      ph.frequencies({ dModel: 8, spacing: 'geometric', maxFrequency: 2, minFrequency: 0.002 }).frequencies[3],
    ).toBeCloseTo(0.002, 15);
  });

  const refusals: [string, () => unknown, ErrorConstructor, RegExp][] = [
    [
      'paper at an odd width',
      () => ph.encode({ convention: 'paper', positions: 2, dModel: 7 }),
      RangeError,
      /dModel must be even when oddWidth is 'error'.*got 7/,
    ],
    [
      'mlx at an odd width',
      () => ph.encode({ convention: 'mlx', positions: 2, dModel: 7 }),
      RangeError,
      /dModel must be even when oddWidth is 'error'/,
    ],
    [
      'whisper at width 2',
      () => ph.encode({ convention: 'whisper', positions: 2, dModel: 2 }),
      RangeError,
      /convention 'whisper'.*got 2/,
    ],
    [
      'fairseq at width 3',
      () => ph.encode({ convention: 'fairseq', positions: 2, dModel: 3 }),
      RangeError,
      /dModel must not be 2 or 3 for convention 'fairseq'.*got 3/,
    ],
    [
      'a general option beside a convention',
      () => ph.encode({ convention: 'fairseq', positions: 2, dModel: 8, layout: 'interleaved' }),
      TypeError,
      /layout is not an option of convention 'fairseq', whose options are positions, dModel, offset, buffer, into, paddingIdx, pastKeyValuesLength/,
    ],
    [
      'a framework parameter without its convention',
      () => ph.encode({ positions: 2, dModel: 8, minTimescale: 2 }),
      TypeError,
      /minTimescale is a framework parameter \(of convention 'tensor2tensor'\); give convention too/,
    ],
    [
      'an unknown convention',
      () => ph.encode({ convention: 'bert' as never, positions: 2, dModel: 8 }),
      RangeError,
      /convention must be one of 'paper', 'pytorch-tutorial', 'tensor2tensor'/,
    ],
    [
      'base and minFrequency',
      () => ph.encode({ positions: 2, dModel: 8, spacing: 'geometric', base: 10, minFrequency: 0.1 }),
      TypeError,
      /give base or minFrequency, not both/,
    ],
    [
      'minFrequency with the paper spacing',
      () => ph.encode({ positions: 2, dModel: 8, minFrequency: 0.1 }),
      RangeError,
      /minFrequency sets the geometric spacing's range/,
    ],
    [
      'timescales the wrong way round',
      () => ph.encode({ convention: 'tensor2tensor', positions: 2, dModel: 8, minTimescale: 10, maxTimescale: 5 }),
      RangeError,
      /base must be a finite number in \(1, 1e\+300\]; got 0\.5 \(convention 'tensor2tensor' sets base = maxTimescale \/ minTimescale\)/,
    ],
    [
      'maxFreq past the limit',
      () => ph.encode({ convention: 'mlx', positions: 2, dModel: 8, maxFreq: 20, minFreq: 1, fullTurns: true }),
      RangeError,
      /maxFrequency must be a finite number in \(0, 64\]; got 125\.66.* \(convention 'mlx' sets maxFrequency = maxFreq \(× 2π with fullTurns\)\)/,
    ],
    [
      'extraSine with the geometric spacing',
      () => ph.encode({ positions: 2, dModel: 7, spacing: 'geometric', oddWidth: 'extraSine' }),
      RangeError,
      /oddWidth 'extraSine' keeps the odd dModel in the paper's exponent/,
    ],
    [
      'an unknown oddWidth',
      () => ph.encode({ positions: 2, dModel: 7, oddWidth: 'pad' as never }),
      RangeError,
      /oddWidth must be one of 'error', 'zeroColumn', 'extraSine'; got "pad"/,
    ],
    [
      'an unknown order',
      () => ph.encode({ positions: 2, dModel: 8, order: 'cos' as never }),
      RangeError,
      /order must be one of 'sinCos', 'cosSin'; got "cos"/,
    ],
    [
      'a negative paddingIdx',
      () => ph.encode({ positions: 2, dModel: 8, paddingIdx: -1 }),
      RangeError,
      /paddingIdx must be an integer in \[0, 2147483647\]; got -1/,
    ],
    [
      'a fractional paddingIdx',
      () => ph.encode({ convention: 'fairseq', positions: 2, dModel: 8, paddingIdx: 1.5 }),
      RangeError,
      /paddingIdx must be an integer/,
    ],
    [
      'a string paddingIdx',
      () => ph.encode({ positions: 2, dModel: 8, paddingIdx: '1' as never }),
      TypeError,
      /paddingIdx must be a number/,
    ],
    [
      'an infinite scale',
      () => ph.encode({ positions: 2, dModel: 8, scale: Infinity }),
      RangeError,
      /scale must be a finite number in \[-1e\+30, 1e\+30\]; got Infinity/,
    ],
    [
      'a non-boolean cosFirst',
      () => ph.encode({ convention: 'mlx', positions: 2, dModel: 8, cosFirst: 1 as never }),
      TypeError,
      /cosFirst must be true or false/,
    ],
    [
      'positions past 2^31 after the padding row',
      () => ph.encode({ convention: 'fairseq', positions: 2, dModel: 8, offset: 2 ** 31 - 2 }),
      RangeError,
      /offset \(after paddingIdx \+ 1\) must be a finite number in \[-2147483650, 2147483645\]; got 2147483646/,
    ],
  ];
  for (const [what, call, type, message] of refusals) {
    test(`refuses ${what}, naming the option, and the next call works`, () => {
      expect(call).toThrow(type);
      expect(call).toThrow(message);
      expect(ph.encode({ positions: 2, dModel: 4 }).table.length).toBe(8);
    });
  }
});
