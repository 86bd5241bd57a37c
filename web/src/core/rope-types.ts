// Options and results of the RoPE, attention and "why this design" API
// (rope.ts, attention.ts, shift-fit.ts, embedding-scale.ts).
import type { RopePresetName } from './rope-presets.js';

/** Which two slots of a row RoPE turns together. */
export type Pairing = 'adjacent' | 'half';
/** 'adjacent': slots (2i, 2i+1), RoFormer and GPT-J; 'half': slots (i, i + dim/2), GPT-NeoX and Llama ("rotate_half"). */
export const PAIRINGS: readonly Pairing[] = ['adjacent', 'half'];

/** A frequency scheme of RoPE (transformers' rope_type; 'none' is its 'default', 'dynamic-ntk' its 'dynamic'). */
export type RopeScalingType =
  'none' | 'linear' | 'ntk' | 'dynamic-ntk' | 'yarn' | 'llama3' | 'longrope' | 'proportional';
/** Every RopeScalingType, in the core's code order (checked against the wasm's names table). */
export const ROPE_SCALING_TYPES: readonly RopeScalingType[] = [
  'none',
  'linear',
  'ntk',
  'dynamic-ntk',
  'yarn',
  'llama3',
  'longrope',
  'proportional',
];

/** Where the rotated slice sits when rotaryDim < dim: 'first' (GPT-J, GPT-NeoX, Phi) or 'last' (DeepSeek-V3's [no-RoPE, RoPE]). */
export type RopeDims = 'first' | 'last';
export const ROPE_DIMS: readonly RopeDims[] = ['first', 'last'];

/**
 * A context-extension scheme for RoPE's frequencies, as in Hugging Face
 * transformers' modeling_rope_utils (see cpp/include/phasor/rope_scaling.hpp).
 *
 * Each type reads its own keys (SCALING_KEYS_OF in rope-scaling-input.ts): a
 * key that the type does not read is refused, naming the types that do. The
 * lengths (originalLength, originalMaxPositionEmbeddings, maxPositionEmbeddings,
 * sequenceLength) are facts about the model, accepted and range-checked with
 * every type.
 */
