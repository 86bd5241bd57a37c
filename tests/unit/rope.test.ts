import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { maxAbsDiff } from './reference.js';
import { maxScaledDiff, ropeFixture } from './rope-reference.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

describe('rope', () => {
  for (const c of ropeFixture.rope) {
    test(`rope matches the model-code rotation in float64 within float32 rounding: ${c.name}`, () => {
      const out = ph.rope({
        rows: new Float32Array(c.rows),
        dim: c.dim,
        positions: c.positions,
        theta: c.theta,
        pairing: c.pairing,
        scaling: c.scaling,
      });
      expect(out).toBeInstanceOf(Float32Array);
      expect(out.length).toBe(c.rows.length);
      // Per row: about one float32 ulp, plus |m|·2^−51 for the float64 angle m·ω
      // (numpy's 1/θ^(2i/d) and the core's θ^(−2i/d) differ in the last bit).
      for (let r = 0; r < c.positions.length; r++) {
        const row = (a: ArrayLike<number>) => Array.from(a).slice(r * c.dim, (r + 1) * c.dim);
        const bound = 1.2e-7 + Math.abs(c.positions[r]) * 2 ** -51;
        expect(maxScaledDiff(row(out), row(c.values))).toBeLessThan(bound);
      }
    });
  }

  for (const pairing of ['adjacent', 'half'] as const) {
    test(`every value of 16,384 rotated rows of width 128 is within half a float32 ulp of float64 (${pairing})`, () => {
      const d = 128;
      const n = 16384;
      const rows = new Float32Array(n * d).map((_, i) => Math.sin(i * 0.7311) * 2);
      const out = ph.rope({ rows, dim: d, pairing });
      let worst = 0; // |error| / |pair|
      for (let m = 0; m < n; m++) {
        for (let i = 0; i < d / 2; i++) {
          const a = pairing === 'adjacent' ? m * d + 2 * i : m * d + i;
          const b = pairing === 'adjacent' ? a + 1 : a + d / 2;
          const angle = m * 10000 ** ((-2 * i) / d);
          const [x, y] = [rows[a], rows[b]];
          const norm = Math.hypot(x, y);
          worst = Math.max(
            worst,
            Math.abs(out[a] - (x * Math.cos(angle) - y * Math.sin(angle))) / norm,
            Math.abs(out[b] - (x * Math.sin(angle) + y * Math.cos(angle))) / norm,
          );
        }
      }
      expect(worst).toBeLessThan(6.5e-8);
    });
  }

  test('rope defaults to positions 0..count−1, theta 10000 and the half pairing', () => {
    const c = ropeFixture.rope.find((r) => r.name.startsWith('half, d=8'))!;
    const rows = new Float32Array(c.rows.slice(0, 4 * 8));
    const out = ph.rope({ rows, dim: 8 });
    expect(maxScaledDiff(out, c.values.slice(0, 4 * 8))).toBeLessThan(1.2e-7); // positions 0, 1, 2, 3
  });

  test('rope at position 0 returns the rows unchanged', () => {
    const rows = new Float32Array([1.5, -2, 3.25, 0.5, 7, -1]);
    expect(ph.rope({ rows, dim: 6, positions: [0], pairing: 'adjacent' })).toEqual(rows);
  });

  test('rope keeps each pair’s length: it is a rotation', () => {
    const rows = new Float32Array(64).map((_, i) => Math.sin(i * 1.7) * 2);
    const out = ph.rope({ rows, dim: 64, positions: [12345.5] });
    for (let i = 0; i < 32; i++) {
      const before = Math.hypot(rows[i], rows[i + 32]);
      const after = Math.hypot(out[i], out[i + 32]);
      expect(Math.abs(after - before)).toBeLessThan(4e-7 * before + 1e-7);
    }
  });

  test('a GPT-J cos/sin table fed to rotate_half gives the porting bug numpy computes, not a rotation', () => {
    const c = ropeFixture.ropeTableMismatch;
    const out = ph.rope({
      rows: new Float32Array(c.rows),
      dim: c.dim,
      positions: c.positions,
      pairing: 'half',
      tableLayout: 'adjacent',
    });
    expect(maxScaledDiff(out, c.values)).toBeLessThan(1.2e-7);
    const proper = ph.rope({ rows: new Float32Array(c.rows), dim: c.dim, positions: c.positions, pairing: 'half' });
    expect(maxAbsDiff(out, proper)).toBeGreaterThan(0.1);
  });

  test('linear scaling by 4 is RoPE at a quarter of each position', () => {
    const rows = new Float32Array(5 * 16).map((_, i) => Math.cos(i * 0.9));
    const positions = [0, 7, 100, 4000, 16001];
    const scaled = ph.rope({ rows, dim: 16, positions, scaling: { type: 'linear', factor: 4 } });
    const quarter = ph.rope({ rows, dim: 16, positions: positions.map((p) => p / 4) });
    expect(maxAbsDiff(scaled, quarter)).toBeLessThan(3e-7);
  });
});

