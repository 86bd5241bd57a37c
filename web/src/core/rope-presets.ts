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
import type { Pairing, RopeDims, RopeMrope, RopeScaling } from './rope-types.js';

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

/** Every preset's name. */
export const ROPE_PRESET_NAMES = [
  'llama-2-7b',
  'llama-3.1-8b',
  'mistral-7b-v0.1',
  'qwen2.5-7b-instruct-yarn',
  'deepseek-v3',
  'phi-3-mini-128k-instruct',
  'gpt-j-6b',
  'gpt-neox-20b',
  'phi-2',
  'llama-3.2-1b',
  'llama-4-scout-17b-16e-instruct',
  'qwen2.5-vl-7b-instruct',
  'qwen3-8b',
  'qwen3.5-9b',
  'gemma-3-27b-it',
  'gemma-4-31b-it',
  'gemma-4-31b-it-sliding',
  'deepseek-v2-lite',
  'gpt-oss-20b',
  'smollm3-3b',
  'phi-4-mini-reasoning',
  'olmo-3.1-32b-instruct',
  'exaone-4.0-32b',
  'glm-4.5v',
  'ministral-3-3b-2512',
] as const;

export type RopePresetName = (typeof ROPE_PRESET_NAMES)[number];

interface CitedConfig {
  model: string;
  config: string;
  layerType?: string;
  fields: Record<string, unknown>;
}

