// attentionScores and scoreByOffset under property test, against a float64
// reference of attention.hpp's three kinds: additive PE through W_Q, W_K
// (four terms), RoPE after the projections, ALiBi's bias. Random tokens and
// weights come from the seed's streams (random.hpp: 1 W_Q, 2 W_K, 3 tokens).
import fc from 'fast-check';
import { expect } from 'vitest';
import type {
  AttentionKind,
  AttentionOptions,
  Pairing,
  RopeScaling,
  ScoreByOffsetOptions,
  ScoresByOffset,
} from '../../../web/src/core/index.js';
import * as A from './arbitraries.js';
import * as R from './references.js';
import { given, sample, type Spec } from './spec.js';
import { expectClose, f32 } from './support.js';

export interface Settings {
  kind: AttentionKind;
  dModel: number;
  dHead: number;
  base: number;
  seed: number;
  tokenStd: number;
  pairing: Pairing;
  table: Pairing;
  weightLayout: Pairing;
  permute: boolean;
  scaling?: RopeScaling;
  heads: number;
  head: number;
}

export function settings(o: AttentionOptions | ScoreByOffsetOptions): Settings {
  const pairing = given<Pairing>(o.pairing, 'half');
  return {
    kind: o.kind,
    dModel: o.dModel,
    dHead: given(o.dHead, o.dModel),
    base: o.kind === 'rope' ? given(o.theta, 10000) : given(o.base, 10000),
    seed: given(o.seed, 0),
    tokenStd: given(o.tokenStd, 1),
    pairing,
    table: given(o.tableLayout, pairing),
    weightLayout: given(o.weightLayout, pairing),
    permute: given(o.permute, false),
    scaling: o.scaling,
    heads: given(o.heads, 8),
    head: given(o.head, 0),
  };
}

function weights(s: Settings, value: unknown, stream: number): Float32Array {
  if (value === undefined || value === 'random')
    return R.normalSamples(s.seed, stream, s.dModel * s.dHead, 1 / Math.sqrt(s.dModel));
  if (value === 'identity')
    return Float32Array.from({ length: s.dModel * s.dModel }, (_, i) => (i % (s.dModel + 1) === 0 ? 1 : 0));
  return value as Float32Array;
}

/** W with its output features in the rotation's pairing (convert_llama_weights_to_hf's permute when asked). */
function arranged(s: Settings, w: Float32Array): Float64Array {
  const out = new Float64Array(w.length);
  for (let t = 0; t < s.dModel; t++)
    for (let f = 0; f < s.dHead; f++) {
      const from = s.kind === 'rope' && s.permute ? R.pairingSource(f, s.dHead, s.weightLayout, s.pairing) : f;
      out[t * s.dHead + f] = w[t * s.dHead + from];
    }
  return out;
}

/** q (or k) rows: the projected tokens, turned by RoPE at their positions for 'rope'. */
function content(
  s: Settings,
  tokens: ArrayLike<number>,
  shared: boolean,
  positions: ArrayLike<number>,
  w: Float64Array,
): { rows: Float64Array; size: Float64Array } {
  const count = positions.length;
  const x = Float64Array.from({ length: count * s.dModel }, (_, i) => tokens[shared ? i % s.dModel : i]);
  let rows = R.matmul(x, count, w, s.dModel, s.dHead);
  const size = R.matmul(x.map(Math.abs), count, w.map(Math.abs), s.dModel, s.dHead);
  if (s.kind === 'rope') {
    const { omega, factor } = R.ropeFrequencies(s.dHead, s.base, s.scaling);
    const turned = new Float64Array(rows.length);
    for (let r = 0; r < count; r++)
      turned.set(
        R.ropeRow(rows.subarray(r * s.dHead, (r + 1) * s.dHead), positions[r], omega, factor, s.pairing, s.table),
        r * s.dHead,
      );
    rows = turned;
    size.forEach((v, i) => (size[i] = v * factor));
  }
  return { rows, size };
}

const dot = (a: Float64Array, i: number, b: Float64Array, j: number, n: number) => {
  let sum = 0;
  for (let f = 0; f < n; f++) sum += a[i * n + f] * b[j * n + f];
  return sum;
};

