// The RoPE options of issue 29 against closed forms: proportional frequencies
// and the pairing they give, M-RoPE's sections, Ministral 3's query scale, the
// rotaryDim and scaling keys refused since (issue 32 item 9).
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

describe('proportional (Gemma 4)', () => {
  test('ropeFrequencies gives θ^(−2i/dim)/factor for the first floor(partial·dim/2) pairs and 0 for the rest', () => {
    const f = ph.ropeFrequencies({
      dim: 512,
      theta: 1e6,
      scaling: { type: 'proportional', partialRotaryFactor: 0.25, factor: 2 },
    });
    expect(f.frequencies.length).toBe(256);
    for (let i = 0; i < 256; i++) {
      const want = i < 64 ? 1e6 ** ((-2 * i) / 512) / 2 : 0;
      if (want === 0) expect(f.frequencies[i]).toBe(0);
      else expect(Math.abs(f.frequencies[i] / want - 1)).toBeLessThan(1e-15);
    }
    expect(f.wavelengths[64]).toBe(Infinity);
    expect(f.attentionFactor).toBe(1);
  });

  test('the number of turning pairs is int(partial · dim // 2), rounded as Python does (0.3 · 10 = 3.0000000000000004)', () => {
    const turning = (dim: number, partial: number) =>
      ph
        .ropeFrequencies({ dim, scaling: { type: 'proportional', partialRotaryFactor: partial } })
        .frequencies.filter((w) => w > 0).length;
    expect(turning(10, 0.3)).toBe(1); // 3.0000000000000004 // 2 = 1
    expect(turning(20, 0.3)).toBe(3); // 6.000000000000001 // 2 = 3
    expect(turning(256, 0.25)).toBe(32);
    expect(turning(8, 1)).toBe(4);
    expect(turning(8, 0)).toBe(0);
  });

  test('rope over the whole head turns slot i with slot i + dim/2 for the turning pairs and leaves the others exactly', () => {
    const dim = 16;
    const rows = Float32Array.from({ length: dim }, (_, i) => (i + 1) / 3);
    const out = ph.rope({
      rows,
      dim,
      positions: [7],
      theta: 100,
      scaling: { type: 'proportional', partialRotaryFactor: 0.25 },
    });
    const h = dim / 2;
    for (let i = 0; i < h; i++) {
      if (i < 2) {
        const angle = 7 * 100 ** ((-2 * i) / dim);
        const [x, y] = [rows[i], rows[h + i]];
        expect(Math.abs(out[i] - (x * Math.cos(angle) - y * Math.sin(angle)))).toBeLessThan(3e-7);
        expect(Math.abs(out[h + i] - (y * Math.cos(angle) + x * Math.sin(angle)))).toBeLessThan(3e-7);
      } else {
        expect(out[i]).toBe(rows[i]);
        expect(out[h + i]).toBe(rows[h + i]);
      }
    }
  });

  test('partialRotaryFactor outside [0, 1] is refused, and belongs to proportional only', () => {
    expect(() => ph.ropeFrequencies({ dim: 8, scaling: { type: 'proportional', partialRotaryFactor: 1.5 } })).toThrow(
      /phasor\.ropeFrequencies: scaling\.partialRotaryFactor must be .*1.*got 1\.5/,
    );
    expect(() =>
      ph.ropeFrequencies({ dim: 8, scaling: { type: 'linear', factor: 2, partialRotaryFactor: 0.5 } }),
    ).toThrow(
      "phasor.ropeFrequencies: scaling.partialRotaryFactor does not apply to scaling.type 'linear' (it is read by 'proportional')",
    );
  });
});

