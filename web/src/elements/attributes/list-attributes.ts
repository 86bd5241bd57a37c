// Attributes holding lists: numbers (bases) and names (terms, scaling types),
// separated by commas or spaces.
import { AttributeError, type Parser } from './attributes.js';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

const parts = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** 1 to `most` numbers in [min, max]. */
export function numberList(min: number, max: number, most: number): Parser<number[]> {
  return (text) => {
    const values = parts(text).map((part) => (NUMBER.test(part) ? Number(part) : NaN));
    if (values.length === 0 || values.length > most || values.some((v) => !(v >= min && v <= max))) {
      throw new AttributeError(`must be 1 to ${most} numbers from ${min} to ${max}, separated by commas`);
    }
    return values;
  };
}

/** 1 or more distinct names out of `choices`, in the order of `choices`. */
export function choiceList<T extends string>(choices: readonly T[]): Parser<T[]> {
  return (text) => {
    const names = parts(text);
    const bad = names.filter((name) => !(choices as readonly string[]).includes(name));
    if (names.length === 0 || bad.length > 0) {
      throw new AttributeError(`must be one or more of ${choices.join(', ')}, separated by commas`);
    }
    return choices.filter((choice) => names.includes(choice));
  };
}
