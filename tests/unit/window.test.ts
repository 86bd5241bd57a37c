// The pixel-resolution views and the rotation chart's pieces, through the
// public API, against float64 references written from the definitions
// (reference.ts): brute-force means of PE over a bin, the closed form
// Σ cos(ω_i k), and the matrix products done in JavaScript.
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { maxAbsDiff, omega, peRow } from './reference.js';

let ph: Phasor;
let scalar: Phasor;
beforeAll(async () => {
  ph = await createPhasor();
  scalar = await createPhasor({ kernels: 'scalar' });
});

/** Mean of PE(p) over p = first … first + stride − 1, in float64. */
function meanRow(
  first: number,
  stride: number,
  dModel: number,
  base = 10000,
  layout: 'interleaved' | 'split' = 'interleaved',
): Float64Array {
  const sum = new Float64Array(dModel);
  for (let n = 0; n < stride; n++) {
    const row = peRow(first + n, dModel, base, layout);
    for (let j = 0; j < dModel; j++) sum[j] += row[j];
  }
  return sum.map((v) => v / stride);
}

const closedDot = (k: number, dModel: number, base = 10000) => {
  let s = 0;
  for (let i = 0; i < dModel / 2; i++) s += Math.cos(omega(i, dModel, base) * k);
  return s;
};

describe('encodeBins', () => {
  test('encodeBins with stride 1 is encode, value for value', () => {
    const a = ph.encodeBins({ first: -300, stride: 1, count: 2000, dModel: 96, base: 500, layout: 'split' });
    const b = ph.encode({ positions: 2000, dModel: 96, base: 500, offset: -300, layout: 'split' }).table;
    expect(a).toEqual(b);
  });

  test('encodeBins gives each bin the float64 mean of PE over its positions, within float32 rounding', () => {
    for (const [first, stride] of [
      [0, 8],
      [-1000, 37],
      [2 ** 31 - 20 * 64, 64],
    ]) {
      const rows = ph.encodeBins({ first, stride, count: 20, dModel: 32 });
      for (const r of [0, 7, 19]) {
        const want = meanRow(first + r * stride, stride, 32);
        expect(
          maxAbsDiff(rows.subarray(r * 32, (r + 1) * 32), want),
          `first ${first}, stride ${stride}, bin ${r}`,
        ).toBeLessThan(6e-8 + Math.abs(first) * 2.3e-16);
      }
    }
  });

  test('encodeBins reaches the ends of the positions phasor accepts and refuses beyond them', () => {
    const stride = 2 ** 22;
    const rows = ph.encodeBins({ first: -(2 ** 31), stride, count: 1024, dModel: 8 });
    expect(rows.length).toBe(1024 * 8);
    expect(rows.every(Number.isFinite)).toBe(true);
    // The slowest pair of d = 8 (λ ≈ 6,283 ≪ 2^22): its bins average to almost 0.
    expect(Math.max(...Array.from({ length: 1024 }, (_, r) => Math.abs(rows[r * 8 + 6])))).toBeLessThan(2e-3);
    expect(() => ph.encodeBins({ first: -(2 ** 31), stride, count: 1025, dModel: 8 })).toThrow(
      /window .* must stay within/,
    );
    expect(() => ph.encodeBins({ first: 0, stride: 1.5, count: 2, dModel: 8 })).toThrow(RangeError);
    expect(() => ph.encodeBins({ first: 0, stride: 1, count: 2, dModel: 8, into: new Float32Array(3) })).toThrow(
      /into must hold 16/,
    );
    // ... and the module still works.
    expect(ph.encodeBins({ first: 0, stride: 1, count: 1, dModel: 2 })).toEqual(new Float32Array([0, 1]));
  });

  test('encodeBins writes into the caller’s array when given one', () => {
    const into = new Float32Array(5 * 4);
    const out = ph.encodeBins({ first: 3, stride: 2, count: 5, dModel: 4, into });
    expect(out).toBe(into);
    expect(maxAbsDiff(into.subarray(0, 4), meanRow(3, 2, 4))).toBeLessThan(6e-8);
  });

  test('encodeBinColumns gives the chosen dimensions of encodeBins, one column each', () => {
    const all = ph.encodeBins({ first: 50, stride: 3, count: 700, dModel: 64, layout: 'split' });
    const dims = [0, 33, 63, 5];
    const cols = ph.encodeBinColumns({ first: 50, stride: 3, count: 700, dModel: 64, layout: 'split', dims });
    dims.forEach((j, n) => {
      for (let r = 0; r < 700; r++) expect(cols[n * 700 + r]).toBe(all[r * 64 + j]);
    });
    expect(() => ph.encodeBinColumns({ first: 0, stride: 1, count: 2, dModel: 8, dims: [8] })).toThrow(/dims/);
  });

  test('the scalar build gives the same bins', () => {
    const o = { first: 12345, stride: 999, count: 1500, dModel: 128 };
    expect(scalar.encodeBins(o)).toEqual(ph.encodeBins(o));
  });
});

