// phasor cache: a config's RoPE cos/sin cache (and inv_freq) written to .safetensors.
import { VERSION } from '../../core/version.js';
import type { RopeLayerType } from '../../core/rope-config-types.js';
import type { Pairing } from '../../core/rope-types.js';
import { flag, typedFlag, type CommandSpec, type ParsedArgs } from '../args.js';
import type { Command } from '../command.js';
import { PRESET_FLAG, readConfig } from '../config-source.js';
import { EXIT, UsageError } from '../errors.js';
import { outputFormat, writeBytes } from '../files.js';
import { ropeCache } from '../rope-cache.js';
import { safetensorsBytes, type TensorToWrite } from '../safetensors-writer.js';
import { STORED_TYPES, type StoredType } from '../stored-floats.js';

const spec: CommandSpec = {
  name: 'cache',
  summary: "write a config's RoPE cos/sin cache and inv_freq, as transformers computes them, to .safetensors",
  usage: [
    'cache --config CONFIG.json --positions N --out FILE.safetensors [--layer-type T] [--dtype bfloat16]',
    'cache --preset NAME --positions N --out FILE.safetensors',
  ],
  about: [
    'For each layer type with RoPE (or the one --layer-type names): cos and sin of shape [positions, width] as ' +
      "transformers' rotary embeddings return them, cos = cat(freqs, freqs).cos() × attention factor, and " +
      'inv_freq of shape [width / 2]. width is the rotary dim (proportional RoPE, Gemma 4: the head dim, the ' +
      'frequency-0 pairs giving cos 1, sin 0). Values are exact: each from a float64 phase rounded once to ' +
      'float32; --dtype float16 or bfloat16 rounds them again, as cos.to(x.dtype) does. inv_freq stays float32.',
    'Tensors are named cos, sin and inv_freq when one layer type is written, else <layer_type>.cos, ' +
      '<layer_type>.sin and <layer_type>.inv_freq. Rows are positions P … P + N − 1 (--first-position P) (text ' +
      'positions: M-RoPE gives every axis the same position, plain RoPE); dynamic NTK and longrope take ' +
      'P + N as the length of the call, as transformers does.',
  ],
  flags: [
    { name: 'config', kind: 'text', value: 'FILE', help: "the model's config.json" },
    PRESET_FLAG,
    { name: 'positions', kind: 'number', value: 'N', help: 'rows of the cache (required)' },
    { name: 'first-position', kind: 'number', value: 'P', help: 'position of the first row (default 0)' },
    { name: 'layer-type', kind: 'text', value: 'T', help: 'write only this layer type (sliding_attention, …)' },
    {
      name: 'layout',
      kind: 'choice',
      choices: ['half', 'adjacent'],
      help: "half: cat(freqs, freqs), transformers' layout (default); adjacent: each frequency twice in a row",
    },
    { name: 'dtype', kind: 'choice', choices: STORED_TYPES, help: 'stored type of cos and sin (default float32)' },
    { name: 'out', kind: 'text', value: 'FILE', help: 'the .safetensors file to write (required)' },
  ],
  maxPositionals: 0,
  examples: [
    'phasor cache --config config.json --positions 4096 --out cache.safetensors',
    'phasor cache --preset llama-3.1-8b --positions 8192 --dtype bfloat16 --out llama-bf16.safetensors',
    'phasor cache --config gemma4.json --layer-type full_attention --positions 1024 --out full.safetensors',
  ],
};

/** A whole number in range, or a refusal naming the flag. */
function integerFlag(args: ParsedArgs, name: string, min: number, max: number, fallback?: number): number {
  const value = flag<number>(args, name) ?? fallback;
  if (value === undefined) throw new UsageError(`phasor cache: --${name} is required`);
  if (!(Number.isInteger(value) && value >= min && value <= max))
    throw new UsageError(`phasor cache: ${typedFlag(args, name)} must be an integer in [${min}, ${max}]; got ${value}`);
  return value;
}

export const cache: Command = {
  spec,
  async run(args, context) {
    const cmd = 'phasor cache';
    const out = flag<string>(args, 'out');
    if (out === undefined) throw new UsageError(`${cmd}: --out is required (the .safetensors file to write)`);
    if (outputFormat(cmd, typedFlag(args, 'out'), out) !== 'safetensors')
      throw new UsageError(
        `${cmd}: a cache is three tensors (cos, sin, inv_freq): ${typedFlag(args, 'out')} must name a .safetensors file`,
      );
    const positions = integerFlag(args, 'positions', 1, 2 ** 24);
    const offset = integerFlag(args, 'first-position', 0, 2 ** 31 - positions, 0);
    const ph = await context.phasor();
    const source = readConfig(cmd, ph, args, flag<string>(args, 'config'));
    const wanted = flag<string>(args, 'layer-type') ?? source.layerType;
    const withRope = source.rope.layerTypes.filter((t) => !t.nope);
    let chosen: RopeLayerType[] = withRope;
    if (wanted !== undefined) {
      chosen = withRope.filter((t) => t.layerType === wanted);
      if (chosen.length === 0) {
        const nope = source.rope.layerTypes.some((t) => t.layerType === wanted);
        throw new UsageError(
          `${cmd}: ${source.name} has ${nope ? `no RoPE in layer type '${wanted}'` : `no layer type '${wanted}'`}; its layer types with RoPE are ${withRope.map((t) => t.layerType).join(', ')}`,
        );
      }
    }
    if (chosen.length === 0) throw new UsageError(`${cmd}: ${source.name} applies no RoPE in any layer`);
    const type = flag<StoredType>(args, 'dtype') ?? 'float32';
    const layout = flag<Pairing>(args, 'layout') ?? 'half';
    const tensors: TensorToWrite[] = [];
    const names = chosen.map((t, k) =>
      chosen.length === 1
        ? ''
        : chosen.filter((u) => u.layerType === t.layerType).length > 1
          ? `${t.layerType}.${k}.`
          : `${t.layerType}.`,
    );
    chosen.forEach((t, k) => {
      const c = ropeCache(ph, t, positions, offset, layout);
      tensors.push(
        { name: `${names[k]}cos`, values: c.cos, shape: [positions, c.width], type },
        { name: `${names[k]}sin`, values: c.sin, shape: [positions, c.width], type },
        {
          name: `${names[k]}inv_freq`,
          values: Float32Array.from(t.invFreq),
          shape: [t.invFreq.length],
          type: 'float32',
        },
      );
    });
    writeBytes(
      cmd,
      out,
      safetensorsBytes(tensors, {
        phasor: VERSION,
        config: source.name,
        layout,
        firstPosition: String(offset),
      }),
    );
    const what = chosen.map((t, k) => `${names[k] || ''}cos/sin [${positions}, ${t.rotaryDim}]`).join(', ');
    context.out(`wrote ${out}: ${what}, ${type}, positions ${offset}…${offset + positions - 1}\n`);
    return EXIT.ok;
  },
};
