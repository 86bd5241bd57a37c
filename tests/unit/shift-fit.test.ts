import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { maxAbsDiff } from './reference.js';
import { ropeFixture } from './rope-reference.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

describe('shiftFit', () => {
  for (const c of ropeFixture.shiftFit) {
    const { encoding, dModel, base, k, positions, offset, stride } = c;
    test(`shiftFit’s residual equals numpy lstsq’s: ${encoding}, dModel ${dModel}, stride ${stride}`, () => {
      const fit = ph.shiftFit({ encoding, dModel, base, k, positions, offset, stride, extrapolate: positions });
      expect(fit.map.length).toBe(dModel * dModel);
      expect(fit.rank).toBe(c.rank);
      // Rounding apart, the minimum residual is unique.
      expect(Math.abs(fit.residual - c.residual)).toBeLessThan(1e-9 + 1e-6 * c.residual);
      // Beyond the range an ill-conditioned map (sine-only: entries near 1e9)
      // amplifies rounding; agreement to 1e-3 of the value is what to expect.
      expect(Math.abs(fit.extrapolationResidual - c.extrapolationResidual)).toBeLessThan(
        1e-6 + 1e-3 * c.extrapolationResidual,
      );
      expect(maxAbsDiff(fit.singularValues, c.singularValues)).toBeLessThan(1e-9 * c.singularValues[0]);
    });
  }

  test('the residual is rounding for sinusoidal and linearly spaced frequencies and large without cosines or linear phase', () => {
    const residual = (encoding: Parameters<Phasor['shiftFit']>[0]['encoding']) =>
      ph.shiftFit({ encoding, dModel: 64, k: 5, positions: 512 }).residual;
    expect(residual('sinusoidal')).toBeLessThan(1e-6);
    expect(residual('linear-frequencies')).toBeLessThan(1e-6);
    expect(residual('sine-only')).toBeGreaterThan(0.1);
    expect(residual('quadratic-phase')).toBeGreaterThan(0.1);
  });

  test('a log-phase map fits its range roughly and fails beyond it, where the sinusoidal map stays exact', () => {
    const options = { dModel: 16, k: 5, positions: 512, extrapolate: 512 };
    const log = ph.shiftFit({ encoding: 'log-phase', ...options });
    const sin = ph.shiftFit({ encoding: 'sinusoidal', ...options });
    expect(log.residual).toBeGreaterThan(1e-6);
    expect(log.extrapolationResidual).toBeGreaterThan(1e-3);
    expect(sin.extrapolationResidual).toBeLessThan(1e-6);
    expect(log.perPosition.length).toBe(1024);
    expect(Array.from(log.positions.subarray(510, 514))).toEqual([510, 511, 512, 513]);
  });

  test('for the sinusoidal encoding the fitted map is the block rotation M_k', () => {
    const c = ropeFixture.sinusoidalMap;
    const fit = ph.shiftFit({ encoding: 'sinusoidal', dModel: c.dModel, base: c.base, k: c.k, positions: c.positions });
    expect(maxAbsDiff(fit.map, c.map)).toBeLessThan(2e-7);
    const { matrix } = ph.rotation({ dModel: c.dModel, base: c.base, k: c.k, positions: 1 });
    expect(maxAbsDiff(fit.map, matrix)).toBeLessThan(2e-7);
    expect(fit.residual).toBeLessThan(1e-12);
  });

  test('shiftFit reports each encoding’s frequencies', () => {
    // At base 10000 and dModel 8 they are powers of ten, written out by hand.
    const close = (got: Float64Array, want: number[]) => {
      expect(got.length).toBe(want.length);
      got.forEach((g, i) => expect(Math.abs(g - want[i])).toBeLessThanOrEqual(3e-16)); // float64 rounding of 1 - 0.999
    };
    const sin = ph.shiftFit({ encoding: 'sinusoidal', dModel: 8, k: 1, positions: 20 });
    close(sin.frequencies, [1, 0.1, 0.01, 0.001]); // 10000^(−2i/8)
    const sine = ph.shiftFit({ encoding: 'sine-only', dModel: 8, k: 1, positions: 20 });
    // 10000^(−j/8) = 10^(−j/2): 1, 1/√10, 0.1, ...
    close(
      sine.frequencies,
      [1, 0.31622776601683794, 0.1, 0.031622776601683794, 0.01, 0.0031622776601683794, 0.001, 0.00031622776601683794],
    );
    const linear = ph.shiftFit({ encoding: 'linear-frequencies', dModel: 8, k: 1, positions: 20 });
    close(linear.frequencies, [1, 0.667, 0.334, 0.001]); // from 1 to 0.001 in three equal steps of 0.333
  });
});

