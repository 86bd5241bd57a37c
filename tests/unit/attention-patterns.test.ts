// ph.attentionPattern against numpy's q·k straight from the formulas and its
// softmax rows (tests/fixtures/make_decay_fixtures.py), to float32 rounding.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type AttentionKind, type Phasor, type RopeScaling } from '../../web/src/core/index.js';

interface PatternCase {
  kind: AttentionKind;
  n: number;
  dModel: number;
  seed: number;
  tokens: 'shared' | 'random';
  causal: boolean;
  scaling?: RopeScaling;
  theta?: number;
  heads?: number;
  head?: number;
  rows: number[];
  cols: number[];
  total: (number | null)[];
  softmax: number[];
  terms?: number[][];
}
const { patterns } = JSON.parse(readFileSync(new URL('../fixtures/decay_reference.json', import.meta.url), 'utf8')) as {
  patterns: PatternCase[];
};

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

/** Within a float32 rounding of the float64 value (plus a hair for the float64 sums' order). */
function expectFloat32Close(got: Float32Array, want: (number | null)[], scale = 0): void {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    const w = want[i];
    if (w === null) {
      expect(got[i]).toBeNaN();
      continue;
    }
    expect(Math.abs(got[i] - w)).toBeLessThanOrEqual(2 ** -24 * Math.abs(w) + 1e-13 + scale);
  }
}

describe('attentionPattern', () => {
  for (const c of patterns) {
    const name = `${c.kind}, ${c.tokens} tokens, ${c.causal ? 'causal' : 'not causal'}${c.scaling ? `, ${c.scaling.type}` : ''}${c.heads ? `, head ${c.head}/${c.heads}` : ''}`;
    test(`matches numpy's q·k and softmax rows: ${name}`, () => {
      const p = ph.attentionPattern({
        kind: c.kind,
        n: c.n,
        dModel: c.dModel,
        seed: c.seed,
        tokens: c.tokens,
        causal: c.causal,
        softmax: true,
        rows: c.rows,
        cols: c.cols,
        ...(c.scaling ? { scaling: c.scaling } : {}),
        ...(c.theta ? { theta: c.theta } : {}),
        ...(c.heads ? { heads: c.heads, head: c.head } : {}),
      });
      expect(p.toeplitz).toBe(c.tokens === 'shared' && c.kind !== 'additive');
      expectFloat32Close(p.total, c.total);
      expectFloat32Close(p.softmax!, c.softmax);
      if (c.terms) {
        const t = p.terms!;
        [t.contentContent, t.contentPosition, t.positionContent, t.positionPosition].forEach((term, i) =>
          expectFloat32Close(term, c.terms![i]),
        );
      } else {
        expect(p.terms).toBeNull();
      }
    });
  }

  test('draws every entry by default, and the Toeplitz ones depend on m − n only', () => {
    const p = ph.attentionPattern({ kind: 'rope', n: 64, dModel: 16 });
    expect(p.total.length).toBe(64 * 64);
    for (let m = 1; m < 64; m++)
      for (let k = 1; k < 64; k++) expect(p.total[m * 64 + k]).toBe(p.total[(m - 1) * 64 + k - 1]);
  });

  test('n = 4096 at 512 × 512 drawn entries, softmax rows over all keys', () => {
    const step = Float64Array.from({ length: 512 }, (_, i) => i * 8);
    const p = ph.attentionPattern({
      kind: 'alibi',
      n: 4096,
      dModel: 64,
      rows: step,
      cols: step,
      softmax: true,
      causal: true,
    });
    // Each drawn row's softmax over 0..m sums to at most 1 (the drawn columns are a subset of the keys).
    for (let i = 0; i < 512; i++) {
      let sum = 0;
      for (let j = 0; j < 512; j++) sum += p.softmax![i * 512 + j];
      expect(sum).toBeLessThanOrEqual(1 + 1e-6);
    }
    expect(p.softmax![0]).toBeCloseTo(1, 6); // row 0 sees only key 0
  });

  test('refuses bad options by name and keeps working', () => {
    expect(() => ph.attentionPattern({ kind: 'rope', n: 0, dModel: 8 })).toThrow(/n must/);
    expect(() => ph.attentionPattern({ kind: 'rope', n: 10, dModel: 8, rows: [10] })).toThrow(/rows\[i\]/);
    expect(() => ph.attentionPattern({ kind: 'rope', n: 10, dModel: 7 })).toThrow(RangeError);
    expect(() => ph.attentionPattern({ kind: 'rope', n: 10, dModel: 8, tokens: 'mixed' as never })).toThrow(/tokens/);
    expect(() => ph.attentionPattern({ n: 10, dModel: 8 } as never)).toThrow(TypeError);
    expect(ph.attentionPattern({ kind: 'alibi', n: 3, dModel: 4 }).total.length).toBe(9);
  });
});
