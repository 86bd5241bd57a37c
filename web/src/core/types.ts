import { ENUM_NAMES } from './wasm/tables.js';
/**
 * Where sin and cos of pair i sit in a row of width dModel.
 * @useDeclaredType
 */
export type Layout = (typeof ENUM_NAMES.layout)[number];
export const LAYOUTS: readonly Layout[] = ENUM_NAMES.layout;

/**
 * How the frequencies run over the pairs i < h = dModel/2.
 * 'paper': ω_i = base^(−2i/dModel), the last wavelength just under 2π·base.
 * 'tensor2tensor': ω_i = base^(−i/(h−1)), the last wavelength exactly 2π·base
 * (the geometric spacing of tensor2tensor with min_timescale 1, fairseq,
 * Whisper, MLX and Hugging Face's M2M100/NLLB/Speech2Text, which pair it with
 * the split layout; Marian is split with the paper's spacing). `encode` and
 * `frequencies` also take the name 'geometric' for it, with maxFrequency and
 * minFrequency for other frequency ranges.
 * @useDeclaredType
 */
export type Spacing = (typeof ENUM_NAMES.spacing)[number];
export const SPACINGS: readonly Spacing[] = ENUM_NAMES.spacing;
/** The spacings `encode` and `frequencies` take: 'geometric' is 'tensor2tensor'. */
export type EncodeSpacing = Spacing | 'geometric';

/**
 * Which trig comes first in each pair (interleaved) or block (split): 'cosSin' is MLX's cos_first.
 * @useDeclaredType
 */
export type Order = (typeof ENUM_NAMES.order)[number];
export const ORDERS: readonly Order[] = ENUM_NAMES.order;

/**
 * What an odd dModel means. 'error' (the default: the paper, PyTorch tutorial,
 * Whisper, MLX refuse it); 'zeroColumn': the even table of width dModel − 1,
 * then a column of zeros (tensor2tensor, fairseq, M2M100/Speech2Text);
 * 'extraSine': ⌈d/2⌉ sines and ⌊d/2⌋ cosines with ω_i = base^(−2i/d), the odd
 * d kept in the exponent (DistilBERT, keras-hub: last column a sine; Marian,
 * split: d//2 + 1 sines then d//2 cosines). 'extraSine' needs spacing 'paper'.
 * @useDeclaredType
 */
export type OddWidth = (typeof ENUM_NAMES.oddWidth)[number];
export const ODD_WIDTHS: readonly OddWidth[] = ENUM_NAMES.oddWidth;

/**
 * The metric of a pairwise matrix.
 * @useDeclaredType
 */
export type Metric = (typeof ENUM_NAMES.metric)[number];
export const METRICS: readonly Metric[] = ENUM_NAMES.metric;

/**
 * The general table options: every framework's table is one point of them
 * (tests/fixtures/frameworks/CONVENTIONS.md). Row r holds position
 * p_r = first + offset + r (first = paddingIdx + 1 when a padding index is set
 * and buffer is false, else 0), T[r, c] = scale · trig_c(ω_i · p_r), and the
 * row at position paddingIdx is all zero.
 */
export interface TableOptions {
  /** Width of a row: an even integer ≥ 2, or any integer ≥ 1 with oddWidth 'zeroColumn' or 'extraSine'. */
  dModel: number;
  /** Ratio of the fastest to the slowest frequency's scale: ω_i = maxFrequency · base^(−2i/d) (paper) or maxFrequency · base^(−i/(h−1)) (geometric); default 10000. In (1, 1e300]. */
  base?: number;
  /** 'paper' (default) or 'geometric' (also called 'tensor2tensor'): see Spacing. */
  spacing?: EncodeSpacing;
  /** ω_0, radians per position; default 1. In (0, 64] (ph.limits.maxFrequency). */
  maxFrequency?: number;
  /** The slowest frequency under the geometric spacing: sets base = maxFrequency / minFrequency (give base or minFrequency, not both). */
  minFrequency?: number;
  /** What an odd dModel means; default 'error'. */
  oddWidth?: OddWidth;
}

