// encode's general table options and its conventions under property test:
// random valid options against a float64 reference written from the
// definition (tests/fixtures/frameworks/CONVENTIONS.md, section a), column
// by column, independent of the core's row formats.
import fc from 'fast-check';
import { expect } from 'vitest';
import type {
  ConventionName,
  EncodeOptions,
  Encoding,
  GeneralEncodeOptions,
  Layout,
  OddWidth,
  Order,
} from '../../../web/src/core/index.js';
import * as A from './arbitraries.js';
import { given, sample, type Spec } from './spec.js';
import { expectClose } from './support.js';

type Resolved = Required<Omit<GeneralEncodeOptions, 'minFrequency' | 'spacing'>> & { spacing: 'paper' | 'geometric' };

/** The table's sine frequencies: (w + 1)/2 with an extra sine, else w/2, w the exponent width. */
function omegas(t: Resolved): number[] {
  const d = t.dModel;
  const w = d % 2 === 1 && t.oddWidth === 'zeroColumn' ? d - 1 : d;
  const count = Math.ceil(w / 2);
  const h = Math.floor(w / 2);
  return Array.from(
    { length: count },
    (_, i) =>
      t.maxFrequency * (t.spacing === 'paper' ? t.base ** ((-2 * i) / w) : h > 1 ? t.base ** (-i / (h - 1)) : 1),
  );
}

/** T[r, ·] of CONVENTIONS.md (a). */
function row(t: Resolved, r: number): Float64Array {
  const d = t.dModel;
  const first = t.paddingIdx !== null && !t.buffer ? t.paddingIdx + 1 : 0;
  const p = t.offset + first + r;
  const out = new Float64Array(d);
  if (t.paddingIdx !== null && p === t.paddingIdx) return out;
  const w = d % 2 === 1 && t.oddWidth === 'zeroColumn' ? d - 1 : d;
  const sines = Math.ceil(w / 2);
  const cosines = Math.floor(w / 2);
  const omega = omegas(t);
  const sin = omega.map((x) => t.scale * Math.sin(x * p));
  const cos = omega.map((x) => t.scale * Math.cos(x * p));
  const cosFirst = t.order === 'cosSin';
  if (t.layout === 'interleaved') {
    for (let i = 0; i < cosines; i++) [out[2 * i], out[2 * i + 1]] = cosFirst ? [cos[i], sin[i]] : [sin[i], cos[i]];
    if (sines > cosines) out[w - 1] = sin[sines - 1];
  } else {
    const [a, b] = cosFirst ? [cos.slice(0, cosines), sin] : [sin, cos.slice(0, cosines)];
    a.forEach((v, i) => (out[i] = v));
    b.forEach((v, i) => (out[a.length + i] = v));
  }
  return out;
}

/** Float32 rounding at magnitude |scale| plus the float64 phases (here and in the core). */
const tolerance = (t: Resolved, p: number) => {
  const s = Math.max(1, Math.abs(t.scale));
  return 2 ** -25 * 2 ** Math.ceil(Math.log2(s)) + s * (Math.abs(p) * t.maxFrequency * 2 ** -50 + 2 ** -40);
};

function checkTable(t: Resolved, r: Encoding): void {
  expect(r.table.length).toBe(t.positions * t.dModel);
  for (const k of sample(t.positions)) {
    const want = row(t, k);
    const p = t.offset + k + (t.paddingIdx ?? 0) + 1;
    expectClose(`row ${k}`, r.table.subarray(k * t.dModel, (k + 1) * t.dModel), want, () => tolerance(t, p));
  }
  const omega = omegas(t);
  expectClose('frequencies', r.frequencies, omega, (i) => omega[i] * 2 ** -46);
}

const oddWidth = fc.constantFrom<OddWidth>('zeroColumn', 'extraSine');
const maxFrequency = fc.oneof(
  fc.constantFrom(1, 2 * Math.PI, 64, 1e-3),
  fc.double({ min: 1e-6, max: 64, noNaN: true }),
);
const scale = fc.oneof(
  fc.constantFrom(1, 0, -3, Math.sqrt(2 / 64), 1e6),
  fc.double({ min: -10, max: 10, noNaN: true }),
);

