// The numbers the charts report that the core computes in TypeScript
// (web/src/core: series-stats, anchor-curves, scaled-pairs, linear-spacings,
// resolution-results, pe-dimensions), against references written here from
// their definitions: sorting, brute force, one walk over every offset.
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { spreadOverRows, sumSeries } from '../../web/src/core/anchor-curves.js';
import { linearSpacings } from '../../web/src/core/linear-spacings.js';
import { defaultDimensions, describeDimension, dimensionsOfPair } from '../../web/src/core/pe-dimensions.js';
import { closerOf, joinBases } from '../../web/src/core/resolution-results.js';
import { countAbove, stretchCounts } from '../../web/src/core/scaled-pairs.js';
import {
  dividedBy,
  extent,
  largestGap,
  largestMagnitude,
  largestValue,
  mean,
} from '../../web/src/core/series-stats.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

const sorted = (values: ArrayLike<number>) => Array.from(values).sort((a, b) => a - b);

describe('series-stats', () => {
  const values = Float32Array.from([0.5, -3.25, 7, NaN, 2]);

  test('extent is the smallest and largest value, NaN skipped', () => {
    expect(extent(values)).toEqual([-3.25, 7]);
    expect(extent([])).toEqual([Infinity, -Infinity]);
  });

  test('largestValue and largestMagnitude skip NaN; the floor holds when nothing is larger', () => {
    expect(largestValue(values)).toBe(7);
    expect(largestValue([-5, -2], 0)).toBe(0);
    expect(largestMagnitude(Float32Array.from([1, -9.5, NaN, 3]))).toBe(9.5);
  });

  test('mean is the float64 mean', () => {
    expect(mean(Float32Array.from([1, 2, 3, 4.5]))).toBe(2.625);
  });

  test('largestGap is the largest |value − reference| with the reference repeated curve after curve', () => {
    const reference = [1, 2, 3];
    const curves = [1, 2, 3.5, 0, 2, 3];
    expect(largestGap(curves, reference)).toBe(1);
    expect(largestGap([1, 2, 3], reference)).toBe(0);
  });

  test('dividedBy divides every value in float64', () => {
    expect(Array.from(dividedBy(Float64Array.from([3, 6, 1.5]), 3))).toEqual([1, 2, 0.5]);
  });
});

describe('anchor-curves', () => {
  test('spreadOverRows gives, per column, max − min over the rows, and the largest', () => {
    const rows = 3;
    const cols = 4;
    const values = Float32Array.from([1, 5, -2, 0, 4, 5, 1, 0.25, 2, 5, 3, -1]);
    const { spread, maxSpread } = spreadOverRows(values, rows, cols);
    for (let j = 0; j < cols; j++) {
      const column = sorted(Array.from({ length: rows }, (_, a) => values[a * cols + j]));
      expect(spread[j]).toBe(Math.fround(column[rows - 1] - column[0]));
    }
    expect(maxSpread).toBe(5);
  });

  test('sumSeries adds the series element by element in float64, rounded once', () => {
    const a = Float32Array.from([0.1, 1e8, -1]);
    const b = Float32Array.from([0.2, 1, 1]);
    const c = Float32Array.from([0.3, -1e8, 0.5]);
    const sum = sumSeries([a, b, c], 3);
    for (let n = 0; n < 3; n++) expect(sum[n]).toBe(Math.fround(a[n] + b[n] + c[n]));
    expect(sum[1]).toBe(1); // float32 arithmetic would lose the 1 next to 1e8
  });
});

describe('scaled-pairs', () => {
  test('stretchCounts counts pairs kept, stretched by the factor and in between', () => {
    const original = [1, 10, 100, 1000];
    expect(stretchCounts([1, 40, 250, 4000], original, 4)).toEqual({ kept: 1, full: 2, between: 1 });
    expect(stretchCounts(original, original, 4)).toEqual({ kept: 4, full: 0, between: 0 });
  });

  test('the counts of a real scaling add up to the pairs, and YaRN keeps the fast pairs and stretches the slow', () => {
    const f = ph.ropeFrequencies({
      dim: 64,
      theta: 10000,
      scaling: { type: 'yarn', factor: 8, originalLength: 4096 },
    });
    const counts = stretchCounts(f.wavelengths, f.originalWavelengths, 8);
    expect(counts.kept + counts.full + counts.between).toBe(32);
    expect(counts.kept).toBeGreaterThan(0);
    expect(counts.full).toBeGreaterThan(0);
  });

  test('countAbove counts the values above the threshold', () => {
    expect(countAbove([1, 5, 5.5, 10], 5)).toBe(2);
  });
});

