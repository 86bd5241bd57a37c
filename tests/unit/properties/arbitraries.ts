// Random valid option values, small enough that a float64 reference can
// check every result, with the edges of each range mixed in.
import fc from 'fast-check';
import type { Layout, Metric, Pairing, RopeScaling, ShiftEncoding, Spacing } from '../../../web/src/core/index.js';

export const even = (min: number, max: number) => fc.integer({ min: min / 2, max: max / 2 }).map((h) => 2 * h);

/** A base (or theta): common values, the edges of (1, 1e300], and anything between. */
export const base = fc.oneof(
  fc.constantFrom(10000, 500000, 100, 1e300, 1 + 2 ** -30, 2),
  fc.double({ min: 1.001, max: 1e8, noNaN: true }),
  fc.double({ min: 1e8, max: 1e300, noNaN: true }),
);

/** A position offset for `count` rows from it: small, fractional, -0, and up against ±2^31. */
export const offset = (count: number) =>
  fc.oneof(
    fc.integer({ min: -2000, max: 2000 }),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    fc.constantFrom(-0, -(2 ** 31), 2 ** 31 - (count - 1), 1e9 + 0.25),
  );

/** A position: anything finite within ±2^31. */
export const position = fc.oneof(
  fc.integer({ min: -3000, max: 3000 }),
  fc.double({ min: -(2 ** 31), max: 2 ** 31, noNaN: true }),
  fc.constantFrom(-0, 2 ** 31, -(2 ** 31)),
);

export const layout = fc.constantFrom<Layout>('interleaved', 'split');
export const spacing = fc.constantFrom<Spacing>('paper', 'tensor2tensor');
export const metric = fc.constantFrom<Metric>('l2', 'dot', 'cosine');
export const pairing = fc.constantFrom<Pairing>('adjacent', 'half');
export const shiftEncoding = fc.constantFrom<ShiftEncoding>(
  'sinusoidal',
  'sine-only',
  'linear-frequencies',
  'quadratic-phase',
  'log-phase',
);

/** `count` float32 values of moderate size, times a scale that is sometimes tiny or huge. */
export const floats = (count: number) =>
  fc
    .tuple(
      fc.array(fc.double({ min: -1000, max: 1000, noNaN: true }), { minLength: count, maxLength: count }),
      fc.constantFrom(1, 1, 1, 1e-24, 1e24, 2 ** -60, 0),
    )
    .map(([values, scale]) => Float32Array.from(values, (v) => v * scale));

/** Positions as an option takes them: an array of numbers, a Float64Array or a Float32Array. */
export const positionList = (count: number): fc.Arbitrary<readonly number[] | Float64Array> =>
  fc
    .tuple(fc.array(position, { minLength: count, maxLength: count }), fc.constantFrom('array', 'float64', 'float32'))
    .map(([values, kind]) =>
      // A Float32Array is taken too (its values widened), though the types say Float64Array.
      kind === 'array'
        ? values
        : kind === 'float64'
          ? Float64Array.from(values)
          : (Float32Array.from(values) as unknown as Float64Array),
    );

