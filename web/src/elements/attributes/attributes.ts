// Attribute → option parsing. Each element declares its attributes as a list
// of specs (kebab-case attribute, camelCase option, parser, default); a value
// that does not parse gives a short message naming the attribute and the
// allowed values, which the element shows instead of its chart.

export type Parser<T> = (text: string) => T;

/** A range end: a number, or a bound read when the attribute is parsed (the core's limits, core-limits.ts). */
export type Bound = number | (() => number);
export const boundValue = (bound: Bound): number => (typeof bound === 'function' ? bound() : bound);

export interface AttributeSpec<T = unknown> {
  /** kebab-case attribute name, e.g. 'd-model'. */
  attribute: string;
  /** camelCase option name as in the TypeScript API, e.g. 'dModel'. */
  option: string;
  parse: Parser<T>;
  /** Used when the attribute is absent. */
  fallback: T;
}

export class AttributeError extends Error {
  override name = 'AttributeError';
}

export function spec<T>(attribute: string, parse: Parser<T>, fallback: T): AttributeSpec<T> {
  const option = attribute.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
  return { attribute, option, parse, fallback };
}

/** Reads every attribute of `specs` from `element`; throws one AttributeError naming every bad attribute. */
export function readAttributes(element: Element, specs: readonly AttributeSpec[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const s of specs) {
    const text = element.getAttribute(s.attribute);
    if (text === null) {
      options[s.option] = s.fallback;
      continue;
    }
    try {
      options[s.option] = s.parse(text.trim());
    } catch (error) {
      const shown = text.length > 24 ? `${text.slice(0, 24)}…` : text;
      problems.push(`${s.attribute}="${shown}": ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) throw new AttributeError(problems.join('; '));
  return options;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

function toNumber(text: string): number {
  if (!NUMBER.test(text)) throw new AttributeError('not a number');
  return Number(text);
}

/** An integer in [min, max]; `step` 2 asks for even numbers. */
export function integer(minBound: Bound, maxBound: Bound, step = 1): Parser<number> {
  const what = step === 2 ? 'an even integer' : 'an integer';
  return (text) => {
    const [min, max] = [boundValue(minBound), boundValue(maxBound)];
    const value = NUMBER.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(value) || value < min || value > max || value % step !== 0) {
      throw new AttributeError(`must be ${what} from ${min} to ${max}`);
    }
    return value;
  };
}

/** A finite number in (min, max] when `openMin`, else [min, max]. */
export function number(minBound: Bound, maxBound: Bound, openMin = false): Parser<number> {
  return (text) => {
    const [min, max] = [boundValue(minBound), boundValue(maxBound)];
    let value: number;
    try {
      value = toNumber(text);
    } catch {
      value = NaN;
    }
    const low = openMin ? value > min : value >= min;
    if (!Number.isFinite(value) || !low || value > max) {
      throw new AttributeError(
        `must be a number ${openMin ? 'above' : 'from'} ${min} ${openMin ? 'up to' : 'to'} ${max}`,
      );
    }
    return value;
  };
}

/** A boolean attribute: present (or "true") is true, "false" is false. */
export const flag: Parser<boolean> = (text) => {
  if (text === '' || text === 'true') return true;
  if (text === 'false') return false;
  throw new AttributeError('must be empty, "true" or "false"');
};

export function choice<T extends string>(choices: readonly T[]): Parser<T> {
  return (text) => {
    if (!(choices as readonly string[]).includes(text)) {
      throw new AttributeError(`must be one of ${choices.join(', ')}`);
    }
    return text as T;
  };
}

/** A list of integers in [min, max] separated by commas or spaces, between 1 and `most` of them. */
export function integerList(minBound: Bound, maxBound: Bound, most: number): Parser<number[]> {
  return (text) => {
    const [min, max] = [boundValue(minBound), boundValue(maxBound)];
    const parts = text.split(/[\s,]+/).filter(Boolean);
    const values = parts.map((part) => (NUMBER.test(part) ? Number(part) : NaN));
    if (parts.length === 0 || parts.length > most || values.some((v) => !Number.isInteger(v) || v < min || v > max)) {
      throw new AttributeError(`must be 1 to ${most} integers from ${min} to ${max}, separated by commas`);
    }
    return values;
  };
}
