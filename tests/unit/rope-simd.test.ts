// The RoPE and attention kernels in the SIMD build against their scalar
// siblings in the scalar build (the same core with and without -msimd128).
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

describe('SIMD RoPE and attention kernels agree with their scalar siblings bit for bit', () => {
  // Pair counts below, at and above the two-pair f64x2 step, odd ones included (tails).
  for (const dim of [2, 4, 6, 8, 10, 14, 16, 130]) {
    for (const pairing of ['adjacent', 'half'] as const) {
      for (const tableLayout of ['adjacent', 'half'] as const) {
        test(`rope at dim ${dim}, ${pairing} pairing, ${tableLayout} table`, () => {
          const rows = new Float32Array(37 * dim).map((_, i) => Math.sin(i * 0.61) * 3);
          const positions = Float64Array.from({ length: 37 }, (_, i) => i * 97.5 - 1000);
          const options = {
            rows,
            dim,
            positions,
            pairing,
            tableLayout,
            scaling: { type: 'yarn' as const, factor: 8, originalLength: 512 },
          };
          expect(simd.rope(options)).toEqual(scalar.rope(options));
        });
      }
    }
  }

  for (const [dModel, dHead] of [
    [2, 1],
    [8, 3],
    [16, 8],
    [33, 17],
    [64, 64],
  ]) {
    test(`attention scores at dModel ${dModel}, dHead ${dHead} (odd lengths exercise the tails)`, () => {
      const kinds = dHead % 2 === 0 ? (['additive', 'rope', 'alibi'] as const) : (['alibi'] as const);
      for (const kind of kinds) {
        if (kind === 'additive' && dModel % 2 !== 0) continue;
        const options = { kind, dModel, dHead, positions: 23, seed: 9 };
        expect(simd.attentionScores(options).total).toEqual(scalar.attentionScores(options).total);
      }
    });
  }

  // The embedding kernel walks two pairs per f64x2: odd pair counts (d 2, 6, 10, 1026) end in the scalar tail.
  for (const dModel of [2, 4, 6, 10, 64, 1000, 1026]) {
    test(`embeddingScale at dModel ${dModel}, near 0 and near 2^31, with standardNormals' tokens`, () => {
      for (const offset of [0, -37.5, 2 ** 31 - 199]) {
        const options = { dModel, positions: 200, offset, base: 500, seed: 5 };
        expect(simd.embeddingScale(options), `offset ${offset}`).toEqual(scalar.embeddingScale(options));
      }
      const draw = { seed: 5, stream: 4, count: 3 * dModel, first: 7 };
      expect(simd.standardNormals(draw)).toEqual(scalar.standardNormals(draw));
    });
  }

  test('scoreByOffset, shiftFit, embeddingScale and positionResolution', () => {
    const offset = { kind: 'additive' as const, dModel: 32, anchors: [0, 100], maxOffset: 9 };
    expect(simd.scoreByOffset(offset).scores).toEqual(scalar.scoreByOffset(offset).scores);
    const fit = { encoding: 'log-phase' as const, dModel: 24, k: 3, positions: 300 };
    expect(simd.shiftFit(fit).residual).toBe(scalar.shiftFit(fit).residual);
    expect(simd.embeddingScale({ dModel: 64, positions: 10 })).toEqual(
      scalar.embeddingScale({ dModel: 64, positions: 10 }),
    );
    const res = { dModel: 30, bases: [50, 10000], lengths: [100, 3000] };
    expect(simd.positionResolution(res)).toEqual(scalar.positionResolution(res));
  });
});

describe('wasm memory', () => {
  test('repeated RoPE and attention calls, good and refused, do not grow the wasm memory', async () => {
    const ph = await createPhasor({ experiments: true });
    const run = () => {
      ph.rope({ rows: new Float32Array(64 * 128), dim: 128 });
      ph.attentionScores({ kind: 'additive', dModel: 64, positions: 64 });
      ph.scoreByOffset({ kind: 'rope', dModel: 64, anchors: [0, 50], maxOffset: 30 });
      ph.shiftFit({ encoding: 'sinusoidal', dModel: 32, k: 2, positions: 200 });
      ph.embeddingScale({ dModel: 64, positions: 50 });
      ph.positionResolution({ dModel: 64, bases: [100], lengths: [500] });
      expect(() => ph.attentionScores({ kind: 'rope', dModel: 8, positions: 4, wq: new Float32Array(3) })).toThrow(
        RangeError,
      );
    };
    for (let i = 0; i < 5; i++) run();
    const settled = ph.memoryBytes;
    for (let i = 0; i < 100; i++) run();
    expect(ph.memoryBytes).toBe(settled);
  });
});