describe('dot products and distances by bins', () => {
  test('dotByOffsetBins with stride 1 from 0 is dotByOffset', () => {
    expect(ph.dotByOffsetBins({ first: 0, stride: 1, count: 1001, dModel: 512 })).toEqual(
      ph.dotByOffset({ dModel: 512, maxOffset: 1000 }),
    );
  });

  test('dotByOffsetBins gives each bin the mean of Σ cos(ω_i k) over its offsets', () => {
    const bins = ph.dotByOffsetBins({ first: 100, stride: 16, count: 20, dModel: 64 });
    for (let r = 0; r < 20; r++) {
      let sum = 0;
      for (let n = 0; n < 16; n++) sum += closedDot(100 + r * 16 + n, 64);
      expect(Math.abs(bins[r] - sum / 16)).toBeLessThan(4e-6);
    }
    const cos = ph.dotByOffsetBins({ first: 100, stride: 16, count: 20, dModel: 64, normalize: true });
    expect(
      maxAbsDiff(
        cos,
        Array.from(bins, (v) => v / 32),
      ),
    ).toBeLessThan(1e-7);
  });

  test('measuredDotBins with stride 1 is the dot product of the encoded rows PE(p) and PE(p + k)', () => {
    const p = 1000;
    const dots = ph.measuredDotBins({ p, first: 0, stride: 1, count: 101, dModel: 128 });
    const { table } = ph.encode({ positions: 101, dModel: 128, offset: p });
    for (const k of [0, 1, 50, 100]) {
      let dot = 0;
      for (let j = 0; j < 128; j++) dot += table[j] * table[k * 128 + j];
      expect(dots[k]).toBe(dot);
      expect(Math.abs(dots[k] - closedDot(k, 128))).toBeLessThan(1e-5);
    }
  });

  test('offsetRowBins with stride 1 is the first row of distanceMatrix and similarityMatrix', () => {
    const n = 300;
    expect(ph.offsetRowBins({ first: 0, stride: 1, count: n, dModel: 100 })).toEqual(
      ph.distanceMatrix({ positions: n, dModel: 100 }).subarray(0, n),
    );
    expect(ph.offsetRowBins({ first: 0, stride: 1, count: n, dModel: 100, metric: 'cosine' })).toEqual(
      ph.similarityMatrix({ positions: n, dModel: 100, metric: 'cosine' }).subarray(0, n),
    );
  });

  test('offsetRowBins gives a block the root mean square of |PE(p) − PE(q)| over its cells', () => {
    const s = 4;
    const row = ph.offsetRowBins({ first: -8, stride: s, count: 6, dModel: 16 });
    for (let r = 0; r < 6; r++) {
      const qStart = -8 + r * s; // p in [0, s), q in [qStart, qStart + s)
      let sum = 0;
      for (let a = 0; a < s; a++)
        for (let b = 0; b < s; b++) {
          const x = peRow(a, 16);
          const y = peRow(qStart + b, 16);
          for (let j = 0; j < 16; j++) sum += (x[j] - y[j]) ** 2;
        }
      expect(Math.abs(row[r] - Math.sqrt(sum / (s * s)))).toBeLessThan(2e-6);
    }
  });
});