/** The scores of queries at `qp` against keys at `kp`: total and (additive) the four terms, (alibi) the bias; and each score's size for its tolerance. */
export function scores(
  s: Settings,
  qp: ArrayLike<number>,
  kp: ArrayLike<number>,
  qTokens: ArrayLike<number>,
  kTokens: ArrayLike<number>,
  shared: boolean,
  wq: Float32Array,
  wk: Float32Array,
) {
  const Wq = arranged(s, wq);
  const Wk = arranged(s, wk);
  const q = content(s, qTokens, shared, qp, Wq);
  const k = content(s, kTokens, shared, kp, Wk);
  const nq = qp.length;
  const nk = kp.length;
  const total = new Float64Array(nq * nk);
  const size = new Float64Array(nq * nk);
  const terms = [
    new Float64Array(nq * nk),
    new Float64Array(nq * nk),
    new Float64Array(nq * nk),
    new Float64Array(nq * nk),
  ];
  const bias = new Float64Array(nq * nk);
  const slope = R.alibiSlopes(s.heads)[s.head];
  const omega = R.frequencies(s.dModel, s.base);
  const pe = (positions: ArrayLike<number>) =>
    Float64Array.from(
      { length: positions.length * s.dModel },
      (_, i) => R.peRow(positions[Math.floor(i / s.dModel)], omega)[i % s.dModel],
    );
  const pq = s.kind === 'additive' ? R.matmul(pe(qp), nq, Wq, s.dModel, s.dHead) : q.rows;
  const pk = s.kind === 'additive' ? R.matmul(pe(kp), nk, Wk, s.dModel, s.dHead) : k.rows;
  const absP =
    s.kind === 'additive'
      ? {
          q: R.matmul(pe(qp).map(Math.abs), nq, Wq.map(Math.abs), s.dModel, s.dHead),
          k: R.matmul(pe(kp).map(Math.abs), nk, Wk.map(Math.abs), s.dModel, s.dHead),
        }
      : null;
  for (let i = 0; i < nq; i++)
    for (let j = 0; j < nk; j++) {
      const at = i * nk + j;
      const cc = dot(q.rows, i, k.rows, j, s.dHead);
      let sz = dot(q.size, i, k.size, j, s.dHead);
      if (s.kind === 'additive') {
        const parts = [cc, dot(q.rows, i, pk, j, s.dHead), dot(pq, i, k.rows, j, s.dHead), dot(pq, i, pk, j, s.dHead)];
        parts.forEach((v, t) => (terms[t][at] = v));
        total[at] = parts[0] + parts[1] + parts[2] + parts[3];
        sz +=
          dot(q.size, i, absP!.k, j, s.dHead) +
          dot(absP!.q, i, k.size, j, s.dHead) +
          dot(absP!.q, i, absP!.k, j, s.dHead);
      } else if (s.kind === 'alibi') {
        bias[at] = -slope * Math.abs(qp[i] - kp[j]);
        total[at] = cc + bias[at];
        sz += Math.abs(bias[at]);
      } else {
        total[at] = cc;
      }
      const far = s.kind === 'alibi' ? 0 : Math.abs(qp[i]) + Math.abs(kp[j]);
      size[at] = sz * (2 ** -40 + far * 2 ** -48);
    }
  return { total, terms, bias, slope, size };
}

export type SettingsOptions = Omit<AttentionOptions, 'positions' | 'keyPositions' | 'tokens'>;

/** Random valid attention settings (kind-specific options only for their kind). */
export const attentionSettings: fc.Arbitrary<SettingsOptions> = fc
  .constantFrom<AttentionKind>('additive', 'rope', 'alibi')
  .chain((kind) => {
    const dModel = kind === 'additive' ? A.even(2, 10) : fc.integer({ min: 1, max: 10 });
    return fc
      .record({
        dModel,
        dHeadGiven: fc.integer({ min: 1, max: 10 }),
        useDHead: fc.boolean(),
        seed: A.maybe(fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constant(2 ** 53 - 1))),
        tokenStd: A.maybe(fc.double({ min: 0, max: 3, noNaN: true })),
        base: A.maybe(A.base),
        pairing: A.maybe(A.pairing),
        tableLayout: A.maybe(A.pairing),
        weightLayout: A.maybe(A.pairing),
        permute: A.maybe(fc.boolean()),
        heads: fc.integer({ min: 1, max: 16 }),
        headAt: fc.double({ min: 0, max: 0.999, noNaN: true }),
      })
      .chain((r): fc.Arbitrary<SettingsOptions> => {
        let dHead = r.useDHead ? r.dHeadGiven : r.dModel;
        if (kind === 'rope' && dHead % 2 === 1) dHead += 1;
        const common = {
          kind,
          dModel: r.dModel,
          dHead: dHead === r.dModel ? undefined : dHead,
          seed: r.seed,
          tokenStd: r.tokenStd,
        };
        if (kind === 'additive') return fc.constant({ ...common, base: r.base });
        if (kind === 'alibi') return fc.constant({ ...common, heads: r.heads, head: Math.floor(r.headAt * r.heads) });
        return A.scaling(dHead).map((scaling) => ({
          ...common,
          theta: r.base,
          pairing: r.pairing,
          tableLayout: r.tableLayout,
          weightLayout: r.weightLayout,
          permute: r.permute,
          scaling,
        }));
      });
  });

