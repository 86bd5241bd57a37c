// Types of ph.identify: "which convention is this table?" (identify.ts).

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

export interface IdentifyOptions {
  /** The table, positions × dModel values, row-major (row r = the encoding of sequence index r). */
  table: Float32Array | Float64Array;
  /** Rows of the table, an integer ≥ 2. */
  positions: number;
  /** Columns of the table, an integer ≥ 2 (odd widths included). */
  dModel: number;
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
  /** `ph.encode(options)` gives this candidate's table. */
  options: IdentifiedOptions;
  /** max |table − candidate| over every value (the candidate rounded to float32, as encode rounds it). */
  maxError: number;
  rmsError: number;
  worstRow: number;
  worstColumn: number;
  /** Plain words for what departs from the table; empty when the candidate reproduces it. */
  differs: string[];
  /** Ties and hints: other conventions giving the same table, what an offset means in a framework. */
  notes: string[];
}

export interface Identification {
  /** true when the best candidate reproduces the table to float32 rounding. */
  match: boolean;
  /** Best first; candidates of one fitted form tie (the same table), framework defaults first. */
  candidates: IdentifyCandidate[];
}