export interface RopeScaling {
  type: RopeScalingType;
  /**
   * How much longer the context gets; ≥ 1. Required unless type is 'none' ('proportional': default 1)
   * ('yarn', 'longrope': default maxPositionEmbeddings / originalLength, as transformers).
   */
  factor?: number;
  /**
   * The training length L (transformers' original_max_position_embeddings); required
   * for 'yarn', 'llama3', 'longrope' and 'dynamic-ntk' (there, transformers' L is
   * max_position_embeddings: give that as maxPositionEmbeddings or here).
   */
  originalLength?: number;
  /** The same as originalLength, under transformers' name. */
  originalMaxPositionEmbeddings?: number;
  /**
   * transformers' max_position_embeddings: 'dynamic-ntk' takes it as L; 'yarn' and
   * 'longrope' derive the default factor from it (max / original); 'yarn' uses it as L
   * when originalLength is absent.
   */
  maxPositionEmbeddings?: number;
  /**
   * 'dynamic-ntk', 'longrope': the length of the call, max(position) + 1. Default, as
   * transformers' forward: rope() takes max(positions) + 1 of its own positions;
   * ropeFrequencies (and attention) take none: dynamic NTK then changes nothing
   * (the base grows only past L), longrope uses the short factors.
   */
  sequenceLength?: number;
  /** 'yarn': pairs turning more than betaFast times in L keep their frequency; default 32. */
  betaFast?: number;
  /** 'yarn': pairs turning fewer than betaSlow times in L are divided by factor; default 1. */
  betaSlow?: number;
  /** 'yarn': round the ramp's ends to whole pairs, as transformers does by default; default true. */
  truncate?: boolean;
  /**
   * Every type: what cos and sin are multiplied by (transformers reads a config's
   * attention_factor for 'yarn' and 'longrope' only). Default 1, except 'yarn':
   * get_mscale(factor, mscale) / get_mscale(factor, mscaleAllDim) when both are set
   * (DeepSeek-V3: exactly 1), else 0.1 ln(factor) + 1; 'longrope': √(1 + ln factor / ln originalLength).
   */
  attentionFactor?: number;
  /** 'yarn': transformers' mscale (get_mscale(s, m) = 0.1·m·ln s + 1); used only with mscaleAllDim. */
  mscale?: number;
  /** 'yarn': transformers' mscale_all_dim. */
  mscaleAllDim?: number;
  /** 'longrope': one factor per pair (rotaryDim/2) for calls up to originalLength; read as float32, as transformers stores them. */
  shortFactor?: Float64Array | Float32Array | readonly number[];
  /** 'longrope': one factor per pair for calls longer than originalLength (every position of the call). */
  longFactor?: Float64Array | Float32Array | readonly number[];
  /** 'llama3': wavelengths above L / lowFreqFactor are divided by factor; default 1. */
  lowFreqFactor?: number;
  /** 'llama3': wavelengths below L / highFreqFactor are kept; default 4 (at least lowFreqFactor; equal: no blend, Llama 4). */
  highFreqFactor?: number;
  /**
   * 'proportional' (Gemma 4): the share of the rotaryDim/2 pairs that turn, in [0, 1];
   * default 1. Pair i < floor(partialRotaryFactor · rotaryDim / 2) gets
   * θ^(−2i/rotaryDim) / factor, the others frequency 0: they are left as they
   * are. With pairing 'half' over the whole head (rotaryDim = dim), slot i turns
   * with slot i + dim/2: Gemma 4's full-attention layers are
   * `{ dim: 512, scaling: { type: 'proportional', partialRotaryFactor: 0.25 } }`,
   * turning slots 0–63 with 256–319.
   */
  partialRotaryFactor?: number;
}

export interface RopeOptions {
  /** count × dim values, row-major: the query or key rows to rotate (a plain Float32Array; count × dim ≤ 2^24). */
  rows: Float32Array;
  /** Row width, even (a preset gives its head width). */
  dim?: number;
  /**
   * A real model's RoPE (ROPE_PRESETS, web/src/core/rope-presets.ts): fills dim,
   * rotaryDim, ropeDims, theta, pairing (Hugging Face's) and scaling; options given
   * here override it (scaling's keys one by one, unless scaling.type differs).
   */
  preset?: RopePresetName;
  /** The rotated width, even, ≤ dim; default dim. ω_i = θ^(−2i/rotaryDim); the rest of each row passes through unchanged. */
  rotaryDim?: number;
  /** Which rotaryDim values of a row turn; default 'first'. */
  ropeDims?: RopeDims;
  /** Position of each row; default 0, 1, ..., count − 1. Any finite |m| ≤ 2^31. With mrope: 3 × count values (every t, then h, then w) or one per row. */
  positions?: Float64Array | readonly number[];
  /** Base of the frequencies θ^(−2i/dim); default 10000. */
  theta?: number;
  /** Default 'half' (Llama, GPT-NeoX). */
  pairing?: Pairing;
  /**
   * Layout of the cos/sin table; default the pairing. A different layout
   * reproduces the porting bug that turns each pair by two angles.
   */
  tableLayout?: Pairing;
  /**
   * Where the rotated slice's values are written; default the pairing (most
   * code writes each pair back where it read it). 'half' with pairing
   * 'adjacent' is DeepSeek-V2/V3 in transformers (`rope_interleave`,
   * `apply_rotary_pos_emb_interleave`): pairs (2i, 2i+1) are read, and the
   * turned slice comes out as its first slots of the pairs, then the second
   * ones (slot i and i + rotaryDim/2). 'adjacent' with pairing 'half' is the
   * inverse permutation. Only the order of the outputs changes, never a value:
   * q·k of two rows written the same way is unchanged.
   */
  outputPairing?: Pairing;
  scaling?: RopeScaling;
  /**
   * M-RoPE (Qwen2-VL, Qwen2.5-VL, Qwen3.5, GLM-4.5V): pair i turns by the row's
   * position on one of three axes. `positions` then holds either count values
   * (text: the same position on every axis, plain RoPE) or 3 × count: every
   * row's time position, then every height, then every width (transformers'
   * position_ids of shape [3, count]).
   */
  mrope?: RopeMrope;
  /**
   * Ministral 3's `llama_4_scaling_beta`: the whole row (queries only in the
   * model) times 1 + beta·ln(1 + floor(p / originalLength)), p the row's
   * (time) position. Rounded once with the rotation.
   */
  queryScale?: { beta: number; originalLength: number };
}