describe('rotaryDim and the scaling keys (issue 32 item 9)', () => {
  test.each([0, -0])('rotaryDim %d is refused, not read as the whole row', (rotaryDim) => {
    expect(() => ph.rope({ preset: 'deepseek-v3', rows: new Float32Array(192), rotaryDim })).toThrow(RangeError);
    expect(() => ph.rope({ preset: 'deepseek-v3', rows: new Float32Array(192), rotaryDim })).toThrow(/rotaryDim/);
    expect(() => ph.ropeFrequencies({ dim: 8, rotaryDim })).toThrow(/phasor\.ropeFrequencies: rotaryDim/);
  });

  test("a key of another type is refused naming the types that read it: { type: 'none', factor: 'x' }", () => {
    expect(() => ph.ropeFrequencies({ dim: 8, scaling: { type: 'none', factor: 'x' as never } })).toThrow(
      "phasor.ropeFrequencies: scaling.factor does not apply to scaling.type 'none' (it is read by 'linear', 'ntk', 'dynamic-ntk', 'yarn', 'llama3', 'longrope', 'proportional')",
    );
  });

  test("{ type: 'linear', mscale: Infinity } is refused naming mscale", () => {
    expect(() =>
      ph.rope({ rows: new Float32Array(8), dim: 8, scaling: { type: 'linear', factor: 2, mscale: Infinity } }),
    ).toThrow(/scaling\.mscale does not apply to scaling\.type 'linear' \(it is read by 'yarn'\)/);
  });

  test('a length given with a type that does not read it is still range-checked', () => {
    expect(() => ph.ropeFrequencies({ dim: 8, scaling: { type: 'linear', factor: 2, originalLength: -5 } })).toThrow(
      /phasor\.ropeFrequencies: scaling\.originalLength must be/,
    );
    expect(() => ph.ropeFrequencies({ dim: 8, scaling: { type: 'linear', factor: 2, originalLength: 0 } })).toThrow(
      /scaling\.originalLength must be at least 1; got 0/,
    );
  });

  test('mscale 0 reads as "not set" (transformers tests its truthiness); truncate false and mscale pairs are expressible', () => {
    const zero = ph.ropeFrequencies({
      dim: 64,
      scaling: { type: 'yarn', factor: 40, originalLength: 4096, mscale: 0, mscaleAllDim: 1 },
    });
    expect(zero.attentionFactor).toBe(0.1 * Math.log(40) + 1);
    const deepseek = ph.ropeFrequencies({
      dim: 64,
      scaling: { type: 'yarn', factor: 40, originalLength: 4096, mscale: 0.707, mscaleAllDim: 0.707 },
    });
    expect(deepseek.attentionFactor).toBe(1);
    const gptOss = (truncate: boolean) =>
      ph.ropeFrequencies({
        dim: 64,
        theta: 150000,
        scaling: { type: 'yarn', factor: 32, originalLength: 4096, truncate },
      });
    expect(gptOss(false).frequencies).not.toEqual(gptOss(true).frequencies);
  });

  test('an attentionFactor given with any type multiplies cos and sin', () => {
    expect(
      ph.ropeFrequencies({ dim: 8, scaling: { type: 'linear', factor: 2, attentionFactor: 0.5 } }).attentionFactor,
    ).toBe(0.5);
  });

  test('llama3 with equal band factors (Llama 4: 1 and 1) divides the wavelengths above L by factor and keeps the rest', () => {
    const f = ph.ropeFrequencies({
      dim: 128,
      theta: 500000,
      scaling: { type: 'llama3', factor: 16, originalLength: 8192, lowFreqFactor: 1, highFreqFactor: 1 },
    });
    f.originalFrequencies.forEach((w, i) => {
      const want = (2 * Math.PI) / w > 8192 ? w / 16 : w;
      expect(f.frequencies[i]).toBe(want);
    });
  });
});