export const encodeTable: Spec<EncodeOptions> = {
  fn: 'encode',
  name: 'encode (general table options)',
  keys: [
    'positions',
    'dModel',
    'base',
    'offset',
    'layout',
    'spacing',
    'order',
    'oddWidth',
    'maxFrequency',
    'minFrequency',
    'scale',
    'paddingIdx',
    'buffer',
  ],
  related: {
    positions: ['offset'],
    dModel: ['positions', 'oddWidth', 'spacing'],
    offset: ['positions', 'paddingIdx'],
    oddWidth: ['dModel'],
    spacing: ['oddWidth', 'minFrequency'],
    base: ['minFrequency'],
    minFrequency: ['base', 'spacing'],
    maxFrequency: ['base'],
    paddingIdx: ['offset'],
    buffer: ['offset'],
  },
  valid: fc
    .record({
      positions: fc.integer({ min: 1, max: 40 }),
      dModel: fc.integer({ min: 1, max: 48 }),
      oddWidth,
      spacing: fc.constantFrom('paper', 'tensor2tensor', 'geometric', undefined),
      base: A.maybe(fc.oneof(fc.constantFrom(10000, 2), fc.double({ min: 1.001, max: 1e8, noNaN: true }))),
      useMinFrequency: fc.boolean(),
      maxFrequency: A.maybe(maxFrequency),
      layout: A.maybe(A.layout),
      order: A.maybe(fc.constantFrom<Order>('sinCos', 'cosSin')),
      scale: A.maybe(scale),
      paddingIdx: fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer({ min: 0, max: 50 })),
      buffer: A.maybe(fc.boolean()),
      offset: A.maybe(fc.oneof(fc.integer({ min: -60, max: 2000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }))),
    })
    .map(({ useMinFrequency, oddWidth: odd, ...o }) => {
      const options: Record<string, unknown> = { ...o };
      if (o.dModel % 2 === 1 || odd === 'zeroColumn') options.oddWidth = odd; // even widths: any rule
      if (options.oddWidth === 'extraSine' && o.dModel % 2 === 1) options.spacing = 'paper';
      if (useMinFrequency && options.spacing !== 'paper' && options.spacing !== undefined && o.base !== undefined) {
        options.minFrequency = given(o.maxFrequency, 1) / o.base;
        delete options.base;
      }
      return A.defined(options) as unknown as EncodeOptions;
    }),
  check(o, result) {
    const r = result as Encoding;
    const geometric = o.spacing === 'geometric' || o.spacing === 'tensor2tensor';
    const maxF = given(o.maxFrequency, 1);
    const t: Resolved = {
      positions: o.positions,
      dModel: o.dModel,
      base: o.minFrequency !== undefined ? maxF / o.minFrequency : given(o.base, 10000),
      offset: given(o.offset, 0),
      layout: given<Layout>(o.layout, 'interleaved'),
      spacing: geometric ? 'geometric' : 'paper',
      order: given<Order>(o.order, 'sinCos'),
      oddWidth: given<OddWidth>(o.oddWidth, 'error'),
      maxFrequency: maxF,
      scale: given(o.scale, 1),
      paddingIdx: o.paddingIdx ?? null,
      buffer: given(o.buffer, false),
    };
    checkTable(t, r);
    expect({ ...r.options, spacing: r.options.spacing === 'paper' ? 'paper' : 'geometric' }).toEqual(t);
  },
};

/** Each convention's general options, transcribed again from CONVENTIONS.md (b) (not read from conventions.ts). */
function expected(o: EncodeOptions): Resolved {
  const c = o.convention!;
  const base = {
    positions: o.positions,
    dModel: o.dModel,
    order: 'sinCos' as Order,
    scale: 1,
    paddingIdx: null,
    buffer: given(o.buffer, false),
    maxFrequency: 1,
  };
  const offset = given(o.offset, 0);
  switch (c) {
    case 'paper':
    case 'pytorch-tutorial':
      return {
        ...base,
        base: given(o.base, 10000),
        spacing: 'paper',
        layout: 'interleaved',
        oddWidth: 'error',
        offset,
      };
    case 'tensor2tensor': {
      const min = given(o.minTimescale, 1);
      return {
        ...base,
        base: given(o.maxTimescale, 1e4) / min,
        maxFrequency: min,
        spacing: 'geometric',
        layout: 'split',
        oddWidth: 'zeroColumn',
        offset: offset + given(o.startIndex, 0),
      };
    }
    case 'fairseq':
    case 'm2m100':
    case 'nllb':
    case 'speech2text': {
      const pad = o.paddingIdx === undefined ? 1 : o.paddingIdx;
      const unpadded = pad === null && !base.buffer ? 1 : 0;
      return {
        ...base,
        base: 10000,
        spacing: 'geometric',
        layout: 'split',
        oddWidth: 'zeroColumn',
        paddingIdx: pad,
        offset: offset + given(o.pastKeyValuesLength, 0) + unpadded,
      };
    }
    case 'whisper':
      return {
        ...base,
        base: given(o.maxTimescale, 10000),
        spacing: 'geometric',
        layout: 'split',
        oddWidth: 'error',
        offset,
      };
    case 'distilbert':
      return { ...base, base: 10000, spacing: 'paper', layout: 'interleaved', oddWidth: 'extraSine', offset };
    case 'marian':
      return {
        ...base,
        base: 10000,
        spacing: 'paper',
        layout: 'split',
        oddWidth: 'extraSine',
        offset: offset + given(o.pastKeyValuesLength, 0),
      };
    case 'mlx': {
      const maxFreq = given(o.maxFreq, 1);
      return {
        ...base,
        base: maxFreq / given(o.minFreq, 1e-4),
        maxFrequency: maxFreq * (o.fullTurns ? 2 * Math.PI : 1),
        spacing: 'geometric',
        layout: 'split',
        order: o.cosFirst ? 'cosSin' : 'sinCos',
        scale: given(o.scale, Math.sqrt(2 / o.dModel)),
        oddWidth: 'error',
        offset,
      };
    }
    case 'keras-hub':
      return {
        ...base,
        base: given(o.maxWavelength, 10000),
        spacing: 'paper',
        layout: 'interleaved',
        oddWidth: 'extraSine',
        offset: offset + given(o.startIndex, 0),
      };
  }
}

