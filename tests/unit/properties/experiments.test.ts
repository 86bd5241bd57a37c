// Random valid options for every function of the experiments module give
// the numbers the float64 references give (experiment-specs.ts).
import fc from 'fast-check';
import { beforeAll, describe, test } from 'vitest';
import { createPhasor, type Phasor } from '../../../web/src/core/index.js';
import { EXPERIMENT_SPECS } from './experiment-specs.js';
import { runs } from './support.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

describe('RoPE, attention and the design experiments on random valid options', () => {
  for (const spec of EXPERIMENT_SPECS) {
    test(`${spec.name ?? spec.fn} returns the float64 reference's numbers for any valid options`, () => {
      fc.assert(
        fc.property(spec.valid, (options) => {
          spec.check(options, (ph[spec.fn] as (o: unknown) => unknown).call(ph, options));
        }),
        runs(spec.runs ?? 100),
      );
    });
  }
});
