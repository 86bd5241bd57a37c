// Reading a command's arguments: positionals and --flags (`--name value` or
// `--name=value`), each flag checked against the command's list. A refusal
// names the flag as it was typed, and for a misspelt one the nearest flag.

import { UsageError } from './errors.js';

export type FlagKind = 'number' | 'text' | 'boolean' | 'choice' | 'index';

export interface FlagSpec {
  /** kebab-case, without the dashes: 'd-model'. */
  name: string;
  kind: FlagKind;
  /** 'choice': the values, as the API spells them ('sinCos'); their kebab-case spelling ('sin-cos') is taken too. */
  choices?: readonly string[];
  /** The API option the flag sets (camelCase), when it is one: refusals naming the option name the flag. */
  option?: string;
  /** What the value is, for --help ('N', 'FILE'). */
  value?: string;
  help: string;
}

export interface CommandSpec {
  name: string;
  summary: string;
  /** Usage lines after `phasor `. */
  usage: string[];
  /** Paragraphs of --help before the flags. */
  about: string[];
  flags: FlagSpec[];
  /** Most positional arguments taken. */
  maxPositionals: number;
  examples: string[];
}

export type FlagValue = number | string | boolean | null;

export interface ParsedArgs {
  positionals: string[];
  /** By flag name: the value, and the flag as typed (for messages). */
  flags: Map<string, { value: FlagValue; typed: string }>;
  help: boolean;
}

/** 'sinCos' → 'sin-cos'. */
export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The number `text` spells, or undefined (no hex, no Infinity, no empty string). */
export function numberOf(text: string): number | undefined {
  return NUMBER.test(text.trim()) ? Number(text) : undefined;
}

export function parseArgs(spec: CommandSpec, argv: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = { positionals: [], flags: new Map(), help: false };
  const cmd = `phasor ${spec.name}`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      parsed.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '--help' || arg === '-h') {
      parsed.help = true;
      continue;
    }
    if (!arg.startsWith('-') || arg === '-' || numberOf(arg) !== undefined) {
      parsed.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const typed = eq >= 0 ? arg.slice(0, eq) : arg;
    const flag = typed.startsWith('--') ? spec.flags.find((f) => f.name === typed.slice(2)) : undefined;
    if (!flag) throw new UsageError(`${cmd}: unknown flag '${typed}'${suggestion(spec, typed)}; see ${cmd} --help`);
    if (parsed.flags.has(flag.name)) throw new UsageError(`${cmd}: ${typed} is given twice`);
    let text: string | undefined;
    if (eq >= 0) text = arg.slice(eq + 1);
    else if (flag.kind !== 'boolean') {
      if (i + 1 >= argv.length || (argv[i + 1].startsWith('--') && argv[i + 1].length > 2))
        throw new UsageError(`${cmd}: ${typed} needs a value (${flag.value ?? flag.kind})`);
      text = argv[++i];
    }
    parsed.flags.set(flag.name, { value: valueOf(cmd, flag, typed, text), typed });
  }
  if (parsed.positionals.length > spec.maxPositionals && !parsed.help) {
    const extra = parsed.positionals[spec.maxPositionals];
    throw new UsageError(
      `${cmd}: unexpected argument '${extra}' (${spec.maxPositionals === 0 ? 'it takes none' : `it takes at most ${spec.maxPositionals}`}); see ${cmd} --help`,
    );
  }
  return parsed;
}

function valueOf(cmd: string, flag: FlagSpec, typed: string, text: string | undefined): FlagValue {
  switch (flag.kind) {
    case 'boolean':
      if (text === undefined || text === 'true') return true;
      if (text === 'false') return false;
      throw new UsageError(`${cmd}: ${typed} takes no value, or true or false; got '${text}'`);
    case 'number':
    case 'index': {
      if (flag.kind === 'index' && text === 'none') return null;
      const n = numberOf(text!);
      if (n === undefined)
        throw new UsageError(
          `${cmd}: ${typed} must be a number${flag.kind === 'index' ? " or 'none'" : ''}; got '${text}'`,
        );
      return n;
    }
    case 'choice': {
      const choice = flag.choices!.find((c) => c === text || kebab(c) === text);
      if (choice === undefined)
        throw new UsageError(`${cmd}: ${typed} must be one of ${flag.choices!.map(kebab).join(', ')}; got '${text}'`);
      return choice;
    }
    case 'text':
      if (text === '') throw new UsageError(`${cmd}: ${typed} needs a value (${flag.value ?? 'text'}); got ''`);
      return text!;
  }
}

/** " (did you mean --d-model?)" for a flag a typo or two away from one of the command's. */
function suggestion(spec: CommandSpec, typed: string): string {
  const word = kebab(typed.replace(/^-+/, '')).replace(/_/g, '-');
  let best: { name: string; distance: number } | undefined;
  for (const f of spec.flags) {
    const distance = editDistance(word, f.name);
    if (distance <= (f.name.length <= 4 ? 1 : 2) && (!best || distance < best.distance))
      best = { name: f.name, distance };
  }
  return best ? ` (did you mean --${best.name}?)` : '';
}

export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** The value of a flag given, or undefined. */
export function flag<T extends FlagValue>(args: ParsedArgs, name: string): T | undefined {
  return args.flags.get(name)?.value as T | undefined;
}

/** The flag as typed when given, else `--name`. */
export function typedFlag(args: ParsedArgs, name: string): string {
  return args.flags.get(name)?.typed ?? `--${name}`;
}

/**
 * Runs an API call made from flags; a refusal naming an option
 * (`phasor.encode: dModel must be …`) is rethrown naming the flag instead
 * (`--d-model must be …`), as the user typed it.
 */
export function inFlagTerms<T>(spec: CommandSpec, args: ParsedArgs, call: () => T, hidden: readonly string[] = []): T {
  try {
    return call();
  } catch (error) {
    if (!(error instanceof TypeError || error instanceof RangeError) || !/^phasor\.[A-Za-z]+: /.test(error.message))
      throw error;
    let message = error.message.replace(/^phasor\.[A-Za-z]+: /, '');
    // Options the CLI has no flag for are left out of the API's lists of options.
    for (const name of hidden) message = message.replace(new RegExp(`, ${name}\\b|\\b${name}, `, 'g'), '');
    for (const f of spec.flags) {
      if (f.option) message = message.replace(new RegExp(`\\b${f.option}\\b`, 'g'), typedFlag(args, f.name));
    }
    throw new UsageError(`phasor ${spec.name}: ${message}`);
  }
}
