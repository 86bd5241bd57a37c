// The SIMD kernels against their scalar siblings: the two wasm builds compile
// the same core with and without -msimd128.
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';

let simd: Phasor;
let scalar: Phasor;
beforeAll(async () => {
  [simd, scalar] = await Promise.all([createPhasor({ kernels: 'simd' }), createPhasor({ kernels: 'scalar' })]);
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

  for (const dim of [1, 4, 7, 8, 9, 16, 17, 1000]) {
    test(`pairwise agrees within float32 summation error at dim ${dim}`, () => {
      const rows = new Float32Array(9 * dim).map((_, i) => Math.sin(i * 0.37) * 3);
      for (const metric of ['l2', 'dot', 'cosine'] as const) {
        const a = simd.pairwise({ rows, dim, metric });
        const b = scalar.pairwise({ rows, dim, metric });
        for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThanOrEqual(2e-6 * Math.max(1, Math.abs(b[i])) * Math.sqrt(dim));
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
