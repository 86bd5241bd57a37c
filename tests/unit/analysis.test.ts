import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { fixture, maxAbsDiff, omega, peRow } from './reference.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor();
});

function closedFormDot(k: number, dModel: number, base = 10000): number {
  let sum = 0;
  for (let i = 0; i < dModel / 2; i++) sum += Math.cos(omega(i, dModel, base) * k);
  return sum;
}

describe('dotByOffset', () => {
  test('dotByOffset matches PE(0)·PE(k) from the numpy vectors for k = 0..1000 at dModel 512', () => {
    const dots = ph.dotByOffset({ dModel: 512, maxOffset: 1000 });
    expect(dots).toBeInstanceOf(Float32Array);
    expect(dots.length).toBe(1001);
    // float32 rounding of values up to 256: half an ulp is 1.5e-5.
    expect(maxAbsDiff(dots, fixture.dotByOffset.values)).toBeLessThan(1.6e-5);
    expect(dots[0]).toBe(256);
  });

  test('dotByOffset equals the closed form Σ cos(ω_i k) past several anchor intervals', () => {
    const dots = ph.dotByOffset({ dModel: 64, base: 500, maxOffset: 4100 });
    const want = Array.from({ length: 4101 }, (_, k) => closedFormDot(k, 64, 500));
    expect(maxAbsDiff(dots, want)).toBeLessThan(4e-6);
  });

  test('dotByOffset does not depend on the starting position p', () => {
    const dots = ph.dotByOffset({ dModel: 32, maxOffset: 40 });
    for (const p of [0, 13, 2500]) {
      const a = peRow(p, 32);
      for (let k = 0; k <= 40; k += 5) {
        const b = peRow(p + k, 32);
        const dot = a.reduce((s, v, j) => s + v * b[j], 0);
        expect(dots[k]).toBeCloseTo(dot, 5);
      }
    }
  });

  test('dotByOffset with normalize gives the cosine similarity, 1 at k = 0', () => {
    const dots = ph.dotByOffset({ dModel: 128, maxOffset: 50, normalize: true });
    expect(dots[0]).toBe(1);
    for (let k = 0; k <= 50; k++) expect(dots[k]).toBeCloseTo(closedFormDot(k, 128) / 64, 6);
  });
});

describe('distanceMatrix and similarityMatrix', () => {
  test('distanceMatrix reproduces the seeds’ 1000 × 1000, d = 1000 figure against numpy rows', () => {
    const m = ph.distanceMatrix({ positions: 1000, dModel: 1000 });
    expect(m.length).toBe(1e6);
    for (const [p, row] of Object.entries(fixture.distance.rows)) {
      const r = Number(p);
      expect(maxAbsDiff(m.subarray(r * 1000, (r + 1) * 1000), row)).toBeLessThan(3e-6);
    }
  });

  test('distanceMatrix is symmetric with a zero diagonal', () => {
    const n = 77;
    const m = ph.distanceMatrix({ positions: n, dModel: 24, base: 100 });
    for (let p = 0; p < n; p++) {
      expect(m[p * n + p]).toBe(0);
      for (let q = 0; q < p; q++) expect(m[p * n + q]).toBe(m[q * n + p]);
    }
  });

  test('similarityMatrix dot and cosine follow Σ cos(ω_i (p − q))', () => {
    const n = 40;
    const dot = ph.similarityMatrix({ positions: n, dModel: 16 });
    const cosine = ph.similarityMatrix({ positions: n, dModel: 16, metric: 'cosine' });
    for (let p = 0; p < n; p++)
      for (let q = 0; q < n; q++) {
        expect(dot[p * n + q]).toBeCloseTo(closedFormDot(p - q, 16), 5);
        expect(cosine[p * n + q]).toBeCloseTo(closedFormDot(p - q, 16) / 8, 6);
      }
  });
});

describe('pairwise', () => {
  function randomRows(count: number, dim: number, seed: number): Float32Array {
    // A small LCG: deterministic inputs, no dependency.
    let s = seed >>> 0;
    const rows = new Float32Array(count * dim);
    for (let i = 0; i < rows.length; i++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      rows[i] = s / 2 ** 31 - 1;
    }
    return rows;
  }

  for (const dim of [1, 3, 4, 7, 8, 9, 31, 100]) {
    test(`pairwise l2, dot and cosine match float64 on arbitrary rows of dim ${dim}`, () => {
      const count = 13;
      const rows = randomRows(count, dim, dim);
      const l2 = ph.pairwise({ rows, dim });
      const dot = ph.pairwise({ rows, dim, metric: 'dot' });
      const cosine = ph.pairwise({ rows, dim, metric: 'cosine' });
      for (let i = 0; i < count; i++)
        for (let j = 0; j < count; j++) {
          let sq = 0,
            xy = 0,
            xx = 0,
            yy = 0;
          for (let t = 0; t < dim; t++) {
            const a = rows[i * dim + t],
              b = rows[j * dim + t];
            sq += (a - b) ** 2;
            xy += a * b;
            xx += a * a;
            yy += b * b;
          }
          expect(Math.abs(l2[i * count + j] - Math.sqrt(sq))).toBeLessThan(1e-5 * (1 + Math.sqrt(sq)));
          expect(Math.abs(dot[i * count + j] - xy)).toBeLessThan(1e-5 * (1 + Math.sqrt(xx * yy)));
          expect(Math.abs(cosine[i * count + j] - xy / Math.sqrt(xx * yy))).toBeLessThan(1e-5);
        }
    });
  }

  test('pairwise on PE rows equals the Toeplitz distanceMatrix', () => {
    const { table } = ph.encode({ positions: 200, dModel: 64 });
    const general = ph.pairwise({ rows: table, dim: 64 });
    const toeplitz = ph.distanceMatrix({ positions: 200, dModel: 64 });
    expect(maxAbsDiff(general, toeplitz)).toBeLessThan(2e-5);
  });
});

describe('rotation', () => {
  test('rotation returns the block-diagonal M_k of the seeds', () => {
    const d = 8,
      k = 5;
    const { matrix } = ph.rotation({ dModel: d, k, positions: 10 });
    for (let r = 0; r < d; r++)
      for (let c = 0; c < d; c++) {
        const i = r >> 1;
        const a = omega(i, d, 10000) * k;
        let want = 0;
        if (c >> 1 === i)
          want = r % 2 === 0 ? (c % 2 === 0 ? Math.cos(a) : Math.sin(a)) : c % 2 === 0 ? -Math.sin(a) : Math.cos(a);
        expect(matrix[r * d + c]).toBeCloseTo(want, 7);
      }
  });

  test('rotation maxError over 2048 positions at dModel 512 is float32 rounding only', () => {
    const { matrix, maxError } = ph.rotation({ dModel: 512, k: 5, positions: 2048 });
    expect(matrix.length).toBe(512 * 512);
    expect(maxError).toBeGreaterThan(0);
    expect(maxError).toBeLessThan(3e-7);
  });

  test('M_k applied to PE(p) gives PE(p + k) for p far apart: M_k does not depend on p', () => {
    const d = 16,
      k = 9;
    const { matrix } = ph.rotation({ dModel: d, k, positions: 1, layout: 'split' });
    for (const p of [0, 100, 30000]) {
      const x = peRow(p, d, 10000, 'split');
      const want = peRow(p + k, d, 10000, 'split');
      for (let r = 0; r < d; r++) {
        let acc = 0;
        for (let c = 0; c < d; c++) acc += matrix[r * d + c] * x[c];
        expect(Math.abs(acc - want[r])).toBeLessThan(2e-7);
      }
    }
  });
});
