// Every documented refusal has the error type docs/errors.md (and the
// README's "Bad options throw") states, for every public function and each of
// its options: a missing required option, a misspelt one, null, a value of
// the wrong type and a getter that throws are TypeErrors; a value out of range
// (NaN for a number, an unknown name for a choice) is a RangeError; an array
// that is not a plain typed array of the documented type (a subclass, a
// Proxy, a SharedArrayBuffer's, a detached one) is a TypeError. Each message
// starts `phasor.<function>: ` and names the option as spelt (or one checked
// with it). The valid options each walk starts from are the property tests'
// (one seeded sample per function), and a few functions that have no property
// spec get one written here.
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { CORE_SPECS } from './properties/core-specs.js';
import { EXPERIMENT_SPECS } from './properties/experiment-specs.js';
import { detached, SEED, throwingGetters } from './properties/support.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

interface Walked {
  fn: keyof Phasor & string;
  name: string;
  good: Record<string, unknown>;
  keys: readonly string[];
  related: Record<string, readonly string[]>;
}

/** The functions without a property spec: a valid call each, its options listed. */
const WRITTEN: Walked[] = [{ first: 0, stride: 2, count: 4, dModel: 8, base: 100, spacing: 'paper' }].flatMap(
  (bins) => {
    const keys = ['first', 'stride', 'count', 'dModel', 'base', 'spacing'];
    const related = { first: ['p'], stride: ['count'], count: ['stride'] };
    return [
      {
        fn: 'encodeBins',
        name: 'encodeBins',
        good: { ...bins, layout: 'split', into: new Float32Array(32) },
        keys: [...keys, 'layout', 'into'],
        related,
      },
      {
        fn: 'encodeBinColumns',
        name: 'encodeBinColumns',
        good: { ...bins, layout: 'split', dims: [1, 2] },
        keys: [...keys, 'layout', 'dims'],
        related,
      },
      {
        fn: 'dotByOffsetBins',
        name: 'dotByOffsetBins',
        good: { ...bins, normalize: true },
        keys: [...keys, 'normalize'],
        related,
      },
      {
        fn: 'measuredDotBins',
        name: 'measuredDotBins',
        good: { ...bins, normalize: true, p: 3 },
        keys: [...keys, 'normalize', 'p'],
        related,
      },
      {
        fn: 'offsetRowBins',
        name: 'offsetRowBins',
        good: { ...bins, metric: 'cosine' },
        keys: [...keys, 'metric'],
        related,
      },
      {
        fn: 'rotationWindow',
        name: 'rotationWindow',
        good: { dModel: 8, base: 100, k: 3, layout: 'split', spacing: 'paper', row0: 0, col0: 0, rows: 4, cols: 4 },
        keys: ['dModel', 'base', 'k', 'layout', 'spacing', 'row0', 'col0', 'rows', 'cols'],
        related: { rows: ['row0', 'cols'], cols: ['col0', 'rows'], row0: ['rows'], col0: ['cols'] },
      },
      {
        fn: 'rotateEncoding',
        name: 'rotateEncoding',
        good: { dModel: 8, base: 100, k: 3, p: 5, layout: 'split', spacing: 'paper' },
        keys: ['dModel', 'base', 'k', 'p', 'layout', 'spacing'],
        related: { k: ['p'], p: ['k'] },
      },
      {
        fn: 'rotationMaxError',
        name: 'rotationMaxError',
        good: { dModel: 8, base: 100, k: 3, positions: 10, offset: 2, layout: 'split', spacing: 'paper' },
        keys: ['dModel', 'base', 'k', 'positions', 'offset', 'layout', 'spacing'],
        related: { k: ['offset', 'positions'], offset: ['k', 'positions'], positions: ['k', 'offset'] },
      },
      {
        fn: 'ropeRandomScores',
        name: 'ropeRandomScores',
        good: { dModel: 8, base: 100, maxDistance: 10, samples: 4, seed: 3 },
        keys: ['dModel', 'base', 'maxDistance', 'samples', 'seed'],
        related: { maxDistance: ['samples'], samples: ['maxDistance'] },
      },
    ] as Walked[];
  },
);

/** Options that take a name or an array (wq: 'random', 'identity' or a Float32Array): any other string is of the wrong type. */
const NAME_OR_ARRAY = new Set([
  'attentionScores.wq',
  'attentionScores.wk',
  'attentionScores.tokens',
  'attentionScores.positions',
  'scoreByOffset.wq',
  'scoreByOffset.wk',
  'scoreByOffset.token',
]);
/** Options whose documented values include null (paddingIdx: an integer or null, the default). */
const NULL_ALLOWED = new Set(['encode.paddingIdx']);

