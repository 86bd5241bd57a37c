// What the property tests share: how many runs and which seed (fixed unless
// asked: PHASOR_FC_SEED, and PHASOR_FC_RUNS scales every run count, e.g.
// `PHASOR_FC_RUNS=100000 npm run test:properties`), the hostile values a
// caller might pass, and the checks every refusal must pass.
import fc from 'fast-check';
import { expect } from 'vitest';

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

/** The seed of every property (printed by fast-check with any counterexample). */
export const SEED = Number(env.PHASOR_FC_SEED ?? 20261123);
/** Runs per property: the default keeps the unit suite within about two minutes on 2 cores. */
const RUNS = env.PHASOR_FC_RUNS === undefined ? undefined : Number(env.PHASOR_FC_RUNS);

export function runs(defaultRuns: number): fc.Parameters<unknown> {
  return { seed: SEED, numRuns: RUNS ?? defaultRuns, endOnFailure: true };
}

/** max |a_i − b_i| − tol_i over i: ≤ 0 when every value is within its tolerance. */
export function expectClose(
  what: string,
  got: ArrayLike<number>,
  want: ArrayLike<number>,
  tol: (i: number) => number,
): void {
  expect(got.length, `${what}: length`).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    const g = got[i];
    const w = want[i];
    // NaN for NaN; past float32's range the right float32 answer is ±Infinity.
    if ((Number.isNaN(w) && Number.isNaN(g)) || (!Number.isFinite(Math.fround(w)) && g === Math.fround(w))) continue;
    const ok = Math.abs(g - w) <= tol(i);
    if (!ok) expect.fail(`${what}[${i}] = ${g}, want ${w} within ${tol(i)}`);
  }
}

/** A float32 rounding of a float64 value v is within this of v (and of 0 for subnormals). */
export const f32 = (v: number) => Math.abs(v) * 2 ** -24 + 2 ** -149;

/** An object whose every property read throws. */
export function throwingGetters(keys: readonly string[]): object {
  const o = {};
  for (const key of keys) {
    Object.defineProperty(o, key, {
      enumerable: true,
      get() {
        throw new Error(`the ${key} getter throws`);
      },
    });
  }
  return o;
}

/** A detached Float32Array or Float64Array. */
export function detached<T extends Float32Array | Float64Array>(array: T): T {
  structuredClone(array.buffer, { transfer: [array.buffer as ArrayBuffer] });
  return array;
}

class Float32Sub extends Float32Array {}

/**
 * Values a hostile caller might put in any option: non-finite and edge
 * numbers, fractions, wrong types, null, arrays, objects that throw when
 * read, Proxies, typed arrays of the wrong kind or shared or detached.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    -0,
    0,
    1,
    -1,
    2,
    3,
    0.5,
    2.5,
    -2.5,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    2 ** 31,
    2 ** 31 + 1,
    -(2 ** 31) - 1,
  ),
  fc.constantFrom(
    4095,
    4096,
    4097,
    65535,
    65536,
    65538,
    2 ** 26,
    2 ** 26 + 1,
    2 ** 30,
    2 ** 32,
    1e300,
    1e301,
    Number.MIN_VALUE,
    Number.MAX_VALUE,
    1 + 2 ** -52,
  ),
  fc.double({ noNaN: false }),
  fc.constantFrom(
    '',
    '4',
    'interleaved',
    'half',
    'rope',
    'l2',
    'random',
    'shared',
    'identity',
    'sinusoidal',
    'none',
    'NaN',
    '__proto__',
  ),
  fc.constant(null),
  fc.constant(undefined),
  fc.constantFrom(true, false),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.constantFrom(Symbol('hostile')),
  fc.array(fc.oneof(fc.double(), fc.string(), fc.constant(null)), { maxLength: 5 }),
  fc.constant(() => 1),
  fc.constant({}),
  fc.constant(undefined).map(() => throwingGetters(['valueOf', 'length', 'type', '0'])),
  fc.constant(undefined).map(
    () =>
      new Proxy([1, 2, 3], {
        get: () => {
          throw new Error('trap');
        },
      }),
  ),
  fc.constant(undefined).map(() => new Proxy(new Float32Array(4), {})),
  fc.constant(undefined).map(() => new Float32Sub(4)),
  fc.constant(undefined).map(() => new Float32Array(new SharedArrayBuffer(16))),
  fc.constant(undefined).map(() => detached(new Float32Array(4))),
  fc.constant(undefined).map(() => detached(new Float64Array(4))),
  fc.constant(undefined).map(() => new Float64Array([0, 1, 2, 3])),
  fc.constant(undefined).map(() => new Int32Array(4)),
  fc.constant(undefined).map(() => new Float32Array(0)),
  fc.constant(undefined).map(() => new Float32Array(3)),
  fc.constant(undefined).map(() => ({ type: 'linear', factor: NaN })),
  fc.constant(undefined).map(() => Object.create({ type: 'linear', factor: 2 })),
);

/**
 * A refusal: a TypeError or RangeError whose message starts with the
 * function's name and names one of `options` (the option at fault, or one it
 * is checked together with).
 */
export function expectNamedRefusal(error: unknown, fn: string, options: readonly string[]): void {
  if (!(error instanceof TypeError || error instanceof RangeError)) {
    expect.fail(
      `phasor.${fn} threw ${String(error)} (${(error as Error)?.constructor?.name}), not a TypeError or RangeError`,
    );
  }
  const message = (error as Error).message;
  expect(message.startsWith(`phasor.${fn}: `), message).toBe(true);
  if (!options.some((o) => message.includes(o)))
    expect.fail(`phasor.${fn}'s refusal names none of ${options.join(', ')}: ${message}`);
}