/** M-RoPE's split of the rotated pairs over time, height and width. */
export interface RopeMrope {
  /** Pairs per axis [t, h, w], adding up to rotaryDim/2 (Qwen2.5-VL [16, 24, 24]). */
  sections: readonly [number, number, number] | readonly number[];
  /**
   * false (default): t takes the first sections[0] pairs, then h, then w
   * (Qwen2/2.5-VL, GLM-4.5V); true: Qwen3.5's interleaved layout (pair i is h
   * when i mod 3 = 1 and i < 3·sections[1], w when i mod 3 = 2 and i < 3·sections[2], else t).
   */
  interleaved?: boolean;
}

export interface RopeFrequencyOptions {
  /** Head width, even (a preset gives its own). */
  dim?: number;
  /** The rotated width (default dim): the frequencies are θ^(−2i/rotaryDim), rotaryDim/2 of them. */
  rotaryDim?: number;
  theta?: number;
  scaling?: RopeScaling;
  /** A real model's RoPE, as for rope(). */
  preset?: RopePresetName;
}

export interface RopeFrequencies {
  /** ω_i after scaling, i < dim/2 (radians per position). */
  frequencies: Float64Array;
  /** 2π/ω_i after scaling (positions). */
  wavelengths: Float64Array;
  /** θ^(−2i/dim) before scaling. */
  originalFrequencies: Float64Array;
  originalWavelengths: Float64Array;
  /** What cos and sin are multiplied by (1 except for yarn and longrope). */
  attentionFactor: number;
}

export type AttentionKind = 'additive' | 'rope' | 'alibi';
export const ATTENTION_KINDS: readonly AttentionKind[] = ['additive', 'rope', 'alibi'];

/** Projection weights: given (dModel × dHead, row-major, q = x·W), seeded random, or the identity (dHead = dModel). */
export type WeightsOption = Float32Array | 'random' | 'identity';

interface AttentionCommonOptions {
  /** Width of a token embedding (and of PE for 'additive'). */
  dModel: number;
  /** Width of q and k; default dModel. Even for 'rope'. */
  dHead?: number;
  /** 'additive': the PE base; default 10000. */
  base?: number;
  /** 'rope': the frequency base; default 10000. */
  theta?: number;
  /** Seed of every random token and weight; default 0 (an integer up to 2^53 − 1). */
  seed?: number;
  /** Standard deviation of random token entries; default 1. 0 leaves position alone. */
  tokenStd?: number;
  /** Default 'random': entries N(0, 1/dModel) from the seed. */
  wq?: WeightsOption;
  wk?: WeightsOption;
  /** 'rope': the rotation applied; default 'half'. */
  pairing?: Pairing;
  /** 'rope': layout of the cos/sin table; default the pairing (see RopeOptions). */
  tableLayout?: Pairing;
  /** 'rope': the pairing the weights were made for; default the pairing. */
  weightLayout?: Pairing;
  /** 'rope': permute the weights' output features from weightLayout to pairing (the checkpoint conversion). Default false. */
  permute?: boolean;
  /** 'rope': frequency scaling. */
  scaling?: RopeScaling;
  /** 'alibi': number of heads; default 8. */
  heads?: number;
  /** 'alibi': which head's slope (0-based); default 0, the steepest. */
  head?: number;
}

