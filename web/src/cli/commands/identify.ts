// phasor identify: which sinusoidal table a file holds, and how it was made
// (ph.identify: convention, options, precision, deviation against the bound);
// or, for RoPE tensors (a cos/sin cache, an inv_freq vector, rotated q/k rows),
// which RoPE made them (ph.identifyRope), with no config to check against.
import type { ShapeLimits } from '../../check/table-file.js';
import type { Phasor } from '../../core/phasor.js';
import { flag, typedFlag, type CommandSpec, type ParsedArgs } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError } from '../errors.js';
import { readTable, tableOf } from '../files.js';
import { toJson } from '../format.js';
import { identificationText, ropeIdentificationText } from '../format-identify.js';
import { identifyRopeOptions, rowsOf } from '../rope-check.js';
import { partner, readRopeTensors, ROPE_INPUT_FLAGS } from '../rope-inputs.js';
import { rowPositions, ROW_POSITION_FLAGS } from '../row-positions.js';

const spec: CommandSpec = {
  name: 'identify',
  summary:
    'name what a file holds: a sinusoidal table (convention, options) or a RoPE (θ, scaling), with its precision',
  usage: [
    'identify TABLE [--tensor NAME] [--first-position P | --row-positions FILE] [--json]',
    'identify CACHE.safetensors [--cos NAME --sin NAME | --inv-freq NAME | --rotated NAME [--original NAME]]',
    'identify COS.npy SIN.npy | INV_FREQ.npy',
  ],
  about: [
    'Files: .npy, .safetensors, CSV, TSV or JSON. A table of positions × d-model values (size-1 axes are ' +
      'dropped) is a sinusoidal table: ph.identify names the convention (paper, PyTorch tutorial, fairseq, ' +
      'Whisper, tensor2tensor, MLX, keras-hub, DistilBERT, Marian, …) or the general options, and the precision ' +
      "it was made in: exact (float64, rounded once), float32 arithmetic (a framework's own float32 frequencies, " +
      'products and sines), or either stored as float16 or bfloat16; then how far it departs from the exact table ' +
      'against the bound that precision allows (docs/identify.md).',
    'RoPE tensors are read as ph.identifyRope reads them: a cos/sin cache (two files, cos then sin; a ' +
      '.safetensors file holding "cos" and "sin", or --tensor naming one of a pair, or --cos and --sin), a 1-D ' +
      'inv_freq (or --inv-freq), or q/k rows after RoPE (--rotated, with --original the rows before it). ' +
      'identifyRope fits θ and the scaling (linear, NTK, YaRN, Llama 3, longrope) and names a preset model when ' +
      'one is the same RoPE (docs/identify-rope.md). To check a tensor against a config, use phasor check.',
    'Exit 0 on a match (reproduced in its precision), 1 when nothing reproduces it, 2 on bad input.',
  ],
  flags: [
    ...ROPE_INPUT_FLAGS,
    ...ROW_POSITION_FLAGS,
    {
      name: 'head-dim',
      kind: 'number',
      value: 'N',
      help: 'RoPE: the attention head width, when it is wider than the rotated part (gives partial_rotary_factor)',
    },
    { name: 'json', kind: 'boolean', help: "print ph.identify's (or ph.identifyRope's) result as JSON" },
  ],
  maxPositionals: 2,
  examples: [
    'phasor identify pe.npy',
    'phasor identify model.safetensors --tensor encoder.embed_positions.weights',
    'phasor identify rows.csv --first-position 1020',
    'phasor identify rope_cache.safetensors',
    'phasor identify model.safetensors --inv-freq model.layers.0.self_attn.rotary_emb.inv_freq',
  ],
};

const ROPE_FLAGS = ['cos', 'sin', 'inv-freq', 'rotated', 'original'];

