// ph.ropeFromConfig against transformers' own rotary code: every config of
// tests/fixtures/rope_configs/configs.json (real config.json files, each with
// its source) read by ropeFromConfig, and the inverse frequencies, attention
// factors and rotated rows of reference.json (made by make_rope_config_fixtures.py,
// which runs transformers' modeling_rope_utils.py and each family's rotary class
// in float64). Then malformed and contradictory configs, and unknown keys.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, ROPE_PRESET_NAMES, ROPE_PRESETS, type Phasor } from '../../web/src/core/index.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

interface Reference {
  invFreq: number[];
  attentionFactor: number;
  positions: number[] | number[][];
  rows: number[];
  rotated: number[];
}
const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/rope_configs/${file}`, import.meta.url), 'utf8'));
const configs: Record<string, { model: string; config: Record<string, unknown> }> = read('configs.json').configs;
const references: Record<string, Record<string, Reference>> = read('reference.json').configs;

describe("ropeFromConfig equals transformers' rotary code on real configs", () => {
  for (const [name, { config }] of Object.entries(configs)) {
    test(`${name}: inv_freq to float64 rounding, attention factor exact, rotated rows within float32 rounding`, () => {
      const r = ph.ropeFromConfig(config);
      const groups = r.layerTypes.filter((g) => !g.nope);
      expect(groups.length).toBeGreaterThan(0);
      for (const g of groups) {
        const ref = references[name][g.layerType] ?? references[name].all;
        expect(ref, `${name} ${g.layerType}`).toBeDefined();
        expect(g.invFreq.length).toBe(ref.invFreq.length);
        ref.invFreq.forEach((w, i) => {
          if (w === 0) expect(g.invFreq[i]).toBe(0);
          else expect(Math.abs(g.invFreq[i] / w - 1), `${g.layerType} inv_freq[${i}]`).toBeLessThanOrEqual(2 ** -49);
        });
        expect(g.attentionFactor).toBe(ref.attentionFactor);
        // The same frequencies through the options it gives.
        expect(ph.ropeFrequencies(g.ropeFrequencies!).frequencies).toEqual(g.invFreq);
        const mrope = Array.isArray(ref.positions[0]);
        const positions = (mrope ? (ref.positions as number[][]).flat() : ref.positions) as number[];
        const count = mrope ? (ref.positions as number[][])[0].length : positions.length;
        const out = ph.rope({ ...g.rope!, rows: Float32Array.from(ref.rows), positions });
        const width = g.headDim;
        expect(out.length).toBe(count * width);
        for (let k = 0; k < count; k++) {
          const row = ref.rows.slice(k * width, (k + 1) * width);
          const scale = Math.max(...row.map(Math.abs)) * 4; // attention and query factors ≤ 1.5, |x_i| + |x_j|
          const p = Math.max(...(mrope ? (ref.positions as number[][]).map((a) => a[k]) : [positions[k]]));
          for (let j = 0; j < width; j++) {
            const want = ref.rotated[k * width + j];
            const bound = 2 ** -24 * Math.abs(want) + scale * p * 2 ** -50 + 2 ** -140;
            expect(Math.abs(out[k * width + j] - want), `${g.layerType} row ${k} slot ${j}`).toBeLessThanOrEqual(bound);
          }
        }
      }
    });
  }
});

describe('what ropeFromConfig says about a config', () => {
  test('Gemma 4: two layer types, proportional full layers at global_head_dim 512 turning slots 0–63 with 256–319', () => {
    const r = ph.ropeFromConfig(configs['google__gemma-4-31B-it'].config);
    expect(r.prefix).toBe('text_config.');
    const [sliding, full] = r.layerTypes;
    expect(sliding).toMatchObject({
      layerType: 'sliding_attention',
      headDim: 256,
      rotaryDim: 256,
      theta: 10000,
      ropeType: 'default',
    });
    expect(full).toMatchObject({
      layerType: 'full_attention',
      headDim: 512,
      rotaryDim: 512,
      theta: 1e6,
      ropeType: 'proportional',
    });
    expect(full.layers).toEqual([5, 11, 17, 23, 29, 35, 41, 47, 53, 59]);
    expect(full.rotatedSlots.length).toBe(128);
    expect(Array.from(full.rotatedSlots.slice(0, 4))).toEqual([0, 256, 1, 257]);
    expect(full.scaling).toEqual({ type: 'proportional', factor: 1, partialRotaryFactor: 0.25 });
    expect(r.keysRead).toContain('text_config.rope_parameters.full_attention.partial_rotary_factor');
    expect(r.keysRead).toContain('text_config.global_head_dim');
  });

  test('Qwen2.5-VL: sections [16, 24, 24]; Qwen3.5: interleaved [11, 11, 10] on 64 of 256 dims, linear attention without RoPE', () => {
    expect(ph.ropeFromConfig(configs['Qwen__Qwen2.5-VL-7B-Instruct'].config).layerTypes[0].mrope).toEqual({
      sections: [16, 24, 24],
      interleaved: false,
    });
    const q = ph.ropeFromConfig(configs['Qwen__Qwen3.5-9B'].config);
    const linear = q.layerTypes.find((g) => g.layerType === 'linear_attention')!;
    const full = q.layerTypes.find((g) => g.layerType === 'full_attention')!;
    expect(linear.nope).toBe(true);
    expect(full).toMatchObject({ headDim: 256, rotaryDim: 64, mrope: { sections: [11, 11, 10], interleaved: true } });
  });

  test('SmolLM3: every fourth layer is NoPE; DeepSeek-V3: RoPE on the last 64 of 192 dims, adjacent pairs written in the half layout', () => {
    const s = ph.ropeFromConfig(configs['HuggingFaceTB__SmolLM3-3B'].config);
    expect(s.layerTypes.find((g) => g.nope)!.layers).toEqual([3, 7, 11, 15, 19, 23, 27, 31, 35]);
    // Llama 4 Scout's copy has no no_rope_layers: the class default, a NoPE layer every 4th.
    const l = ph.ropeFromConfig(configs['meta-llama__Llama-4-Scout-17B-16E-Instruct'].config);
    expect(l.layerTypes.find((g) => g.nope)!.layers).toEqual(Array.from({ length: 12 }, (_, k) => 4 * k + 3));
    expect(l.defaults).toContain('no_rope_layer_interval = 4 (llama4 default)');
    const d = ph.ropeFromConfig(configs['deepseek-ai__DeepSeek-V3'].config).layerTypes[0];
    expect(d).toMatchObject({
      headDim: 192,
      rotaryDim: 64,
      ropeDims: 'last',
      pairing: 'adjacent',
      outputPairing: 'half',
    });
    expect(d.scaling).toMatchObject({ type: 'yarn', factor: 40, mscale: 1, mscaleAllDim: 1 });
  });

  test('gpt-oss keeps truncate false; Ministral 3 carries llama_4_scaling_beta as queryScale', () => {
    expect(ph.ropeFromConfig(configs['openai__gpt-oss-20b'].config).layerTypes[0].scaling).toMatchObject({
      truncate: false,
    });
    expect(ph.ropeFromConfig(configs['mistralai__Ministral-3-3B-2512'].config).layerTypes[0].queryScale).toEqual({
      beta: 0.1,
      originalLength: 16384,
    });
  });

  test('RoPE-looking keys it does not understand are listed, never silently ignored', () => {
    const r = ph.ropeFromConfig({
      ...configs['meta-llama__Llama-2-7b-hf'].config,
      rope_flavour: 'spicy',
      use_mrope: true,
    });
    expect(r.unknownKeys).toEqual(expect.arrayContaining(['rope_flavour', 'use_mrope']));
    const inner = ph.ropeFromConfig({
      ...configs['meta-llama__Llama-3.1-8B'].config,
      rope_scaling: { ...(configs['meta-llama__Llama-3.1-8B'].config.rope_scaling as object), smoothing: 2 },
    });
    expect(inner.unknownKeys).toContain('rope_scaling.smoothing');
    const m = ph.ropeFromConfig({
      ...configs['meta-llama__Llama-2-7b-hf'].config,
      rope_scaling: { rope_type: 'default', mrope_section: [16, 24, 24] },
    });
    expect(m.unknownKeys.some((k) => k.startsWith('rope_scaling.mrope_section'))).toBe(true);
  });
});

describe('malformed and contradictory configs are refused naming the key', () => {
  const llama = () => structuredClone(configs['meta-llama__Llama-3.1-8B'].config) as Record<string, any>;
  test.each([
    ['not an object', 'x', TypeError, /phasor\.ropeFromConfig: expected a parsed config\.json/],
    [
      'rope_scaling.factor a string',
      { ...llama(), rope_scaling: { ...llama().rope_scaling, factor: 'x' } },
      TypeError,
      /rope_scaling\.factor must be a finite number; got "x"/,
    ],
    [
      'rope_scaling.factor below 1',
      { ...llama(), rope_scaling: { ...llama().rope_scaling, factor: 0.5 } },
      RangeError,
      /phasor\.ropeFromConfig: rope_scaling\.factor must be a finite number in \[1, /,
    ],
    [
      'an unknown rope_type',
      { ...llama(), rope_scaling: { rope_type: 'xpos', factor: 2 } },
      RangeError,
      /rope_scaling\.rope_type must be one of 'default'/,
    ],
    [
      'type and rope_type disagree',
      { ...llama(), rope_scaling: { ...llama().rope_scaling, type: 'linear' } },
      RangeError,
      /rope_scaling\.rope_type \('llama3'\) and rope_scaling\.type \('linear'\) contradict/,
    ],
    [
      'rope_theta twice, different',
      { ...llama(), rope_parameters: { rope_type: 'default', rope_theta: 1e4 }, rope_scaling: undefined },
      RangeError,
      /rope_parameters\.rope_theta \(10000\) and rope_theta \(500000\) contradict/,
    ],
    [
      'rope_scaling and rope_parameters differ',
      { ...llama(), rope_parameters: { rope_type: 'default' } },
      RangeError,
      /rope_scaling and rope_parameters are both given and differ/,
    ],
    [
      'head_dim not an integer',
      { ...llama(), head_dim: 63.5 },
      RangeError,
      /head_dim must be an integer ≥ 2; got 63\.5/,
    ],
    [
      'a partial factor giving an odd width',
      { ...configs['microsoft__phi-2'].config, partial_rotary_factor: 0.4125 },
      RangeError,
      /partial_rotary_factor \(0\.4125\) gives a rotary width of 33/,
    ],
    [
      'a partial factor whose product is not a whole width (int() truncates: 64 × 0.499 → 31)',
      {
        model_type: 'phi',
        hidden_size: 2048,
        num_attention_heads: 32,
        num_hidden_layers: 2,
        max_position_embeddings: 2048,
        partial_rotary_factor: 0.499,
      },
      RangeError,
      /partial_rotary_factor \(0\.499\) gives a rotary width of 31 of head_dim 64/,
    ],
    [
      'layer_types of the wrong length',
      { ...configs['openai__gpt-oss-20b'].config, layer_types: ['full_attention'] },
      RangeError,
      /layer_types has 1 entries for 24 layers/,
    ],
    [
      'mrope sections not adding up',
      {
        ...configs['Qwen__Qwen2.5-VL-7B-Instruct'].config,
        rope_scaling: { rope_type: 'mrope', mrope_section: [16, 24, 20] },
      },
      RangeError,
      /rope_scaling\.mrope_section must be 3 non-negative integers adding up to the rotated pairs \(64\)/,
    ],
    [
      'llama3 without its band factors',
      { ...llama(), rope_scaling: { rope_type: 'llama3', factor: 8, original_max_position_embeddings: 8192 } },
      TypeError,
      /rope_scaling\.low_freq_factor is required for rope_type 'llama3'/,
    ],
    [
      'no_rope_layers of the wrong length',
      { ...configs['HuggingFaceTB__SmolLM3-3B'].config, no_rope_layers: [1, 0] },
      RangeError,
      /no_rope_layers has 2 entries for 36 layers/,
    ],
    [
      'a sliding pattern contradicting layer_types',
      { ...configs['LGAI-EXAONE__EXAONE-4.0-32B'].config, sliding_window_pattern: 'LLGG' },
      RangeError,
      /sliding_window_pattern and layer_types name different layer types/,
    ],
    [
      // Each layer type lists its layers: 1e15 layers once allocated without end (issue 32).
      'num_hidden_layers past the limit',
      { ...llama(), num_hidden_layers: 1e15 },
      RangeError,
      /phasor\.ropeFromConfig: num_hidden_layers must be an integer in \[1, 65536\]; got 1000000000000000/,
    ],
    [
      'n_layer past the limit',
      (({ num_hidden_layers: _, ...phi }) => ({ ...phi, n_layer: 65537 }))(configs['microsoft__phi-2'].config),
      RangeError,
      /phasor\.ropeFromConfig: n_layer must be an integer in \[1, 65536\]; got 65537/,
    ],
  ])('%s', (_what, config, Kind, message) => {
    expect(() => ph.ropeFromConfig(config)).toThrow(Kind);
    expect(() => ph.ropeFromConfig(config)).toThrow(message);
  });

  test('what config.json cannot hold (a throwing getter, a revoked Proxy, a function, a bigint, a cycle) is a TypeError naming its key', () => {
    const throwing = { ...llama() };
    Object.defineProperty(throwing.rope_scaling, 'factor', {
      enumerable: true,
      get() {
        throw new Error('the caller');
      },
    });
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const cyclic: Record<string, any> = { ...llama() };
    cyclic.rope_scaling = { ...cyclic.rope_scaling, self: cyclic };
    for (const [config, message] of [
      [throwing, /^phasor\.ropeFromConfig: rope_scaling\.factor could not be read \(the caller\)$/],
      [{ ...llama(), rope_scaling: revoked.proxy }, /^phasor\.ropeFromConfig: rope_scaling could not be read/],
      [revoked.proxy, /^phasor\.ropeFromConfig: the config could not be read/],
      [{ ...llama(), rope_theta: () => 1e4 }, /^phasor\.ropeFromConfig: rope_theta must be JSON data/],
      [{ ...llama(), head_dim: 128n }, /^phasor\.ropeFromConfig: head_dim must be JSON data/],
      [cyclic, /^phasor\.ropeFromConfig: rope_scaling\.self\..* nests deeper than 64 levels$/],
    ] as const) {
      expect(() => ph.ropeFromConfig(config)).toThrow(TypeError);
      expect(() => ph.ropeFromConfig(config)).toThrow(message);
    }
    expect(ph.ropeFromConfig(llama()).layerTypes[0].theta).toBe(500000);
  });

  test('num_hidden_layers at the limit, ph.limits.maxConfigLayers, is read: every layer listed', () => {
    expect(ph.limits.maxConfigLayers).toBe(65536);
    const read = ph.ropeFromConfig({ ...llama(), num_hidden_layers: ph.limits.maxConfigLayers });
    expect(read.layerCount).toBe(65536);
    expect(read.layerTypes.flatMap((t) => t.layers)).toHaveLength(65536);
  });
});

test('ROPE_PRESETS lists every preset, each read once when first asked for and kept, read-only', () => {
  expect(Object.keys(ROPE_PRESETS)).toEqual([...ROPE_PRESET_NAMES]);
  const name = ROPE_PRESET_NAMES[ROPE_PRESET_NAMES.length - 1];
  const first = ROPE_PRESETS[name];
  expect(ROPE_PRESETS[name]).toBe(first);
  expect(first.model).toBe(JSON.parse(JSON.stringify(ROPE_PRESETS))[name].model);
  expect(() => ((ROPE_PRESETS as Record<string, unknown>)[name] = null)).toThrow(TypeError);
  expect(ROPE_PRESETS[name]).toBe(first);
});

describe('presets are cited configs', () => {
  // Which configs.json entry each preset's fields are copied from (the nine first
  // presets without a config file cite tests/fixtures/frameworks/presets.json).
  const FROM: Record<string, string> = JSON.parse(
    readFileSync(new URL('../fixtures/rope_configs/preset_sources.json', import.meta.url), 'utf8'),
  );
  for (const name of ROPE_PRESET_NAMES) {
    test(`preset '${name}' is ropeFromConfig of its fields, copied from its config`, () => {
      const preset = ROPE_PRESETS[name];
      const r = ph.ropeFromConfig(preset.fields);
      const group = r.layerTypes.find(
        (g) => !g.nope && (preset.layerType === undefined || g.layerType === preset.layerType),
      )!;
      expect(preset).toMatchObject({
        headDim: group.headDim,
        rotaryDim: group.rotaryDim,
        theta: group.theta,
        pairing: group.pairing,
      });
      expect(ph.ropeFrequencies({ preset: name }).frequencies).toEqual(group.invFreq);
      const source = FROM[name];
      if (source === undefined) return;
      const config = configs[source].config as Record<string, any>;
      const copy = (fields: Record<string, unknown>, from: Record<string, any>) => {
        for (const [k, v] of Object.entries(fields)) {
          if (name === 'qwen2.5-7b-instruct-yarn' && k === 'rope_scaling') continue; // the documented YaRN snippet
          if (k === 'text_config') copy(v as Record<string, unknown>, from.text_config);
          else expect(v, `${name}: ${k}`).toEqual(from[k]);
        }
      };
      copy(preset.fields as Record<string, unknown>, config);
    });
  }
});
