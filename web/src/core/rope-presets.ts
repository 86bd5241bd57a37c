// Real models' RoPE as data: the `preset` option of rope() and ropeFrequencies
// fills dim (the head width), rotaryDim, ropeDims, theta, pairing and scaling
// from here. Numbers and sources from tests/fixtures/frameworks/presets.json
// (each entry names the config.json of its Hugging Face repository and the code
// it was read from); the conformance tests (tests/unit/rope-conformance.test.ts)
// hold each preset to fixtures.bin, made from transformers' formulas transcribed
// to float64. `pairing` is Hugging Face's (rotate_half unless the model's code
// pairs adjacent slots); the original code's pairing is under `sources`.
import type { Pairing, RopeDims, RopeScaling } from './rope-types.js';

export interface RopePreset {
  /** The model, as its authors name it. */
  model: string;
  /** The config.json the numbers are from: huggingface.co/<repo>/blob/main/config.json. */
  config: string;
  /** Attention head width (phasor's dim). */
  headDim: number;
  /** The width RoPE turns (transformers: int(head_dim × partial_rotary_factor)). */
  rotaryDim: number;
  ropeDims: RopeDims;
  theta: number;
  /** Hugging Face's pairing for this model. */
  pairing: Pairing;
  /** Where the rotated values are written (default the pairing; DeepSeek in transformers: 'half'). */
  outputPairing?: Pairing;
  maxPositionEmbeddings: number;
  scaling?: RopeScaling;
  /** Where each number was read (repository, path, commit). */
  sources: readonly string[];
  notes?: string;
}

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
] as const;

export type RopePresetName = (typeof ROPE_PRESET_NAMES)[number];

