// The experiments' ten functions under property test: random valid options
// and the float64 reference each result must match (attention-reference.ts
// for the two attention functions).
import { identify } from './identify-specs.js';
import { identifyRopeCache, identifyRopeInvFreq, identifyRopeRotated } from './rope-identify-specs.js';
import fc from 'fast-check';
import { expect } from 'vitest';
import type {
  EmbeddingScale,
  EmbeddingScaleOptions,
  NormalSamplesOptions,
  StandardNormalsOptions,
  Pairing,
  PositionResolution,
  PositionResolutionOptions,
  RopeFrequencies,
  RopeFrequencyOptions,
  RopeDecayOptions,
  RopeOptions,
  ShiftFit,
  ShiftFitOptions,
  SineCollision,
  SineCollisionOptions,
} from '../../../web/src/core/index.js';
import * as A from './arbitraries.js';
import { attentionScores, scoreByOffset } from './attention-specs.js';
import { attentionPattern } from './pattern-specs.js';
import * as R from './references.js';
import { given, type Spec } from './spec.js';
import { expectClose, f32 } from './support.js';

const relative = (v: number, bits = 40) => Math.abs(v) * 2 ** -bits;
const values = (a: ArrayLike<number>) => Array.from(a);

export const rope: Spec<RopeOptions> = {
  fn: 'rope',
  runs: 200,
  keys: ['rows', 'dim', 'rotaryDim', 'ropeDims', 'positions', 'theta', 'pairing', 'tableLayout', 'scaling'],
  related: {
    rows: ['dim', 'positions'],
    dim: ['rows', 'positions', 'scaling', 'rotaryDim'],
    rotaryDim: ['dim', 'scaling'],
    positions: ['rows'],
    scaling: ['dim', 'rotaryDim'],
  },
  valid: fc
    .record({
      count: fc.integer({ min: 1, max: 6 }),
      dim: A.even(2, 32),
      rotaryPart: A.maybe(fc.double({ min: 0, max: 1, noNaN: true })),
      ropeDims: A.maybe(fc.constantFrom('first' as const, 'last' as const)),
      theta: A.maybe(A.base),
      pairing: A.maybe(A.pairing),
      tableLayout: A.maybe(A.pairing),
      withPositions: fc.boolean(),
    })
    .chain((o) => {
      // rotaryDim: an even width in [2, dim], or absent (dim).
      const rotaryDim =
        o.rotaryPart === undefined ? undefined : 2 * Math.max(1, Math.round((o.rotaryPart * o.dim) / 2));
      return fc
        .record({
          rows: A.floats(o.count * o.dim),
          positions: o.withPositions ? A.positionList(o.count) : fc.constant(undefined),
          scaling: A.scaling(rotaryDim ?? o.dim),
        })
        .map((s) =>
          A.defined({
            rows: s.rows,
            dim: o.dim,
            rotaryDim,
            ropeDims: o.ropeDims,
            positions: s.positions,
            theta: o.theta,
            pairing: o.pairing,
            tableLayout: o.tableLayout,
            scaling: s.scaling,
          }),
        );
    }),
  check(o, result) {
    const out = result as Float32Array;
    const dim = o.dim!;
    const rd = o.rotaryDim ?? dim;
    const at = o.ropeDims === 'last' ? dim - rd : 0;
    const count = o.rows.length / dim;
    const positions = o.positions === undefined ? Array.from({ length: count }, (_, i) => i) : values(o.positions);
    const pairing = given<Pairing>(o.pairing, 'half');
    // The call's length, max(positions) + 1, when dynamic NTK or longrope has no sequenceLength.
    const { omega, factor } = R.ropeFrequencies(rd, given(o.theta, 10000), o.scaling, Math.max(...positions) + 1);
    expect(out.length).toBe(o.rows.length);
    for (let r = 0; r < count; r++) {
      const row = o.rows.subarray(r * dim, (r + 1) * dim);
      const got = out.subarray(r * dim, (r + 1) * dim);
      const x = row.subarray(at, at + rd);
      const want = R.ropeRow(x, positions[r], omega, factor, pairing, given(o.tableLayout, pairing));
      const size = x.reduce((s, v) => s + Math.abs(v), 0) * factor;
      expectClose(
        `rope row ${r} (m = ${positions[r]})`,
        got.subarray(at, at + rd),
        want,
        (j) => 2 * f32(want[j]) + size * (Math.abs(positions[r]) + 1) * 2 ** -46,
      );
      // The other dims pass through bit for bit.
      for (let j = 0; j < dim; j++)
        if (j < at || j >= at + rd) expect(Object.is(got[j], row[j]), `row ${r} dim ${j} passes through`).toBe(true);
    }
  },
};

