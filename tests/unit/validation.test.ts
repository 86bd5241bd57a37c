import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor();
});

// Each case: the call, the error class, and what its message must say.
const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
  [
    'odd dModel',
    () => ph.encode({ positions: 4, dModel: 7 }),
    RangeError,
    /phasor\.encode: dModel must be even when oddWidth is 'error' \(the paper's rule\); got 7 \(oddWidth 'zeroColumn' or 'extraSine' take odd widths\)/,
  ],
  [
    'zero dModel',
    () => ph.encode({ positions: 4, dModel: 0 }),
    RangeError,
    /dModel must be an integer in \[1, 65536\]; got 0/,
  ],
  [
    'negative positions',
    () => ph.encode({ positions: -3, dModel: 8 }),
    RangeError,
    /positions must be an integer in \[1, 67108864\]; got -3/,
  ],
  [
    'fractional positions',
    () => ph.encode({ positions: 2.5, dModel: 8 }),
    RangeError,
    /positions must be an integer.*got 2\.5/,
  ],
  [
    'NaN positions',
    () => ph.encode({ positions: NaN, dModel: 8 }),
    RangeError,
    /positions must be an integer in \[1, 67108864\]; got NaN/,
  ],
  [
    'base 1',
    () => ph.encode({ positions: 4, dModel: 8, base: 1 }),
    RangeError,
    /base must be a finite number in \(1, 1e\+300\]; got 1/,
  ],
  [
    'base NaN',
    () => ph.encode({ positions: 4, dModel: 8, base: NaN }),
    RangeError,
    /base must be a finite number in \(1, 1e\+300\]; got NaN/,
  ],
  [
    'infinite offset',
    () => ph.encode({ positions: 4, dModel: 8, offset: Infinity }),
    RangeError,
    /offset must be a finite number in/,
  ],
  [
    'unknown layout',
    () => ph.encode({ positions: 4, dModel: 8, layout: 'columns' as never }),
    RangeError,
    /layout must be one of 'interleaved', 'split'; got "columns"/,
  ],
  [
    'string dModel',
    () => ph.encode({ positions: 4, dModel: '512' as never }),
    TypeError,
    /dModel must be a number; got "512"/,
  ],
  ['missing positions', () => ph.encode({ dModel: 8 } as never), TypeError, /option 'positions' is required/],
  ['misspelt option', () => ph.encode({ positions: 4, dmodel: 8 } as never), TypeError, /unknown option 'dmodel'/],
  ['no options', () => ph.encode(undefined as never), TypeError, /expected an options object; got undefined/],
  [
    'table over 256 MiB',
    () => ph.encode({ positions: 1 << 20, dModel: 4096 }),
    RangeError,
    /would take 17179869184 bytes, more than the 268435456/,
  ],
  [
    'negative maxOffset',
    () => ph.dotByOffset({ dModel: 8, maxOffset: -1 }),
    RangeError,
    /phasor\.dotByOffset: maxOffset must be an integer in \[0,/,
  ],
  [
    'normalize not boolean',
    () => ph.dotByOffset({ dModel: 8, maxOffset: 3, normalize: 1 as never }),
    TypeError,
    /normalize must be true or false/,
  ],
  [
    'matrix too large',
    () => ph.distanceMatrix({ positions: 100000, dModel: 8 }),
    RangeError,
    /phasor\.distanceMatrix: the matrix .* would take 40000000000 bytes/,
  ],
  [
    'unknown metric',
    () => ph.similarityMatrix({ positions: 4, dModel: 8, metric: 'l2' as never }),
    RangeError,
    /metric must be one of 'dot', 'cosine'/,
  ],
  [
    'rows not Float32Array',
    () => ph.pairwise({ rows: [1, 2] as never, dim: 1 }),
    TypeError,
    /rows must be a plain Float32Array/,
  ],
  [
    'rows not a multiple of dim',
    () => ph.pairwise({ rows: new Float32Array(5), dim: 2 }),
    RangeError,
    /must be a positive multiple of dim/,
  ],
  [
    'NaN k',
    () => ph.rotation({ dModel: 8, k: NaN, positions: 4 }),
    RangeError,
    /phasor\.rotation: k must be a finite number/,
  ],
  [
    'rotation dModel too large',
    () => ph.rotation({ dModel: 65536, k: 1, positions: 1 }),
    RangeError,
    /rotation matrix .* bytes, more than/,
  ],
];

describe('invalid options', () => {
  for (const [what, call, type, message] of cases) {
    test(`${what} throws ${type.name} naming the option and range, and the module keeps working`, () => {
      expect(call).toThrow(type);
      expect(call).toThrow(message);
      const { table } = ph.encode({ positions: 2, dModel: 2 });
      expect(Array.from(table)).toEqual([0, 1, Math.fround(Math.sin(1)), Math.fround(Math.cos(1))]);
    });
  }
});
