// Arrays a caller hands in (rows, tokens, weights, positions, into) are read
// once, before the wasm runs, through the built-in typed-array accessors
// captured when this module loads: no getter, set() or Proxy trap of the
// caller's runs mid-call, so nothing can call back into the wasm while it
// holds a result, and an array's own `length` or `set` is never consulted.
// Only plain typed arrays of the expected type are taken: not a subclass, a
// Proxy, an array backed by a SharedArrayBuffer (another thread could change
// it mid-call) or one whose buffer was transferred away.
import { describe } from './options.js';

type Float = Float32Array | Float64Array;
export type FloatArrayType = 'Float32Array' | 'Float64Array';

const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
const getter = (proto: object, key: PropertyKey) => Object.getOwnPropertyDescriptor(proto, key)!.get!;
const tagOf = getter(TypedArrayPrototype, Symbol.toStringTag) as (this: unknown) => string | undefined;
const lengthOf = getter(TypedArrayPrototype, 'length') as (this: ArrayBufferView) => number;
const bufferOf = getter(TypedArrayPrototype, 'buffer') as (this: ArrayBufferView) => ArrayBufferLike;
const arrayBufferByteLength = getter(ArrayBuffer.prototype, 'byteLength') as (this: unknown) => number;
const setValues = (TypedArrayPrototype as { set: (this: Float, source: ArrayLike<number>) => void }).set;
const F32 = Float32Array;
const F64 = Float64Array;
const U8 = Uint8Array;
const isArray = Array.isArray;
const PROTOTYPES: Record<FloatArrayType, object> = { Float32Array: F32.prototype, Float64Array: F64.prototype };

/** The number of values of a typed array (its own `length` property is not consulted). */
export function typedLength(array: ArrayBufferView): number {
  return lengthOf.call(array);
}

/** Copies `source` into `target` from index 0 (sizes checked by the caller). */
export function copyInto(target: Float, source: Float): void {
  setValues.call(target, source);
}

/** A new array of the same type holding the same values. */
export function copyOf<T extends Float>(source: T): T {
  const copy = (
    tagOf.call(source) === 'Float64Array' ? new F64(typedLength(source)) : new F32(typedLength(source))
  ) as T;
  setValues.call(copy, source);
  return copy;
}

/**
 * `value` when it is a plain array of one of `types`, else a TypeError naming
 * `key` (`what` says what it holds, e.g. 'count × dim values').
 */
export function plainFloatArray(
  fn: string,
  key: string,
  value: unknown,
  types: readonly FloatArrayType[],
  what: string,
): Float {
  if (value === undefined)
    throw new TypeError(`phasor.${fn}: option '${key}' is required (a plain ${types.join(' or ')} of ${what})`);
  const tag = tagOf.call(value); // undefined for anything but a typed array, Proxies included
  const type = types.find((t) => t === tag);
  if (type === undefined || Object.getPrototypeOf(value) !== PROTOTYPES[type]) {
    throw new TypeError(
      `phasor.${fn}: ${key} must be a plain ${types.join(' or ')} (${what}), not a subclass or Proxy; got ${describe(value)}`,
    );
  }
  const buffer = bufferOf.call(value as Float);
  try {
    arrayBufferByteLength.call(buffer);
  } catch {
    throw new TypeError(
      `phasor.${fn}: ${key} must not be backed by a SharedArrayBuffer (another thread could change it mid-call)`,
    );
  }
  try {
    new U8(buffer as ArrayBuffer, 0, 0);
  } catch {
    throw new TypeError(
      `phasor.${fn}: ${key} is detached (its buffer was transferred away); pass an array you still hold`,
    );
  }
  return value as Float;
}

/**
 * An option holding numbers, copied into a new Float64Array: a plain
 * Float64Array or Float32Array, or an array of numbers (each element read
 * once; at most `maxLength` of them).
 */
export function readNumbers(fn: string, key: string, value: unknown, maxLength: number): Float64Array {
  if (tagOf.call(value) !== undefined) {
    const given = plainFloatArray(fn, key, value, ['Float64Array', 'Float32Array'], 'numbers');
    if (typedLength(given) > maxLength)
      throw new RangeError(`phasor.${fn}: ${key}.length must be at most ${maxLength}; got ${typedLength(given)}`);
    const copy = new F64(typedLength(given));
    setValues.call(copy, given);
    return copy;
  }
  let array = false;
  try {
    array = isArray(value);
  } catch {
    // a revoked Proxy: refused below
  }
  if (!array)
    throw new TypeError(`phasor.${fn}: ${key} must be a Float64Array or an array of numbers; got ${describe(value)}`);
  const read = <T>(get: () => T): T => {
    try {
      return get();
    } catch (error) {
      throw new TypeError(
        `phasor.${fn}: ${key} could not be read (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  };
  const length = read(() => (value as unknown[]).length);
  if (!(Number.isInteger(length) && length >= 0 && length <= maxLength)) {
    throw new RangeError(`phasor.${fn}: ${key}.length must be at most ${maxLength}; got ${describe(length)}`);
  }
  const elements = read(() => Array.from({ length }, (_, i) => (value as unknown[])[i]));
  const numbers = new F64(elements.length);
  for (let i = 0; i < elements.length; i++) {
    const v = elements[i];
    if (typeof v !== 'number') throw new TypeError(`phasor.${fn}: ${key}[${i}] must be a number; got ${describe(v)}`);
    numbers[i] = v;
  }
  return numbers;
}