export const ropeFrequencies: Spec<RopeFrequencyOptions> = {
  fn: 'ropeFrequencies',
  runs: 600,
  keys: ['dim', 'rotaryDim', 'theta', 'scaling'],
  related: { dim: ['scaling', 'rotaryDim'], rotaryDim: ['dim', 'scaling'], scaling: ['dim', 'rotaryDim'] },
  valid: fc
    .record({
      dim: A.even(2, 256),
      theta: A.maybe(A.base),
      rotaryPart: A.maybe(fc.double({ min: 0, max: 1, noNaN: true })),
    })
    .chain(({ dim, theta, rotaryPart }) => {
      const rotaryDim = rotaryPart === undefined ? undefined : 2 * Math.max(1, Math.round((rotaryPart * dim) / 2));
      return A.scaling(rotaryDim ?? dim).map((scaling) => A.defined({ dim, rotaryDim, theta, scaling }));
    }),
  check(o, result) {
    const r = result as RopeFrequencies;
    const theta = given(o.theta, 10000);
    const rd = o.rotaryDim ?? o.dim!;
    const { omega, factor } = R.ropeFrequencies(rd, theta, o.scaling);
    const original = R.ropeFrequencies(rd, theta).omega;
    expectClose('scaled frequencies', r.frequencies, omega, (i) => relative(omega[i]));
    expectClose(
      'wavelengths',
      r.wavelengths,
      omega.map((w) => R.TWO_PI / w),
      (i) => relative(R.TWO_PI / omega[i]),
    );
    expectClose('original frequencies', r.originalFrequencies, original, (i) => relative(original[i]));
    expectClose('attention factor', [r.attentionFactor], [factor], () => relative(factor));
  },
};

export const alibiSlopes: Spec<{ heads: number }> = {
  fn: 'alibiSlopes',
  keys: ['heads'],
  valid: fc.record({ heads: fc.oneof(fc.integer({ min: 1, max: 70 }), fc.constantFrom(1024, 1023, 513, 256)) }),
  check(o, result) {
    const want = R.alibiSlopes(o.heads);
    expectClose('slopes', result as Float64Array, want, (i) => relative(want[i], 45));
  },
};

export const normalSamples: Spec<NormalSamplesOptions> = {
  fn: 'normalSamples',
  keys: ['seed', 'stream', 'count', 'std', 'first'],
  valid: fc
    .record({
      seed: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constantFrom(2 ** 53 - 1, 2 ** 32, 2 ** 52 + 1)),
      stream: A.maybe(fc.oneof(fc.integer({ min: 0, max: 10 }), fc.constant(2 ** 53 - 1))),
      count: fc.integer({ min: 0, max: 65 }),
      std: A.maybe(fc.oneof(fc.constantFrom(0, 1, 1e30), fc.double({ min: 0, max: 100, noNaN: true }))),
      first: A.maybe(fc.oneof(fc.integer({ min: 0, max: 70 }), fc.constantFrom(2 ** 53 - 1, 2 ** 40 + 1, 2 ** 33))),
    })
    .map(A.defined),
  check(o, result) {
    const want = R.normalSamples(o.seed, given(o.stream, 0), o.count, given(o.std, 1), given(o.first, 0));
    // Each sample is float32(std·z) of the same float64 z, to a few ulp of log and cos.
    expectClose('samples', result as Float32Array, want, (i) => Math.abs(want[i]) * 2 ** -21 + 2 ** -149);
  },
};

export const standardNormals: Spec<StandardNormalsOptions> = {
  fn: 'standardNormals',
  keys: ['seed', 'stream', 'count', 'first'],
  valid: fc
    .record({
      seed: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constantFrom(2 ** 53 - 1, 2 ** 32)),
      stream: A.maybe(fc.oneof(fc.integer({ min: 0, max: 10 }), fc.constant(2 ** 53 - 1))),
      count: fc.integer({ min: 0, max: 65 }),
      first: A.maybe(fc.oneof(fc.integer({ min: 0, max: 70 }), fc.constantFrom(2 ** 53 - 1, 2 ** 40 + 1))),
    })
    .map(A.defined),
  check(o, result) {
    const want = R.standardNormals(o.seed, given(o.stream, 0), o.count, given(o.first, 0));
    expect(result).toBeInstanceOf(Float64Array);
    // float64 to a few ulp of log and cos (the libm's, against JavaScript's Math).
    expectClose('normals', result as Float64Array, want, (i) => Math.abs(want[i]) * 2 ** -48 + 2 ** -1000);
  },
};