export interface AttentionOptions extends AttentionCommonOptions {
  kind: AttentionKind;
  /** Query positions: a count n (positions 0..n−1) or the positions themselves (at most 4096). */
  positions: number | Float64Array | readonly number[];
  /** Key positions; default the query positions (a self-attention grid). */
  keyPositions?: Float64Array | readonly number[];
  /**
   * Token embeddings: 'random' (default, one per position), 'shared' (one
   * random token at every position, so position is all that varies), or given:
   * queries × dModel values (keys use the same rows; with keyPositions of
   * another length, pass 'shared' or a single row).
   */
  tokens?: 'random' | 'shared' | Float32Array;
}

interface AttentionResultBase {
  /** queries × keys scores q_m·k_n (float32), row = query. */
  total: Float32Array;
  queries: number;
  keys: number;
  positions: Float64Array;
  keyPositions: Float64Array;
  /** The weights used (dModel × dHead), after any default. */
  wq: Float32Array;
  wk: Float32Array;
}

export interface AdditiveScores extends AttentionResultBase {
  kind: 'additive';
  /** w_m W_Q · w_n W_K */
  contentContent: Float32Array;
  /** w_m W_Q · p_n W_K */
  contentPosition: Float32Array;
  /** p_m W_Q · w_n W_K */
  positionContent: Float32Array;
  /** p_m W_Q · p_n W_K */
  positionPosition: Float32Array;
}

export interface RopeScores extends AttentionResultBase {
  kind: 'rope';
}

export interface AlibiScores extends AttentionResultBase {
  kind: 'alibi';
  /** −slope·|m − n| */
  bias: Float32Array;
  slope: number;
}

export interface AttentionScoresByKind {
  additive: AdditiveScores;
  rope: RopeScores;
  alibi: AlibiScores;
}

export interface ScoreByOffsetOptions extends AttentionCommonOptions {
  kind: AttentionKind;
  /** Absolute query positions m, one curve each (at most 4096). */
  anchors: Float64Array | readonly number[];
  /** Offsets m − n run over the integers minOffset..maxOffset. */
  maxOffset: number;
  /** Default −maxOffset. */
  minOffset?: number;
  /** The one token at every position: 'random' (default) or dModel values. */
  token?: 'random' | Float32Array;
}

export interface ScoresByOffset {
  anchors: Float64Array;
  /** m − n for each column. */
  offsets: Float64Array;
  /** anchors × offsets: row a holds q(anchor a)·k(anchor a − offset). */
  scores: Float32Array;
  /** For each offset, max − min over the anchors: 0 (to rounding) when the score depends on the offset only. */
  spread: Float32Array;
  maxSpread: number;
  /** Additive PE only: its four terms, anchors × offsets each (scores is their sum, rounded once). */
  terms?: AdditiveTerms;
}

/** The four terms of additive PE's score (q = (w + p) W_Q, k = (w + p) W_K). */
export interface AdditiveTerms {
  contentContent: Float32Array;
  contentPosition: Float32Array;
  positionContent: Float32Array;
  positionPosition: Float32Array;
}

export type ShiftEncoding = 'sinusoidal' | 'sine-only' | 'linear-frequencies' | 'quadratic-phase' | 'log-phase';
export const SHIFT_ENCODINGS: readonly ShiftEncoding[] = [
  'sinusoidal',
  'sine-only',
  'linear-frequencies',
  'quadratic-phase',
  'log-phase',
];

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
  /** [sin(ν p), sin(ν q)]: equal. */
  sine: [number, number];
  /** [cos(ν p), cos(ν q)]: opposite, what a cosine slot would have told apart. */
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
