// Types of ph.identify: "which convention is this table, and how was it
// made?" (identify.ts; the error model in docs/identify.md).

/**
 * How a table was made, as identify judges it (the error model:
 * cpp/include/phasor/precision.hpp, docs/identify.md):
 * - `'exact'`: the float64 formula rounded once (what `ph.encode` gives);
 * - `'float32'`: a framework's float32 arithmetic (its float32 frequencies,
 *   the float32 product p·ω, float32 sin and cos, the float32 scale multiply);
 * - `'float16'`, `'bfloat16'`: then stored in that type.
 */
export type Precision = 'exact' | 'float32' | 'float16' | 'bfloat16';
/** The precisions in the core's code order (the names the core exports). */
export const PRECISIONS: readonly Precision[] = ['exact', 'float32', 'float16', 'bfloat16'];

/**
 * A framework's float32 computation of the frequencies, reproduced bit for bit
 * (cpp/include/phasor/float32_frequencies.hpp cites each):
 * - `'torch-paper'`: the PyTorch tutorial, `exp(arange(0, d, 2) * (-ln(base) / d))`;
 * - `'torch-geometric'`: fairseq, Hugging Face M2M100 / NLLB / Speech2Text, Whisper,
 *   `exp(arange(h) * -(ln(base) / (h - 1)))`;
 * - `'tensor2tensor'`, `'mlx'`, `'mlx-full-turns'`, `'keras-hub'`: those frameworks' own.
 */
export type FrequencyRecipe =
  'torch-paper' | 'torch-geometric' | 'tensor2tensor' | 'mlx' | 'mlx-full-turns' | 'keras-hub';
/** The recipes in the core's code order (the names the core exports). */
export const FREQUENCY_RECIPES: readonly FrequencyRecipe[] = [
  'torch-paper',
  'torch-geometric',
  'tensor2tensor',
  'mlx',
  'mlx-full-turns',
  'keras-hub',
];

export interface IdentifyOptions {
  /** The table, positions × dModel values, row-major (row r = the encoding of sequence index r). */
  table: Float32Array | Float64Array;
  /** Rows of the table, an integer ≥ 2. */
  positions: number;
  /** Columns of the table, an integer ≥ 2 (odd widths included). */
  dModel: number;
  /**
   * For a table of chosen rows (a sample of a long table, the rows of
   * incremental decoding): the sequence index of each row, `positions`
   * increasing integers ≥ 0. Candidates' options then describe sequence
   * indices 0 to the last one: `ph.encode(options)` gives a table whose row
   * `rowIndices[k]` is row k of yours. Default: 0, 1, 2, …
   */
  rowIndices?: ArrayLike<number>;
}

/** The point of the option space a candidate stands for, as `ph.encode` takes it. */
export interface IdentifiedOptions {
  positions: number;
  dModel: number;
  /** A convention's name when the candidate is that framework's encoding; its own options follow. */
  convention?: string;
  [option: string]: number | string | boolean | null | undefined;
}

export interface IdentifyCandidate {
  /** The framework's convention name, or null for general options no framework uses. */
  convention: string | null;
  /** `ph.encode(options)` gives this candidate's exact table. */
  options: IdentifiedOptions;
  /**
   * How the table was made, as far as this candidate explains it: the first
   * of exact, float32 arithmetic, (the storage found) that reproduces it; when
   * none does, the nearer of exact and float32 arithmetic.
   */
  precision: Precision;
  /** true when every value is within what `precision` allows (the table reproduces this candidate as made in that precision). */
  match: boolean;
  /** true when the table is the exact table: the float64 values rounded once to float32 (or kept in float64). */
  exact: boolean;
  /**
   * With float32 arithmetic: whose float32 frequencies reproduce the table, or
   * null when they were read from it (each within what a framework's float32
   * frequency may be off by). null for exact arithmetic.
   */
  frequencies: FrequencyRecipe | null;
  /**
   * Frequencies one or two float32 steps from the correctly rounded ones (a
   * framework's float32 exp is not always correctly rounded: PyTorch's is off
   * for about one exponent in ten), as the table's phases show.
   */
  steppedFrequencies: number;
  /** Per row: the largest |table − exact table| of the row (maxError is the largest of them). */
  deviation: Float64Array;
  /**
   * Per row: the largest departure from the exact table `precision` allows a
   * value of the row (the error model's bound); deviation[r] ≤ bound[r] when
   * the candidate matches. Shared by candidates tied on one fit: copy before changing.
   */
  bound: Float64Array;
  /** The largest |table − exact table| / bound over every value: at most 1 when it matches. */
  worstRatio: number;
  /** Where that ratio is reached, and the bound there. */
  worstRatioRow: number;
  worstRatioColumn: number;
  worstRatioBound: number;
  /** max |table − exact table| over every value (the exact table rounded to float32, as encode rounds it). */
  maxError: number;
  rmsError: number;
  worstRow: number;
  worstColumn: number;
  /** Plain words for what departs from the table; empty when the candidate matches. */
  differs: string[];
  /** How it was made, ties and hints: other conventions giving the same table, what an offset means in a framework. */
  notes: string[];
}

export interface Identification {
  /** true when the best candidate reproduces the table in some precision (its `precision`). */
  match: boolean;
  /** true when the best candidate is the exact table (rounded once to float32). */
  exact: boolean;
  /** The best candidate's precision ('exact' when there is no candidate). */
  precision: Precision;
  /** The narrowest type holding every value: 'bfloat16', 'float16', else 'float32' (float64 tables too). */
  storage: 'float32' | 'float16' | 'bfloat16';
  /** Best first; candidates of one fitted form tie (the same table), framework defaults first. */
  candidates: IdentifyCandidate[];
}
