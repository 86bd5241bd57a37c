import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { fixture, maxAbsDiff, omega, peRow } from './reference.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor();
});

describe('encode', () => {
  test('encode({positions: 5, dModel: 4}) reproduces the seed PyTorch table to its 4 printed decimals', () => {
    const seed = [
      [0.0, 1.0, 0.0, 1.0],
      [0.8415, 0.5403, 0.01, 0.9999],
      [0.9093, -0.4161, 0.02, 0.9998],
      [0.1411, -0.99, 0.03, 0.9996],
      [-0.7568, -0.6536, 0.04, 0.9992],
    ].flat();
    const { table } = ph.encode({ positions: 5, dModel: 4 });
    expect(table).toBeInstanceOf(Float32Array);
    expect(table.length).toBe(20);
    expect(maxAbsDiff(table, seed)).toBeLessThanOrEqual(5e-5 + 1e-7);
  });

  for (const c of fixture.tables) {
    test(`encode matches the numpy float64 fixture within 6e-8: ${c.name}`, () => {
      const got: number[] = [];
      for (const p of c.positions) {
        const { table } = ph.encode({ positions: 1, dModel: c.dModel, base: c.base, offset: p, layout: c.layout });
        got.push(...table);
      }
      expect(maxAbsDiff(got, c.values)).toBeLessThan(6e-8);
    });
  }

  test('encode rows from offset 0 equal the fixture rows taken out of one long table (anchor boundaries)', () => {
    const c = fixture.tables.find((t) => t.name.startsWith('d=512 rows'))!;
    const { table } = ph.encode({ positions: 2048, dModel: 512 });
    const got = c.positions.flatMap((p) => Array.from(table.subarray(p * 512, (p + 1) * 512)));
    expect(maxAbsDiff(got, c.values)).toBeLessThan(6e-8);
  });

  test('every value of the 65,536 × 128 table is within 1e-6 (in fact 6e-8) of float64', () => {
    const { table } = ph.encode({ positions: 65536, dModel: 128 });
    let worst = 0;
    for (let p = 0; p < 65536; p++)
      worst = Math.max(worst, maxAbsDiff(table.subarray(p * 128, (p + 1) * 128), peRow(p, 128)));
    expect(worst).toBeLessThan(6e-8);
  });

  test('every value of the last 2,048 of 65,536 positions at dModel 4096 is within 1e-6 of float64', () => {
    const offset = 65536 - 2048;
    const { table } = ph.encode({ positions: 2048, dModel: 4096, offset });
    let worst = 0;
    for (let r = 0; r < 2048; r++) {
      worst = Math.max(worst, maxAbsDiff(table.subarray(r * 4096, (r + 1) * 4096), peRow(offset + r, 4096)));
    }
    expect(worst).toBeLessThan(1e-6);
    expect(worst).toBeLessThan(6e-8);
  });

  test('the split layout holds the same values as interleaved, sines first', () => {
    const a = ph.encode({ positions: 300, dModel: 10 }).table;
    const b = ph.encode({ positions: 300, dModel: 10, layout: 'split' }).table;
    for (let p = 0; p < 300; p++)
      for (let i = 0; i < 5; i++) {
        expect(b[p * 10 + i]).toBe(a[p * 10 + 2 * i]);
        expect(b[p * 10 + 5 + i]).toBe(a[p * 10 + 2 * i + 1]);
      }
  });

  test('encode returns its resolved options with defaults base 10000, offset 0, interleaved', () => {
    const e = ph.encode({ positions: 3, dModel: 8 });
    expect({ positions: e.positions, dModel: e.dModel, base: e.base, offset: e.offset, layout: e.layout }).toEqual({
      positions: 3,
      dModel: 8,
      base: 10000,
      offset: 0,
      layout: 'interleaved',
    });
  });

  test('a negative fractional offset gives PE at those positions', () => {
    const { table } = ph.encode({ positions: 4, dModel: 6, base: 50, offset: -2.5 });
    const want = [-2.5, -1.5, -0.5, 0.5].flatMap((p) => Array.from(peRow(p, 6, 50)));
    expect(maxAbsDiff(table, want)).toBeLessThan(6e-8);
  });
});