export const ROPE_PRESETS: Readonly<Record<RopePresetName, RopePreset>> = {
  'llama-2-7b': {
    model: 'Llama 2 7B',
    config: 'huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json',
    headDim: 128,
    rotaryDim: 128,
    ropeDims: 'first',
    theta: 10000,
    pairing: 'half',
    maxPositionEmbeddings: 4096,
    sources: [
      'meta-llama/llama llama/model.py @ 689c7f261b9c5514636ecc3c5fefefcbb3e6eed7: precompute_freqs_cis(dim, end, theta=10000.0), called as precompute_freqs_cis(dim // n_heads, max_seq_len * 2) with the default theta; apply_rotary_emb views (2i, 2i+1) as complex numbers; ModelArgs dim 4096, n_heads 32',
      "meta-llama/llama README.md (same commit): 'All models support sequence length up to 4096 tokens'",
      "hub meta-llama/Llama-2-7b-hf config.json (revision 8a0442e81540efaeb1a0fe3e95477b5e0edfd423 as named in a transformers log in the corpus): hidden_size 4096, num_attention_heads 32, max_position_embeddings 4096, rope_scaling null, no rope_theta (transformers' default 10000); the checkpoint conversion permutes q/k so Hugging Face uses rotate_half",
      'pairing: meta adjacent; huggingface half',
    ],
    notes:
      'meta-llama/llama-models models/sku_list.py @ 364ed4ec2bdcc13ab3acb08e364e843b6322b9ae lists Llama 2 7B with n_kv_heads 8 and rope_theta 500000: a copy-paste error there (Llama 2 7B has no grouped-query attention and theta 10000); do not use it.',
  },
  'llama-3.1-8b': {
    model: 'Llama 3.1 8B',
    config: 'huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json',
    headDim: 128,
    rotaryDim: 128,
    ropeDims: 'first',
    theta: 500000,
    pairing: 'half',
    maxPositionEmbeddings: 131072,
    scaling: {
      type: 'llama3',
      factor: 8,
      lowFreqFactor: 1,
      highFreqFactor: 4,
      originalLength: 8192,
    },
    sources: [
      'meta-llama/llama-models models/sku_list.py @ 364ed4ec2bdcc13ab3acb08e364e843b6322b9ae: Llama 3.1 8b arch_args dim 4096, n_heads 32, n_kv_heads 8, rope_theta 500000.0, use_scaled_rope True',
      'meta-llama/llama-models models/llama3/model.py @ a9c89c471f793423afd4cc3ca8671d6e56fe64cb: apply_scaling with scale_factor 8, low_freq_factor 1, high_freq_factor 4, old_context_len 8192',
      'hub meta-llama/Llama-3.1-8B config.json (read from a copy in the corpus, transformers_version 4.43.0.dev0): rope_scaling {factor 8.0, low_freq_factor 1.0, high_freq_factor 4.0, original_max_position_embeddings 8192, rope_type llama3}, rope_theta 500000.0, max_position_embeddings 131072',
      'pairing: meta adjacent; huggingface half',
    ],
  },
  'mistral-7b-v0.1': {
    model: 'Mistral 7B v0.1',
    config: 'huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json',
    headDim: 128,
    rotaryDim: 128,
    ropeDims: 'first',
    theta: 10000,
    pairing: 'half',
    maxPositionEmbeddings: 32768,
    sources: [
      'mistralai/mistral-inference (then mistral-src) @ c18d5b9166ffa16ce58827346ed56a28d2876e7e (the v0.1 release commit): mistral/rope.py precompute_freqs_cis(dim, end, theta=10000.0); mistral/model.py precompute_freqs_cis(self.args.head_dim, 128_000) with the default theta; view_as_complex pairs (2i, 2i+1)',
      "hub mistralai/Mistral-7B-v0.1 config.json: rope_theta 10000.0, max_position_embeddings 32768, sliding_window 4096, hidden_size 4096, num_attention_heads 32: not in the corpus; these are the defaults of transformers' MistralConfig (max_position_embeddings=4096 * 32, rope_theta=10000.0, sliding_window=4096), which its docstring says describe mistralai/Mistral-7B-v0.1",
      'pairing: mistral adjacent; huggingface half',
    ],
    notes:
      'Current mistral-inference (src/mistral_inference/transformer.py @ 2557e12d0e1878a1562ece30434820f80aa3e12a) uses `self.args.rope_theta or 1000000.0`: a params.json without rope_theta now gets theta 1e6.',
  },
  'qwen2.5-7b-instruct-yarn': {
    model: 'Qwen2.5-7B-Instruct with the documented YaRN rope_scaling',
    config: 'huggingface.co/Qwen/Qwen2.5-7B-Instruct/blob/main/config.json',
    headDim: 128,
    rotaryDim: 128,
    ropeDims: 'first',
    theta: 1000000,
    pairing: 'half',
    maxPositionEmbeddings: 32768,
    scaling: {
      type: 'yarn',
      factor: 4,
      originalLength: 32768,
      betaFast: 32,
      betaSlow: 1,
      truncate: true,
    },
    sources: [
      'QwenLM/Qwen2.5 docs/source/deployment/vllm.md @ 4da996c576418cc9ecdff35aeddfcdca814e9568 (lines 170-181): add "rope_scaling": {"factor": 4.0, "original_max_position_embeddings": 32768, "type": "yarn"} to config.json',
      'hub Qwen/Qwen2.5-7B-Instruct config.json (revision a09a35458c702b33eeacc393d103063234e8bc28, the one commonly pinned): hidden_size 3584, num_attention_heads 28, head_dim 128, rope_theta 1000000.0, max_position_embeddings 32768 (values read from copies in the corpus)',
      'pairing: huggingface half',
    ],
    notes:
      "The documented snippet leaves max_position_embeddings at 32768. transformers' YaRN then depends on the version: 'older' code used max_position_embeddings as L and factor 4 (same numbers here); the 'intermediate' code replaced factor by max_position_embeddings / original = 1, so YaRN did nothing (transformers issue #38224, fixed by PR #40320); current code uses factor 4. vLLM and SGLang apply it statically (docs above).",
  },
  'deepseek-v3': {
    model: 'DeepSeek-V3 (671B)',
    config: 'huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json',
    headDim: 192,
    rotaryDim: 64,
    ropeDims: 'last',
    theta: 10000,
    pairing: 'adjacent',
    maxPositionEmbeddings: 163840,
    scaling: {
      type: 'yarn',
      factor: 40,
      originalLength: 4096,
      betaFast: 32,
      betaSlow: 1,
      truncate: true,
      mscale: 1,
      mscaleAllDim: 1,
    },
    sources: [
      'deepseek-ai/DeepSeek-V3 inference/model.py @ 9b4e9788e4a3a731f7567338ed15d3ec549ce03b: ModelArgs qk_rope_head_dim 64, original_seq_len 4096, rope_theta 10000.0, rope_factor 40, beta_fast 32, beta_slow 1, mscale 1.; precompute_freqs_cis (YaRN frequencies, cos/sin not scaled); MLA softmax_scale *= mscale^2',
      'deepseek-ai/DeepSeek-V3 inference/configs/config_671B.json (same commit): qk_nope_head_dim 128, qk_rope_head_dim 64, v_head_dim 128, n_heads 128',
      'hub deepseek-ai/DeepSeek-V3 config.json rope_scaling {beta_fast 32, beta_slow 1, factor 40, mscale 1.0, mscale_all_dim 1.0, original_max_position_embeddings 4096, type yarn}, max_position_embeddings 163840 (quoted verbatim in NVIDIA/Megatron-LM issue #1418)',
      'huggingface/transformers src/transformers/models/deepseek_v3/modeling_deepseek_v3.py @ f5a9ec512fa9fe69e51ea0c6388c68d50de567b3: q = cat(q_pass, q_rot); scaling *= yarn_get_mscale(factor, mscale_all_dim)^2',
      'pairing: deepseek adjacent; huggingface adjacent (rope_interleave True: the q/k rope slice is de-interleaved, then rotate_half)',
    ],
  },
  'phi-3-mini-128k-instruct': {
    model: "Phi-3-mini-128k-instruct (the June 2024 update, the hub's current config)",
    config: 'huggingface.co/microsoft/Phi-3-mini-128k-instruct/blob/main/config.json',
    headDim: 96,
    rotaryDim: 96,
    ropeDims: 'first',
    theta: 10000,
    pairing: 'half',
    maxPositionEmbeddings: 131072,
    scaling: {
      type: 'longrope',
      originalLength: 4096,
      maxPositionEmbeddings: 131072,
      shortFactor: [
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
      longFactor: [
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
    },
    sources: [
      'hub microsoft/Phi-3-mini-128k-instruct config.json: not in the stored corpus. The 48 long and 48 short factors were read from a verbatim copy (LONGROPE_PARAMS in a Microsoft-copyrighted Babilong evaluation script, corpus file id 20258217319, repository not named by the index), and agree with a write-up that quotes that config.json (first 16 and last 7 long factors, first 5 and last 3 short factors) next to a GGUF dump of the same model: rope.scaling.attn_factor 1.190238118171692 = sqrt(1 + ln 32 / ln 4096), rope_factors_long/short 48 values each (corpus file id 52582482568)',
      'hidden_size 3072, num_attention_heads 32 (head 96), original_max_position_embeddings 4096, max_position_embeddings 131072, rope_theta 10000.0: the same GGUF dump (context_length 131072, original_context_length 4096, dimension_count 96, freq_base 10000)',
      'pairing: huggingface half',
    ],
    notes:
      'The April 2024 release had other factors (long_factor from 1.0299999713897705 to 64.81001281738281, short_factor from 1.05 to 2.9499999999999975; copies in the corpus, e.g. file id 42107067497). Phi-3-vision-128k uses the April long factors with different short factors. Transformers applies the attention factor to short and long alike, and switches to long_factor for every position of a call whose max(position_ids) + 1 exceeds 4096.',
  },
  'gpt-j-6b': {
    model: 'GPT-J 6B',
    config: 'huggingface.co/EleutherAI/gpt-j-6b/blob/main/config.json',
    headDim: 256,
    rotaryDim: 64,
    ropeDims: 'first',
    theta: 10000,
    pairing: 'adjacent',
    maxPositionEmbeddings: 2048,
    sources: [
      'kingoflolz/mesh-transformer-jax configs/6B_roto_256.json @ f8315e3003033b23f21d78361b288953064e0e76: d_model 4096, n_heads 16, pe rotary, pe_rotary_dims 64, seq 2048',
      'kingoflolz/mesh-transformer-jax mesh_transformer/layers.py (same commit): fixed_pos_embedding inv_freq = 1 / 10000^(arange(0, dim, 2) / dim) in numpy float64; rotate_every_two',
      'huggingface/transformers src/transformers/models/gptj/modeling_gptj.py @ 00b676f8f0489b88652a31d70751cc540dd06305: create_sinusoidal_positions (float32), k_rot = key[..., :rotary_dim], k_pass appended',
      'pairing: mesh-transformer-jax adjacent; huggingface adjacent (rotate_every_two)',
    ],
  },
  'gpt-neox-20b': {
    model: 'GPT-NeoX-20B',
    config: 'huggingface.co/EleutherAI/gpt-neox-20b/blob/main/config.json',
    headDim: 96,
    rotaryDim: 24,
    ropeDims: 'first',
    theta: 10000,
    pairing: 'half',
    maxPositionEmbeddings: 2048,
    sources: [
      'EleutherAI/gpt-neox configs/20B.yml @ ea7aefd8f8e183256992d9fede4d7c71a46d67a5: hidden_size 6144, num_attention_heads 64, rotary_pct 0.25, pos_emb rotary, max_position_embeddings 2048',
      'EleutherAI/gpt-neox megatron/model/transformer.py (same commit): rotary_ndims = int(hidden_size_per_attention_head * rotary_pct) = 24; megatron/neox_arguments/neox_args.py rotary_emb_base 10000; megatron/model/positional_embeddings.py RotaryEmbedding (cat(freqs, freqs)) and rotate_half',
      'huggingface/transformers src/transformers/models/gpt_neox/modeling_gpt_neox.py @ 006bd23dd0ce18d54e1cf260b09b15fa943a731d: query_rot = query[..., :rotary_ndims], query_pass appended',
      'pairing: gpt-neox half; huggingface half',
    ],
  },
  'phi-2': {
    model: 'Phi-2',
    config: 'huggingface.co/microsoft/phi-2/blob/main/config.json',
    headDim: 80,
    rotaryDim: 32,
    ropeDims: 'first',
    theta: 10000,
    pairing: 'half',
    maxPositionEmbeddings: 2048,
    sources: [
      'hub microsoft/phi-2 config.json (read from copies in the corpus, transformers_version 4.37.0): hidden_size 2560, num_attention_heads 32, partial_rotary_factor 0.4, rope_theta 10000.0, max_position_embeddings 2048',
      'huggingface/transformers src/transformers/models/phi/modeling_phi.py: rotary_ndims = int(partial_rotary_factor * head_dim); query_rot = query_states[..., :rotary_ndims], query_pass appended',
      'pairing: huggingface half',
    ],
  },
};
