// Options and results of the "why this design" experiments (shift-fit.ts,
// embedding-scale.ts, experiments-api.ts): the shift fit, the sine collision,
// the embedding scale, position resolution and the seeded normal samples.
import { ENUM_NAMES } from './wasm/tables.js';

/** @useDeclaredType */
export type ShiftEncoding = (typeof ENUM_NAMES.shiftEncoding)[number];
export const SHIFT_ENCODINGS: readonly ShiftEncoding[] = ENUM_NAMES.shiftEncoding;

export interface ShiftFitOptions {
  /**
   * 'sinusoidal': sin, cos of ω_i p; 'sine-only': sin(ν_j p), ν_j = base^(−j/dModel);
   * 'linear-frequencies': ω_i linear from 1 to the sinusoidal slowest; 'quadratic-phase':
   * sin, cos of ω_i p²; 'log-phase': sin, cos of ω_i ln(1 + p).
   */
  encoding: ShiftEncoding;
  /** Even, at most 128 (the fit's SVD costs dModel³). */
  dModel: number;
  base?: number;
  /** The shift: the map takes e(p) to e(p + k). Finite, |k| ≤ 2^31 (2^26 for quadratic-phase), every p + k within the same range. */
  k: number;
  /** How many positions the fit runs over (at most 4096). */
  positions: number;
  /** First position; default 0. */
  offset?: number;
  /** Spacing of the positions; default 1. */
  stride?: number;
  /** Positions after the fitted ones (same stride) where the map is checked but not fitted; default 0. */
  extrapolate?: number;
}

export interface ShiftFit {
  /** dModel × dModel, row-major: e(p + k) ≈ map · e(p) (minimum-norm least squares, float64 rounded to float32). */
  map: Float32Array;
  /** |map·e(p) − e(p+k)| / |e(p+k)| over the fitted positions (Frobenius; float64). */
  residual: number;
  /** The same over the extrapolated positions; NaN when extrapolate is 0. */
  extrapolationResidual: number;
  /** The ratio at each position: fitted, then extrapolated. */
  perPosition: Float32Array;
  /** The p of each perPosition value. */
  positions: Float64Array;
  /** Of the positions × dModel matrix of e(p), descending. */
  singularValues: Float64Array;
  /** Singular values the fit used (above 2^−52 · max(n, d) · the largest). */
  rank: number;
  /** The encoding's frequencies (dModel/2, or dModel for sine-only). */
  frequencies: Float64Array;
}

export interface SineCollisionOptions {
  dModel: number;
  base?: number;
  /** Slot j of the sine-only encoding (frequency base^(−j/dModel)). */
  dimension: number;
  position: number;
}

export interface SineCollision {
  frequency: number;
  position: number;
  /** q = π/ν − p: sin(ν q) = sin(ν p). */
  partner: number;
  /** The two sines, sin(ν p) and sin(ν q): equal. */
  sine: [number, number];
  /** The two cosines, cos(ν p) and cos(ν q): opposite, what a cosine slot would have told apart. */
  cosine: [number, number];
}

export interface EmbeddingScaleOptions {
  dModel: number;
  /** Number of positions (rows), from offset. */
  positions: number;
  offset?: number;
  base?: number;
  seed?: number;
  /** Std of the random token entries; default 1/√dModel (a common initialisation). */
  embeddingStd?: number;
  /** positions × dModel token embeddings instead of random ones. */
  tokens?: Float32Array;
  /**
   * positions × dModel standard normals z instead of tokens: entry k is
   * float32(embeddingStd · z_k), as normalSamples rounds it, so
   * standardNormals drawn once give the seed's tokens for every dModel.
   */
  normals?: Float64Array;
}

export interface EmbeddingScale {
  /** |e_p| per position. */
  tokenNorm: Float32Array;
  /** |√dModel · e_p|. */
  scaledTokenNorm: Float32Array;
  /** |PE(p)| = √(dModel/2). */
  peNorm: Float32Array;
  /** |e_p + PE(p)|. */
  sumNorm: Float32Array;
  /** |√dModel · e_p + PE(p)|. */
  scaledSumNorm: Float32Array;
  /** √dModel. */
  scale: number;
}

export interface PositionResolutionOptions {
  dModel: number;
  /** PE bases to compare (at most 64). */
  bases: Float64Array | readonly number[];
  /** Sequence lengths n (at most 64, each ≥ 2). */
  lengths: Float64Array | readonly number[];
  /** Only pairs at least this far apart; default 1. */
  minOffset?: number;
}

export interface PositionResolution {
  bases: Float64Array;
  lengths: Float64Array;
  /** bases × lengths: min over p ≠ q < n, |p − q| ≥ minOffset, of |PE(p) − PE(q)| (float64); NaN without such a pair. */
  minDistance: Float64Array;
  /** bases × lengths: the offset |p − q| where the minimum is reached. */
  atOffset: Float64Array;
  /** Per length: how far a float32 table's distance can be from the float64 one. */
  float32Bound: Float64Array;
}

export interface NormalSamplesOptions {
  /** An integer in [0, 2^53 − 1]. */
  seed: number;
  /** Independent streams of one seed; default 0. */
  stream?: number;
  count: number;
  /** Default 1. */
  std?: number;
  /**
   * The index of the first sample drawn (an integer in [0, 2^53 − 1]; default
   * 0): the call returns samples first … first + count − 1 of the stream, the
   * same numbers a single draw of first + count would end with, so a large
   * draw can be made a block at a time.
   */
  first?: number;
}

/** normalSamples' options without the std: the stream's float64 normals before scaling. */
export type StandardNormalsOptions = Omit<NormalSamplesOptions, 'std'>;
