// What every command is: its spec (flags, help) and what it does.
import type { Phasor } from '../core/phasor.js';
import type { CommandSpec, ParsedArgs } from './args.js';

export interface Context {
  /** The API, its wasm (inlined in the package) loaded on first use, RoPE included. */
  phasor(): Promise<Phasor>;
  /** Writes to stdout (the result) and stderr (refusals). */
  out(text: string): void;
  err(text: string): void;
}

export interface Command {
  spec: CommandSpec;
  /** Resolves with the exit code; throws a UsageError (or an API refusal) on bad input. */
  run(args: ParsedArgs, context: Context): Promise<number>;
}
