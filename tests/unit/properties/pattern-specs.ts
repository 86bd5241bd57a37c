// attentionPattern under property test: its drawn scores against the float64
// reference of attention-specs.ts (the same tokens and weights, drawn from
// the seed's streams), its additive terms, and its softmax: each drawn row's
// softmax over every key, from the reference scores with the row's largest
// subtracted, within what the scores' own rounding allows. Token scales run
// up to the largest allowed (1e12), where the scores are 1e24 and no
// reference can say more than that the softmax is a distribution: every entry
// is in [0, 1] and each row, drawn whole, sums to 1 within float32 rounding.
import fc from 'fast-check';
import { expect } from 'vitest';
import { ATTENTION_PATTERN_KEYS } from '../../../web/src/core/attention-patterns.js';
import type { AttentionPattern, AttentionPatternOptions } from '../../../web/src/core/index.js';
import { attentionSettings, scores, settings } from './attention-specs.js';
import * as A from './arbitraries.js';
import * as R from './references.js';
import { given, type Spec } from './spec.js';
import { expectClose, f32 } from './support.js';

const positionsBelow = (n: number) =>
  A.maybe(fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: n }));

export const attentionPattern: Spec<AttentionPatternOptions> = {
  fn: 'attentionPattern',
  keys: ATTENTION_PATTERN_KEYS,
  related: {
    n: ['rows', 'cols', 'work of one call'],
    rows: ['n', 'work of one call'],
    cols: ['n', 'work of one call'],
    dModel: ['dHead', 'work of one call'],
    dHead: ['dModel', 'work of one call'],
    heads: ['head'],
    head: ['heads'],
    scaling: ['dHead', 'dModel', 'kind'],
    kind: ['scaling', 'dModel', 'dHead'],
  },
  runs: 80,
  valid: attentionSettings.chain((s) =>
    fc
      .record({
        n: fc.integer({ min: 1, max: 12 }),
        tokenStd: fc.oneof(fc.constant(s.tokenStd), fc.constantFrom(30, 1e3, 2e4, 1e6, 1e9, 1e12)),
        tokens: A.maybe(fc.constantFrom('shared' as const, 'random' as const)),
        causal: A.maybe(fc.boolean()),
        softmax: A.maybe(fc.boolean()),
        terms: A.maybe(fc.boolean()),
      })
      .chain((r) =>
        fc.record({ rows: positionsBelow(r.n), cols: positionsBelow(r.n) }).map((at) => {
          // attentionPattern turns RoPE's pairs (i, i + dHead/2) and takes no layout options.
          const { pairing: _p, tableLayout: _t, weightLayout: _w, permute: _m, ...own } = s;
          return A.defined({ ...own, ...r, ...at } as AttentionPatternOptions);
        }),
      ),
  ),
  check(o, result) {
    const s = settings(o as never);
    const p = result as AttentionPattern;
    const n = o.n;
    const all = Array.from({ length: n }, (_, i) => i);
    const rows = o.rows === undefined ? all : Array.from(o.rows);
    const cols = o.cols === undefined ? all : Array.from(o.cols);
    expect([Array.from(p.rows), Array.from(p.cols), p.n, p.kind]).toEqual([rows, cols, n, o.kind]);
    const shared = given(o.tokens, 'shared') === 'shared';
    const causal = given(o.causal, false);
    const tokens = R.normalSamples(s.seed, 3, (shared ? 1 : n) * s.dModel, s.tokenStd);
    const wq = R.normalSamples(s.seed, 1, s.dModel * s.dHead, 1 / Math.sqrt(s.dModel));
    const wk = R.normalSamples(s.seed, 2, s.dModel * s.dHead, 1 / Math.sqrt(s.dModel));
    /** The token rows of positions `at` (the one token when shared). */
    const tokenRows = (at: number[]) =>
      shared
        ? tokens
        : Float32Array.from(at.flatMap((m) => Array.from(tokens.subarray(m * s.dModel, (m + 1) * s.dModel))));
    const want = scores(s, rows, cols, tokenRows(rows), tokenRows(cols), shared, wq, wk);
    const masked = (i: number, j: number) => causal && cols[j] > rows[i];
    const at = rows.flatMap((_, i) => cols.map((_, j) => i * cols.length + j));
    const close = (what: string, got: Float32Array, values: Float64Array) =>
      expectClose(
        what,
        at.map((e) => (masked(Math.floor(e / cols.length), e % cols.length) ? 0 : got[e])),
        values.map((v, e) => (masked(Math.floor(e / cols.length), e % cols.length) ? 0 : v)),
        (e) => 2 * f32(values[e]) + want.size[e],
      );
    for (let e = 0; e < at.length; e++)
      if (masked(Math.floor(e / cols.length), e % cols.length)) expect(p.total[e], 'a masked score').toBeNaN();
    close(`${o.kind} total`, p.total, want.total);
    const terms = o.kind === 'additive' && given(o.terms, true);
    expect(p.terms !== null).toBe(terms);
    if (p.terms) {
      const fields = ['contentContent', 'contentPosition', 'positionContent', 'positionPosition'] as const;
      fields.forEach((field, t) => close(field, p.terms![field], want.terms[t]));
    }
    expect(p.softmax !== null).toBe(given(o.softmax, false));
    if (!p.softmax) return;
    rows.forEach((m, i) => {
      const last = causal ? m : n - 1;
      const keys = all.slice(0, last + 1);
      const row = scores(s, [m], keys, tokenRows([m]), tokenRows(keys), shared, wq, wk);
      // The reference softmax, and how far the scores' rounding (size) may move it.
      const hi = Math.max(...row.total);
      const sum = row.total.reduce((a, v) => a + Math.exp(v - hi), 0);
      const spread = 2 * Math.max(...row.size, ...row.total.map((v) => f32(v)));
      let drawn = 0;
      cols.forEach((k, j) => {
        const got = p.softmax![i * cols.length + j];
        expect(got >= 0 && got <= 1, `softmax (${m}, ${k}) = ${got}`).toBe(true);
        if (k > last) {
          expect(got, 'a masked weight').toBe(0);
          return;
        }
        drawn += got;
        const w = Math.exp(row.total[k] - hi) / sum;
        // Scores rounded by more than a few units leave the softmax unknown to the reference: then [0, 1] and the row's sum are all.
        const tolerance = spread > 10 ? Infinity : w * Math.expm1(2 * spread) + 2 ** -24 * w + 2 ** -149;
        if (!(Math.abs(got - w) <= tolerance))
          expect.fail(`softmax (${m}, ${k}) = ${got}, want ${w} within ${tolerance}`);
      });
      // A row drawn whole sums to 1 within its float32 roundings.
      if (cols.length === n && new Set(cols).size === n)
        expect(Math.abs(drawn - 1), `row ${m} sums to ${drawn}`).toBeLessThanOrEqual((last + 1) * 2 ** -24);
    });
  },
};