describe('frequencies', () => {
  test('frequencies match numpy: ω_0 = 1 and the rest fall geometrically', () => {
    const { frequencies, wavelengths } = ph.frequencies({ dModel: 512 });
    expect(frequencies).toBeInstanceOf(Float64Array);
    expect(maxAbsDiff(frequencies, fixture.frequencies.values)).toBeLessThan(1e-15);
    expect(frequencies[0]).toBe(1);
    expect(wavelengths[0]).toBeCloseTo(2 * Math.PI, 14);
    expect(wavelengths[255]).toBeCloseTo(2 * Math.PI * 10000 ** (510 / 512), 8);
  });

  test('encode carries the same frequencies and wavelengths', () => {
    const e = ph.encode({ positions: 1, dModel: 16, base: 100 });
    for (let i = 0; i < 8; i++) {
      expect(e.frequencies[i]).toBeCloseTo(omega(i, 16, 100), 15);
      expect(e.wavelengths[i] * e.frequencies[i]).toBeCloseTo(2 * Math.PI, 13);
    }
  });
});

describe("spacing: 'tensor2tensor'", () => {
  for (const c of fixture.tensor2tensor) {
    test(`encode with layout 'split' and spacing 'tensor2tensor' matches ${c.name} within 6e-8`, () => {
      const got = c.positions.flatMap((p) =>
        Array.from(
          ph.encode({ positions: 1, dModel: c.dModel, offset: p, layout: 'split', spacing: 'tensor2tensor' }).table,
        ),
      );
      expect(maxAbsDiff(got, c.values)).toBeLessThan(6e-8);
    });
  }

  test('the last wavelength is exactly 2π·base, and the paper spacing stays just under it', () => {
    const t2t = ph.frequencies({ dModel: 64, base: 100, spacing: 'tensor2tensor' });
    const paper = ph.frequencies({ dModel: 64, base: 100 });
    expect(t2t.wavelengths[31]).toBeCloseTo(2 * Math.PI * 100, 10);
    expect(paper.wavelengths[31]).toBeCloseTo(2 * Math.PI * 100 ** (62 / 64), 10);
    expect(t2t.frequencies[0]).toBe(1);
  });

  test('dModel 2 has the one pair turn at 1 rad per position, where tensor2tensor would divide by zero', () => {
    const { frequencies, table } = ph.encode({ positions: 2, dModel: 2, spacing: 'tensor2tensor' });
    expect(Array.from(frequencies)).toEqual([1]);
    expect(table[2]).toBe(Math.fround(Math.sin(1)));
  });

  test('dot products, distances and the rotation follow the spacing', () => {
    const w = (i: number) => 10000 ** (-i / 7);
    const closed = (k: number) => Array.from({ length: 8 }, (_, i) => Math.cos(w(i) * k)).reduce((a, b) => a + b, 0);
    const dots = ph.dotByOffset({ dModel: 16, maxOffset: 20, spacing: 'tensor2tensor' });
    for (let k = 0; k <= 20; k++) expect(dots[k]).toBeCloseTo(closed(k), 5);
    const distance = ph.distanceMatrix({ positions: 5, dModel: 16, spacing: 'tensor2tensor' });
    expect(distance[1]).toBeCloseTo(Math.sqrt(16 - 2 * closed(1)), 5);
    const { matrix, maxError } = ph.rotation({
      dModel: 16,
      k: 3,
      positions: 100,
      layout: 'split',
      spacing: 'tensor2tensor',
    });
    expect(matrix[0]).toBeCloseTo(Math.cos(3), 7);
    expect(maxError).toBeLessThan(3e-7);
  });

  test('an unknown spacing throws a RangeError naming the choices', () => {
    expect(() => ph.encode({ positions: 1, dModel: 4, spacing: 'fairseq' as never })).toThrow(
      /phasor\.encode: spacing must be one of 'paper', 'tensor2tensor', 'geometric'; got "fairseq"/,
    );
  });
});

describe('encode into a caller’s array', () => {
  test('encode({ into }) writes the table into that array and returns it as table', () => {
    const into = new Float32Array(300 * 16).fill(7);
    const { table } = ph.encode({ positions: 300, dModel: 16, offset: 5, into });
    expect(table).toBe(into);
    expect(maxAbsDiff(into, Array.from({ length: 300 }, (_, r) => Array.from(peRow(5 + r, 16))).flat())).toBeLessThan(
      6e-8,
    );
  });

  test('an into of the wrong length or type is refused and the array left as it was', () => {
    const short = new Float32Array(10).fill(3);
    expect(() => ph.encode({ positions: 4, dModel: 4, into: short })).toThrow(
      /into must hold positions × dModel = 16 values; got 10/,
    );
    expect(Array.from(short)).toEqual(new Array(10).fill(3));
    expect(() => ph.encode({ positions: 4, dModel: 4, into: new Float64Array(16) as never })).toThrow(TypeError);
    expect(ph.encode({ positions: 1, dModel: 2 }).table[1]).toBe(1);
  });
});
