// Every documented refusal has the error type docs/errors.md states (its
// tables "what you gave | error", which docs/api.md's "Bad options throw"
// summarises), for every public function and each of its options: the type
// each check expects is read from the row of docs/errors.md that documents
// it, so the page and the behaviour cannot drift apart (a row missing from
// the page fails too). As documented: a missing required option, a misspelt
// one, null, a value of the wrong type, a getter that throws and something
// that is not an options object are TypeErrors; a value out of range (NaN
// for a number, an unknown name for a choice) is a RangeError; an array that
// is not a plain typed array of the documented type (a subclass, a Proxy, a
// SharedArrayBuffer's, a detached one) is a TypeError. Each message starts
// `phasor.<function>: ` and names the option as spelt (or one checked with
// it). The valid options each walk starts from are the property tests' (one
// seeded sample per function), and a few functions that have no property
// spec get one written here.
import { readFileSync } from 'node:fs';
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

type ErrorType = 'TypeError' | 'RangeError';

/** docs/errors.md's table rows: what was given (the first cell) and the error type its second cell names. */
const ERRORS_PAGE = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const DOCUMENTED_ROWS = ERRORS_PAGE.split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
  .map((line) => line.split(' | '))
  .filter((cells) => cells.length >= 2)
  .map((cells) => ({ given: cells[0].slice(2), type: /`(TypeError|RangeError)`/.exec(cells[1])?.[1] as ErrorType }))
  .filter((row) => row.type !== undefined);

/** The error type docs/errors.md gives the refusal whose row begins with `given`. */
function documented(given: string): ErrorType {
  const rows = DOCUMENTED_ROWS.filter((row) => row.given.startsWith(given));
  if (rows.length !== 1) throw new Error(`docs/errors.md has ${rows.length} rows beginning "${given}"`);
  return rows[0].type;
}

/** Each check of the walk below and the row of docs/errors.md that documents it. */
const DOC = {
  notOptions: 'something that is not an options object',
  unknown: 'an option it does not know',
  missing: 'no value for a required option',
  wrongType: 'a value of the wrong type',
  getter: 'an option whose getter throws',
  range: 'a number out of its range',
  subclass: 'a subclass of a typed array',
  proxy: 'a Proxy of a typed array',
  shared: 'an array backed by a `SharedArrayBuffer`',
  detached: 'a detached array',
} as const;

test('docs/errors.md documents each refusal the walk checks, with one error type', () => {
  expect(Object.fromEntries(Object.entries(DOC).map(([key, given]) => [key, documented(given)]))).toEqual({
    notOptions: 'TypeError',
    unknown: 'TypeError',
    missing: 'TypeError',
    wrongType: 'TypeError',
    getter: 'TypeError',
    range: 'RangeError',
    subclass: 'TypeError',
    proxy: 'TypeError',
    shared: 'TypeError',
    detached: 'TypeError',
  });
});

describe('each documented refusal has its documented type', () => {
  for (const w of walked()) {
    test(`${w.name}: missing, misspelt, null, wrong type, throwing getter, out of range, foreign arrays`, () => {
      const problems: string[] = [];
      const call = (options: unknown) => (ph[w.fn] as (o: unknown) => unknown).call(ph, options);
      /** Expects a refusal of `type` naming one of `names` (the option, or one checked with it). */
      const expectRefusal = (what: string, options: unknown, type: ErrorType, names: string[]) => {
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
      const revoked = Proxy.revocable({}, {});
      revoked.revoke();
      for (const [what, options] of [
        ['null', null],
        ['a number', 7],
        ['an array', [w.good]],
        ['a revoked Proxy', revoked.proxy],
      ] as const)
        expectRefusal(`options ${what}`, options, documented(DOC.notOptions), ['options']);
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
          else if (documented(DOC.missing) !== 'TypeError') problems.push(`${key} missing: the page changed`);
          else if (e instanceof TypeError && !(e.message.includes(key) && e.message.startsWith(`phasor.${w.fn}: `)))
            problems.push(`${key} missing: ${e.message}`);
        }
        if (!NULL_ALLOWED.has(`${w.fn}.${key}`))
          expectRefusal(`${key} null`, { ...w.good, [key]: null }, documented(DOC.wrongType), names);
        expectRefusal(`${key} misspelt`, { ...w.good, [`${key}X`]: given ?? 1 }, documented(DOC.unknown), [`${key}X`]);
        const getter = { ...w.good };
        delete getter[key];
        Object.defineProperties(getter, Object.getOwnPropertyDescriptors(throwingGetters([key])));
        expectRefusal(`${key} getter throws`, getter, documented(DOC.getter), [key]);
        if (typeof given === 'number') {
          expectRefusal(`${key} a string`, { ...w.good, [key]: 'x' }, documented(DOC.wrongType), names);
          expectRefusal(`${key} NaN`, { ...w.good, [key]: NaN }, documented(DOC.range), names);
        } else if (typeof given === 'boolean') {
          expectRefusal(`${key} a string`, { ...w.good, [key]: 'yes' }, documented(DOC.wrongType), names);
        } else if (typeof given === 'string') {
          expectRefusal(`${key} a number`, { ...w.good, [key]: 7 }, documented(DOC.wrongType), names);
          // A name where a name or an array is taken: a value of the wrong type, not one out of range.
          const unknownName = documented(NAME_OR_ARRAY.has(`${w.fn}.${key}`) ? DOC.wrongType : DOC.range);
          expectRefusal(`${key} an unknown name`, { ...w.good, [key]: 'nonsense' }, unknownName, names);
        } else if (given instanceof Float32Array || given instanceof Float64Array) {
          const Type = given instanceof Float32Array ? Float32Array : Float64Array;
          const foreign: [string, unknown][] = [
            [DOC.subclass, given instanceof Float32Array ? new Sub(given) : null],
            [DOC.proxy, new Proxy(new Type(given), {})],
            [DOC.shared, new Type(new SharedArrayBuffer(given.byteLength) as unknown as ArrayBuffer)],
            [DOC.detached, detached(new Type(given))],
          ];
          for (const [what, value] of foreign)
            if (value !== null) expectRefusal(`${key} ${what}`, { ...w.good, [key]: value }, documented(what), names);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
