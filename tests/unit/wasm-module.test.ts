// The names the C++ core defines once (the limits' names, every enum's names
// in code order, the input slots, the scaling record's fields and defaults) reach the
// TypeScript through build/core/wasm/tables.js, which the wasm build writes
// from the experiments module (tools/finish-wasm.mjs). This holds all four
// built modules to that file and the public lists made from it, so a stale or
// partial build fails here. The functions and their argument counts:
// wasm-arity.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  ATTENTION_KINDS,
  FREQUENCY_RECIPES,
  LAYOUTS,
  METRICS,
  ODD_WIDTHS,
  ORDERS,
  PAIRINGS,
  PRECISIONS,
  ROPE_DIMS,
  ROPE_SCALING_TYPES,
  SHIFT_ENCODINGS,
  SPACINGS,
} from '../../web/src/core/index.js';
import type { ExperimentsWasm, ModuleCommon, ModuleFactory } from '../../web/src/core/wasm-module.js';
import { ENUM_NAMES, LIMIT_NAMES, RECORD_FIELDS, SCALING_DEFAULTS, SLOT_NAMES } from '../../build/core/wasm/tables.js';
import createCore from '../../build/core/wasm/phasor.js';
import createCoreScalar from '../../build/core/wasm/phasor-scalar.js';
import createExperiments from '../../build/core/wasm/phasor-experiments.js';
import createExperimentsScalar from '../../build/core/wasm/phasor-experiments-scalar.js';

async function load<W extends ModuleCommon>(factory: ModuleFactory<W>, file: string): Promise<W> {
  return factory({ wasmBinary: readFileSync(new URL(`../../build/core/wasm/${file}`, import.meta.url)) });
}

const MODULES = [
  ['phasor.wasm', createCore, false, true],
  ['phasor-scalar.wasm', createCoreScalar, false, false],
  ['phasor-experiments.wasm', createExperiments, true, true],
  ['phasor-experiments-scalar.wasm', createExperimentsScalar, true, false],
] as const;

describe('the names the core defines, as the TypeScript reads them', () => {
  for (const [file, factory, hasSlots, simd] of MODULES) {
    test(`${file} says whether it has SIMD kernels`, async () => {
      const wasm = await load(factory as ModuleFactory<ModuleCommon>, file);
      expect(wasm.limits()).toMatchObject({ maxDModel: 65536, simd });
    });

    test(`${file} reports the limits, enum names and records of build/core/wasm/tables.js`, async () => {
      const wasm = await load(factory as ModuleFactory<ModuleCommon>, file);
      expect(Object.keys(wasm.limits())).toEqual([...LIMIT_NAMES, 'simd']);
      for (const value of Object.values(wasm.limits()))
        expect(typeof value === 'number' ? value > 0 : value === simd).toBe(true);
      expect(wasm.enums()).toEqual(ENUM_NAMES);
      expect(wasm.recordFields()).toEqual(RECORD_FIELDS);
      // The public lists are the table's, in the same order.
      expect({
        layout: LAYOUTS,
        spacing: SPACINGS,
        order: ORDERS,
        oddWidth: ODD_WIDTHS,
        metric: METRICS,
        pairing: PAIRINGS,
        ropeDims: ROPE_DIMS,
        attentionKind: ATTENTION_KINDS,
        ropeScalingType: ROPE_SCALING_TYPES,
        shiftEncoding: SHIFT_ENCODINGS,
        precision: PRECISIONS,
        frequencyRecipe: FREQUENCY_RECIPES,
      }).toEqual(wasm.enums());
      if (hasSlots) {
        const experiments = wasm as unknown as ExperimentsWasm;
        const slots = experiments.inputSlots();
        expect(
          Object.keys(slots).sort((a, b) => slots[a as keyof typeof slots] - slots[b as keyof typeof slots]),
        ).toEqual(SLOT_NAMES);
        expect(Object.values(slots).sort((a, b) => a - b)).toEqual(SLOT_NAMES.map((_, i) => i));
        expect(experiments.scalingDefaults()).toEqual(SCALING_DEFAULTS);
        expect(Object.keys(SCALING_DEFAULTS)).toEqual(RECORD_FIELDS.ScalingRecord);
      }
    });
  }

  test('a refused call returns a string and a good call a typed array, as declared', async () => {
    const wasm = await load(createCore, 'phasor.wasm');
    const table = { positions: 1, base: 10000, offset: 0, layout: 0, spacing: 0, order: 0, oddWidth: 0 };
    const rest = { maxFrequency: 1, scale: 1, hasPadding: false, paddingIdx: 0, buffer: false };
    expect(typeof wasm.encode({ ...table, dModel: 3, ...rest })).toBe('string');
    expect(wasm.encode({ ...table, dModel: 2, ...rest })).toBeInstanceOf(Float32Array);
    expect(wasm.encode({ ...table, dModel: 3, ...rest, oddWidth: 1, hasPadding: true, paddingIdx: 1 })).toBeInstanceOf(
      Float32Array,
    );
    expect(wasm.frequencies(4, 10000, false, 0, 0, 1)).toBeInstanceOf(Float64Array);
    expect(typeof wasm.rotationMaxError(4, 4, 10000, 0, 1, 0, 0)).toBe('number');
  });
});