describe('linear-spacings', () => {
  test('the wavelengths spaced linearly between the same ends, and 2π over frequencies spaced linearly', () => {
    const { frequencies, wavelengths } = ph.frequencies({ dModel: 16, base: 10000 });
    const { linearWavelengths, linearFrequencyWavelengths } = linearSpacings(frequencies, wavelengths);
    const n = frequencies.length;
    expect(linearWavelengths[0]).toBe(wavelengths[0]);
    expect(linearWavelengths[n - 1]).toBe(wavelengths[n - 1]);
    expect(linearFrequencyWavelengths[0]).toBeCloseTo(wavelengths[0], 12);
    for (let i = 1; i < n; i++) {
      expect(linearWavelengths[i] - linearWavelengths[i - 1]).toBeCloseTo(
        (wavelengths[n - 1] - wavelengths[0]) / (n - 1),
        6,
      );
      const w = (2 * Math.PI) / linearFrequencyWavelengths[i] - (2 * Math.PI) / linearFrequencyWavelengths[i - 1];
      expect(w).toBeCloseTo((frequencies[n - 1] - frequencies[0]) / (n - 1), 12);
    }
  });
});

describe('resolution-results', () => {
  test('closerOf the walks below and from min-offset is one walk over every offset', () => {
    const lengths = [4, 16, 64, 256];
    for (const base of [100, 10000]) {
      const whole = ph.positionResolution({ dModel: 8, bases: [base], lengths });
      for (const minOffset of [2, 3, 5]) {
        const beyond = ph.positionResolution({ dModel: 8, bases: [base], lengths, minOffset });
        const below = ph.positionResolution({
          dModel: 8,
          bases: [base],
          lengths: lengths.map((n) => Math.min(n, minOffset)),
        });
        const closer = closerOf(below, beyond);
        // The walks reach an offset by different rotations: the same distance to float64 rounding.
        closer.minDistance.forEach((v, n) =>
          expect(v, `base ${base}, min-offset ${minOffset}, n ${lengths[n]}`).toBeCloseTo(whole.minDistance[n], 12),
        );
        expect(Array.from(closer.atOffset)).toEqual(Array.from(whole.atOffset));
      }
    }
  });

  test('closerOf keeps the smaller offset on a tie, as one walk keeps the first minimum it meets', () => {
    const result = (minDistance: number[], atOffset: number[]) => ({
      bases: Float64Array.of(10),
      lengths: Float64Array.of(8, 16),
      minDistance: Float64Array.from(minDistance),
      atOffset: Float64Array.from(atOffset),
      float32Bound: Float64Array.of(0, 0),
    });
    const closer = closerOf(result([0.5, 0.5], [1, 1]), result([0.5, 0.25], [9, 12]));
    expect(Array.from(closer.minDistance)).toEqual([0.5, 0.25]);
    expect(Array.from(closer.atOffset)).toEqual([1, 12]);
  });

  test('joinBases puts the results for one base each after one another, as one call over every base', () => {
    const lengths = [8, 32];
    const one = [10, 100, 1000].map((base) => ph.positionResolution({ dModel: 16, bases: [base], lengths }));
    const all = ph.positionResolution({ dModel: 16, bases: [10, 100, 1000], lengths });
    const joined = joinBases(one);
    expect(Array.from(joined.bases)).toEqual(Array.from(all.bases));
    expect(Array.from(joined.minDistance)).toEqual(Array.from(all.minDistance));
    expect(Array.from(joined.atOffset)).toEqual(Array.from(all.atOffset));
    expect(Array.from(joined.float32Bound)).toEqual(Array.from(all.float32Bound));
  });
});

describe('pe-dimensions', () => {
  test('describeDimension says which pair and function a dimension holds, as encode lays them out', () => {
    for (const layout of ['interleaved', 'split'] as const) {
      const row = ph.encode({ positions: 1, dModel: 8, offset: 3, layout }).table;
      for (let j = 0; j < 8; j++) {
        const d = describeDimension(j, 8, layout);
        const phase = 3 * 10000 ** ((-2 * d.pair) / 8);
        expect(row[j]).toBeCloseTo(d.fn === 'sin' ? Math.sin(phase) : Math.cos(phase), 6);
        expect(dimensionsOfPair(d.pair, 8, layout)).toContain(j);
      }
    }
  });

  test('defaultDimensions: every one up to d 8, else pairs 0 and d/4', () => {
    expect(defaultDimensions(4, 'interleaved')).toEqual([0, 1, 2, 3]);
    expect(defaultDimensions(64, 'interleaved')).toEqual([0, 1, 32, 33]);
    expect(defaultDimensions(64, 'split')).toEqual([0, 32, 16, 48]);
  });
});
