// Options and results of ph.identifyRope (rope-identify.ts; the numerics in
// cpp/include/phasor/rope_identify.hpp). docs/identify-rope.md is the user's guide.
import type { Precision } from './identify-types.js';
import type { RopePresetName } from './rope-presets.js';
import type { Pairing, RopeFrequencyOptions, RopeScaling } from './rope-types.js';

/** Numbers identifyRope reads: plain typed arrays or arrays of numbers (cos, sin, rotated, original are read as float32). */
export type RopeNumbers = Float64Array | Float32Array | readonly number[];

/**
 * What identifyRope reads: one of `invFreq`; `cos` and `sin`; or `rotated`
 * (with `original`). A cache or rotated rows need `width` or `positions`.
 */
export interface IdentifyRopeOptions {
  /** transformers' inv_freq buffer: ω_i for i < rotaryDim/2. */
  invFreq?: RopeNumbers;
  /** A cos cache, row-major, one row per position (width = its last dimension). */
  cos?: RopeNumbers;
  /** The sin cache, the same shape as cos. */
  sin?: RopeNumbers;
  /**
   * q or k rows after RoPE (rows × width, row-major; width = the rotary slice,
   * even): identifyRope then also tells the pairing and where the rotated
   * pairs land (`outputPairing`: DeepSeek-V3's interleaved input comes out as
   * evens then odds).
   */
  rotated?: RopeNumbers;
  /**
   * The rows before RoPE: rows × width values, or one row of width values
   * used at every position (e.g. a known q); default every value 1. A row
   * whose pairs hold equal values (such as ones) cannot tell the input pairing.
   */
  original?: RopeNumbers;
  /** The position of each row; default 0, 1, …. Two rows one position apart are needed to unwrap the phases. */
  positions?: Float64Array | readonly number[];
  /** Values per row; default cos.length (or rotated.length) / positions.length. */
  width?: number;
  /** The attention head width, when known (an integer ≥ the rotary width): gives partialRotaryFactor. */
  headDim?: number;
  /**
   * Schemes to measure besides those fitted and the presets, always (a
   * config's layer types: ropeFrequencies options with dim, rotaryDim,
   * theta, scaling); a candidate made from one says which in `scheme`.
   * Only those of the input's rotary width are measured.
   */
  schemes?: readonly RopeFrequencyOptions[];
}

/** One RoPE that may have made the input, and how well it reproduces it. */
export interface RopeCandidate {
  theta: number;
  /** The scaling, as ropeFrequencies takes it (undefined: none). */
  scaling?: RopeScaling;
  /** What cos and sin are multiplied by: the scheme's own, or the input's amplitude where that differs (inv_freq cannot show it). */
  attentionFactor: number;
  /**
   * A cache's layout ('half' = cat(freqs, freqs), rotate_half; 'adjacent' = each
   * repeated, GPT-J), or which slots of the original rows pair; undefined when
   * the input cannot tell (inv_freq, one cache column per pair, original rows of ones).
   */
  pairing?: Pairing;
  /** Rotated rows: where each rotated pair lands ('half' after DeepSeek-V3's apply_rotary_pos_emb_interleave). */
  outputPairing?: Pairing;
  rotaryDim: number;
  /** headDim given: the rotated fraction (transformers' partial_rotary_factor). */
  partialRotaryFactor?: number;
  /** A real model whose RoPE this is (rope-presets.ts). */
  preset?: RopePresetName;
  /** The index in the `schemes` option of the scheme this candidate is. */
  scheme?: number;
  /** ropeFrequencies options that reproduce the candidate. */
  options: RopeFrequencyOptions;
  /**
   * How the input was made, as far as this candidate explains it: 'exact' (float64, rounded once) or
   * 'float32' (transformers' float32 arithmetic: inv_freq, p·inv_freq, cos and sin, the attention factor) for
   * a float32 input, 'float16' or 'bfloat16' for an input whose every value is of that type (float32
   * arithmetic, then `.to(x.dtype)`); the bounds are precision.hpp's error model (docs/identify-rope.md).
   */
  precision: Precision;
  /** Every value within the bound of `precision` (and checked on every value: `verified`). */
  match: boolean;
  /** Every value within the bound of rounding the float64 values once to the input's storage format. */
  exact: boolean;
  /** Measured on every value; false: on the sample rows only (then match is false). */
  verified: boolean;
  /** inv_freq: max relative error of ω; cache / rows: max |value − candidate's|. */
  maxError: number;
  /** The largest deviation / bound over the values: match ⇔ ≤ 1. */
  worstRatio: number;
  /** maxError / worstRatio: the error `precision` allows where the input comes nearest its bound. */
  tolerance: number;
  /** The position of each measured row (inv_freq: the pair index). */
  positions: Float64Array;
  /** Per row: the deviation of the value nearest its bound… */
  deviation: Float64Array;
  /** …and that value's bound (deviation ≤ bound at every row ⇔ match). */
  bound: Float64Array;
  note?: string;
}

export interface RopeIdentification {
  match: boolean;
  /** Best first: the verified candidates, then those measured on the sample rows only. */
  candidates: RopeCandidate[];
  /** The narrowest type holding every value: 'float32' (or wider), 'float16' or 'bfloat16'. */
  storage: Precision;
  /** One sentence: the verdict, or what is nearest and how it differs. */
  message: string;
}
