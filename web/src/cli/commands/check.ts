// phasor check: is this tensor (a cos/sin cache, inv_freq, or rotated q/k
// rows) this config's RoPE, and which layer type's? With the precision it was
// made in, and where it departs when it is not.
import type { RopeLayerType } from '../../core/rope-config-types.js';
import { flag, typedFlag, type CommandSpec, type ParsedArgs } from '../args.js';
import type { Command } from '../command.js';
import { PRESET_FLAG, readConfig } from '../config-source.js';
import { EXIT, UsageError } from '../errors.js';
import { checkText, checkJson } from '../format-check.js';
import { checkLayerTypes, rowsOf } from '../rope-check.js';
import { readRopeTensors, ROPE_INPUT_FLAGS } from '../rope-inputs.js';
import { rowPositions, ROW_POSITION_FLAGS } from '../row-positions.js';

const spec: CommandSpec = {
  name: 'check',
  summary: "say whether a tensor from a port is a config's RoPE (which layer type), with its precision",
  usage: [
    'check CONFIG.json CACHE.safetensors [--cos NAME --sin NAME | --inv-freq NAME | --rotated NAME [--original NAME] | --tensor NAME]',
    'check CONFIG.json COS.npy SIN.npy',
    'check CONFIG.json INV_FREQ.npy',
    'check CONFIG.json --cos COS.npy --sin SIN.npy | --inv-freq FILE | --rotated FILE [--original FILE]',
  ],
  about: [
    "The tensor is one of: a cos/sin cache (rows: positions; transformers' cat(freqs, freqs) layout, each " +
      'frequency repeated in adjacent columns, or one column per pair), an inv_freq vector, or q or k rows after ' +
      'RoPE with the rows before it (--original; default all ones). With a .safetensors file the flags name its ' +
      'tensors (without flags: tensors "cos" and "sin", or its only tensor); otherwise the files are given in ' +
      'order (one inv_freq, or cos then sin) or by the flags. Files: .npy, .safetensors, CSV, TSV, JSON.',
    'Each layer type of the config (ph.ropeFromConfig) is measured against the part of the tensor it turns, by ' +
      'ph.identifyRope, in the precision the tensor was made in (exact, float32 arithmetic, float16 or bfloat16 ' +
      "storage) with that precision's bound; the attention factor must be the config's. Exit 0 when a layer type " +
      'matches (it is named), 1 when none does (where each departs, and what the tensor reads as), 2 on bad input.',
  ],
  flags: [
    { name: 'config', kind: 'text', value: 'FILE', help: 'the config.json, when not given as the first argument' },
    PRESET_FLAG,
    ...ROPE_INPUT_FLAGS,
    { name: 'layer-type', kind: 'text', value: 'T', help: 'check against this layer type only (e.g. full_attention)' },
    ...ROW_POSITION_FLAGS,
    {
      name: 'sequence-length',
      kind: 'number',
      value: 'L',
      help: "the forward call's length, max(position_ids) + 1, for dynamic NTK and longrope (default: the last row's position + 1; inv_freq: 1, as at load time)",
    },
    { name: 'json', kind: 'boolean', help: 'print the verdicts as JSON' },
  ],
  maxPositionals: 3,
  examples: [
    'phasor check config.json rope_cache.safetensors --cos cos --sin sin',
    'phasor check config.json cos.npy sin.npy --first-position 4096',
    'phasor check config.json model.safetensors --inv-freq model.layers.0.self_attn.rotary_emb.inv_freq',
    'phasor check --preset llama-3.1-8b --rotated q_rope.npy --original q.npy',
  ],
};

export const check: Command = {
  spec,
  async run(args, context) {
    const cmd = 'phasor check';
    const ph = await context.phasor();
    const configPath = flag<string>(args, 'config');
    const configGiven = configPath !== undefined || args.flags.has('preset');
    const configArg = configGiven ? undefined : args.positionals[0];
    const files = configGiven ? args.positionals : args.positionals.slice(1);
    const source = readConfig(cmd, ph, args, configPath ?? configArg);
    const limits = { maxColumns: ph.limits.maxDModel, maxValues: ph.limits.maxRopeValues, reader: cmd };
    const input = readRopeTensors(cmd, args, files, limits);
    const rows = rowsOf(input);
    const positions =
      rows > 0
        ? (rowPositions(cmd, args, rows, limits) ?? Float64Array.from({ length: rows }, (_, k) => k))
        : undefined;
    if (rows === 0 && (args.flags.has('first-position') || args.flags.has('row-positions')))
      throw new UsageError(
        `${cmd}: an inv_freq has no rows: ${typedFlag(args, args.flags.has('first-position') ? 'first-position' : 'row-positions')} goes with a cache or rotated rows`,
      );
    const length = sequenceLength(cmd, args, positions);
    const wanted = flag<string>(args, 'layer-type') ?? source.layerType;
    let layers: RopeLayerType[] = source.rope.layerTypes.filter((t) => !t.nope);
    if (wanted !== undefined) {
      layers = layers.filter((t) => t.layerType === wanted);
      if (layers.length === 0)
        throw new UsageError(
          `${cmd}: ${source.name} has no layer type '${wanted}' with RoPE; its layer types with RoPE are ${source.rope.layerTypes
            .filter((t) => !t.nope)
            .map((t) => t.layerType)
            .join(', ')}`,
        );
    }
    if (layers.length === 0) throw new UsageError(`${cmd}: ${source.name} applies no RoPE in any layer`);
    const verdicts = checkLayerTypes(ph, layers, input, positions, length);
    const match = verdicts.some((v) => v.match);
    context.out(flag(args, 'json') ? checkJson(source.name, input, verdicts) : checkText(source.name, input, verdicts));
    return match ? EXIT.ok : EXIT.mismatch;
  },
};

/** The call's length: --sequence-length, else the last row's position + 1 (inv_freq: 1, the frequencies a model loads with). */
function sequenceLength(cmd: string, args: ParsedArgs, positions: Float64Array | undefined): number {
  const own = positions ? positions.reduce((a, b) => Math.max(a, b), 0) + 1 : 1;
  const given = flag<number>(args, 'sequence-length');
  if (given === undefined) return own;
  if (!(Number.isInteger(given) && given >= own && given <= 2 ** 31))
    throw new UsageError(
      `${cmd}: ${typedFlag(args, 'sequence-length')} must be an integer in [${own}, 2^31] (at least the last row's position + 1); got ${given}`,
    );
  return given;
}