const CONFIGS: Record<RopePresetName, CitedConfig> = {
  'llama-2-7b': {
    model: 'Llama 2 7B',
    config: 'huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json',
    fields: {
      model_type: 'llama',
      hidden_size: 4096,
      num_attention_heads: 32,
      num_hidden_layers: 32,
      max_position_embeddings: 4096,
      rope_theta: 10000.0,
      rope_scaling: null,
    },
  },
  'llama-3.1-8b': {
    model: 'Llama 3.1 8B',
    config: 'huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json',
    fields: {
      model_type: 'llama',
      hidden_size: 4096,
      num_attention_heads: 32,
      num_hidden_layers: 32,
      max_position_embeddings: 131072,
      rope_theta: 500000.0,
      rope_scaling: {
        factor: 8.0,
        low_freq_factor: 1.0,
        high_freq_factor: 4.0,
        original_max_position_embeddings: 8192,
        rope_type: 'llama3',
      },
    },
  },
  'mistral-7b-v0.1': {
    model: 'Mistral 7B v0.1',
    config: 'huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json',
    fields: {
      model_type: 'mistral',
      hidden_size: 4096,
      num_attention_heads: 32,
      num_hidden_layers: 32,
      max_position_embeddings: 32768,
      rope_theta: 10000.0,
    },
  },
  'qwen2.5-7b-instruct-yarn': {
    model: 'Qwen2.5-7B-Instruct with the documented YaRN rope_scaling',
    config: 'huggingface.co/Qwen/Qwen2.5-7B-Instruct/blob/main/config.json',
    fields: {
      model_type: 'qwen2',
      hidden_size: 3584,
      num_attention_heads: 28,
      num_hidden_layers: 28,
      max_position_embeddings: 32768,
      rope_theta: 1000000.0,
      rope_scaling: { factor: 4.0, original_max_position_embeddings: 32768, type: 'yarn' },
    },
  },
  'deepseek-v3': {
    model: 'DeepSeek-V3 (671B)',
    config: 'huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json',
    fields: {
      model_type: 'deepseek_v3',
      hidden_size: 7168,
      num_attention_heads: 128,
      num_hidden_layers: 61,
      max_position_embeddings: 163840,
      rope_theta: 10000,
      rope_scaling: {
        beta_fast: 32,
        beta_slow: 1,
        factor: 40,
        mscale: 1.0,
        mscale_all_dim: 1.0,
        original_max_position_embeddings: 4096,
        type: 'yarn',
      },
      qk_rope_head_dim: 64,
      qk_nope_head_dim: 128,
    },
  },
  'phi-3-mini-128k-instruct': {
    model: "Phi-3-mini-128k-instruct (the June 2024 update, the hub's current config)",
    config: 'huggingface.co/microsoft/Phi-3-mini-128k-instruct/blob/main/config.json',
    fields: {
      model_type: 'phi3',
      hidden_size: 3072,
      num_attention_heads: 32,
      num_hidden_layers: 32,
      max_position_embeddings: 131072,
      original_max_position_embeddings: 4096,
      rope_theta: 10000.0,
      rope_scaling: {
        long_factor: [
          1.0700000524520874, 1.1200000047683716, 1.149999976158142, 1.4199999570846558, 1.5699999332427979,
          1.7999999523162842, 2.129999876022339, 2.129999876022339, 3.009999990463257, 5.910000324249268,
          6.950000286102295, 9.070000648498535, 9.930000305175781, 10.710000038146973, 11.130000114440918,
          14.609999656677246, 15.409998893737793, 19.809999465942383, 37.279998779296875, 38.279998779296875,
          38.599998474121094, 40.12000274658203, 46.20000457763672, 50.940006256103516, 53.66000747680664,
          54.9373893737793, 56.89738845825195, 57.28738784790039, 59.98738479614258, 60.86738586425781,
          60.887386322021484, 61.71739196777344, 62.91739273071289, 62.957393646240234, 63.41739273071289,
          63.8173942565918, 63.83739471435547, 63.897396087646484, 63.93739700317383, 64.06739807128906,
          64.11434936523438, 64.12435150146484, 64.15435028076172, 64.19435119628906, 64.24435424804688,
          64.57435607910156, 64.69000244140625, 64.76000213623047,
        ],
        short_factor: [
          1.1, 1.1, 1.1, 1.3000000000000003, 1.3500000000000003, 1.3500000000000003, 1.4000000000000004,
          1.5500000000000005, 2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001,
          2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001,
          2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001, 2.000000000000001,
          2.000000000000001, 2.000000000000001, 2.000000000000001, 2.0500000000000007, 2.0500000000000007,
          2.0500000000000007, 2.0500000000000007, 2.0500000000000007, 2.0500000000000007, 2.1000000000000005,
          2.1000000000000005, 2.1500000000000004, 2.25, 2.25, 2.25, 2.25, 2.25, 2.3999999999999995, 2.4499999999999993,
          2.499999999999999, 2.6999999999999984, 2.6999999999999984, 2.7499999999999982, 2.799999999999998,
          2.8999999999999977, 3.049999999999997,
        ],
        type: 'longrope',
      },
    },
  },
  'gpt-j-6b': {
    model: 'GPT-J 6B',
    config: 'huggingface.co/EleutherAI/gpt-j-6b/blob/main/config.json',
    fields: { model_type: 'gptj', n_embd: 4096, n_head: 16, n_layer: 28, n_positions: 2048, rotary_dim: 64 },
  },
  'gpt-neox-20b': {
    model: 'GPT-NeoX-20B',
    config: 'huggingface.co/EleutherAI/gpt-neox-20b/blob/main/config.json',
    fields: {
      model_type: 'gpt_neox',
      hidden_size: 6144,
      num_attention_heads: 64,
      num_hidden_layers: 44,
      max_position_embeddings: 2048,
      rotary_pct: 0.25,
      rotary_emb_base: 10000,
    },
  },
  'phi-2': {
    model: 'Phi-2',
    config: 'huggingface.co/microsoft/phi-2/blob/main/config.json',
    fields: {
      model_type: 'phi',
      hidden_size: 2560,
      num_attention_heads: 32,
      num_hidden_layers: 32,
      max_position_embeddings: 2048,
      rope_theta: 10000.0,
      rope_scaling: null,
      partial_rotary_factor: 0.4,
    },
  },
  'llama-3.2-1b': {
    model: 'Llama 3.2 1B',
    config: 'huggingface.co/meta-llama/Llama-3.2-1B/blob/main/config.json',
    fields: {
      model_type: 'llama',
      hidden_size: 2048,
      num_attention_heads: 32,
      head_dim: 64,
      num_hidden_layers: 16,
      max_position_embeddings: 131072,
      rope_theta: 500000.0,
      rope_scaling: {
        factor: 32.0,
        high_freq_factor: 4.0,
        low_freq_factor: 1.0,
        original_max_position_embeddings: 8192,
        rope_type: 'llama3',
      },
    },
  },
  'llama-4-scout-17b-16e-instruct': {
    model: 'Llama 4 Scout 17B-16E Instruct (RoPE layers)',
    config: 'huggingface.co/meta-llama/Llama-4-Scout-17B-16E-Instruct/blob/main/config.json',
    fields: {
      model_type: 'llama4',
      text_config: {
        model_type: 'llama4_text',
        hidden_size: 5120,
        num_attention_heads: 40,
        head_dim: 128,
        num_hidden_layers: 48,
        max_position_embeddings: 10485760,
        rope_theta: 500000.0,
        rope_scaling: {
          factor: 16.0,
          high_freq_factor: 1.0,
          low_freq_factor: 1.0,
          original_max_position_embeddings: 8192,
          rope_type: 'llama3',
        },
      },
    },
  },
  'qwen2.5-vl-7b-instruct': {
    model: 'Qwen2.5-VL-7B-Instruct',
    config: 'huggingface.co/Qwen/Qwen2.5-VL-7B-Instruct/blob/main/config.json',
    fields: {
      model_type: 'qwen2_5_vl',
      hidden_size: 3584,
      num_attention_heads: 28,
      num_hidden_layers: 28,
      max_position_embeddings: 128000,
      rope_theta: 1000000.0,
      rope_scaling: { mrope_section: [16, 24, 24], rope_type: 'mrope' },
    },
  },
  'qwen3-8b': {
    model: 'Qwen3-8B',
    config: 'huggingface.co/Qwen/Qwen3-8B/blob/main/config.json',
    fields: {
      model_type: 'qwen3',
      hidden_size: 4096,
      num_attention_heads: 32,
      head_dim: 128,
      num_hidden_layers: 36,
      max_position_embeddings: 40960,
      rope_theta: 1000000,
      rope_scaling: null,
    },
  },
  'qwen3.5-9b': {
    model: 'Qwen3.5-9B (full-attention layers)',
    config: 'huggingface.co/Qwen/Qwen3.5-9B/blob/main/config.json',
    layerType: 'full_attention',
    fields: {
      model_type: 'qwen3_5',
      text_config: {
        model_type: 'qwen3_5_text',
        hidden_size: 4096,
        num_attention_heads: 16,
        head_dim: 256,
        num_hidden_layers: 32,
        max_position_embeddings: 262144,
        rope_parameters: {
          mrope_interleaved: true,
          mrope_section: [11, 11, 10],
          rope_type: 'default',
          rope_theta: 10000000,
          partial_rotary_factor: 0.25,
        },
        full_attention_interval: 4,
      },
    },
  },
  'gemma-3-27b-it': {
    model: 'Gemma 3 27B IT (global layers)',
    config: 'huggingface.co/google/gemma-3-27b-it/blob/main/config.json',
    layerType: 'full_attention',
    fields: {
      model_type: 'gemma3',
      text_config: {
        model_type: 'gemma3_text',
        hidden_size: 5376,
        num_attention_heads: 32,
        head_dim: 128,
        num_hidden_layers: 62,
        rope_scaling: { factor: 8.0, rope_type: 'linear' },
      },
    },
  },
  'gemma-4-31b-it': {
    model: 'Gemma 4 31B IT (full-attention layers)',
    config: 'huggingface.co/google/gemma-4-31B-it/blob/main/config.json',
    layerType: 'full_attention',
    fields: {
      model_type: 'gemma4',
      text_config: {
        model_type: 'gemma4_text',
        hidden_size: 5376,
        num_attention_heads: 32,
        head_dim: 256,
        global_head_dim: 512,
        num_hidden_layers: 60,
        max_position_embeddings: 262144,
        rope_parameters: {
          full_attention: { partial_rotary_factor: 0.25, rope_theta: 1000000.0, rope_type: 'proportional' },
          sliding_attention: { rope_theta: 10000.0, rope_type: 'default' },
        },
      },
    },
  },
  'gemma-4-31b-it-sliding': {
    model: 'Gemma 4 31B IT (sliding-window layers)',
    config: 'huggingface.co/google/gemma-4-31B-it/blob/main/config.json',
    layerType: 'sliding_attention',
    fields: {
      model_type: 'gemma4',
      text_config: {
        model_type: 'gemma4_text',
        hidden_size: 5376,
        num_attention_heads: 32,
        head_dim: 256,
        global_head_dim: 512,
        num_hidden_layers: 60,
        max_position_embeddings: 262144,
        rope_parameters: {
          full_attention: { partial_rotary_factor: 0.25, rope_theta: 1000000.0, rope_type: 'proportional' },
          sliding_attention: { rope_theta: 10000.0, rope_type: 'default' },
        },
      },
    },
  },
  'deepseek-v2-lite': {
    model: 'DeepSeek-V2-Lite',
    config: 'huggingface.co/deepseek-ai/DeepSeek-V2-Lite/blob/main/config.json',
    fields: {
      model_type: 'deepseek_v2',
      hidden_size: 2048,
      num_attention_heads: 16,
      num_hidden_layers: 27,
      max_position_embeddings: 163840,
      rope_theta: 10000,
      rope_scaling: {
        beta_fast: 32,
        beta_slow: 1,
        factor: 40,
        mscale: 0.707,
        mscale_all_dim: 0.707,
        original_max_position_embeddings: 4096,
        type: 'yarn',
      },
      qk_rope_head_dim: 64,
      qk_nope_head_dim: 128,
    },
  },
  'gpt-oss-20b': {
    model: 'gpt-oss-20b',
    config: 'huggingface.co/openai/gpt-oss-20b/blob/main/config.json',
    fields: {
      model_type: 'gpt_oss',
      hidden_size: 2880,
      num_attention_heads: 64,
      head_dim: 64,
      num_hidden_layers: 24,
      max_position_embeddings: 131072,
      rope_theta: 150000,
      rope_scaling: {
        beta_fast: 32.0,
        beta_slow: 1.0,
        factor: 32.0,
        original_max_position_embeddings: 4096,
        rope_type: 'yarn',
        truncate: false,
      },
    },
  },
  'smollm3-3b': {
    model: 'SmolLM3-3B (RoPE layers)',
    config: 'huggingface.co/HuggingFaceTB/SmolLM3-3B/blob/main/config.json',
    fields: {
      model_type: 'smollm3',
      hidden_size: 2048,
      num_attention_heads: 16,
      num_hidden_layers: 36,
      max_position_embeddings: 65536,
      rope_theta: 5000000.0,
      rope_scaling: null,
      no_rope_layer_interval: 4,
    },
  },
  'phi-4-mini-reasoning': {
    model: 'Phi-4-mini-reasoning',
    config: 'huggingface.co/microsoft/Phi-4-mini-reasoning/blob/main/config.json',
    fields: {
      model_type: 'phi3',
      hidden_size: 3072,
      num_attention_heads: 24,
      num_hidden_layers: 32,
      max_position_embeddings: 131072,
      original_max_position_embeddings: 4096,
      rope_theta: 10000.0,
      rope_scaling: {
        long_factor: [
          1, 1.118320672, 1.250641126, 1.398617824, 1.564103225, 1.74916897, 1.956131817, 2.187582649, 2.446418898,
          2.735880826, 3.059592084, 3.421605075, 3.826451687, 4.279200023, 4.785517845, 5.351743533, 5.984965424,
          6.693110555, 7.485043894, 8.370679318, 9.36110372, 10.4687158, 11.70738129, 13.09260651, 14.64173252,
          16.37415215, 18.31155283, 20.47818807, 22.90118105, 25.61086418, 28.64115884, 32.03, 32.1, 32.13, 32.23, 32.6,
          32.61, 32.64, 32.66, 32.7, 32.71, 32.93, 32.97, 33.28, 33.49, 33.5, 44.16, 47.77,
        ],
        short_factor: [
          1, 1.118320672, 1.250641126, 1.398617824, 1.564103225, 1.74916897, 1.956131817, 2.187582649, 2.446418898,
          2.735880826, 3.059592084, 3.421605075, 3.826451687, 4.279200023, 4.785517845, 5.351743533, 5.984965424,
          6.693110555, 7.485043894, 8.370679318, 9.36110372, 10.4687158, 11.70738129, 13.09260651, 14.64173252,
          16.37415215, 18.31155283, 20.47818807, 22.90118105, 25.61086418, 28.64115884, 32.03, 32.1, 32.13, 32.23, 32.6,
          32.61, 32.64, 32.66, 32.7, 32.71, 32.93, 32.97, 33.28, 33.49, 33.5, 44.16, 47.77,
        ],
        type: 'longrope',
      },
      partial_rotary_factor: 0.75,
    },
  },
  'olmo-3.1-32b-instruct': {
    model: 'OLMo 3.1 32B Instruct (full-attention layers)',
    config: 'huggingface.co/allenai/Olmo-3.1-32B-Instruct/blob/main/config.json',
    layerType: 'full_attention',
    fields: {
      model_type: 'olmo3',
      hidden_size: 5120,
      num_attention_heads: 40,
      num_hidden_layers: 64,
      max_position_embeddings: 65536,
      rope_theta: 500000,
      rope_scaling: {
        attention_factor: 1.2079441541679836,
        beta_fast: 32,
        beta_slow: 1,
        factor: 8.0,
        original_max_position_embeddings: 8192,
        rope_type: 'yarn',
      },
    },
  },
  'exaone-4.0-32b': {
    model: 'EXAONE 4.0 32B (sliding-window layers; the global ones are NoPE)',
    config: 'huggingface.co/LGAI-EXAONE/EXAONE-4.0-32B/blob/main/config.json',
    layerType: 'sliding_attention',
    fields: {
      model_type: 'exaone4',
      hidden_size: 5120,
      num_attention_heads: 40,
      head_dim: 128,
      num_hidden_layers: 64,
      max_position_embeddings: 131072,
      rope_theta: 1000000,
      rope_scaling: {
        factor: 16.0,
        high_freq_factor: 4.0,
        low_freq_factor: 1.0,
        original_max_position_embeddings: 8192,
        rope_type: 'llama3',
      },
      sliding_window: 4096,
    },
  },
  'glm-4.5v': {
    model: 'GLM-4.5V',
    config: 'huggingface.co/zai-org/GLM-4.5V/blob/main/config.json',
    fields: {
      model_type: 'glm4v_moe',
      text_config: {
        model_type: 'glm4v_moe_text',
        hidden_size: 4096,
        num_attention_heads: 96,
        head_dim: 128,
        num_hidden_layers: 46,
        max_position_embeddings: 65536,
        rope_theta: 10000.0,
        rope_scaling: { rope_type: 'default', mrope_section: [8, 12, 12] },
        partial_rotary_factor: 0.5,
      },
    },
  },
  'ministral-3-3b-2512': {
    model: 'Ministral 3 3B (2512)',
    config: 'huggingface.co/mistralai/Ministral-3-3B-2512/blob/main/config.json',
    fields: {
      model_type: 'ministral3',
      text_config: {
        model_type: 'ministral3',
        hidden_size: 3072,
        num_attention_heads: 32,
        head_dim: 128,
        num_hidden_layers: 26,
        max_position_embeddings: 262144,
        rope_parameters: {
          beta_fast: 32.0,
          beta_slow: 1.0,
          factor: 16.0,
          llama_4_scaling_beta: 0.1,
          mscale: 1.0,
          mscale_all_dim: 1.0,
          original_max_position_embeddings: 16384,
          rope_theta: 1000000.0,
          rope_type: 'yarn',
          type: 'yarn',
        },
      },
    },
  },
};

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

/** Every preset, read from its cited config once when the module loads. */
export const ROPE_PRESETS: Readonly<Record<RopePresetName, RopePreset>> = /* @__PURE__ */ Object.fromEntries(
  ROPE_PRESET_NAMES.map((name) => [name, presetOf(CONFIGS[name])]),
) as Record<RopePresetName, RopePreset>;
