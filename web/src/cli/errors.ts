// The CLI's two ways out besides success: bad input (exit 2) and a verdict
// that says no (exit 1). Either is one line for the user, never a stack trace.

/** Exit codes: 0 a match (or the command did its work), 1 a mismatch, 2 bad input. */
export const EXIT = { ok: 0, mismatch: 1, badInput: 2 } as const;

/** Input the CLI cannot use: a flag, a value, a file. `message` is the one line printed. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * The reason in a refusal of phasor's API (`phasor.encode: dModel must be …`)
 * or of its file readers (TableFileError), or undefined for any other error:
 * that one is a bug in phasor, and is reported as such.
 */
export function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'TableFileError' || error instanceof UsageError) return error.message;
  if ((error instanceof TypeError || error instanceof RangeError) && /^phasor\.[A-Za-z]+: /.test(error.message))
    return error.message.replace(/^phasor\.[A-Za-z]+: /, '');
  return undefined;
}