describe('M-RoPE', () => {
  const dim = 12; // 6 pairs
  const rows = Float32Array.from({ length: 2 * dim }, (_, i) => Math.sin(i + 1));
  const t = [3, 10];
  const hw = [
    [5, 20],
    [7, 30],
  ];
  const positions = [...t, ...hw[0], ...hw[1]];
  /** Each pair turned by the position of its axis, float64. */
  function expected(axes: number[]): number[] {
    const out: number[] = [];
    for (let r = 0; r < 2; r++) {
      const row = Array.from(rows.subarray(r * dim, (r + 1) * dim));
      const y = [...row];
      for (let i = 0; i < 6; i++) {
        const p = [t, ...hw][axes[i]][r];
        const angle = p * 10000 ** ((-2 * i) / dim);
        y[i] = row[i] * Math.cos(angle) - row[6 + i] * Math.sin(angle);
        y[6 + i] = row[6 + i] * Math.cos(angle) + row[i] * Math.sin(angle);
      }
      out.push(...y);
    }
    return out;
  }
  const near = (got: Float32Array, want: number[]) =>
    got.forEach((v, i) => expect(Math.abs(v - want[i])).toBeLessThan(3e-7));

  test('sections in order: t takes the first pairs, then h, then w (Qwen2.5-VL, GLM-4.5V)', () => {
    near(ph.rope({ rows, dim, positions, mrope: { sections: [1, 2, 3] } }), expected([0, 1, 1, 2, 2, 2]));
  });

  test('interleaved sections (Qwen3.5): pair i is h when i mod 3 = 1, w when i mod 3 = 2, within 3 × its section', () => {
    near(
      ph.rope({ rows, dim, positions, mrope: { sections: [3, 2, 1], interleaved: true } }),
      expected([0, 1, 2, 0, 1, 0]),
    );
  });

  test('one position per row is text: the same on every axis, plain RoPE', () => {
    expect(ph.rope({ rows, dim, positions: t, mrope: { sections: [2, 2, 2] } })).toEqual(
      ph.rope({ rows, dim, positions: t }),
    );
  });

  test('sections that do not add up to rotaryDim/2, or of the wrong shape, are refused', () => {
    expect(() => ph.rope({ rows, dim, positions, mrope: { sections: [1, 2, 2] } })).toThrow(
      /phasor\.rope: mrope\.sections must add up to the rotated pairs, rotaryDim\/2 = 6; got 5/,
    );
    expect(() => ph.rope({ rows, dim, positions, mrope: { sections: [6] } })).toThrow(TypeError);
    expect(() => ph.rope({ rows, dim, positions: [1, 2, 3], mrope: { sections: [2, 2, 2] } })).toThrow(
      /positions\.length \(3\) must equal the number of rows \(2\) or, with mrope, 3 × rows \(6: t, h, w\)/,
    );
  });
});

describe('queryScale (Ministral 3 llama_4_scaling_beta)', () => {
  test('every value of the row is multiplied by 1 + β ln(1 + floor(p / L)), rounded once', () => {
    const rows = Float32Array.from({ length: 8 }, (_, i) => i - 3.5);
    const positions = [5, 40000];
    const out = ph.rope({
      rows: Float32Array.from([...rows, ...rows]),
      dim: 8,
      rotaryDim: 4,
      positions,
      queryScale: { beta: 0.1, originalLength: 16384 },
    });
    const plain = ph.rope({ rows: Float32Array.from([...rows, ...rows]), dim: 8, rotaryDim: 4, positions });
    expect(Array.from(out.subarray(0, 8))).toEqual(Array.from(plain.subarray(0, 8))); // floor(5/16384) = 0
    const scale = 1 + 0.1 * Math.log(1 + 2);
    for (let j = 4; j < 8; j++) expect(out[8 + j]).toBe(Math.fround(scale * rows[j]));
    for (let j = 0; j < 4; j++) expect(Math.abs(out[8 + j] - scale * plain[8 + j])).toBeLessThan(4e-7);
  });

  test('a negative beta or a missing length is refused', () => {
    expect(() => ph.rope({ rows: new Float32Array(4), dim: 4, queryScale: { beta: -1, originalLength: 10 } })).toThrow(
      /queryScale\.beta/,
    );
    expect(() => ph.rope({ rows: new Float32Array(4), dim: 4, queryScale: { beta: 0.1 } as never })).toThrow(
      /queryScale\.originalLength/,
    );
  });
});