const conventionOptions = (c: ConventionName): fc.Arbitrary<Record<string, unknown>> => {
  const even = A.even(4, 48);
  const any = fc.integer({ min: 1, max: 48 });
  const start = A.maybe(fc.integer({ min: 0, max: 5000 }));
  switch (c) {
    case 'paper':
      return fc.record({ dModel: even, base: A.maybe(fc.double({ min: 1.5, max: 1e6, noNaN: true })) });
    case 'pytorch-tutorial':
    case 'whisper':
      return fc.record({
        dModel: even,
        ...(c === 'whisper' ? { maxTimescale: A.maybe(fc.double({ min: 2, max: 1e6, noNaN: true })) } : {}),
      });
    case 'tensor2tensor':
      return fc
        .record({
          dModel: any,
          minTimescale: A.maybe(fc.double({ min: 0.01, max: 4, noNaN: true })),
          ratio: fc.double({ min: 2, max: 1e6, noNaN: true }),
          startIndex: start,
        })
        .map(({ ratio, ...o }) => ({ ...o, maxTimescale: given(o.minTimescale, 1) * ratio }));
    case 'fairseq':
    case 'm2m100':
    case 'nllb':
    case 'speech2text':
      return fc.record({
        dModel: any.filter((d) => d !== 2 && d !== 3),
        paddingIdx: fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer({ min: 0, max: 3 })),
        pastKeyValuesLength: start,
      });
    case 'distilbert':
      return fc.record({ dModel: any });
    case 'marian':
      return fc.record({ dModel: any, pastKeyValuesLength: start });
    case 'mlx':
      return fc
        .record({
          dModel: A.even(2, 48),
          maxFreq: A.maybe(fc.double({ min: 0.01, max: 5, noNaN: true })),
          ratio: fc.double({ min: 2, max: 1e5, noNaN: true }),
          scale: A.maybe(scale),
          cosFirst: A.maybe(fc.boolean()),
          fullTurns: A.maybe(fc.boolean()),
        })
        .map(({ ratio, ...o }) => ({ ...o, minFreq: given(o.maxFreq, 1) / ratio }));
    case 'keras-hub':
      return fc.record({
        dModel: any,
        maxWavelength: A.maybe(fc.double({ min: 1.5, max: 1e6, noNaN: true })),
        startIndex: start,
      });
  }
};

const CONVENTIONS: ConventionName[] = [
  'paper',
  'pytorch-tutorial',
  'tensor2tensor',
  'fairseq',
  'm2m100',
  'nllb',
  'speech2text',
  'whisper',
  'distilbert',
  'marian',
  'mlx',
  'keras-hub',
];

export const encodeConvention: Spec<EncodeOptions> = {
  fn: 'encode',
  name: 'encode (conventions)',
  keys: ['convention', 'positions', 'dModel', 'offset', 'buffer'],
  related: {
    positions: ['offset'],
    dModel: ['positions', 'convention'],
    offset: ['positions', 'paddingIdx'],
    convention: [
      'dModel',
      'base',
      'maxTimescale',
      'minTimescale',
      'startIndex',
      'paddingIdx',
      'pastKeyValuesLength',
      'minFreq',
      'maxFreq',
      'scale',
      'cosFirst',
      'fullTurns',
      'maxWavelength',
    ],
    buffer: ['offset'],
  },
  valid: fc
    .constantFrom(...CONVENTIONS)
    .chain((convention) =>
      fc
        .tuple(
          conventionOptions(convention),
          fc.integer({ min: 1, max: 30 }),
          A.maybe(fc.integer({ min: -30, max: 3000 })),
          A.maybe(fc.boolean()),
        )
        .map(
          ([own, positions, offset, buffer]) =>
            A.defined({ convention, positions, offset, buffer, ...own }) as unknown as EncodeOptions,
        ),
    ),
  check(o, result) {
    const r = result as Encoding;
    const t = expected(o);
    checkTable(t, r);
    expect(r.convention).toBe(o.convention);
    expect({ ...r.options, spacing: r.options.spacing === 'paper' ? 'paper' : 'geometric' }).toEqual(t);
  },
};

export const TABLE_SPECS = [encodeTable, encodeConvention] as unknown as Spec[];
