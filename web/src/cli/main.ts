// `phasor <command> …`: picks the command, reads its arguments, runs it, and
// turns every refusal into one line on stderr and an exit code (errors.ts).
import { createPhasor } from '../core/index.js';
import type { Phasor } from '../core/phasor.js';
import { VERSION } from '../core/version.js';
import { editDistance, parseArgs } from './args.js';
import type { Command, Context } from './command.js';
import { cache } from './commands/cache.js';
import { check } from './commands/check.js';
import { identify } from './commands/identify.js';
import { rope } from './commands/rope.js';
import { table } from './commands/table.js';
import { EXIT, refusalOf } from './errors.js';
import { commandHelp, mainHelp } from './help.js';

export const COMMANDS: readonly Command[] = [rope, check, identify, table, cache];

/** Exit code for a bug in phasor itself (not the user's input): the stack is printed. */
export const INTERNAL_ERROR = 3;

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  const specs = COMMANDS.map((c) => c.spec);
  if (name === undefined) {
    io.err(mainHelp(specs, VERSION));
    return EXIT.badInput;
  }
  if (name === '--help' || name === '-h') {
    io.out(mainHelp(specs, VERSION));
    return EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.out(`${VERSION}\n`);
    return EXIT.ok;
  }
  const helpFor = name === 'help' ? rest[0] : undefined;
  if (name === 'help' && helpFor === undefined) {
    io.out(mainHelp(specs, VERSION));
    return EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.spec.name === (helpFor ?? name));
  if (!command) {
    const typed = helpFor ?? name;
    const near = specs.find((s) => editDistance(typed, s.name) <= 2);
    io.err(
      `phasor: unknown command '${typed}'${near ? ` (did you mean ${near.name}?)` : ''}; the commands are ${specs.map((s) => s.name).join(', ')} (see phasor --help)\n`,
    );
    return EXIT.badInput;
  }
  if (helpFor !== undefined) {
    io.out(commandHelp(command.spec));
    return EXIT.ok;
  }
  let loaded: Promise<Phasor> | undefined;
  const context: Context = {
    phasor: () => (loaded ??= createPhasor({ experiments: true })),
    out: io.out,
    err: io.err,
  };
  try {
    const args = parseArgs(command.spec, rest);
    if (args.help) {
      io.out(commandHelp(command.spec));
      return EXIT.ok;
    }
    return await command.run(args, context);
  } catch (error) {
    const reason = refusalOf(error);
    if (reason === undefined) {
      io.err(
        `phasor ${command.spec.name}: internal error, a bug in phasor (please report it):\n${(error as Error)?.stack ?? String(error)}\n`,
      );
      return INTERNAL_ERROR;
    }
    io.err(`${reason.startsWith('phasor ') ? reason : `phasor ${command.spec.name}: ${reason}`}\n`);
    return EXIT.badInput;
  }
}
