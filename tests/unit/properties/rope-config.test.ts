// ph.ropeFromConfig under hostile configs (issue 32): a real config.json
// (tests/fixtures/rope_configs, with transformers' inverse frequencies in
// reference.json) with one RoPE key, at the top or inside rope_scaling,
// replaced by a hostile value or removed. Each call returns numbers that hold
// together (the frequencies ph.ropeFrequencies gives for the options it
// reports, the value it was given where it says it read it), or throws a
// TypeError/RangeError that starts `phasor.ropeFromConfig: ` and names the key
// as the config spells it; and the untouched config afterwards still gives
// transformers' inverse frequencies.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor, type RopeConfig } from '../../../web/src/core/index.js';
import { expectClose, expectNamedRefusal, hostileValue, runs } from './support.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/rope_configs/${file}`, import.meta.url), 'utf8'));
const configs: Record<string, { config: Record<string, unknown> }> = read('configs.json').configs;
const references: Record<string, Record<string, { invFreq: number[]; attentionFactor: number }>> = read(
  'reference.json',
).configs;

// One of each scaling: none, llama3, YaRN with mscale (MLA), longrope, M-RoPE, partial rotary.
const NAMES = [
  'meta-llama__Llama-2-7b-hf',
  'meta-llama__Llama-3.1-8B',
  'deepseek-ai__DeepSeek-V2-Lite',
  'microsoft__Phi-3-mini-128k-instruct',
  'Qwen__Qwen2.5-VL-7B-Instruct',
  'microsoft__phi-2',
].filter((name) => configs[name] && references[name]);

// The keys a refusal of each key may name instead: a key checked against
// another (the head width against rope_scaling.mrope_section's pairs) is
// refused naming either.
const RELATED: Record<string, readonly string[]> = {
  head_dim: ['hidden_size', 'num_attention_heads', 'partial_rotary_factor', 'rotary_dim', 'rope_scaling'],
  hidden_size: ['head_dim', 'num_attention_heads', 'partial_rotary_factor', 'rope_scaling'],
  num_attention_heads: ['head_dim', 'hidden_size', 'rope_scaling'],
  partial_rotary_factor: ['head_dim', 'hidden_size', 'rope_scaling'],
  max_position_embeddings: ['rope_scaling', 'original_max_position_embeddings'],
  num_hidden_layers: ['layer_types'],
};

/** The config's RoPE keys, as paths: top-level ones and those inside its rope_scaling. */
function keyPaths(config: Record<string, unknown>): string[][] {
  const top = [
    'rope_theta',
    'head_dim',
    'hidden_size',
    'num_attention_heads',
    'num_hidden_layers',
    'max_position_embeddings',
    'partial_rotary_factor',
    'rope_scaling',
    'model_type',
  ].map((k) => [k]);
  const scaling = config.rope_scaling;
  const inner = scaling && typeof scaling === 'object' ? Object.keys(scaling).map((k) => ['rope_scaling', k]) : [];
  return [...top, ...inner];
}

function withValue(config: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(config);
  const parent = (path.length === 2 ? copy[path[0]] : copy) as Record<string, unknown>;
  const key = path[path.length - 1];
  if (value === undefined) delete parent[key];
  else parent[key] = value;
  return copy;
}

/** Numbers that hold together: each layer type's invFreq and attentionFactor are ph.ropeFrequencies of its options. */
function expectConsistent(result: RopeConfig, path: string[], value: unknown): void {
  for (const lt of result.layerTypes) {
    if (lt.nope || !lt.ropeFrequencies) continue;
    expect(lt.invFreq.every((w) => Number.isFinite(w) && w >= 0)).toBe(true);
    expect(Number.isFinite(lt.attentionFactor) && lt.attentionFactor > 0).toBe(true);
    const again = ph.ropeFrequencies(lt.ropeFrequencies);
    expectClose(`${lt.layerType} invFreq`, lt.invFreq, again.frequencies, (i) => 1e-15 * again.frequencies[i]);
    expect(again.attentionFactor).toBe(lt.attentionFactor);
    // A number given as rope_theta is the theta read (null, as config.json
    // writes None, is read as absent: the family's default).
    if (path.length === 1 && path[0] === 'rope_theta' && typeof value === 'number') expect(lt.theta).toBe(value);
  }
}

function expectTransformers(name: string): void {
  const result = ph.ropeFromConfig(configs[name].config);
  const want = Object.values(references[name])[0];
  const got = result.layerTypes.find((lt) => !lt.nope)!;
  expectClose('invFreq after a refusal', got.invFreq, want.invFreq, (i) => 1e-12 * want.invFreq[i]);
}

describe('ropeFromConfig with one key replaced by a hostile value or removed', () => {
  test('the numbers hold together, or a named TypeError/RangeError; the real config still reads as transformers does', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(4);
    const cases = fc.constantFrom(...NAMES).chain((name) =>
      fc.record({
        name: fc.constant(name),
        path: fc.constantFrom(...keyPaths(configs[name].config)),
        // Boxed, with how fast-check prints it: printing a failing case by
        // reading a throwing getter would hide the failure.
        value: hostileValue.map((v) => ({
          v,
          [fc.toStringMethod]: () => (typeof v === 'object' && v !== null ? 'an object' : String(v)),
        })),
      }),
    );
    fc.assert(
      fc.property(cases, ({ name, path, value: { v: value } }) => {
        const config = withValue(configs[name].config, path, value);
        const spelt = path.join('.');
        let result: RopeConfig | undefined;
        try {
          result = ph.ropeFromConfig(config);
        } catch (error) {
          expectNamedRefusal(error, 'ropeFromConfig', [spelt, path[path.length - 1], ...(RELATED[path[0]] ?? [])]);
        }
        if (result) expectConsistent(result, path, value);
        expectTransformers(name);
      }),
      runs(300),
    );
  });
});
