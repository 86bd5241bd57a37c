// The PE core's seven functions under property test: random valid options
// and the float64 reference each result must match.
import fc from 'fast-check';
import { expect } from 'vitest';
import type {
  DotByOffsetOptions,
  EncodeOptions,
  Encoding,
  Layout,
  Metric,
  PairwiseOptions,
  Rotation,
  RotationOptions,
  Spacing,
} from '../../../web/src/core/index.js';
import * as A from './arbitraries.js';
import * as R from './references.js';
import { given, sample, type Spec } from './spec.js';
import { expectClose, f32 } from './support.js';
import { TABLE_SPECS } from './table-specs.js';

/**
 * |table − PE| per value: float32 rounding (2^-25 below 1), the phase and
 * the walk (|p|·2^-51 + 2^-40, see docs/accuracy.md), and the reference's
 * own phase p·ω (|p|·2^-52): 2^-25 + |p|·2^-50 + 2^-40.
 */
const tableTolerance = (p: number) => 2 ** -25 + Math.abs(p) * 2 ** -50 + 2 ** -40;
/** Two float64 pow of the same arguments differ by a few ulp at most. */
const relative = (v: number) => Math.abs(v) * 2 ** -48;

export const encode: Spec<EncodeOptions> = {
  fn: 'encode',
  keys: ['positions', 'dModel', 'base', 'offset', 'layout', 'spacing', 'into'],
  related: { positions: ['offset'], dModel: ['positions'], offset: ['positions'] },
  // dModel ≥ 8 keeps any positions up to 2^26 past the 1 GiB cap, so a hostile positions stays cheap.
  valid: fc
    .record({
      positions: fc.integer({ min: 1, max: 40 }),
      dModel: A.even(8, 48),
      base: A.maybe(A.base),
      layout: A.maybe(A.layout),
      spacing: A.maybe(A.spacing),
      withInto: fc.boolean(),
    })
    .chain((o) => A.maybe(A.offset(o.positions)).map((offset) => ({ ...o, offset })))
    .map(({ withInto, ...o }) =>
      A.defined({ ...o, into: withInto ? new Float32Array(o.positions * o.dModel).fill(NaN) : undefined }),
    ),
  check(o, result) {
    const r = result as Encoding;
    const base = given(o.base, 10000);
    const offset = given(o.offset, 0);
    const omega = R.frequencies(o.dModel, base, given<Spacing>(o.spacing as Spacing | undefined, 'paper'));
    expect([r.positions, r.dModel, r.base, r.offset, r.layout, r.spacing]).toEqual([
      o.positions,
      o.dModel,
      base,
      offset,
      given<Layout>(o.layout, 'interleaved'),
      given(o.spacing, 'paper'),
    ]);
    if (o.into) expect(r.table).toBe(o.into);
    expect(r.table.length).toBe(o.positions * o.dModel);
    for (const row of sample(o.positions)) {
      const p = offset + row;
      const want = R.peRow(p, omega, given<Layout>(o.layout, 'interleaved'));
      expectClose(`encode row ${row} (p = ${p})`, r.table.subarray(row * o.dModel, (row + 1) * o.dModel), want, () =>
        tableTolerance(p),
      );
    }
    expectClose('frequencies', r.frequencies, omega, (i) => relative(omega[i]));
    expectClose(
      'wavelengths',
      r.wavelengths,
      omega.map((w) => R.TWO_PI / w),
      (i) => relative(R.TWO_PI / omega[i]),
    );
  },
};

export const frequencies: Spec<{ dModel: number; base?: number; spacing?: Spacing }> = {
  fn: 'frequencies',
  keys: ['dModel', 'base', 'spacing'],
  valid: fc
    .record({ dModel: fc.oneof(A.even(2, 64), A.even(2, 65536)), base: A.maybe(A.base), spacing: A.maybe(A.spacing) })
    .map(A.defined),
  check(o, result) {
    const r = result as { frequencies: Float64Array; wavelengths: Float64Array };
    const omega = R.frequencies(o.dModel, given(o.base, 10000), given<Spacing>(o.spacing, 'paper'));
    expectClose('frequencies', r.frequencies, omega, (i) => relative(omega[i]));
    expectClose(
      'wavelengths',
      r.wavelengths,
      omega.map((w) => R.TWO_PI / w),
      (i) => relative(R.TWO_PI / omega[i]),
    );
  },
};

