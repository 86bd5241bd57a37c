// What `phasor --help` and `phasor <command> --help` print, from the commands' specs.
import { kebab, type CommandSpec, type FlagSpec } from './args.js';

const WIDTH = 100;

/** `text` wrapped to WIDTH columns, every line after the first indented by `indent` spaces. */
function wrap(text: string, indent: number, first = 0): string {
  const lines: string[] = [];
  let line = '';
  let room = WIDTH - first;
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
      room = WIDTH - indent;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

function flagLine(f: FlagSpec): string {
  const value =
    f.kind === 'boolean' ? '' : f.kind === 'choice' ? ` ${f.choices!.map(kebab).join('|')}` : ` ${f.value ?? 'X'}`;
  const head = `  --${f.name}${value}`;
  const pad = 28;
  return head.length < pad
    ? head.padEnd(pad) + wrap(f.help, pad, pad)
    : `${head}\n${' '.repeat(pad)}${wrap(f.help, pad, pad)}`;
}

export function commandHelp(spec: CommandSpec): string {
  return [
    `phasor ${spec.name}: ${spec.summary}`,
    '',
    'Usage:',
    ...spec.usage.map((u) => `  phasor ${u}`),
    '',
    ...spec.about.flatMap((p) => [wrap(p, 0), '']),
    'Flags:',
    ...spec.flags.map(flagLine),
    '  --help                    this text',
    '',
    'Examples:',
    ...spec.examples.map((e) => `  ${e}`),
    '',
    'Exit codes: 0 match (or done), 1 mismatch, 2 bad input (one line on stderr says why).',
    '',
  ].join('\n');
}

export function mainHelp(commands: readonly CommandSpec[], version: string): string {
  return [
    `phasor ${version}: sinusoidal positional encodings and RoPE, exact, from the command line`,
    '',
    'Usage: phasor <command> [arguments] [flags]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(10)}${wrap(c.summary, 12, 12)}`),
    '',
    "Run 'phasor <command> --help' for a command's flags and examples.",
    'Exit codes: 0 match (or done), 1 mismatch, 2 bad input (one line on stderr says why).',
    '',
  ].join('\n');
}