describe('sineCollision', () => {
  test('sineCollision gives q = π/ν − p with equal sines and opposite cosines', () => {
    // Slot 4 of 16: ν = 10000^(−4/16) = 0.1, so q = 10π − 3 = 28.41592653589793.
    const c = ph.sineCollision({ dModel: 16, dimension: 4, position: 3 });
    expect(Math.abs(c.frequency - 0.1)).toBeLessThan(1e-17);
    expect(Math.abs(c.partner - 28.41592653589793)).toBeLessThan(1e-13);
    // The collision, recomputed here from the returned partner.
    expect(Math.abs(Math.sin(0.1 * c.partner) - Math.sin(0.3))).toBeLessThan(1e-14);
    expect(Math.abs(Math.cos(0.1 * c.partner) + Math.cos(0.3))).toBeLessThan(1e-14);
    expect(Math.abs(c.sine[0] - Math.sin(0.3))).toBeLessThan(1e-15);
    expect(Math.abs(c.cosine[0] - Math.cos(0.3))).toBeLessThan(1e-15);
    expect(Math.abs(c.sine[1] - c.sine[0])).toBeLessThan(1e-14);
    expect(Math.abs(c.cosine[1] + c.cosine[0])).toBeLessThan(1e-14);
  });
});

describe('embeddingScale', () => {
  test('embeddingScale matches numpy’s norms of the seeded tokens, PE and their sums', () => {
    const c = ropeFixture.embeddingScale;
    const r = ph.embeddingScale({ dModel: c.dModel, positions: c.positions, offset: c.offset, seed: c.seed });
    expect(r.scale).toBe(8);
    expect(maxAbsDiff(r.tokenNorm, c.tokenNorm)).toBeLessThan(1e-6);
    expect(maxAbsDiff(r.scaledTokenNorm, c.scaledTokenNorm)).toBeLessThan(4e-6);
    expect(maxAbsDiff(r.peNorm, c.peNorm)).toBeLessThan(1e-6);
    expect(maxAbsDiff(r.sumNorm, c.sumNorm)).toBeLessThan(2e-6);
    expect(maxAbsDiff(r.scaledSumNorm, c.scaledSumNorm)).toBeLessThan(4e-6);
  });

  test('without the scale PE dominates a token initialised with std 1/√dModel; with it the two are comparable', () => {
    const r = ph.embeddingScale({ dModel: 512, positions: 100 });
    for (let p = 0; p < 100; p++) {
      expect(r.peNorm[p]).toBeCloseTo(16, 5); // √(512/2)
      expect(r.tokenNorm[p]).toBeGreaterThan(0.8);
      expect(r.tokenNorm[p]).toBeLessThan(1.2);
      expect(r.scaledTokenNorm[p] / r.peNorm[p]).toBeGreaterThan(1.1); // √512 ≈ 22.6 vs 16
      expect(r.scaledTokenNorm[p] / r.peNorm[p]).toBeLessThan(1.8);
    }
  });

  test('embeddingScale takes given tokens', () => {
    const tokens = new Float32Array(2 * 4).fill(0.5);
    const r = ph.embeddingScale({ dModel: 4, positions: 2, tokens });
    expect(Array.from(r.tokenNorm)).toEqual([1, 1]);
    expect(Array.from(r.scaledTokenNorm)).toEqual([2, 2]);
  });
});

describe('positionResolution', () => {
  test('positionResolution equals numpy’s brute-force minimum over all pairs', () => {
    const c = ropeFixture.positionResolution;
    const r = ph.positionResolution({ dModel: c.dModel, bases: c.bases, lengths: c.lengths, minOffset: c.minOffset });
    expect(maxAbsDiff(r.minDistance, c.minDistance)).toBeLessThan(1e-9);
    expect(r.float32Bound.length).toBe(2);
    expect(r.float32Bound[1]).toBeCloseTo(2 * Math.sqrt(8) * (2 ** -25 + 199 * 2 ** -51), 20);
  });

  test('the closest distinct positions are neighbours for the usual bases, and far apart ones come closer', () => {
    const r = ph.positionResolution({ dModel: 64, bases: [10000], lengths: [1000] });
    expect(r.atOffset[0]).toBe(1);
    const far = ph.positionResolution({ dModel: 64, bases: [10000], lengths: [1000], minOffset: 10 });
    expect(far.minDistance[0]).toBeGreaterThan(r.minDistance[0]);
    expect(far.atOffset[0]).toBeGreaterThanOrEqual(10);
  });
});