export const dotByOffset: Spec<DotByOffsetOptions> = {
  fn: 'dotByOffset',
  keys: ['dModel', 'base', 'maxOffset', 'normalize', 'spacing'],
  related: { dModel: ['maxOffset'], maxOffset: ['dModel'] },
  valid: fc
    .record({
      dModel: A.even(2, 256),
      base: A.maybe(A.base),
      maxOffset: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1000, max: 3000 })),
      normalize: A.maybe(fc.boolean()),
      spacing: A.maybe(A.spacing),
    })
    .map(A.defined),
  check(o, result) {
    const dots = result as Float32Array;
    const omega = R.frequencies(o.dModel, given(o.base, 10000), given<Spacing>(o.spacing, 'paper'));
    const h = o.dModel / 2;
    const scale = o.normalize ? h : 1;
    expect(dots.length).toBe(o.maxOffset + 1);
    const want = new Float64Array(dots.length);
    for (const k of sample(dots.length)) want[k] = R.cosSum(k, omega) / scale;
    expectClose(
      'PE(p)·PE(p+k)',
      sample(dots.length).map((k) => dots[k]),
      sample(dots.length).map((k) => want[k]),
      (i) => {
        const k = sample(dots.length)[i];
        return 2 * f32(want[k]) + (h * (k * 2 ** -49 + 2 ** -40)) / scale;
      },
    );
  },
};

function offsetMatrixSpec(
  fn: 'distanceMatrix' | 'similarityMatrix',
): Spec<{ positions: number; dModel: number; base?: number; spacing?: Spacing; metric?: 'dot' | 'cosine' }> {
  const metric =
    fn === 'similarityMatrix' ? A.maybe(fc.constantFrom<'dot' | 'cosine'>('dot', 'cosine')) : fc.constant(undefined);
  return {
    fn,
    keys: ['positions', 'dModel', 'base', 'spacing', ...(fn === 'similarityMatrix' ? ['metric'] : [])],
    valid: fc
      .record({
        positions: fc.integer({ min: 1, max: 40 }),
        dModel: A.even(2, 64),
        base: A.maybe(A.base),
        spacing: A.maybe(A.spacing),
        metric,
      })
      .map(A.defined),
    check(o, result) {
      const m = result as Float32Array;
      const n = o.positions;
      const kind: Metric = fn === 'distanceMatrix' ? 'l2' : given(o.metric, 'dot');
      const omega = R.frequencies(o.dModel, given(o.base, 10000), given<Spacing>(o.spacing, 'paper'));
      const h = o.dModel / 2;
      expect(m.length).toBe(n * n);
      const row = Float64Array.from({ length: n }, (_, k) => R.offsetMetric(k, omega, kind));
      const drift = (k: number) => h * (k * 2 ** -49 + 2 ** -38);
      for (const p of sample(n)) {
        expectClose(
          `${fn} row ${p}`,
          m.subarray(p * n, (p + 1) * n),
          Array.from({ length: n }, (_, q) => row[Math.abs(p - q)]),
          (q) => {
            const k = Math.abs(p - q);
            return 2 * f32(row[k]) + (kind === 'l2' ? Math.sqrt(2 * drift(k)) : drift(k) / (kind === 'cosine' ? h : 1));
          },
        );
      }
    },
  };
}
export const distanceMatrix = offsetMatrixSpec('distanceMatrix');
export const similarityMatrix = offsetMatrixSpec('similarityMatrix');

