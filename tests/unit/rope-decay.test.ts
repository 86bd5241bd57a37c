// ph.ropeDecay and ph.ropeRandomScores against numpy
// (tests/fixtures/make_decay_fixtures.py) and RoFormer's Figure 2.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor, type RopeScaling } from '../../web/src/core/index.js';

interface Case {
  dModel: number;
  base: number;
  maxDistance: number;
  scaling: RopeScaling | null;
}
const fixture = JSON.parse(readFileSync(new URL('../fixtures/decay_reference.json', import.meta.url), 'utf8')) as {
  bounds: (Case & { bound: number[] })[];
  random: (Case & { samples: number; seed: number; independent: number[]; self: number[] })[];
};

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

/** max |got − want| / |want|. */
function worstRelative(got: ArrayLike<number>, want: ArrayLike<number>): number {
  expect(got.length).toBe(want.length);
  let worst = 0;
  for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(got[i] - want[i]) / Math.abs(want[i]));
  return worst;
}

const withScaling = (c: Case) => (c.scaling ? { scaling: c.scaling } : {});

describe('ropeDecay', () => {
  for (const c of fixture.bounds) {
    test(`matches numpy to 1e-12 relative: d ${c.dModel}, base ${c.base}, scaling ${c.scaling?.type ?? 'none'}`, () => {
      const bound = ph.ropeDecay({ dModel: c.dModel, base: c.base, maxDistance: c.maxDistance, ...withScaling(c) });
      expect(bound).toBeInstanceOf(Float64Array);
      expect(worstRelative(bound, c.bound)).toBeLessThan(1e-12);
    });
  }

  test("has the shape of RoFormer's Figure 2 (d 128, base 10000)", () => {
    const b = ph.ropeDecay({ dModel: 128, maxDistance: 300 });
    expect(b[0]).toBe(32.5); // (d/2 + 1)/2: S_j = j at distance 0
    expect(b.findIndex((v) => v < b[0] / 2)).toBe(16);
    let tail = 0;
    const envelope = Array.from(b)
      .reverse()
      .map((v) => (tail = Math.max(tail, v)))
      .reverse();
    for (let r = 1; r < envelope.length; r++) expect(envelope[r]).toBeLessThanOrEqual(envelope[r - 1]);
    expect(envelope[50]).toBeLessThan(0.41 * b[0]);
  });

  test('refuses bad options by name and keeps working', () => {
    expect(() => ph.ropeDecay({ dModel: 7, maxDistance: 10 })).toThrow(/dModel/);
    expect(() => ph.ropeDecay({ dModel: 8, maxDistance: -1 })).toThrow(RangeError);
    expect(() => ph.ropeDecay({ dModel: 8, maxDistance: 1.5 })).toThrow(/maxDistance/);
    expect(() => ph.ropeDecay({ dModel: 4096, maxDistance: 2 ** 15 })).toThrow(/\(maxDistance \+ 1\) x dModel\/2/);
    expect(() => ph.ropeDecay({ dModel: 8, maxDistance: 10, scaling: { type: 'linear' } as RopeScaling })).toThrow(
      TypeError,
    );
    expect(() => ph.ropeDecay({ dModel: 8, maxDistance: 10, maxDistanse: 3 } as never)).toThrow(TypeError);
    expect(ph.ropeDecay({ dModel: 2, maxDistance: 0 })[0]).toBe(1);
  });
});

describe('ropeRandomScores', () => {
  for (const c of fixture.random) {
    test(`matches numpy's rotated dot products to 1e-12 relative: d ${c.dModel}, ${c.samples} samples, seed ${c.seed}`, () => {
      const got = ph.ropeRandomScores({
        dModel: c.dModel,
        base: c.base,
        maxDistance: c.maxDistance,
        samples: c.samples,
        seed: c.seed,
        ...withScaling(c),
      });
      expect(worstRelative(got.independent, c.independent)).toBeLessThan(1e-12);
      expect(worstRelative(got.self, c.self)).toBeLessThan(1e-12);
    });
  }

  test('refuses samples and seed out of range', () => {
    expect(() => ph.ropeRandomScores({ dModel: 8, maxDistance: 10, samples: 0 })).toThrow(/samples/);
    expect(() => ph.ropeRandomScores({ dModel: 8, maxDistance: 10, seed: 0.5 })).toThrow(/seed/);
  });
});
