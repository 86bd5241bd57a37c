// Random valid options for every function of the PE core give the numbers
// the float64 references give (core-specs.ts).
import fc from 'fast-check';
import { beforeAll, describe, test } from 'vitest';
import { createPhasor, type Phasor } from '../../../web/src/core/index.js';
import { CORE_SPECS } from './core-specs.js';
import { runs } from './support.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor();
});

describe('the PE core on random valid options', () => {
  for (const spec of CORE_SPECS) {
    test(`${spec.name ?? spec.fn} returns the float64 reference's numbers for any valid options`, () => {
      fc.assert(
        fc.property(spec.valid, (options) => {
          spec.check(options, (ph[spec.fn] as (o: unknown) => unknown).call(ph, options));
        }),
        runs(spec.runs ?? 120),
      );
    });
  }
});
