// The tensors `phasor check` reads from a port: a cos/sin cache, an
// inv_freq vector, or q/k rows after RoPE (with the rows before it). They come
// from one .safetensors file (flags name its tensors), from .npy / CSV / JSON
// files given as arguments (one inv_freq, or cos then sin), or from files the
// flags name when no tensor file is given.
import type { TableSource } from '../check/read-table-file.js';
import type { ParsedTable, ShapeLimits } from '../check/table-file.js';
import { flag, typedFlag, type FlagSpec, type ParsedArgs } from './args.js';
import { UsageError } from './errors.js';
import { readTable, tableOf } from './files.js';

export const ROPE_INPUT_FLAGS: FlagSpec[] = [
  {
    name: 'cos',
    kind: 'text',
    value: 'NAME',
    help: 'the cos cache (rows: positions; a tensor of the .safetensors file, or a file)',
  },
  { name: 'sin', kind: 'text', value: 'NAME', help: 'the sin cache, the same shape' },
  { name: 'inv-freq', kind: 'text', value: 'NAME', help: "an inv_freq vector (transformers' rotary_emb.inv_freq)" },
  {
    name: 'rotated',
    kind: 'text',
    value: 'NAME',
    help: 'q or k rows after RoPE, one row per position (the rotary slice, or whole heads)',
  },
  {
    name: 'original',
    kind: 'text',
    value: 'NAME',
    help: 'the rows before RoPE (one row for every position, or one per row; default all ones)',
  },
  {
    name: 'tensor',
    kind: 'text',
    value: 'NAME',
    help: 'one tensor of the .safetensors file: 1-D is inv_freq; a name with cos (or sin) in it is taken with its sin (cos) partner',
  },
];

export type RopeTensors =
  | { kind: 'cache'; cos: ParsedTable; sin: ParsedTable }
  | { kind: 'invFreq'; invFreq: ParsedTable }
  | { kind: 'rotated'; rotated: ParsedTable; original?: ParsedTable };

const given = (args: ParsedArgs, names: readonly string[]) => names.filter((n) => args.flags.has(n));

/** The sin partner of a cos tensor's name (or the cos of a sin): the last "cos" swapped. */
export function partner(name: string): string | undefined {
  const at = Math.max(name.lastIndexOf('cos'), name.lastIndexOf('sin'));
  if (at < 0) return undefined;
  return name.slice(0, at) + (name.slice(at, at + 3) === 'cos' ? 'sin' : 'cos') + name.slice(at + 3);
}

function byShape(cmd: string, table: ParsedTable, what: string): RopeTensors {
  if (table.positions === 1) return { kind: 'invFreq', invFreq: table };
  throw new UsageError(
    `${cmd}: ${what} is ${table.positions} × ${table.dModel}: a cos/sin cache is two tensors (give cos then sin, or --cos and --sin), rotated rows take --rotated`,
  );
}

/** What to check, read from the arguments after the config (`files`) and the flags. */
export function readRopeTensors(
  cmd: string,
  args: ParsedArgs,
  files: readonly string[],
  limits: ShapeLimits,
): RopeTensors {
  const flags = given(args, ['cos', 'sin', 'inv-freq', 'rotated', 'original', 'tensor']);
  const modes = [
    given(args, ['cos', 'sin']).length > 0,
    args.flags.has('inv-freq'),
    given(args, ['rotated', 'original']).length > 0,
    args.flags.has('tensor'),
  ].filter(Boolean).length;
  if (modes > 1)
    throw new UsageError(
      `${cmd}: give one kind of input: --cos and --sin, --inv-freq, --rotated (with --original), or --tensor`,
    );
  if (args.flags.has('original') && !args.flags.has('rotated'))
    throw new UsageError(`${cmd}: ${typedFlag(args, 'original')} goes with --rotated`);
  if (given(args, ['cos', 'sin']).length === 1)
    throw new UsageError(`${cmd}: a cache is cos and sin: give both --cos and --sin`);
  if (files.length === 0) {
    // The flags name files.
    if (flags.length === 0)
      throw new UsageError(
        `${cmd}: give the tensors to check (a file after the config, or --cos and --sin, --inv-freq, --rotated); see ${cmd} --help`,
      );
    if (args.flags.has('tensor'))
      throw new UsageError(
        `${cmd}: ${typedFlag(args, 'tensor')} names a tensor of a .safetensors file given after the config`,
      );
    const file = (name: string) => {
      const path = flag<string>(args, name)!;
      return tableOf(cmd, readTable(cmd, path, limits), path, undefined, typedFlag(args, name));
    };
    return readByFlags(file, args);
  }
  const path = files[0];
  const source: TableSource = readTable(cmd, path, limits);
  if (source.kind === 'tensors') {
    if (files.length > 1)
      throw new UsageError(`${cmd}: ${path} is a .safetensors file: name its tensors with flags, not with more files`);
    const tensor = (name: string, typed: string) => tableOf(cmd, source, path, name, typed);
    const names = source.tensors.map((t) => t.name);
    if (args.flags.has('tensor')) {
      const name = flag<string>(args, 'tensor')!;
      const table = tensor(name, typedFlag(args, 'tensor'));
      if (table.positions === 1) return { kind: 'invFreq', invFreq: table };
      const other = partner(name);
      if (other === undefined || !names.includes(other)) return byShape(cmd, table, `tensor "${name}"`);
      const [cos, sin] = name.lastIndexOf('cos') > name.lastIndexOf('sin') ? [name, other] : [other, name];
      return {
        kind: 'cache',
        cos: tensor(cos, typedFlag(args, 'tensor')),
        sin: tensor(sin, typedFlag(args, 'tensor')),
      };
    }
    if (flags.length === 0) {
      if (names.includes('cos') && names.includes('sin'))
        return { kind: 'cache', cos: tensor('cos', 'cos'), sin: tensor('sin', 'sin') };
      if (names.length === 1) return byShape(cmd, tensor(names[0], names[0]), `tensor "${names[0]}"`);
      throw new UsageError(
        `${cmd}: ${path} holds ${names.map((n) => `"${n}"`).join(', ')}: name the tensors with --cos and --sin, --inv-freq, --rotated or --tensor`,
      );
    }
    return readByFlags((name) => tensor(flag<string>(args, name)!, typedFlag(args, name)), args);
  }
  if (flags.length > 0)
    throw new UsageError(
      `${cmd}: ${typedFlag(args, flags[0])} names a tensor of a .safetensors file; ${path} is not one (give files as --${flags[0]} FILE, without ${path})`,
    );
  if (files.length === 2) {
    const second = files[1];
    return { kind: 'cache', cos: source.table, sin: tableOf(cmd, readTable(cmd, second, limits), second) };
  }
  return byShape(cmd, source.table, path);
}

function readByFlags(read: (flagName: string) => ParsedTable, args: ParsedArgs): RopeTensors {
  if (args.flags.has('inv-freq')) return { kind: 'invFreq', invFreq: read('inv-freq') };
  if (args.flags.has('rotated'))
    return {
      kind: 'rotated',
      rotated: read('rotated'),
      ...(args.flags.has('original') ? { original: read('original') } : {}),
    };
  return { kind: 'cache', cos: read('cos'), sin: read('sin') };
}