export const shiftFit: Spec<ShiftFitOptions> = {
  fn: 'shiftFit',
  keys: ['encoding', 'dModel', 'base', 'k', 'positions', 'offset', 'stride', 'extrapolate'],
  related: {
    k: ['offset', 'encoding'],
    offset: ['k', 'encoding'],
    positions: ['offset', 'stride', 'extrapolate'],
    stride: ['offset', 'positions'],
    extrapolate: ['offset', 'positions'],
    encoding: ['offset', 'k'],
  },
  valid: fc
    .record({
      encoding: A.shiftEncoding,
      dModel: A.even(2, 12),
      base: A.maybe(fc.oneof(fc.constantFrom(10000, 100), fc.double({ min: 1.5, max: 1e6, noNaN: true }))),
      k: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.double({ min: 0, max: 100, noNaN: true })),
      positions: fc.integer({ min: 1, max: 48 }),
      offset: A.maybe(fc.oneof(fc.integer({ min: 0, max: 500 }), fc.double({ min: 0, max: 1e4, noNaN: true }))),
      stride: A.maybe(fc.double({ min: 0.25, max: 8, noNaN: true })),
      extrapolate: A.maybe(fc.integer({ min: 0, max: 24 })),
    })
    .map(A.defined),
  check(o, result) {
    const fit = result as ShiftFit;
    const d = o.dModel;
    const all = o.positions + given(o.extrapolate, 0);
    const offset = given(o.offset, 0);
    const stride = given(o.stride, 1);
    expect(fit.map.length).toBe(d * d);
    expect(fit.perPosition.length).toBe(all);
    expect(Array.from(fit.positions)).toEqual(Array.from({ length: all }, (_, r) => offset + r * stride));
    const omega = R.shiftFrequencies(o.encoding, d, given(o.base, 10000));
    expectClose('frequencies', fit.frequencies, omega, (i) => relative(omega[i], 46));
    expect(fit.singularValues.length).toBe(Math.min(o.positions, d));
    for (let i = 1; i < fit.singularValues.length; i++)
      expect(fit.singularValues[i]).toBeLessThanOrEqual(fit.singularValues[i - 1] * (1 + 1e-12));
    expect(Number.isInteger(fit.rank) && fit.rank >= 0 && fit.rank <= Math.min(o.positions, d)).toBe(true);
    expect(Number.isNaN(fit.extrapolationResidual)).toBe(given(o.extrapolate, 0) === 0);
    // Least squares: no map fits better; the identity and the zero map (residual 1) are two others.
    let miss = 0;
    let target = 0;
    for (let r = 0; r < o.positions; r++) {
      const p = offset + r * stride;
      const x = R.shiftEncoding(o.encoding, omega, p);
      const y = R.shiftEncoding(o.encoding, omega, p + o.k);
      for (let i = 0; i < x.length; i++) miss += (x[i] - y[i]) ** 2;
      target += R.squaredNorm(y);
    }
    const identity = target > 0 ? Math.sqrt(miss / target) : Math.sqrt(miss);
    expect(fit.residual).toBeGreaterThanOrEqual(0);
    expect(fit.residual).toBeLessThanOrEqual(Math.min(1, identity) + 1e-6);
    // A phase linear in p has the exact rotation M_k: the fit is rounding.
    if (o.encoding === 'sinusoidal' || o.encoding === 'linear-frequencies') expect(fit.residual).toBeLessThan(1e-6);
  },
};

