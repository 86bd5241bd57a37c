// Real models' RoPE as data: each preset is a cited config, the RoPE fields of
// the model's config.json read by ropeFromConfig's reader (rope-config-read.ts),
// so a preset says nothing the config does not. Where each copy of a config was
// read (repository, path, commit) is in the test fixtures, not here:
// tests/fixtures/rope_configs/configs.json for the configs found as files,
// tests/fixtures/frameworks/presets.json for the first nine (with the model
// code each was checked against). The `preset` option of rope() and
// ropeFrequencies fills dim (the head width), rotaryDim, ropeDims, theta,
// pairing, outputPairing, scaling, mrope and queryScale from here. `pairing`
// is Hugging Face's (rotate_half unless the model's code pairs adjacent slots).
import { readRopeConfig } from './rope-config-read.js';
import { CITED_CONFIGS, ROPE_PRESET_NAMES, type CitedConfig, type RopePresetName } from './rope-preset-configs.js';
import type { Pairing, RopeDims, RopeMrope, RopeScaling } from './rope-types.js';

export { ROPE_PRESET_NAMES, type RopePresetName };

/** A model's RoPE on one layer type, from its config.json. */
export interface RopePreset {
  /** The model, as its authors name it. */
  model: string;
  /** The config.json the numbers are from: huggingface.co/<repo>/blob/main/config.json. */
  config: string;
  /** The config's fields the preset reads (a subset of the file, values as written). */
  fields: Readonly<Record<string, unknown>>;
  /** The layer type described, when the model's layer types differ ('full_attention', ...). */
  layerType?: string;
  /** Attention head width (phasor's dim). */
  headDim: number;
  /** The width RoPE turns (transformers: int(head_dim × partial_rotary_factor)). */
  rotaryDim: number;
  ropeDims: RopeDims;
  theta: number;
  /** Hugging Face's pairing for this model. */
  pairing: Pairing;
  /** Where the rotated values are written (default the pairing; DeepSeek-V3 in transformers: 'half'). */
  outputPairing?: Pairing;
  maxPositionEmbeddings: number;
  scaling?: RopeScaling;
  /** M-RoPE's sections (Qwen2.5-VL, Qwen3.5, GLM-4.5V). */
  mrope?: RopeMrope;
  /** Ministral 3's llama_4_scaling_beta. */
  queryScale?: { beta: number; originalLength: number };
}

/** The preset of a cited config: its layer type's RoPE as ropeFromConfig reads it. */
function presetOf(cited: CitedConfig): RopePreset {
  // A cited config, transcribed and tested against its source: its layer count needs no bound.
  const plan = readRopeConfig(cited.fields, Infinity);
  const group = plan.plans.find((p) => p.rope && (cited.layerType === undefined || p.layerType === cited.layerType));
  if (!group) throw new Error(`phasor: preset ${cited.model} has no RoPE layer type ${cited.layerType ?? ''}`);
  return {
    model: cited.model,
    config: cited.config,
    fields: cited.fields,
    ...(cited.layerType ? { layerType: cited.layerType } : {}),
    headDim: group.headDim,
    rotaryDim: group.rotaryDim,
    ropeDims: group.ropeDims,
    theta: group.theta,
    pairing: group.pairing,
    ...(group.outputPairing !== group.pairing ? { outputPairing: group.outputPairing } : {}),
    maxPositionEmbeddings: plan.maxPositionEmbeddings,
    ...(group.scaling ? { scaling: group.scaling } : {}),
    ...(group.mrope ? { mrope: group.mrope } : {}),
    ...(group.queryScale ? { queryScale: group.queryScale } : {}),
  };
}

/**
 * A record whose values are made the first time each is read, then kept: an
 * enumerable property per key, so listing, spreading and JSON see them all.
 */
function lazyRecord<K extends string, V>(keys: readonly K[], make: (key: K) => V): Readonly<Record<K, V>> {
  const record = {} as Record<K, V>;
  for (const key of keys) {
    Object.defineProperty(record, key, {
      enumerable: true,
      configurable: true,
      get: () => {
        const value = make(key);
        Object.defineProperty(record, key, { value, enumerable: true, writable: false, configurable: false });
        return value;
      },
    });
  }
  return record;
}

/**
 * Every preset, read from its cited config the first time it is asked for,
 * then kept: reading all of them when the module loads cost the start-up of
 * every page that imports phasor, for the one or two a page uses.
 */
export const ROPE_PRESETS: Readonly<Record<RopePresetName, RopePreset>> = /* @__PURE__ */ lazyRecord(
  ROPE_PRESET_NAMES,
  (name) => presetOf(CITED_CONFIGS[name]),
);
