// Options and results of the RoPE API (rope.ts, rope-config.ts): pairings,
// scalings, M-RoPE and the frequencies. Attention's are in attention-types.ts,
// the "why this design" experiments' in experiment-types.ts.
import { ENUM_NAMES } from './wasm/tables.js';
import type { RopePresetName } from './rope-preset-configs.js';

/**
 * Which two slots of a row RoPE turns together.
 * @useDeclaredType
 */
export type Pairing = (typeof ENUM_NAMES.pairing)[number];
/** 'adjacent': slots (2i, 2i+1), RoFormer and GPT-J; 'half': slots (i, i + dim/2), GPT-NeoX and Llama ("rotate_half"). */
export const PAIRINGS: readonly Pairing[] = ENUM_NAMES.pairing;

/**
 * A frequency scheme of RoPE (transformers' rope_type; 'none' is its 'default', 'dynamic-ntk' its 'dynamic').
 * @useDeclaredType
 */
export type RopeScalingType = (typeof ENUM_NAMES.ropeScalingType)[number];
/** Every RopeScalingType, in the core's code order (the names the core exports). */
export const ROPE_SCALING_TYPES: readonly RopeScalingType[] = ENUM_NAMES.ropeScalingType;

/**
 * Where the rotated slice sits when rotaryDim < dim: 'first' (GPT-J, GPT-NeoX, Phi) or 'last' (DeepSeek-V3's [no-RoPE, RoPE]).
 * @useDeclaredType
 */
export type RopeDims = (typeof ENUM_NAMES.ropeDims)[number];
export const ROPE_DIMS: readonly RopeDims[] = ENUM_NAMES.ropeDims;

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