/** Whether the arguments name RoPE tensors rather than one sinusoidal table. */
function isRope(cmd: string, args: ParsedArgs, limits: ShapeLimits): boolean {
  if (args.positionals.length === 2 || ROPE_FLAGS.some((f) => args.flags.has(f))) return true;
  const path = args.positionals[0];
  if (path === undefined) throw new UsageError(`${cmd}: give the file (.npy, .safetensors, CSV, TSV, JSON)`);
  const source = readTable(cmd, path, limits);
  if (source.kind === 'table') return source.table.positions === 1;
  const names = source.tensors.map((t) => t.name);
  const name = flag<string>(args, 'tensor');
  if (name === undefined)
    return (
      (names.includes('cos') && names.includes('sin')) ||
      (names.length === 1 && source.tensors[0].shape.filter((n) => n !== 1).length <= 1)
    );
  const other = partner(name);
  if (other !== undefined && names.includes(other)) return true;
  return tableOf(cmd, source, path, name, typedFlag(args, 'tensor')).positions === 1;
}

export const identify: Command = {
  spec,
  async run(args, context) {
    const cmd = 'phasor identify';
    const ph = await context.phasor();
    const limits = { maxColumns: ph.limits.maxDModel, maxValues: ph.limits.maxIdentifyValues, reader: cmd };
    const either = { ...limits, maxValues: Math.max(ph.limits.maxIdentifyValues, ph.limits.maxRopeValues) };
    if (isRope(cmd, args, either)) return identifyRopeFile(ph, args, context.out);
    if (args.flags.has('head-dim'))
      throw new UsageError(
        `${cmd}: ${typedFlag(args, 'head-dim')} goes with RoPE tensors; ${args.positionals[0]} is one table`,
      );
    const path = args.positionals[0];
    const table = tableOf(
      cmd,
      readTable(cmd, path, limits),
      path,
      flag<string>(args, 'tensor'),
      typedFlag(args, 'tensor'),
    );
    if (table.positions < 2)
      throw new UsageError(
        `${cmd}: ${table.name} has ${table.positions} row; identify needs at least 2 (positions × d-model)`,
      );
    const indices = rowPositions(cmd, args, table.positions, limits);
    let found;
    try {
      found = ph.identify({
        table: table.data,
        positions: table.positions,
        dModel: table.dModel,
        ...(indices ? { rowIndices: indices } : {}),
      });
    } catch (error) {
      if (error instanceof RangeError && error.message.startsWith('phasor.identify: '))
        throw new UsageError(
          `${cmd}: ${table.name}: ${error.message.slice('phasor.identify: '.length).replace(/\browIndices\b/g, typedFlag(args, 'row-positions'))}`,
        );
      throw error;
    }
    context.out(flag(args, 'json') ? toJson(found) : identificationText(table.name, table.dtype, found));
    return found.match ? EXIT.ok : EXIT.mismatch;
  },
};

function identifyRopeFile(ph: Phasor, args: ParsedArgs, out: (text: string) => void): number {
  const cmd = 'phasor identify';
  const limits = { maxColumns: ph.limits.maxDModel, maxValues: ph.limits.maxRopeValues, reader: cmd };
  const input = readRopeTensors(cmd, args, args.positionals, limits);
  const rows = rowsOf(input);
  if (rows === 0 && (args.flags.has('first-position') || args.flags.has('row-positions')))
    throw new UsageError(
      `${cmd}: an inv_freq has no rows: ${typedFlag(args, args.flags.has('first-position') ? 'first-position' : 'row-positions')} goes with a cache or rotated rows`,
    );
  const positions = rows > 0 ? rowPositions(cmd, args, rows, limits) : undefined;
  const headDim = flag<number>(args, 'head-dim');
  let found;
  try {
    found = ph.identifyRope({
      ...identifyRopeOptions(input, positions),
      ...(headDim !== undefined ? { headDim } : {}),
    });
  } catch (error) {
    if (
      (error instanceof RangeError || error instanceof TypeError) &&
      error.message.startsWith('phasor.identifyRope: ')
    )
      throw new UsageError(
        `${cmd}: ${error.message
          .slice('phasor.identifyRope: '.length)
          .replace(/\bheadDim\b/g, typedFlag(args, 'head-dim'))
          .replace(
            /\bpositions\b/g,
            typedFlag(args, args.flags.has('row-positions') ? 'row-positions' : 'first-position'),
          )}`,
      );
    throw error;
  }
  out(flag(args, 'json') ? toJson(found) : ropeIdentificationText(input, found));
  return found.match ? EXIT.ok : EXIT.mismatch;
}
