// What ph.ropeFromConfig returns (rope-config.ts): a model's RoPE read from
// its config.json, per layer type.
import type { Pairing, RopeDims, RopeFrequencyOptions, RopeMrope, RopeOptions, RopeScaling } from './rope-types.js';

/** The RoPE of one group of layers (a layer type, split by NoPE). */
export interface RopeLayerType {
  /** The config's layer type ('full_attention', 'sliding_attention', 'linear_attention', ...), or 'all' without layer_types. */
  layerType: string;
  /** The layers (0-based) this group covers. */
  layers: number[];
  /** true: these layers apply no RoPE at all (NoPE; SmolLM3, Llama 4, EXAONE 4's global layers, Qwen3.5's linear attention). */
  nope: boolean;
  /** The attention head width the rotation acts on (MLA: qk_nope_head_dim + qk_rope_head_dim). */
  headDim: number;
  /** How many of the head's values turn (proportional: the whole head; its tail pairs have frequency 0). */
  rotaryDim: number;
  /** Which head values turn with which: the slot indices, pair by pair ([a0, b0, a1, b1, ...]). Empty for NoPE. */
  rotatedSlots: Int32Array;
  /** Where the rotary part sits in the head. */
  ropeDims: RopeDims;
  pairing: Pairing;
  /** Where the turned values are written (DeepSeek-V3: 'half' from adjacent pairs). */
  outputPairing: Pairing;
  theta: number;
  /** transformers' rope_type as the config names it ('default', 'linear', 'dynamic', 'yarn', 'longrope', 'llama3', 'proportional'). */
  ropeType: string;
  /** The same scheme in phasor's spelling, with every value resolved (undefined: none). */
  scaling?: RopeScaling;
  /** What cos and sin are multiplied by (transformers' attention_scaling). */
  attentionFactor: number;
  /** M-RoPE: pairs per axis and their layout. */
  mrope?: RopeMrope;
  /** Ministral 3's llama_4_scaling_beta on the queries. */
  queryScale?: { beta: number; originalLength: number };
  /** The inverse frequencies transformers' inv_freq holds (rotaryDim/2 of them; proportional: headDim/2 with zeros), float64. */
  invFreq: Float64Array;
  /** ph.ropeFrequencies options that give invFreq and attentionFactor (undefined for NoPE). */
  ropeFrequencies?: RopeFrequencyOptions;
  /** ph.rope options (all but rows and positions) that rotate a head as the model does (undefined for NoPE). */
  rope?: Omit<RopeOptions, 'rows' | 'positions'>;
}

/** ph.ropeFromConfig's answer. */
export interface RopeConfig {
  /** model_type of the config read (text_config's when nested). */
  modelType?: string;
  /** The transformers family whose defaults and layout were used, or undefined (read as Llama: rotate_half, θ 10000). */
  family?: string;
  /** 'text_config.' when the text model's config is nested, else ''. */
  prefix: string;
  layerCount: number;
  maxPositionEmbeddings: number;
  /** One entry per layer type and NoPE split, in order of first layer. */
  layerTypes: RopeLayerType[];
  /** Every key read, as spelt in the config (e.g. 'text_config.rope_parameters.full_attention.rope_theta'). */
  keysRead: string[];
  /** RoPE-looking keys that were not understood: never silently ignored. */
  unknownKeys: string[];
  /** Values the config left out, taken from the family's config class: 'rope_theta = 10000 (llama default)'. */
  defaults: string[];
}