describe('the rotation chart’s pieces', () => {
  test('rotationWindow is the same window of the full M_k', () => {
    const { matrix } = ph.rotation({ dModel: 32, k: 3.5, positions: 1 });
    const w = ph.rotationWindow({ dModel: 32, k: 3.5, row0: 6, col0: 4, rows: 12, cols: 10 });
    for (let r = 0; r < 12; r++) for (let c = 0; c < 10; c++) expect(w[r * 10 + c]).toBe(matrix[(6 + r) * 32 + 4 + c]);
  });

  test('rotateEncoding is M_k·PE(p) and lands on PE(p + k) in float64', () => {
    for (const p of [0, 10, 123456, -(2 ** 30)]) {
      const rotated = ph.rotateEncoding({ dModel: 64, k: 8, p });
      expect(rotated).toBeInstanceOf(Float64Array);
      expect(maxAbsDiff(rotated, peRow(p + 8, 64))).toBeLessThan(2e-7 + Math.abs(p) * 5e-16);
      const error = ph.rotationMaxError({ dModel: 64, k: 8, positions: 1, offset: p });
      const shifted = ph.encode({ positions: 1, dModel: 64, offset: p + 8 }).table;
      expect(maxAbsDiff(rotated, shifted)).toBe(error);
    }
  });

  test('pairTurn puts pair i of PE(p) where the table draws it, within float32 rounding', () => {
    for (const pair of [0, 3, 31])
      for (const p of [0, 10, -7, 123456, 2 ** 31 - 1]) {
        const { angle } = ph.pairTurn({ dModel: 64, pair, p, k: 3 });
        const row = ph.encode({ positions: 1, dModel: 64, offset: p }).table;
        const drawn = Math.atan2(row[2 * pair], row[2 * pair + 1]);
        // The same point of the circle: −π and π are one angle.
        const apart = Math.abs(((angle - drawn + 3 * Math.PI) % (2 * Math.PI)) - Math.PI);
        expect(apart, `pair ${pair}, p ${p}`).toBeLessThan(2 ** -22);
        expect(Math.abs(angle)).toBeLessThanOrEqual(Math.PI);
      }
  });

  test('pairTurn turns by ω_i·k, and its sweep is that less whole turns, in the same direction', () => {
    for (const k of [3, -3, 0.5, 1000, -98765]) {
      const t = ph.pairTurn({ dModel: 16, base: 100, pair: 2, p: 0, k });
      expect(t.turn).toBeCloseTo(omega(2, 16, 100) * k, 12);
      expect(Math.abs(t.sweep)).toBeLessThan(2 * Math.PI);
      expect(Math.sign(t.sweep)).toBe(Math.sign(t.turn));
      const whole = (t.turn - t.sweep) / (2 * Math.PI);
      expect(Math.abs(whole - Math.round(whole))).toBeLessThan(1e-9);
    }
    expect(ph.pairTurn({ dModel: 16, pair: 0, p: 5, k: 0 })).toEqual({ angle: 5 - 2 * Math.PI, turn: 0, sweep: 0 });
  });

  test('pairTurn refuses a pair past d/2 and positions past the limit, naming the option', () => {
    expect(() => ph.pairTurn({ dModel: 16, pair: 8, p: 0, k: 1 })).toThrow(/^phasor\.pairTurn: pair/);
    expect(() => ph.pairTurn({ dModel: 16, pair: 0, p: 2 ** 32, k: 1 })).toThrow(/^phasor\.pairTurn: p /);
    expect(() => ph.pairTurn({ dModel: 16, pair: 0, p: 0, k: NaN })).toThrow(/^phasor\.pairTurn: k /);
    expect(() => ph.pairTurn({ dModel: 15, pair: 0, p: 0, k: 1 })).toThrow(/^phasor\.pairTurn: dModel/);
    expect(ph.pairTurn({ dModel: 16, pair: 7, p: 1, k: 1 }).turn).toBe(omega(7, 16, 10000));
  });

  test('rotationMaxError over a range is the largest error of its parts', () => {
    const whole = ph.rotationMaxError({ dModel: 128, k: 7, positions: 3000 });
    const parts = [0, 1000, 2000].map((offset) => ph.rotationMaxError({ dModel: 128, k: 7, positions: 1000, offset }));
    expect(whole).toBe(Math.max(...parts));
    expect(whole).toBe(ph.rotation({ dModel: 128, k: 7, positions: 3000 }).maxError);
  });
});