export interface GeneralEncodeOptions extends TableOptions {
  /** Number of rows, an integer ≥ 1. */
  positions: number;
  /** Added to every row's position; default 0. May be negative or fractional. */
  offset?: number;
  /** 'interleaved' (the paper: sin at 2i, cos at 2i+1, the default) or 'split' (sines, then cosines). */
  layout?: Layout;
  /** 'sinCos' (default) or 'cosSin'. */
  order?: Order;
  /** Multiplies every value; default 1. Finite, |scale| ≤ 1e30 (ph.limits.maxEncodeScale). */
  scale?: number;
  /** A padding index (fairseq's padding_idx): forward rows start at position paddingIdx + 1, and the row at position paddingIdx is zero. Default null (none). */
  paddingIdx?: number | null;
  /** true: rows from position 0 (+ offset), the weight table a framework stores, its zeroed padding row included; default false. */
  buffer?: boolean;
}

/** The framework conventions `encode` reproduces by name (conventions.ts). */
export type ConventionName =
  | 'paper'
  | 'pytorch-tutorial'
  | 'tensor2tensor'
  | 'fairseq'
  | 'm2m100'
  | 'nllb'
  | 'speech2text'
  | 'whisper'
  | 'distilbert'
  | 'marian'
  | 'mlx'
  | 'keras-hub';

/**
 * A framework's own parameters, in camelCase as it names them, each with that
 * framework's default; which ones a convention takes is listed in conventions.ts.
 */
export interface FrameworkOptions {
  /** tensor2tensor min_timescale (1): the fastest frequency is minTimescale (it multiplies; see CONVENTIONS.md note 1). */
  minTimescale?: number;
  /** tensor2tensor max_timescale (1e4), Whisper max_timescale (10000). */
  maxTimescale?: number;
  /** tensor2tensor / keras-hub start_index (0): the position of row 0. */
  startIndex?: number;
  /** Hugging Face past_key_values_length (0): positions count on from it. */
  pastKeyValuesLength?: number;
  /** keras-hub max_wavelength (10000): the paper's base. */
  maxWavelength?: number;
  /** MLX min_freq (1e-4). */
  minFreq?: number;
  /** MLX max_freq (1). */
  maxFreq?: number;
  /** MLX cos_first (false). */
  cosFirst?: boolean;
  /** MLX full_turns (false): frequencies × 2π. */
  fullTurns?: boolean;
}

export interface EncodeOptions extends Partial<GeneralEncodeOptions>, FrameworkOptions {
  /** Number of rows (positions), an integer ≥ 1. */
  positions: number;
  /** Width of a row. */
  dModel: number;
  /**
   * A framework's convention by name: row r is what that framework adds to
   * the token at sequence index r (with buffer, its stored row r). It takes
   * the framework's own parameters (FrameworkOptions, paddingIdx, scale,
   * base for 'paper') and offset; general options are not mixed in.
   */
  convention?: ConventionName;
  /**
   * An array of positions × dModel values to write the table into and return
   * as `table`, instead of allocating one: a page redrawing while a control is
   * dragged, or a loop over many tables, saves the allocation (most of the
   * time of a large table).
   */
  into?: Float32Array;
}

/** The general options a table was made with: `ph.encode(result.options)` makes it again. */
export interface ResolvedEncodeOptions {
  positions: number;
  dModel: number;
  base: number;
  offset: number;
  layout: Layout;
  spacing: EncodeSpacing;
  order: Order;
  oddWidth: OddWidth;
  maxFrequency: number;
  scale: number;
  paddingIdx: number | null;
  buffer: boolean;
}

export interface Encoding {
  /** positions × dModel values, row-major, row r = PE(offset + r). */
  table: Float32Array;
  /** The sine frequencies ω_i in radians per position: dModel/2 of them, one more with oddWidth 'extraSine'. */
  frequencies: Float64Array;
  /** λ_i = 2π/ω_i, in positions. */
  wavelengths: Float64Array;
  positions: number;
  dModel: number;
  base: number;
  offset: number;
  layout: Layout;
  spacing: EncodeSpacing;
  /** The general options used (a convention's, filled in): ph.encode(options) reproduces the table. */
  options: ResolvedEncodeOptions;
  /** The convention asked for, if any. */
  convention?: ConventionName;
}

export interface FrequencyOptions extends TableOptions, FrameworkOptions {
  /** A convention's frequencies (its frequency parameters apply; the rest are accepted and ignored). */
  convention?: ConventionName;
  scale?: number;
  paddingIdx?: number | null;
}

export interface DotByOffsetOptions {
  dModel: number;
  base?: number;
  /** Largest offset k; the result has maxOffset + 1 values, for k = 0..maxOffset. (maxOffset + 1) × dModel/2 ≤ 2^28 (ph.limits.maxDotByOffsetWork). */
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