type Weights = 'random' | 'identity' | Float32Array | undefined;
const weightOption = (dModel: number, dHead: number): fc.Arbitrary<Weights> =>
  fc.oneof(
    fc.constant(undefined),
    fc.constant('random' as const),
    A.floats(dModel * dHead),
    ...(dModel === dHead ? [fc.constant('identity' as const)] : []),
  );

export const attentionScores: Spec<AttentionOptions> = {
  fn: 'attentionScores',
  keys: [
    'kind',
    'dModel',
    'dHead',
    'base',
    'theta',
    'seed',
    'tokenStd',
    'wq',
    'wk',
    'pairing',
    'tableLayout',
    'weightLayout',
    'permute',
    'scaling',
    'heads',
    'head',
    'positions',
    'keyPositions',
    'tokens',
  ],
  related: {
    dModel: ['dHead', 'tokens', 'wq', 'wk', 'work of one call'],
    dHead: ['dModel', 'wq', 'wk', 'work of one call'],
    heads: ['head'],
    head: ['heads'],
    positions: ['tokens', 'keyPositions', 'work of one call'],
    keyPositions: ['tokens', 'positions', 'work of one call'],
    tokens: ['keyPositions', 'positions'],
    scaling: ['dHead', 'kind'],
    kind: ['scaling', 'dModel', 'dHead'],
  },
  valid: attentionSettings.chain((s) => {
    const dHead = s.dHead ?? s.dModel;
    return fc
      .record({
        positions: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }).chain(A.positionList)),
        keyPositions: A.maybe(fc.integer({ min: 1, max: 5 }).chain(A.positionList)),
        tokenKind: fc.constantFrom('default', 'random', 'shared', 'rows', 'row'),
        wq: weightOption(s.dModel, dHead),
        wk: weightOption(s.dModel, dHead),
      })
      .chain((r) => {
        const queries = typeof r.positions === 'number' ? r.positions : r.positions.length;
        const perRow = r.tokenKind === 'rows' && (!r.keyPositions || r.keyPositions.length === queries);
        const tokens: fc.Arbitrary<AttentionOptions['tokens']> =
          r.tokenKind === 'random' || r.tokenKind === 'shared'
            ? fc.constant(r.tokenKind)
            : r.tokenKind === 'default'
              ? fc.constant(undefined)
              : A.floats((perRow ? queries : 1) * s.dModel);
        return tokens.map((t) =>
          A.defined({
            ...s,
            positions: r.positions,
            keyPositions: r.keyPositions,
            tokens: t,
            wq: r.wq,
            wk: r.wk,
          } as AttentionOptions),
        );
      });
  }),
  check(o, result) {
    const s = settings(o);
    const r = result as ReturnType<typeof import('../../../web/src/core/attention.js').attentionScores>;
    const qp =
      typeof o.positions === 'number' ? Array.from({ length: o.positions }, (_, i) => i) : Array.from(o.positions);
    const own = o.keyPositions !== undefined;
    const kp = own ? Array.from(o.keyPositions!) : qp;
    const tokenOption = given(o.tokens, 'random');
    let qTokens: Float32Array;
    let kTokens: Float32Array;
    let shared: boolean;
    if (tokenOption === 'random') {
      const all = R.normalSamples(s.seed, 3, (qp.length + (own ? kp.length : 0)) * s.dModel, s.tokenStd);
      qTokens = all.subarray(0, qp.length * s.dModel);
      kTokens = own ? all.subarray(qp.length * s.dModel) : qTokens;
      shared = false;
    } else if (tokenOption === 'shared') {
      qTokens = kTokens = R.normalSamples(s.seed, 3, s.dModel, s.tokenStd);
      shared = true;
    } else {
      qTokens = kTokens = tokenOption;
      shared = tokenOption.length === s.dModel && (qp.length !== 1 || kp.length !== 1);
    }
    const wq = weights(s, o.wq, 1);
    const wk = weights(s, o.wk, 2);
    expect(Array.from(r.wq), 'the W_Q used').toEqual(Array.from(wq));
    expect(Array.from(r.wk), 'the W_K used').toEqual(Array.from(wk));
    expect(Array.from(r.positions)).toEqual(qp);
    expect([r.queries, r.keys]).toEqual([qp.length, kp.length]);
    // A large grid is checked on a sample of its queries and keys.
    const qi = sample(qp.length).filter((_, n, all) => all.length <= 20 || n % Math.ceil(all.length / 20) === 0);
    const ki = sample(kp.length).filter((_, n, all) => all.length <= 20 || n % Math.ceil(all.length / 20) === 0);
    const rows = (tokens: Float32Array, at: number[]) =>
      shared
        ? tokens
        : Float32Array.from(at.flatMap((i) => Array.from(tokens.subarray(i * s.dModel, (i + 1) * s.dModel))));
    const want = scores(
      s,
      qi.map((i) => qp[i]),
      ki.map((j) => kp[j]),
      rows(qTokens, qi),
      rows(kTokens, ki),
      shared,
      wq,
      wk,
    );
    const idx = qi.flatMap((i) => ki.map((j) => i * kp.length + j));
    const close = (what: string, got: Float32Array, values: Float64Array) =>
      expectClose(
        what,
        idx.map((i) => got[i]),
        values,
        (n) => 2 * f32(values[n]) + want.size[n],
      );
    close(`${s.kind} total`, r.total, want.total);
    if (r.kind === 'additive') {
      close('content-content', r.contentContent, want.terms[0]);
      close('content-position', r.contentPosition, want.terms[1]);
      close('position-content', r.positionContent, want.terms[2]);
      close('position-position', r.positionPosition, want.terms[3]);
    }
    if (r.kind === 'alibi') {
      close('bias', r.bias, want.bias);
      expectClose('slope', [r.slope], [want.slope], () => want.slope * 2 ** -45);
    }
  },
};

