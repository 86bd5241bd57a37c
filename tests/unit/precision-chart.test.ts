// The precision chart's arithmetic (web/src/charts/precision-chart.ts): rows
// grouped by pixel column as their largest deviation under their largest
// bound, a row past its own bound marking its group; and the log axis's range.
import { describe, expect, test } from 'vitest';
import { groupRows, precisionDomain } from '../../web/src/charts/precision-chart.js';

describe('groupRows', () => {
  const x = Float64Array.from({ length: 10 }, (_, i) => 100 + i);
  const deviation = Float64Array.from([1, 5, 2, 3, 9, 4, 1, 1, 2, 7]);
  const bound = Float64Array.from([6, 6, 8, 4, 10, 5, 2, 3, 1, 8]);

  test('groups of ceil(n / groups) rows: the largest deviation at its own x, the largest bound, first and last x', () => {
    const g = groupRows({ x, deviation, bound }, 4);
    expect(g.size).toBe(3);
    expect(Array.from(g.deviation)).toEqual([5, 9, 2, 7]);
    expect(Array.from(g.x)).toEqual([101, 104, 108, 109]);
    expect(Array.from(g.bound)).toEqual([8, 10, 3, 8]);
    expect(Array.from(g.first)).toEqual([100, 103, 106, 109]);
    expect(Array.from(g.last)).toEqual([102, 105, 108, 109]);
  });

  test('a row past its own bound marks its group, even under a larger bound of another row', () => {
    // Row 8: deviation 2 > its bound 1, in a group whose largest bound is 3.
    expect(groupRows({ x, deviation, bound }, 4).past).toEqual([false, false, true, false]);
    expect(groupRows({ x, deviation, bound }, 10).past).toEqual(Array.from({ length: 10 }, (_, i) => i === 8));
  });

  test('fewer rows than groups: one row each, as given', () => {
    const g = groupRows({ x, deviation, bound }, 50);
    expect(g.size).toBe(1);
    expect(Array.from(g.deviation)).toEqual(Array.from(deviation));
    expect(Array.from(g.bound)).toEqual(Array.from(bound));
  });
});

describe('precisionDomain', () => {
  test('from the power of ten above the largest value down past the smallest usual bound', () => {
    const bound = Float64Array.from({ length: 100 }, (_, i) => 1e-6 * (1 + i));
    const deviation = bound.map((b) => b / 2);
    expect(precisionDomain({ deviation, bound })).toEqual([1e-7, 1e-3]);
  });

  test('a few tiny bounds (cos 0 = 1) and deviations of 0 do not stretch the axis; at most nine decades', () => {
    const bound = Float64Array.from({ length: 100 }, (_, i) => (i < 2 ? 1e-15 : 2e-3));
    const deviation = new Float64Array(100);
    expect(precisionDomain({ deviation, bound })).toEqual([1e-4, 1e-2]);
    const wide = Float64Array.from({ length: 100 }, (_, i) => 10 ** -(i % 20));
    const [lo, hi] = precisionDomain({ deviation: wide, bound: wide });
    expect(hi).toBe(10);
    expect(lo).toBeCloseTo(1e-8, 20);
  });

  test('a deviation far past its bound (a refused table) sets the top', () => {
    const bound = new Float64Array(10).fill(1e-7);
    const deviation = new Float64Array(10).fill(0.3);
    expect(precisionDomain({ deviation, bound })).toEqual([1e-8, 1]);
  });
});