/** A valid RoPE scaling for width `dim` (NTK needs dim ≥ 4), or undefined. */
export const scaling = (dim: number): fc.Arbitrary<RopeScaling | undefined> => {
  const factor = fc.oneof(fc.constantFrom(1, 2, 4, 8, 32), fc.double({ min: 1, max: 64, noNaN: true }));
  const length = fc.oneof(fc.constantFrom(2048, 4096, 8192), fc.double({ min: 16, max: 1e5, noNaN: true }));
  const options: fc.Arbitrary<RopeScaling | undefined>[] = [
    fc.constant(undefined),
    fc.constant({ type: 'none' }),
    factor.map((f) => ({ type: 'linear', factor: f })),
    fc
      .record({
        factor,
        originalLength: length,
        betaSlow: fc.double({ min: 0.5, max: 4, noNaN: true }),
        gap: fc.double({ min: 1, max: 60, noNaN: true }),
        betas: fc.constantFrom('both', 'slow', 'fast', 'neither'),
        truncate: fc.option(fc.boolean(), { nil: undefined }),
        attentionFactor: fc.option(fc.double({ min: 0.1, max: 4, noNaN: true }), { nil: undefined }),
        // DeepSeek-V3's pair; transformers uses their ratio only when both are set (non-zero).
        mscale: fc.option(fc.oneof(fc.constantFrom(0, 0.707, 1), fc.double({ min: 0.1, max: 3, noNaN: true })), {
          nil: undefined,
        }),
        mscaleAllDim: fc.option(fc.oneof(fc.constantFrom(0, 1), fc.double({ min: 0.1, max: 3, noNaN: true })), {
          nil: undefined,
        }),
      })
      .map(({ factor: f, originalLength, betaSlow, gap, betas, truncate, attentionFactor, mscale, mscaleAllDim }) =>
        // Either beta alone keeps the default of the other (1 and 32) on its side.
        defined({
          type: 'yarn' as const,
          factor: f,
          originalLength,
          betaSlow: betas === 'both' || betas === 'slow' ? betaSlow : undefined,
          betaFast: betas === 'both' ? betaSlow + gap : betas === 'fast' ? 1 + gap : undefined,
          truncate,
          attentionFactor,
          mscale,
          mscaleAllDim,
        }),
      ),
    fc
      .record({
        originalLength: length,
        factor: fc.option(factor, { nil: undefined }),
        stretch: fc.double({ min: 1, max: 64, noNaN: true }),
        shortFactor: fc.array(fc.double({ min: 0.25, max: 64, noNaN: true }), {
          minLength: dim / 2,
          maxLength: dim / 2,
        }),
        longFactor: fc.array(fc.double({ min: 0.25, max: 64, noNaN: true }), {
          minLength: dim / 2,
          maxLength: dim / 2,
        }),
        sequenceLength: fc.option(fc.double({ min: 1, max: 1e6, noNaN: true }), { nil: undefined }),
        attentionFactor: fc.option(fc.double({ min: 0.1, max: 4, noNaN: true }), { nil: undefined }),
      })
      .map(({ originalLength, factor: f, stretch, shortFactor, longFactor, sequenceLength, attentionFactor }) =>
        // Without a factor, transformers' default: maxPositionEmbeddings / originalLength.
        defined({
          type: 'longrope' as const,
          originalLength,
          factor: f,
          maxPositionEmbeddings: f === undefined ? originalLength * stretch : undefined,
          shortFactor,
          longFactor,
          sequenceLength,
          attentionFactor,
        }),
      ),
    fc
      .record({
        factor,
        originalLength: length,
        lowFreqFactor: fc.double({ min: 0.5, max: 2, noNaN: true }),
        gap: fc.double({ min: 0.5, max: 8, noNaN: true }),
        given: fc.boolean(),
      })
      .map(({ factor: f, originalLength, lowFreqFactor, gap, given }) =>
        given
          ? { type: 'llama3' as const, factor: f, originalLength, lowFreqFactor, highFreqFactor: lowFreqFactor + gap }
          : { type: 'llama3' as const, factor: f, originalLength },
      ),
  ];
  if (dim >= 4) {
    options.push(factor.map((f) => ({ type: 'ntk', factor: f })));
    options.push(
      fc
        .record({
          factor,
          originalLength: length,
          sequenceLength: fc.option(fc.double({ min: 1, max: 1e6, noNaN: true }), { nil: undefined }),
        })
        .map(({ factor: f, originalLength, sequenceLength }) => ({
          type: 'dynamic-ntk',
          factor: f,
          originalLength,
          ...(sequenceLength === undefined ? {} : { sequenceLength }),
        })),
    );
  }
  return fc.oneof(...options);
};

/** Drops the keys whose value is undefined, so the call sees an absent option (its default). */
export function defined<O extends object>(options: O): O {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as O;
}

export const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
