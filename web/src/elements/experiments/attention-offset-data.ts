// The options and data of <phasor-attention-offset>: which curves it draws
// (the kind, the additive terms summed) and the panels it computed.
import type { Pairing } from '../../core/index.js';

export type AttentionChartKind = 'all' | 'rope' | 'additive' | 'alibi' | 'pairing';
export const TERMS = ['content-content', 'content-position', 'position-content', 'position-position'] as const;
export type AttentionTerm = (typeof TERMS)[number];
export const TERM_FIELDS = {
  'content-content': 'contentContent',
  'content-position': 'contentPosition',
  'position-content': 'positionContent',
  'position-position': 'positionPosition',
} as const;

export interface AttentionOffsetOptions {
  kind: AttentionChartKind;
  /** The additive terms summed. */
  terms: AttentionTerm[];
  anchors: number[];
  maxOffset: number;
  dModel: number;
  dHead: number;
  /** The PE base of additive PE and RoPE's θ. */
  base: number;
  seed: number;
  pairing: Pairing;
  /** null: the pairing's own layout. */
  tableLayout: Pairing | null;
  weightLayout: Pairing | null;
  permute: boolean;
  heads: number;
  head: number;
}

export interface OffsetPanel {
  title: string;
  /** anchors × offsets: row a holds q(m_a)·k(m_a − offset). */
  scores: Float32Array;
  /** Per offset, max − min over the anchors. */
  spread: Float32Array;
  maxSpread: number;
  /** Scores (one anchor) of the model the weights came from, when they came from another pairing. */
  reference: Float32Array | null;
  /** max |scores − reference|. */
  referenceGap: number;
  /** Additive PE: each of the four terms alone (anchors × offsets, as scores), for the highlight of a term. */
  terms?: Record<AttentionTerm, Float32Array>;
}

export interface AttentionOffsetData {
  offsets: Float64Array;
  anchors: number[];
  panels: OffsetPanel[];
}
