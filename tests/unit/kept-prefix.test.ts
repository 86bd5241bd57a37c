// KeptPrefix keeps a random stream's first values (core/kept-prefix.ts): every
// slice must be what one draw of those positions gives, however the kept
// values grew, and each value is drawn once.
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { KeptPrefix } from '../../web/src/core/kept-prefix.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

describe('KeptPrefix', () => {
  test('slices equal a fresh draw of the same positions, through growth by doubling and past it, and draw each value once', () => {
    const draws: [number, number][] = [];
    const draw = (first: number, count: number) => {
      draws.push([first, count]);
      return ph.standardNormals({ seed: 5, stream: 2, first, count });
    };
    const kept = new KeptPrefix(1000, draw);
    for (const [first, end] of [
      [0, 10],
      [3, 7],
      [0, 25],
      [20, 90],
      [5, 61],
      [600, 1000],
      [0, 1000],
    ]) {
      expect(kept.slice(first, end), `${first} … ${end}`).toEqual(
        ph.standardNormals({ seed: 5, stream: 2, first, count: end - first }),
      );
    }
    // Drawn in order, each position once: 0–10, 10–25, 25–90, 90–1000.
    expect(draws).toEqual([
      [0, 10],
      [10, 15],
      [25, 65],
      [90, 910],
    ]);
  });

  test('past the cap gives null and draws nothing', () => {
    let drawn = 0;
    const kept = new KeptPrefix(100, (first, count) => ((drawn += count), new Float64Array(count).fill(first)));
    expect(kept.slice(50, 101)).toBeNull();
    expect(kept.slice(0, Number.NaN)).toBeNull();
    expect(drawn).toBe(0);
    expect(kept.slice(99, 100)).toEqual(new Float64Array([0]));
    expect(drawn).toBe(100);
  });
});
