// Reading an options object: the shape and types are checked here (TypeError);
// numeric ranges are checked by the C++ core, whose message is thrown as a
// RangeError, so the allowed ranges are stated in one place.

export class OptionReader {
  private readonly record: Record<string, unknown>;

  constructor(
    private readonly fn: string,
    options: unknown,
    allowed: readonly string[],
  ) {
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new TypeError(`phasor.${fn}: expected an options object; got ${describe(options)}`);
    }
    this.record = options as Record<string, unknown>;
    for (const key of Object.keys(this.record)) {
      if (!allowed.includes(key)) {
        throw new TypeError(`phasor.${fn}: unknown option '${key}'; allowed: ${allowed.join(', ')}`);
      }
    }
  }

  /** A number option; NaN and out-of-range values pass through to the core's range check. */
  number(key: string, fallback?: number): number {
    const value = this.record[key];
    if (value === undefined) {
      if (fallback !== undefined) return fallback;
      throw new TypeError(`phasor.${this.fn}: option '${key}' is required (a number)`);
    }
    if (typeof value !== 'number') {
      throw new TypeError(`phasor.${this.fn}: ${key} must be a number; got ${describe(value)}`);
    }
    return value;
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = this.record[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') {
      throw new TypeError(`phasor.${this.fn}: ${key} must be true or false; got ${describe(value)}`);
    }
    return value;
  }

  /** One of `choices`, returned as its index (the code the bindings take). */
  choice<T extends string>(key: string, choices: readonly T[], fallback: T): { name: T; code: number } {
    const value = this.record[key] ?? fallback;
    const code = choices.indexOf(value as T);
    if (code < 0) {
      throw new RangeError(
        `phasor.${this.fn}: ${key} must be one of ${choices.map((c) => `'${c}'`).join(', ')}; got ${describe(value)}`,
      );
    }
    return { name: value as T, code };
  }

  raw(key: string): unknown {
    return this.record[key];
  }
}

export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}
