// ph.identify under property test: a table drawn from random general options
// (the float64 reference rows, as Float64Array or Float32Array) is matched,
// its best candidate exact, within float32 rounding of every value.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Identification, IdentifyOptions, Layout, Spacing } from '../../../web/src/core/index.js';
import * as R from './references.js';
import type { Spec } from './spec.js';

/** How each generated table was made (hostile options keep the table object). */
const made = new WeakMap<object, { positions: number; dModel: number }>();

export const identify: Spec<IdentifyOptions> = {
  fn: 'identify' as Spec['fn'],
  keys: ['table', 'positions', 'dModel'],
  // A wrong positions or dModel is refused as a table of the wrong length.
  related: { positions: ['table'], dModel: ['table'] },
  runs: 60,
  valid: fc
    .record({
      positions: fc.integer({ min: 16, max: 64 }),
      dModel: fc.integer({ min: 2, max: 24 }).map((h) => 2 * h),
      // Bases as people write them (identify rounds a fitted base to three figures).
      base: fc.tuple(fc.integer({ min: 11, max: 99 }), fc.integer({ min: 2, max: 4 })).map(([m, e]) => m * 10 ** e),
      offset: fc.integer({ min: 0, max: 100 }),
      layout: fc.constantFrom<Layout>('interleaved', 'split'),
      spacing: fc.constantFrom<Spacing>('paper', 'tensor2tensor'),
      float32: fc.boolean(),
    })
    .map((o) => {
      const omega = R.frequencies(o.dModel, o.base, o.spacing);
      const rows = Array.from({ length: o.positions }, (_, r) => R.peRow(o.offset + r, omega, o.layout));
      const table = o.float32 ? new Float32Array(o.positions * o.dModel) : new Float64Array(o.positions * o.dModel);
      rows.forEach((row, r) => table.set(row, r * o.dModel));
      made.set(table, { positions: o.positions, dModel: o.dModel });
      return { table, positions: o.positions, dModel: o.dModel };
    }),
  check(o, result) {
    const r = result as Identification;
    const shape = made.get(o.table);
    if (!shape || shape.positions !== o.positions || shape.dModel !== o.dModel) return; // a reshaped table: any answer
    expect(r.match).toBe(true);
    expect(r.exact).toBe(true); // the float64 reference rounded once: the exact table
    expect(r.precision).toBe('exact');
    expect(r.candidates[0].differs).toEqual([]);
    expect(r.candidates[0].maxError).toBeLessThanOrEqual(6e-8);
    expect(r.candidates[0].options).toMatchObject({ positions: o.positions, dModel: o.dModel });
  },
};
