// wasm-module.ts declares the Embind module by hand (Emscripten 3.1.6 has no
// --emit-tsd); this checks the declaration against the built modules.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { WASM_FUNCTIONS, type PhasorWasm } from '../../web/src/core/wasm-module.js';
import createSimd from '../../web/src/core/wasm/phasor.js';
import createScalar from '../../web/src/core/wasm/phasor-scalar.js';

async function load(factory: typeof createSimd, file: string): Promise<PhasorWasm> {
  return factory({ wasmBinary: readFileSync(new URL(`../../web/src/core/wasm/${file}`, import.meta.url)) });
}

// Embind's own registrations, not ours.
const EMSCRIPTEN_FUNCTIONS = new Set([
  'BindingError',
  'InternalError',
  'UnboundTypeError',
  'count_emval_handles',
  'get_first_emval',
  'run',
]);

describe('the hand-written wasm declarations', () => {
  for (const [name, factory, file] of [
    ['SIMD', createSimd, 'phasor.wasm'],
    ['scalar', createScalar, 'phasor-scalar.wasm'],
  ] as const) {
    test(`the ${name} module exports exactly the declared functions`, async () => {
      const wasm = (await load(factory, file)) as unknown as Record<string, unknown>;
      const exported = Object.keys(wasm)
        .filter((k) => typeof wasm[k] === 'function' && !k.startsWith('_') && !k.startsWith('dynCall') && !EMSCRIPTEN_FUNCTIONS.has(k))
        .sort();
      expect(exported).toEqual([...WASM_FUNCTIONS].sort());
      expect((wasm as unknown as PhasorWasm).limits()).toMatchObject({ maxDModel: 65536, simd: name === 'SIMD' });
    });
  }

  test('a refused call returns a string and a good call a typed array, as declared', async () => {
    const wasm = await load(createSimd, 'phasor.wasm');
    expect(typeof wasm.encode(1, 3, 10000, 0, 0)).toBe('string');
    expect(wasm.encode(1, 2, 10000, 0, 0)).toBeInstanceOf(Float32Array);
    expect(wasm.frequencies(4, 10000, false)).toBeInstanceOf(Float64Array);
    expect(typeof wasm.rotationMaxError(4, 4, 10000, 0, 1, 0)).toBe('number');
  });
});
