// wasm-module.ts declares the Embind modules by hand (Emscripten 3.1.6 has no
// --emit-tsd); this checks the declarations against the four built modules,
// and holds every name TypeScript writes down (enum names in code order, the
// limits' names, input slots, the scaling record's fields) to the tables the
// C++ core exports, so the build fails when the two sides disagree.
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
import {
  CORE_FUNCTIONS,
  EXPERIMENT_FUNCTIONS,
  LIMIT_NAMES,
  SCALING_FIELDS,
  SLOT_NAMES,
  type ExperimentsWasm,
  type ModuleCommon,
  type ModuleFactory,
} from '../../web/src/core/wasm-module.js';
import createCore from '../../build/core/wasm/phasor.js';
import createCoreScalar from '../../build/core/wasm/phasor-scalar.js';
import createExperiments from '../../build/core/wasm/phasor-experiments.js';
import createExperimentsScalar from '../../build/core/wasm/phasor-experiments-scalar.js';

async function load<W extends ModuleCommon>(factory: ModuleFactory<W>, file: string): Promise<W> {
  return factory({ wasmBinary: readFileSync(new URL(`../../build/core/wasm/${file}`, import.meta.url)) });
}

// Embind's and Emscripten's own registrations, not ours.
const EMSCRIPTEN_FUNCTIONS = new Set([
  'BindingError',
  'InternalError',
  'UnboundTypeError',
  'count_emval_handles',
  'get_first_emval',
  'run',
]);

function ourFunctions(module: object): string[] {
  const record = module as Record<string, unknown>;
  return Object.keys(record)
    .filter(
      (k) =>
        typeof record[k] === 'function' &&
        !k.startsWith('_') &&
        !k.startsWith('dynCall') &&
        !EMSCRIPTEN_FUNCTIONS.has(k),
    )
    .sort();
}

const MODULES = [
  ['phasor.wasm', createCore, CORE_FUNCTIONS, true],
  ['phasor-scalar.wasm', createCoreScalar, CORE_FUNCTIONS, false],
  ['phasor-experiments.wasm', createExperiments, EXPERIMENT_FUNCTIONS, true],
  ['phasor-experiments-scalar.wasm', createExperimentsScalar, EXPERIMENT_FUNCTIONS, false],
] as const;

describe('the hand-written wasm declarations', () => {
  for (const [file, factory, functions, simd] of MODULES) {
    test(`${file} exports exactly the declared functions and says whether it has SIMD kernels`, async () => {
      const wasm = await load(factory as ModuleFactory<ModuleCommon>, file);
      expect(ourFunctions(wasm)).toEqual([...functions].sort());
      expect(wasm.limits()).toMatchObject({ maxDModel: 65536, simd });
    });

    test(`${file} reports the limits, enum names and records TypeScript declares`, async () => {
      const wasm = await load(factory as ModuleFactory<ModuleCommon>, file);
      expect(Object.keys(wasm.limits()).sort()).toEqual([...LIMIT_NAMES, 'simd'].sort());
      for (const value of Object.values(wasm.limits()))
        expect(typeof value === 'number' ? value > 0 : value === simd).toBe(true);
      expect(wasm.enums()).toEqual({
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
      });
      if (functions === EXPERIMENT_FUNCTIONS) {
        const experiments = wasm as unknown as ExperimentsWasm;
        const slots = experiments.inputSlots();
        expect(Object.keys(slots).sort()).toEqual([...SLOT_NAMES].sort());
        expect(Object.values(slots).sort((a, b) => a - b)).toEqual(SLOT_NAMES.map((_, i) => i));
        expect(experiments.scalingFields()).toEqual(SCALING_FIELDS);
      }
    });
  }

  test('a refused call returns a string and a good call a typed array, as declared', async () => {
    const wasm = await load(createCore, 'phasor.wasm');
    expect(typeof wasm.encode(1, 3, 10000, 0, 0, 0, 0, 0, 1, 1, false, 0, false)).toBe('string');
    expect(wasm.encode(1, 2, 10000, 0, 0, 0, 0, 0, 1, 1, false, 0, false)).toBeInstanceOf(Float32Array);
    expect(wasm.encode(1, 3, 10000, 0, 0, 0, 0, 1, 1, 1, true, 1, false)).toBeInstanceOf(Float32Array);
    expect(wasm.frequencies(4, 10000, false, 0, 0, 1)).toBeInstanceOf(Float64Array);
    expect(typeof wasm.rotationMaxError(4, 4, 10000, 0, 1, 0, 0)).toBe('number');
  });
});