export const pairwise: Spec<PairwiseOptions> = {
  fn: 'pairwise',
  keys: ['rows', 'dim', 'metric'],
  related: { rows: ['dim'], dim: ['rows'] },
  valid: fc
    .record({ count: fc.integer({ min: 1, max: 10 }), dim: fc.integer({ min: 1, max: 17 }), metric: A.maybe(A.metric) })
    .chain((o) => A.floats(o.count * o.dim).map((rows) => A.defined({ rows, dim: o.dim, metric: o.metric }))),
  check(o, result) {
    const m = result as Float32Array;
    const kind = given<Metric>(o.metric, 'l2');
    const want = R.pairwise(o.rows, o.dim, kind);
    const n = o.rows.length / o.dim;
    let largest = 0;
    for (const v of o.rows) largest = Math.max(largest, Math.abs(v));
    const rowMax = (i: number) =>
      o.rows.subarray(i * o.dim, (i + 1) * o.dim).reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    // float32 sums: (dim + 4)·2^-24 relative to the terms' magnitude.
    const magnitude = (i: number, j: number) => {
      if (kind === 'cosine') return 1;
      let s = 0;
      for (let t = 0; t < o.dim; t++) {
        const a = o.rows[i * o.dim + t];
        const b = o.rows[j * o.dim + t];
        s += kind === 'dot' ? Math.abs(a * b) : (a - b) ** 2;
      }
      return kind === 'dot' ? s : Math.sqrt(s);
    };
    expectClose(`pairwise ${kind}`, m, want, (ij) => {
      const i = Math.floor(ij / n);
      const j = ij % n;
      // Rows are rescaled to a largest entry in [1, 2): entries far below it
      // land among float32's subnormals (spacing 2^-149 there).
      const floor =
        kind === 'dot'
          ? o.dim * 2 ** -146 * rowMax(i) * rowMax(j)
          : kind === 'l2'
            ? Math.sqrt(o.dim) * largest * 2 ** -60
            : o.dim * 2 ** -60;
      return f32(want[ij]) + (o.dim + 4) * 2 ** -23 * magnitude(i, j) + floor;
    });
  },
};

export const rotation: Spec<RotationOptions> = {
  fn: 'rotation',
  keys: ['dModel', 'base', 'k', 'positions', 'offset', 'layout', 'spacing'],
  related: {
    k: ['offset', 'positions'],
    offset: ['k', 'positions'],
    positions: ['k', 'offset', 'dModel'],
    dModel: ['positions'],
  },
  valid: fc
    .record({
      dModel: A.even(2, 32),
      base: A.maybe(A.base),
      positions: fc.integer({ min: 1, max: 50 }),
      layout: A.maybe(A.layout),
      spacing: A.maybe(A.spacing),
    })
    .chain((o) =>
      fc
        .record({
          k: fc.oneof(fc.integer({ min: -100, max: 100 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })),
          offset: A.maybe(
            fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })),
          ),
        })
        .map((s) => A.defined({ ...o, ...s })),
    ),
  check(o, result) {
    const r = result as Rotation;
    const d = o.dModel;
    const omega = R.frequencies(d, given(o.base, 10000), given<Spacing>(o.spacing, 'paper'));
    const want = R.rotationMatrix(omega, o.k, given<Layout>(o.layout, 'interleaved'));
    expectClose('M_k', r.matrix, want, (ij) => f32(want[ij]) + Math.abs(omega[0] * o.k) * 2 ** -49);
    // M_k and both tables in float32: about 2.5·2^-24 plus the tables' |p|·2^-51 terms.
    const far = Math.abs(given(o.offset, 0)) + o.positions + Math.abs(o.k);
    expect(r.maxError).toBeGreaterThanOrEqual(0);
    expect(r.maxError).toBeLessThanOrEqual(3 * 2 ** -24 + 4 * far * 2 ** -50);
  },
};

// encode's general table options and conventions: table-specs.ts.
export const CORE_SPECS = [
  encode,
  frequencies,
  dotByOffset,
  distanceMatrix,
  similarityMatrix,
  pairwise,
  rotation,
  ...TABLE_SPECS,
] as unknown as Spec[];
