// Hostile options for every public function: each call either returns the
// right numbers (checked against the float64 references, as for valid
// options) or throws a TypeError or RangeError that names the function and
// the option; and a good call right after it still returns the right answer.
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../../web/src/core/index.js';
import { CORE_SPECS } from './core-specs.js';
import { EXPERIMENT_SPECS } from './experiment-specs.js';
import type { Spec } from './spec.js';
import { expectNamedRefusal, hostileValue, runs, throwingGetters } from './support.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

const call = (spec: Spec, options: unknown) => (ph[spec.fn] as (o: unknown) => unknown).call(ph, options);

/** Right numbers or a named refusal; then the uncorrupted options still give the right numbers. */
function rightOrRefused(
  spec: Spec,
  options: unknown,
  check: (result: unknown) => void,
  names: readonly string[],
  good: Record<string, unknown>,
): void {
  let result: unknown;
  let refused = false;
  try {
    result = call(spec, options);
  } catch (error) {
    refused = true;
    expectNamedRefusal(error, spec.fn, names);
  }
  if (!refused) check(result);
  spec.check(good, call(spec, good));
}

describe('hostile options: right numbers or a named TypeError/RangeError, and the module keeps working', () => {
  for (const spec of [...CORE_SPECS, ...EXPERIMENT_SPECS]) {
    test(`${spec.name ?? spec.fn} with one option replaced by a hostile value`, () => {
      fc.assert(
        fc.property(spec.valid, fc.constantFrom(...spec.keys), hostileValue, (good, key, value) => {
          const options: Record<string, unknown> = { ...good, [key]: value };
          if (value === undefined) delete options[key];
          rightOrRefused(
            spec,
            options,
            (result) => spec.check(options, result),
            [key, ...(spec.related?.[key] ?? [])],
            good,
          );
        }),
        runs(120),
      );
    });

    test(`${spec.name ?? spec.fn} with a misspelt, unreadable or proxied options object`, () => {
      const misspelt = fc.constantFrom(...spec.keys).map((k) => `${k[0].toUpperCase()}${k.slice(1)}`);
      fc.assert(
        fc.property(spec.valid, fc.constantFrom(...spec.keys), misspelt, fc.nat(4), (good, key, wrong, how) => {
          const keys = Object.keys(good);
          if (how === 0) {
            // A misspelt key: TypeError naming it, never ignored.
            rightOrRefused(
              spec,
              { ...good, [wrong]: 1 },
              () => expect.fail(`unknown option '${wrong}' was accepted`),
              [wrong],
              good,
            );
          } else if (how === 1) {
            // A getter that throws: TypeError naming the option.
            const options = { ...good };
            delete (options as Record<string, unknown>)[key];
            Object.defineProperties(options, Object.getOwnPropertyDescriptors(throwingGetters([key])));
            rightOrRefused(spec, options, () => expect.fail(`the throwing ${key} getter went unnoticed`), [key], good);
          } else if (how === 2) {
            // A Proxy of good options, its traps counting reads: the right numbers, each option read once.
            const reads = new Map<PropertyKey, number>();
            const proxy = new Proxy(good, {
              get: (t, k, r) => (reads.set(k, (reads.get(k) ?? 0) + 1), Reflect.get(t, k, r)),
            });
            spec.check(good, call(spec, proxy));
            for (const k of keys) expect(reads.get(k) ?? 0, `reads of ${k}`).toBeLessThanOrEqual(1);
          } else if (how === 3) {
            // Not an options object at all.
            for (const bad of [null, undefined, 7, 'options', [good], () => good]) {
              rightOrRefused(spec, bad, () => expect.fail('a non-object was taken as options'), ['options'], good);
            }
          } else {
            // A revoked Proxy and one whose ownKeys trap throws.
            const revocable = Proxy.revocable(good, {});
            revocable.revoke();
            rightOrRefused(spec, revocable.proxy, () => expect.fail('a revoked Proxy was read'), ['options'], good);
            const sneaky = new Proxy(good, {
              ownKeys: () => {
                throw new Error('no keys');
              },
            });
            rightOrRefused(spec, sneaky, () => expect.fail('an unreadable options object was read'), ['options'], good);
          }
        }),
        runs(30),
      );
    });
  }
});
