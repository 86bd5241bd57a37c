/** Where sin and cos of pair i sit in a row of width dModel. */
export type Layout = 'interleaved' | 'split';
export const LAYOUTS: readonly Layout[] = ['interleaved', 'split'];

/**
 * How the frequencies run over the pairs i < h = dModel/2.
 * 'paper': ω_i = base^(−2i/dModel), the last wavelength just under 2π·base.
 * 'tensor2tensor': ω_i = base^(−i/(h−1)), the last wavelength exactly 2π·base
 * (tensor2tensor, fairseq, Hugging Face's SinusoidalPositionalEmbedding, which
 * pair it with the split layout).
 */
export type Spacing = 'paper' | 'tensor2tensor';
export const SPACINGS: readonly Spacing[] = ['paper', 'tensor2tensor'];

/** The metric of a pairwise matrix. */
export type Metric = 'l2' | 'dot' | 'cosine';
export const METRICS: readonly Metric[] = ['l2', 'dot', 'cosine'];

export interface EncodeOptions {
  /** Number of rows (positions), an integer ≥ 1. */
  positions: number;
  /** Width of a row, an even integer ≥ 2. */
  dModel: number;
  /** Wavelengths run from 2π to 2π·base; default 10000. In (1, 1e300] (ph.limits.maxBase). */
  base?: number;
  /** Position of the first row; default 0. May be negative or fractional. */
  offset?: number;
  /** 'interleaved' (the paper: sin at 2i, cos at 2i+1, the default) or 'split' (sines, then cosines). */
  layout?: Layout;
  /** 'paper' (default) or 'tensor2tensor': see Spacing. */
  spacing?: Spacing;
  /**
   * An array of positions × dModel values to write the table into and return
   * as `table`, instead of allocating one: a page redrawing while a control is
   * dragged, or a loop over many tables, saves the allocation (most of the
   * time of a large table).
   */
  into?: Float32Array;
}

export interface Encoding {
  /** positions × dModel values, row-major, row r = PE(offset + r). */
  table: Float32Array;
  /** ω_i = base^(−2i/dModel), i < dModel/2, in radians per position. */
  frequencies: Float64Array;
  /** λ_i = 2π/ω_i, in positions. */
  wavelengths: Float64Array;
  positions: number;
  dModel: number;
  base: number;
  offset: number;
  layout: Layout;
  spacing: Spacing;
}

export interface FrequencyOptions {
  dModel: number;
  base?: number;
  spacing?: Spacing;
}

export interface DotByOffsetOptions {
  dModel: number;
  base?: number;
  /** Largest offset k; the result has maxOffset + 1 values, for k = 0..maxOffset. (maxOffset + 1) × dModel/2 ≤ 2^29 (ph.limits.maxDotByOffsetWork). */
  maxOffset: number;
  /** Divide by |PE|² = dModel/2, giving the cosine similarity; default false. */
  normalize?: boolean;
  spacing?: Spacing;
}

export interface OffsetMatrixOptions {
  /** n: the matrix is n × n over positions 0..n−1. */
  positions: number;
  dModel: number;
  base?: number;
  spacing?: Spacing;
}

export interface SimilarityMatrixOptions extends OffsetMatrixOptions {
  /** 'dot' (default) or 'cosine'. */
  metric?: 'dot' | 'cosine';
}

export interface PairwiseOptions {
  /** count × dim values, row-major (a plain Float32Array); count² × dim ≤ 2^32 (ph.limits.maxPairwiseWork). */
  rows: Float32Array;
  /** Width of a row. */
  dim: number;
  /** 'l2' (default), 'dot' or 'cosine'. */
  metric?: Metric;
}

export interface RotationOptions {
  dModel: number;
  base?: number;
  /**
   * The shift: M_k maps PE(p) to PE(p + k). Finite, |k| ≤ 2^31, with offset + k
   * and offset + positions − 1 + k within ±2^31: the check compares against
   * PE(p + k), a position PE must accept.
   */
  k: number;
  /** How many positions p the check max|M_k·PE(p) − PE(p+k)| covers; positions × dModel ≤ 2^26 (ph.limits.maxRotationWork). */
  positions: number;
  /** First position checked; default 0. */
  offset?: number;
  layout?: Layout;
  spacing?: Spacing;
}

export interface Rotation {
  /** dModel × dModel, row-major, block-diagonal (in the chosen layout). */
  matrix: Float32Array;
  /** max over the positions and dimensions of |M_k·PE(p) − PE(p+k)| with float32 tables. */
  maxError: number;
}
