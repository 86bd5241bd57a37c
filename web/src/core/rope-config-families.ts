// What transformers' model code decides about RoPE that a config.json leaves
// out: each family's config-class defaults and the layout its attention code
// uses. Read from huggingface/transformers main (src/transformers/models/<family>/
// configuration_<family>.py and modeling_<family>.py; the commit is named in
// docs/rope-config.md). A config's model_type picks the row ('_text' dropped).
import type { Pairing, RopeDims } from './rope-types.js';

/** How a family lays out its layers' RoPE beyond the config's keys. */
export interface RopeFamily {
  /** transformers' default_theta (or the rope_theta default of its config class). */
  theta: number;
  /** Gemma 3: the sliding layers' θ default (rope_local_base_freq). */
  localTheta?: number;
  /** Config-class defaults a config may leave out. */
  headDim?: number;
  numAttentionHeads?: number;
  hiddenSize?: number;
  numHiddenLayers?: number;
  maxPositionEmbeddings?: number;
  /** partial_rotary_factor when the config has none (Phi 0.5, Qwen3.5 0.25, GLM-4.5V 0.5, GPT-NeoX rotary_pct 0.25). */
  partialRotaryFactor?: number;
  /** Whether its 'default' rope reads partial_rotary_factor (Llama's ignores it; the ROPE_INIT_FUNCTIONS all read it). */
  defaultReadsPartial?: boolean;
  /** rotate_half (default), or adjacent pairs (GPT-J's rotate_every_two, complex views, rotate_half_llm). */
  pairing?: Pairing;
  /** DeepSeek MLA: the head is [qk_nope_head_dim, qk_rope_head_dim], RoPE on the last part. */
  mla?: boolean;
  /** DeepSeek-V3: rope_interleave (default true) reads pairs (2i, 2i+1) and writes the half layout. */
  ropeInterleave?: boolean;
  /** M-RoPE sections when rope_parameters has no mrope_section. */
  mropeSection?: readonly number[];
  /** v4 spellings of per-layer-type RoPE: rope_scaling applies to full_attention only. */
  scalingOnFullLayersOnly?: boolean;
  /** How layer_types is made when the config has none (layer index → type). */
  layerTypes?: (layer: number, config: LayerTypeContext) => string;
  /** NoPE layers: SmolLM3/Llama 4 no_rope_layers; EXAONE 4 full layers (with a sliding window); Qwen3.5 linear attention. */
  nope?: 'no_rope_layers' | 'exaone4' | 'linear_attention';
  /** Gemma 4: the full-attention layers' head dim (global_head_dim, default 512). */
  globalHeadDim?: number;
  /** The transformers file this row reads. */
  source: string;
}

/** What a layer-type generator may read (besides the layer index). */
export interface LayerTypeContext {
  slidingWindowPattern?: number | string;
  fullAttentionInterval?: number;
}

const every =
  (n: number, full = 'full_attention', other = 'sliding_attention') =>
  (i: number) =>
    (i + 1) % n === 0 ? full : other;
const models = (family: string) =>
  `src/transformers/models/${family}/configuration_${family}.py, modeling_${family}.py`;