export const scoreByOffset: Spec<ScoreByOffsetOptions> = {
  fn: 'scoreByOffset',
  keys: [
    'kind',
    'dModel',
    'dHead',
    'base',
    'theta',
    'seed',
    'tokenStd',
    'wq',
    'wk',
    'pairing',
    'tableLayout',
    'weightLayout',
    'permute',
    'scaling',
    'heads',
    'head',
    'anchors',
    'maxOffset',
    'minOffset',
    'token',
  ],
  related: {
    ...attentionScores.related,
    maxOffset: ['minOffset', 'offset', 'work of one call'],
    minOffset: ['maxOffset', 'offset'],
    anchors: ['offset', 'work of one call'],
    token: ['dModel'],
  },
  valid: attentionSettings.chain((s) => {
    const dHead = s.dHead ?? s.dModel;
    return fc
      .record({
        anchors: fc.array(
          fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })),
          { minLength: 1, maxLength: 4 },
        ),
        maxOffset: fc.integer({ min: 0, max: 8 }),
        span: A.maybe(fc.integer({ min: 0, max: 8 })),
        token: fc.oneof(fc.constant(undefined), fc.constant('random' as const), A.floats(s.dModel)),
        wq: weightOption(s.dModel, dHead),
        wk: weightOption(s.dModel, dHead),
      })
      .map(({ span, ...r }) =>
        A.defined({
          ...s,
          ...r,
          minOffset: span === undefined ? undefined : r.maxOffset - span,
        } as ScoreByOffsetOptions),
      );
  }),
  check(o, result) {
    const s = settings(o);
    const r = result as ScoresByOffset;
    const anchors = Array.from(o.anchors);
    const minOffset = given(o.minOffset, -o.maxOffset);
    const offsets = Array.from({ length: o.maxOffset - minOffset + 1 }, (_, j) => minOffset + j);
    expect(Array.from(r.offsets)).toEqual(offsets);
    const tokenOption = given(o.token, 'random');
    const token = tokenOption === 'random' ? R.normalSamples(s.seed, 3, s.dModel, s.tokenStd) : tokenOption;
    const wq = weights(s, o.wq, 1);
    const wk = weights(s, o.wk, 2);
    const n = offsets.length;
    expect(r.scores.length).toBe(anchors.length * n);
    // Additive PE also returns its four terms (computed from the key side in the core: the same values to float64 rounding).
    const fields = ['contentContent', 'contentPosition', 'positionContent', 'positionPosition'] as const;
    if (s.kind === 'additive') expect(Object.keys(r.terms ?? {})).toEqual([...fields]);
    else expect(r.terms).toBeUndefined();
    anchors.forEach((m, a) => {
      const want = scores(
        s,
        [m],
        offsets.map((k) => m - k),
        token,
        token,
        true,
        wq,
        wk,
      );
      expectClose(
        `anchor ${m}`,
        r.scores.subarray(a * n, (a + 1) * n),
        want.total,
        (j) => 2 * f32(want.total[j]) + want.size[j],
      );
      if (r.terms) {
        fields.forEach((field, t) =>
          expectClose(
            `${field}, anchor ${m}`,
            r.terms![field].subarray(a * n, (a + 1) * n),
            want.terms[t],
            (j) => 2 * f32(want.terms[t][j]) + want.size[j],
          ),
        );
      }
    });
    for (let j = 0; j < n; j++) {
      const column = anchors.map((_, a) => r.scores[a * n + j]);
      expect(r.spread[j]).toBe(Math.fround(Math.max(...column) - Math.min(...column)));
    }
    expect(r.maxSpread).toBe(Math.max(0, ...r.spread));
  },
};