function walked(): Walked[] {
  const specs = [...CORE_SPECS, ...EXPERIMENT_SPECS].map((spec) => ({
    fn: spec.fn,
    name: spec.name ?? spec.fn,
    good: fc.sample(spec.valid, { seed: SEED, numRuns: 1 })[0] as Record<string, unknown>,
    keys: spec.keys,
    related: spec.related ?? {},
  }));
  return [...specs, ...WRITTEN];
}

class Sub extends Float32Array {}

describe('each documented refusal has its documented type', () => {
  for (const w of walked()) {
    test(`${w.name}: missing, misspelt, null, wrong type, throwing getter, out of range, foreign arrays`, () => {
      const problems: string[] = [];
      const call = (options: unknown) => (ph[w.fn] as (o: unknown) => unknown).call(ph, options);
      /** Expects a refusal of `type` naming one of `names` (the option, or one checked with it). */
      const expectRefusal = (what: string, options: unknown, type: 'TypeError' | 'RangeError', names: string[]) => {
        let error: unknown;
        try {
          call(options);
        } catch (e) {
          error = e;
        }
        const message = error instanceof Error ? error.message : '';
        if (error === undefined) problems.push(`${what}: accepted`);
        else if ((error as Error).constructor.name !== type)
          problems.push(`${what}: ${(error as Error).constructor.name} (want ${type}): ${message}`);
        else if (!message.startsWith(`phasor.${w.fn}: `))
          problems.push(`${what}: no phasor.${w.fn} prefix: ${message}`);
        else if (!names.some((n) => message.includes(n)))
          problems.push(`${what}: names none of ${names.join(', ')}: ${message}`);
        // The module keeps working.
        call(w.good);
      };
      call(w.good); // the starting point is valid
      for (const key of w.keys) {
        const names = [key, ...(w.related[key] ?? [])];
        const given = w.good[key];
        const without = { ...w.good };
        delete without[key];
        // Missing: optional (the call goes through, or its default does not fit the
        // other options: a RangeError), or a TypeError naming it.
        try {
          call(without);
        } catch (e) {
          if (!(e instanceof TypeError || e instanceof RangeError))
            problems.push(`${key} missing: ${(e as Error).constructor.name}: ${(e as Error).message}`);
          else if (e instanceof TypeError && !(e.message.includes(key) && e.message.startsWith(`phasor.${w.fn}: `)))
            problems.push(`${key} missing: ${e.message}`);
        }
        if (!NULL_ALLOWED.has(`${w.fn}.${key}`))
          expectRefusal(`${key} null`, { ...w.good, [key]: null }, 'TypeError', names);
        expectRefusal(`${key} misspelt`, { ...w.good, [`${key}X`]: given ?? 1 }, 'TypeError', [`${key}X`]);
        const getter = { ...w.good };
        delete getter[key];
        Object.defineProperties(getter, Object.getOwnPropertyDescriptors(throwingGetters([key])));
        expectRefusal(`${key} getter throws`, getter, 'TypeError', [key]);
        if (typeof given === 'number') {
          expectRefusal(`${key} a string`, { ...w.good, [key]: 'x' }, 'TypeError', names);
          expectRefusal(`${key} NaN`, { ...w.good, [key]: NaN }, 'RangeError', names);
        } else if (typeof given === 'boolean') {
          expectRefusal(`${key} a string`, { ...w.good, [key]: 'yes' }, 'TypeError', names);
        } else if (typeof given === 'string') {
          expectRefusal(`${key} a number`, { ...w.good, [key]: 7 }, 'TypeError', names);
          const unknownName = NAME_OR_ARRAY.has(`${w.fn}.${key}`) ? 'TypeError' : 'RangeError';
          expectRefusal(`${key} an unknown name`, { ...w.good, [key]: 'nonsense' }, unknownName, names);
        } else if (given instanceof Float32Array || given instanceof Float64Array) {
          const Type = given instanceof Float32Array ? Float32Array : Float64Array;
          const foreign: [string, unknown][] = [
            ['a subclass', given instanceof Float32Array ? new Sub(given) : null],
            ['a Proxy', new Proxy(new Type(given), {})],
            ['a SharedArrayBuffer', new Type(new SharedArrayBuffer(given.byteLength) as unknown as ArrayBuffer)],
            ['a detached array', detached(new Type(given))],
          ];
          for (const [what, value] of foreign)
            if (value !== null) expectRefusal(`${key} ${what}`, { ...w.good, [key]: value }, 'TypeError', names);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