describe('ropeFrequencies', () => {
  for (const c of ropeFixture.ropeFrequencies) {
    const label = JSON.stringify(c.scaling);
    test(`ropeFrequencies follows transformers' formula: ${label}`, () => {
      const f = ph.ropeFrequencies({ dim: c.dim, theta: c.theta, scaling: c.scaling });
      expect(f.frequencies).toBeInstanceOf(Float64Array);
      expect(f.frequencies.length).toBe(c.dim / 2);
      for (let i = 0; i < c.dim / 2; i++) {
        expect(Math.abs(f.frequencies[i] / c.frequencies[i] - 1)).toBeLessThan(1e-13);
        expect(Math.abs(f.wavelengths[i] * c.frequencies[i] - 2 * Math.PI)).toBeLessThan(1e-12);
        expect(Math.abs(f.originalFrequencies[i] - c.theta ** ((-2 * i) / c.dim))).toBeLessThan(1e-15);
      }
      expect(f.attentionFactor).toBeCloseTo(c.attentionFactor, 14);
    });
  }

  test('without scaling the frequencies are θ^(−2i/dim) and nothing changes', () => {
    const f = ph.ropeFrequencies({ dim: 128, theta: 500000 });
    expect(Array.from(f.frequencies)).toEqual(Array.from(f.originalFrequencies));
    expect(f.frequencies[0]).toBe(1);
    expect(f.wavelengths[63]).toBeCloseTo(2 * Math.PI * 500000 ** (126 / 128), 6);
    expect(f.attentionFactor).toBe(1);
  });

  test('dynamic NTK changes nothing until a call runs past its length, as transformers (no factor × L default)', () => {
    const scaling = { type: 'dynamic-ntk', factor: 4, originalLength: 2048 } as const;
    const unchanged = ph.ropeFrequencies({ dim: 64, scaling });
    expect(Array.from(unchanged.frequencies)).toEqual(Array.from(unchanged.originalFrequencies));
    const given = ph.ropeFrequencies({ dim: 64, scaling: { ...scaling, sequenceLength: 8192 } });
    expect(given.frequencies[31]).toBeLessThan(given.originalFrequencies[31] / 10);
    // rope() runs at max(positions) + 1: 8192 here, so the base has grown.
    const rows = new Float32Array(64).fill(1);
    const call = ph.rope({ rows, dim: 64, positions: [8191], scaling });
    const explicit = ph.rope({ rows, dim: 64, positions: [8191], scaling: { ...scaling, sequenceLength: 8192 } });
    expect(call).toEqual(explicit);
    expect(maxAbsDiff(call, ph.rope({ rows, dim: 64, positions: [8191] }))).toBeGreaterThan(0.1);
  });
});

describe('rope outputPairing', () => {
  test("pairing 'adjacent' with outputPairing 'half' writes each turned pair (2i, 2i+1) to slots i and i + rotaryDim/2 (transformers' apply_rotary_pos_emb_interleave)", () => {
    const dim = 12;
    const rotaryDim = 8;
    const rows = Float32Array.from({ length: 2 * dim }, (_, i) => Math.cos(i * 1.37) * 3);
    const positions = [5, 1234];
    const common = {
      rows,
      dim,
      rotaryDim,
      ropeDims: 'last' as const,
      positions,
      theta: 10000,
      pairing: 'adjacent' as const,
    };
    const same = ph.rope(common);
    const half = ph.rope({ ...common, outputPairing: 'half' });
    for (let r = 0; r < 2; r++) {
      const at = r * dim + dim - rotaryDim;
      for (let j = 0; j < dim - rotaryDim; j++) expect(half[r * dim + j]).toBe(rows[r * dim + j]);
      for (let i = 0; i < rotaryDim / 2; i++) {
        // Float64 reference of the pair's rotation, in the output slots.
        const angle = positions[r] * 10000 ** ((-2 * i) / rotaryDim);
        const [x, y] = [rows[at + 2 * i], rows[at + 2 * i + 1]];
        expect(half[at + i]).toBe(same[at + 2 * i]);
        expect(half[at + rotaryDim / 2 + i]).toBe(same[at + 2 * i + 1]);
        expect(Math.abs(half[at + i] - (x * Math.cos(angle) - y * Math.sin(angle)))).toBeLessThan(4e-6);
        expect(Math.abs(half[at + rotaryDim / 2 + i] - (y * Math.cos(angle) + x * Math.sin(angle)))).toBeLessThan(4e-6);
      }
    }
  });

  test("outputPairing 'adjacent' with pairing 'half' is the inverse permutation, and the default is the pairing", () => {
    const rows = Float32Array.from({ length: 8 }, (_, i) => i + 1);
    const plain = ph.rope({ rows, dim: 8, positions: [7] });
    expect(ph.rope({ rows, dim: 8, positions: [7], outputPairing: 'half' })).toEqual(plain);
    const adjacent = ph.rope({ rows, dim: 8, positions: [7], outputPairing: 'adjacent' });
    for (let i = 0; i < 4; i++) {
      expect(adjacent[2 * i]).toBe(plain[i]);
      expect(adjacent[2 * i + 1]).toBe(plain[4 + i]);
    }
  });

  test('outputPairing must be a pairing name', () => {
    expect(() => ph.rope({ rows: new Float32Array(4), dim: 4, outputPairing: 'even-odd' as never })).toThrow(
      /phasor\.rope: outputPairing must be one of 'adjacent', 'half'/,
    );
  });
});