export const sineCollision: Spec<SineCollisionOptions> = {
  fn: 'sineCollision',
  keys: ['dModel', 'base', 'dimension', 'position'],
  related: { dModel: ['dimension'], dimension: ['dModel'] },
  valid: fc
    .record({ dModel: A.even(2, 256), base: A.maybe(A.base), position: A.position })
    .chain((o) => fc.integer({ min: 0, max: o.dModel - 1 }).map((dimension) => A.defined({ ...o, dimension }))),
  check(o, result) {
    const r = result as SineCollision;
    const v = given(o.base, 10000) ** (-o.dimension / o.dModel);
    const q = Math.PI / v - o.position;
    expectClose('frequency', [r.frequency], [v], () => relative(v, 48));
    expect(r.position).toBe(o.position);
    expectClose('partner', [r.partner], [q], () => relative(q, 46) + relative(o.position, 50) + 2 ** -60);
    const phase = (Math.abs(v * o.position) + Math.abs(v * q)) * 2 ** -46 + 2 ** -50;
    expectClose('sines', r.sine, [Math.sin(v * o.position), Math.sin(v * q)], () => phase);
    expectClose('cosines', r.cosine, [Math.cos(v * o.position), Math.cos(v * q)], () => phase);
    expectClose('the two sines agree', [r.sine[0]], [r.sine[1]], () => phase);
  },
};

export const embeddingScale: Spec<EmbeddingScaleOptions> = {
  fn: 'embeddingScale',
  keys: ['dModel', 'positions', 'offset', 'base', 'seed', 'embeddingStd', 'tokens', 'normals'],
  related: {
    dModel: ['positions', 'tokens', 'normals'],
    positions: ['offset', 'dModel', 'tokens', 'normals'],
    offset: ['positions'],
    tokens: ['dModel', 'positions', 'normals'],
    normals: ['dModel', 'positions', 'tokens'],
  },
  valid: fc
    .record({
      dModel: A.even(2, 32),
      positions: fc.integer({ min: 1, max: 20 }),
      base: A.maybe(A.base),
      seed: A.maybe(fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant(2 ** 53 - 1))),
      embeddingStd: A.maybe(fc.double({ min: 0, max: 4, noNaN: true })),
      given: fc.constantFrom('draw', 'tokens', 'normals'),
    })
    .chain((o) =>
      fc
        .record({
          offset: A.maybe(A.offset(o.positions)),
          tokens: o.given === 'tokens' ? A.floats(o.positions * o.dModel) : fc.constant(undefined),
          normals:
            o.given === 'normals'
              ? A.floats(o.positions * o.dModel).map((t) => Float64Array.from(t, (v, i) => v * (1 + i * 2 ** -30)))
              : fc.constant(undefined),
        })
        .map((s) => {
          const { given: _, ...rest } = o;
          return A.defined({ ...rest, ...s });
        }),
    ),
  check(o, result) {
    const r = result as EmbeddingScale;
    const d = o.dModel;
    const std = given(o.embeddingStd, 1 / Math.sqrt(d));
    // normals: entry k is float32(std · z_k), as normalSamples rounds it.
    const tokens =
      o.tokens ??
      (o.normals
        ? Float32Array.from(o.normals, (z) => std * z)
        : R.normalSamples(given(o.seed, 0), 4, o.positions * d, std));
    const omega = R.frequencies(d, given(o.base, 10000));
    const scale = Math.sqrt(d);
    expect(r.scale).toBe(scale);
    const norms = {
      tokenNorm: [] as number[],
      scaledTokenNorm: [] as number[],
      peNorm: [] as number[],
      sumNorm: [] as number[],
      scaledSumNorm: [] as number[],
    };
    const tolerance: number[] = [];
    for (let row = 0; row < o.positions; row++) {
      const p = given(o.offset, 0) + row;
      const e = tokens.subarray(row * d, (row + 1) * d);
      const pe = R.peRow(p, omega);
      norms.tokenNorm.push(Math.sqrt(R.squaredNorm(e)));
      norms.scaledTokenNorm.push(scale * Math.sqrt(R.squaredNorm(e)));
      norms.peNorm.push(Math.sqrt(R.squaredNorm(pe)));
      norms.sumNorm.push(Math.sqrt(R.squaredNorm(pe.map((v, j) => v + e[j]))));
      norms.scaledSumNorm.push(Math.sqrt(R.squaredNorm(pe.map((v, j) => v + scale * e[j]))));
      // The PE entries carry the phase's |p|·2^-51 (times √d over a norm).
      tolerance.push(scale * (Math.abs(p) + 1) * 2 ** -48);
    }
    for (const [key, want] of Object.entries(norms)) {
      expectClose(key, r[key as keyof typeof norms], want, (i) => 2 * f32(want[i]) + tolerance[i]);
    }
  },
};

