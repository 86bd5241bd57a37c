// The SIMD kernels against their scalar siblings as the wasm engine runs them:
// the two wasm builds compile the same core with and without -msimd128.
// Natively, tests/cpp/simd_kernels_test.cpp compares the kernels themselves in
// float64 before any rounding (through SIMDe); here the float32 tables and dot
// products, and, in float64, the cosine sums behind positionResolution.
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';

let simd: Phasor;
let scalar: Phasor;
beforeAll(async () => {
  [simd, scalar] = await Promise.all([
    createPhasor({ kernels: 'simd', experiments: true }),
    createPhasor({ kernels: 'scalar', experiments: true }),
  ]);
});

describe('SIMD kernels agree with their scalar siblings', () => {
  // Pair counts below, at and above the 4-pair vector step, and odd ones (tails).
  for (const dModel of [2, 4, 6, 8, 10, 14, 16, 18, 130]) {
    for (const layout of ['interleaved', 'split'] as const) {
      test(`encode is bit-identical at dModel ${dModel}, ${layout}`, () => {
        const options = { positions: 1500, dModel, base: 777, offset: -3, layout };
        expect(simd.encode(options).table).toEqual(scalar.encode(options).table);
      });
    }
    test(`dotByOffset is bit-identical at dModel ${dModel}`, () => {
      expect(simd.dotByOffset({ dModel, maxOffset: 2100 })).toEqual(scalar.dotByOffset({ dModel, maxOffset: 2100 }));
    });
  }

  // The table formats of the general options: odd widths (extra sine, zero
  // column), cos first, a scale, a padding row, around the vector step.
  for (const dModel of [1, 3, 7, 9, 11, 17, 19, 33]) {
    for (const layout of ['interleaved', 'split'] as const) {
      for (const oddWidth of ['zeroColumn', 'extraSine'] as const) {
        test(`encode is bit-identical at dModel ${dModel}, ${layout}, ${oddWidth}, cosSin, scaled, padded`, () => {
          const options = {
            positions: 1500,
            dModel,
            layout,
            oddWidth,
            order: 'cosSin',
            scale: 0.3,
            paddingIdx: 4,
            buffer: true,
            maxFrequency: 2,
          } as const;
          const table = simd.encode(options).table;
          expect(table).toEqual(scalar.encode(options).table);
          expect(table.subarray(4 * dModel, 5 * dModel).every((v) => v === 0)).toBe(true);
        });
      }
    }
  }

  // positionResolution with lengths [k + 1] and minOffset k is
  // sqrt(dModel − 2 Σ_i cos(ω_i k)) in float64, straight from the cos_sums
  // kernel: 64 bases at a time, offsets within and across anchor intervals.
  const bases = Array.from({ length: 64 }, (_, b) => 1.5 + b ** 2.5 * 7.3);
  for (const dModel of [2, 6, 8, 10, 14, 18, 130]) {
    test(`cosine sums are bit-identical in float64 at dModel ${dModel}`, () => {
      for (const k of [1, 2, 3, 7, 100, 1023, 1024, 1025, 2049, 3001]) {
        const options = { dModel, bases, lengths: [k + 1], minOffset: k };
        const a = simd.positionResolution(options).minDistance;
        const b = scalar.positionResolution(options).minDistance;
        expect(a).toBeInstanceOf(Float64Array);
        expect(Array.from(a)).toEqual(Array.from(b));
      }
    });
  }

  test('the float64 comparison can see the order of summation', () => {
    // Σ_i cos(ω_i k) summed left to right differs in its last bits from the
    // kernels' two-lane order for some of these: equality above is not luck.
    let differs = false;
    for (const k of [1, 2, 3, 7, 100, 1023]) {
      for (const base of bases) {
        const w = Array.from({ length: 65 }, (_, i) => base ** ((-2 * i) / 130));
        let sequential = 0;
        for (const wi of w) sequential += Math.cos(wi * k);
        let even = 0;
        let odd = 0;
        w.forEach((wi, i) => (i % 2 === 0 ? (even += Math.cos(wi * k)) : (odd += Math.cos(wi * k))));
        differs ||= sequential !== even + odd;
      }
    }
    expect(differs).toBe(true);
  });

  for (const dim of [1, 4, 7, 8, 9, 16, 17, 1000]) {
    test(`pairwise agrees within float32 summation error at dim ${dim}`, () => {
      const rows = new Float32Array(9 * dim).map((_, i) => Math.sin(i * 0.37) * 3);
      for (const metric of ['l2', 'dot', 'cosine'] as const) {
        const a = simd.pairwise({ rows, dim, metric });
        const b = scalar.pairwise({ rows, dim, metric });
        for (let i = 0; i < a.length; i++)
          expect(Math.abs(a[i] - b[i])).toBeLessThanOrEqual(2e-6 * Math.max(1, Math.abs(b[i])) * Math.sqrt(dim));
      }
    });
  }

  test('NaN rows propagate to NaN in both builds', () => {
    const rows = new Float32Array([1, 2, 3, NaN, 0, 1, 1, 1, 1]);
    const a = simd.pairwise({ rows, dim: 3, metric: 'dot' });
    const b = scalar.pairwise({ rows, dim: 3, metric: 'dot' });
    expect(Number.isNaN(a[1])).toBe(true);
    expect(Number.isNaN(b[1])).toBe(true);
    expect(a[8]).toBe(b[8]);
  });
});
