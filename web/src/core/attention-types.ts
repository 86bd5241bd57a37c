// Options and results of the attention API (attention.ts,
// attention-patterns.ts): additive PE, RoPE and ALiBi scores, by position and
// by offset.
import { ENUM_NAMES } from './wasm/tables.js';
import type { Pairing, RopeOptions, RopeScaling } from './rope-types.js';

/** @useDeclaredType */
export type AttentionKind = (typeof ENUM_NAMES.attentionKind)[number];
export const ATTENTION_KINDS: readonly AttentionKind[] = ENUM_NAMES.attentionKind;

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