export const positionResolution: Spec<PositionResolutionOptions> = {
  fn: 'positionResolution',
  keys: ['dModel', 'bases', 'lengths', 'minOffset'],
  related: {
    lengths: ['minOffset', 'bases'],
    minOffset: ['lengths'],
    bases: ['lengths'],
    dModel: ['bases', 'lengths'],
  },
  valid: fc
    .record({
      dModel: A.even(2, 32),
      bases: fc.array(A.base, { minLength: 1, maxLength: 3 }),
      lengths: fc.array(fc.integer({ min: 2, max: 300 }), { minLength: 1, maxLength: 4 }),
    })
    .chain((o) =>
      A.maybe(fc.integer({ min: 1, max: Math.max(...o.lengths) - 1 })).map((minOffset) =>
        A.defined({ ...o, minOffset }),
      ),
    ),
  check(o, result) {
    const r = result as PositionResolution;
    const bases = values(o.bases);
    const lengths = values(o.lengths);
    const minOffset = given(o.minOffset, 1);
    const d = o.dModel;
    expect(r.minDistance.length).toBe(bases.length * lengths.length);
    bases.forEach((base, b) => {
      const omega = R.frequencies(d, base);
      const distance = (k: number) => R.offsetMetric(k, omega, 'l2');
      lengths.forEach((n, l) => {
        const at = b * lengths.length + l;
        const tol = Math.sqrt(d * (n * 2 ** -46 + 2 ** -36));
        if (n - 1 < minOffset) {
          expect(r.minDistance[at]).toBeNaN();
          expect(r.atOffset[at]).toBeNaN();
          return;
        }
        let best = Infinity;
        for (let k = minOffset; k < n; k++) best = Math.min(best, distance(k));
        expectClose(`closest for base ${base}, n = ${n}`, [r.minDistance[at]], [best], () => tol);
        const k = r.atOffset[at];
        expect(Number.isInteger(k) && k >= minOffset && k < n).toBe(true);
        expectClose(`distance at the offset reported`, [distance(k)], [best], () => 2 * tol);
      });
    });
    expectClose(
      'float32 bound',
      r.float32Bound,
      lengths.map((n) => 2 * Math.sqrt(d) * (2 ** -25 + (n - 1) * 2 ** -51)),
      (i) => relative(r.float32Bound[i], 50),
    );
  },
};

/** ph.ropeDecay: RoFormer's relative upper bound, from the scaled frequencies of the reference (references.ts). */
export const ropeDecay: Spec<RopeDecayOptions> = {
  fn: 'ropeDecay',
  runs: 200,
  keys: ['dModel', 'base', 'maxDistance', 'scaling'],
  related: { dModel: ['scaling', 'maxDistance'], scaling: ['dModel'], maxDistance: ['dModel'] },
  valid: fc
    .record({
      dModel: A.even(2, 64),
      base: A.maybe(A.base),
      maxDistance: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.constant(0)),
    })
    .chain((o) => A.scaling(o.dModel).map((scaling) => A.defined({ ...o, scaling }))),
  check(o, result) {
    const bound = result as Float64Array;
    const { omega } = R.ropeFrequencies(o.dModel, given(o.base, 10000), o.scaling);
    const want = Array.from({ length: o.maxDistance + 1 }, (_, r) => {
      let re = 0;
      let im = 0;
      let sum = 0;
      for (const w of omega) {
        re += Math.cos(r * w);
        im += Math.sin(r * w);
        sum += Math.hypot(re, im);
      }
      return sum / omega.length;
    });
    expect(bound[0]).toBe((o.dModel / 2 + 1) / 2);
    // 2^-30 relative: the reference's 1/θ^(2i/d) and the core's θ^(−2i/d) differ in the last bit, which r·ω carries.
    expectClose('relative upper bound', bound, want, (r) => Math.abs(want[r]) * 2 ** -30 + 1e-12);
  },
};

export const EXPERIMENT_SPECS = [
  ropeDecay,
  rope,
  ropeFrequencies,
  attentionScores,
  scoreByOffset,
  attentionPattern,
  alibiSlopes,
  normalSamples,
  standardNormals,
  shiftFit,
  sineCollision,
  embeddingScale,
  positionResolution,
  identify,
  identifyRopeCache,
  identifyRopeInvFreq,
  identifyRopeRotated,
] as unknown as Spec[];
