// Reading an options object. Every option is read once, when the reader is
// made, so a caller's getter or Proxy trap runs then and never mid-call (a
// throwing one is a TypeError naming the option). Types are checked here
// (TypeError: wrong type, null, missing, misspelt); numeric ranges by the C++
// core, whose message is thrown as a RangeError, so each allowed range is
// stated in one place.

export class OptionReader {
  private readonly values = new Map<string, unknown>();

  /**
   * `prefix` names a nested object ('scaling.'); its reader is made by
   * object(), which has checked that it is an object.
   */
  constructor(
    private readonly fn: string,
    options: unknown,
    allowed: readonly string[],
    private readonly prefix = '',
  ) {
    if (!isPlainObjectLike(options)) {
      throw new TypeError(`phasor.${fn}: expected an options object; got ${describe(options)}`);
    }
    let keys: string[];
    try {
      keys = Object.keys(options);
    } catch (error) {
      throw new TypeError(
        `phasor.${fn}: the ${prefix ? `${prefix.slice(0, -1)} ` : ''}options could not be read (${messageOf(error)})`,
      );
    }
    for (const key of keys) {
      if (!allowed.includes(key)) {
        throw new TypeError(`phasor.${fn}: unknown option '${prefix}${key}'; allowed: ${allowed.join(', ')}`);
      }
      try {
        this.values.set(key, (options as Record<string, unknown>)[key]);
      } catch (error) {
        throw new TypeError(`phasor.${fn}: option '${prefix}${key}' could not be read (${messageOf(error)})`);
      }
    }
  }

  /** Whether the option was given (anything but undefined; null counts, and is refused by the readers). */
  has(key: string): boolean {
    return this.values.get(key) !== undefined;
  }

  /** A number option; NaN and out-of-range values pass through to the core's range check. */
  number(key: string, fallback?: number): number {
    const value = this.values.get(key);
    if (value === undefined) {
      if (fallback !== undefined) return fallback;
      throw new TypeError(`phasor.${this.fn}: option '${this.prefix}${key}' is required (a number)`);
    }
    if (typeof value !== 'number') {
      throw new TypeError(`phasor.${this.fn}: ${this.prefix}${key} must be a number; got ${describe(value)}`);
    }
    return value;
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = this.values.get(key);
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') {
      throw new TypeError(`phasor.${this.fn}: ${this.prefix}${key} must be true or false; got ${describe(value)}`);
    }
    return value;
  }

  /**
   * One of `allowed`, with its code: its index in `codes`, the module's names
   * of that enum in code order (module-tables.ts). A non-string is a
   * TypeError, an unknown name a RangeError.
   */
  choice<T extends string>(
    key: string,
    allowed: readonly T[],
    fallback: T,
    codes: readonly string[] = allowed,
  ): { name: T; code: number } {
    const value = this.values.get(key);
    if (value === undefined) return { name: fallback, code: codes.indexOf(fallback) };
    const known = typeof value === 'string' && (allowed as readonly string[]).includes(value);
    if (!known) {
      const ErrorType = typeof value === 'string' ? RangeError : TypeError;
      throw new ErrorType(
        `phasor.${this.fn}: ${this.prefix}${key} must be one of ${allowed.map((c) => `'${c}'`).join(', ')}; got ${describe(value)}`,
      );
    }
    return { name: value as T, code: codes.indexOf(value) };
  }

  /** A nested options object (such as scaling), or undefined when not given. */
  object(key: string, allowed: readonly string[], example: string): OptionReader | undefined {
    const value = this.values.get(key);
    if (value === undefined) return undefined;
    if (!isPlainObjectLike(value)) {
      throw new TypeError(
        `phasor.${this.fn}: ${this.prefix}${key} must be an object such as ${example}; got ${describe(value)}`,
      );
    }
    return new OptionReader(this.fn, value, allowed, `${this.prefix}${key}.`);
  }

  /** The value as given (read once, at construction). */
  raw(key: string): unknown {
    return this.values.get(key);
  }
}

function isPlainObjectLike(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return !Array.isArray(value);
  } catch {
    return false; // a revoked Proxy
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const typedArrayTag = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype) as object,
  Symbol.toStringTag,
)!.get as (this: unknown) => string | undefined;

/** A value as error messages show it, without running any code of the caller's. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'function') return 'a function';
  if (value === null || typeof value !== 'object') return String(value);
  const tag = typedArrayTag.call(value);
  if (tag !== undefined) return `a ${tag}`;
  try {
    return Array.isArray(value) ? 'an array' : 'an object';
  } catch {
    return 'a revoked Proxy';
  }
}