/** One row per transformers family a shared config names; others read as Llama (rotate_half, θ 10000). */
export const ROPE_FAMILIES: Readonly<Record<string, RopeFamily>> = {
  llama: { theta: 10000, maxPositionEmbeddings: 2048, source: models('llama') },
  mistral: { theta: 10000, maxPositionEmbeddings: 131072, source: models('mistral') },
  ministral3: { theta: 1000000, headDim: 128, maxPositionEmbeddings: 262144, source: models('ministral3') },
  qwen2: { theta: 10000, maxPositionEmbeddings: 32768, source: models('qwen2') },
  qwen3: { theta: 10000, headDim: 128, maxPositionEmbeddings: 32768, source: models('qwen3') },
  qwen3_moe: { theta: 10000, headDim: 128, maxPositionEmbeddings: 32768, source: models('qwen3_moe') },
  qwen2_5_vl: {
    theta: 1000000,
    maxPositionEmbeddings: 32768,
    mropeSection: [16, 24, 24],
    source: models('qwen2_5_vl'),
  },
  qwen3_5: {
    theta: 10000,
    headDim: 256,
    partialRotaryFactor: 0.25,
    defaultReadsPartial: true,
    mropeSection: [11, 11, 10],
    nope: 'linear_attention',
    layerTypes: (i, c) => every(c.fullAttentionInterval ?? 4, 'full_attention', 'linear_attention')(i),
    source: models('qwen3_5'),
  },
  glm4v: {
    theta: 10000,
    partialRotaryFactor: 0.5,
    defaultReadsPartial: true,
    pairing: 'adjacent',
    mropeSection: [8, 12, 12],
    source: models('glm4v'),
  },
  glm4v_moe: {
    theta: 10000,
    partialRotaryFactor: 0.5,
    defaultReadsPartial: true,
    mropeSection: [8, 12, 12],
    source: models('glm4v_moe'),
  },
  gemma2: {
    theta: 10000,
    headDim: 256,
    maxPositionEmbeddings: 8192,
    layerTypes: every(2),
    source: models('gemma2'),
  },
  gemma3: {
    theta: 1000000,
    localTheta: 10000,
    headDim: 256,
    numAttentionHeads: 8,
    hiddenSize: 2304,
    numHiddenLayers: 26,
    maxPositionEmbeddings: 131072,
    scalingOnFullLayersOnly: true,
    layerTypes: (i, c) => every(Number(c.slidingWindowPattern ?? 6))(i),
    source: models('gemma3'),
  },
  gemma4: {
    theta: 10000,
    headDim: 256,
    globalHeadDim: 512,
    maxPositionEmbeddings: 131072,
    layerTypes: every(6),
    source: models('gemma4'),
  },
  phi: { theta: 10000, partialRotaryFactor: 0.5, defaultReadsPartial: true, source: models('phi') },
  phi3: { theta: 10000, defaultReadsPartial: true, maxPositionEmbeddings: 4096, source: models('phi3') },
  gpt_neox: { theta: 10000, partialRotaryFactor: 0.25, defaultReadsPartial: true, source: models('gpt_neox') },
  gptj: { theta: 10000, pairing: 'adjacent', maxPositionEmbeddings: 2048, source: models('gptj') },
  deepseek_v2: { theta: 10000, pairing: 'adjacent', mla: true, source: models('deepseek_v2') },
  deepseek_v3: { theta: 10000, pairing: 'adjacent', mla: true, ropeInterleave: true, source: models('deepseek_v3') },
  smollm3: { theta: 2000000, maxPositionEmbeddings: 32768, nope: 'no_rope_layers', source: models('smollm3') },
  llama4: {
    theta: 500000,
    headDim: 128,
    pairing: 'adjacent',
    nope: 'no_rope_layers',
    maxPositionEmbeddings: 131072,
    source: models('llama4'),
  },
  gpt_oss: { theta: 150000, headDim: 64, layerTypes: every(2), source: models('gpt_oss') },
  olmo2: { theta: 10000, maxPositionEmbeddings: 2048, source: models('olmo2') },
  olmo3: {
    theta: 500000,
    maxPositionEmbeddings: 2048,
    scalingOnFullLayersOnly: true,
    layerTypes: every(4),
    source: models('olmo3'),
  },
  exaone4: {
    theta: 10000,
    maxPositionEmbeddings: 2048,
    nope: 'exaone4',
    layerTypes: (i, c) => {
      const p = c.slidingWindowPattern ?? 4;
      if (typeof p === 'string') return p[i % p.length] === 'G' ? 'full_attention' : 'sliding_attention';
      return every(p)(i);
    },
    source: models('exaone4'),
  },
};

/** The family of a model_type ('gemma3_text' → gemma3), or undefined. */
export function familyOf(modelType: string | undefined): { name: string; family: RopeFamily } | undefined {
  if (modelType === undefined) return undefined;
  const name = modelType.replace(/_text$/, '');
  const family = ROPE_FAMILIES[name];
  return family ? { name, family } : undefined;
}

/** Where RoPE sits in an MLA head, for families with `mla`. */
export const MLA_ROPE_DIMS: RopeDims = 'last';
