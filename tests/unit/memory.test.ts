import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { createPhasor } from '../../web/src/core/index.js';
import { maxAbsDiff, peRow } from './reference.js';

// Given its bytes, createPhasor makes a new instance instead of handing out
// the shared one: a test then knows its instance's history.
const scalarWasm = () => readFileSync(new URL('../../build/core/wasm/phasor-scalar.wasm', import.meta.url));

describe('results and wasm memory', () => {
  test('a result still reads the right numbers after later calls grow the wasm memory', async () => {
    const ph = await createPhasor({ kernels: 'scalar', wasmBinary: scalarWasm() }); // fresh memory: growth is visible
    const small = ph.encode({ positions: 64, dModel: 32 });
    const dots = ph.dotByOffset({ dModel: 32, maxOffset: 10 });
    const before = ph.memoryBytes;
    ph.encode({ positions: 300_000, dModel: 128 }); // 154 MB: forces growth
    expect(ph.memoryBytes).toBeGreaterThan(before);
    expect(small.table.length).toBe(64 * 32);
    const want = Array.from({ length: 64 }, (_, p) => Array.from(peRow(p, 32))).flat();
    expect(maxAbsDiff(small.table, want)).toBeLessThan(6e-8);
    expect(dots[0]).toBe(16);
  });

  test('repeated calls do not grow the wasm memory: results are freed on the wasm side', async () => {
    const ph = await createPhasor();
    for (let i = 0; i < 5; i++) ph.encode({ positions: 512, dModel: 512 });
    const settled = ph.memoryBytes;
    for (let i = 0; i < 300; i++) {
      ph.encode({ positions: 512, dModel: 512 });
      ph.distanceMatrix({ positions: 300, dModel: 64 });
      ph.rotation({ dModel: 64, k: 3, positions: 100 });
      ph.pairwise({ rows: new Float32Array(64 * 16), dim: 16 });
      expect(() => ph.encode({ positions: 1, dModel: 3 })).toThrow(RangeError);
    }
    expect(ph.memoryBytes).toBe(settled);
  });

  test('createPhasor() shares one instance; kernels: "scalar" is a separate build', async () => {
    const [a, b, s] = await Promise.all([createPhasor(), createPhasor(), createPhasor({ kernels: 'scalar' })]);
    expect(a).toBe(b);
    expect(a.simd).toBe(true);
    expect(s.simd).toBe(false);
    await expect(createPhasor({ kernels: 'avx' as never })).rejects.toThrow(/kernels must be 'simd' or 'scalar'/);
  });
});

describe('the experiments module', () => {
  test('experiment methods explain that loadExperiments() is needed, then work once it has run', async () => {
    const ph = await createPhasor({ kernels: 'scalar', wasmBinary: scalarWasm() }); // a new instance, never given experiments
    expect(ph.hasExperiments).toBe(false);
    expect(() => ph.alibiSlopes({ heads: 8 })).toThrow(/call `await ph\.loadExperiments\(\)` once first/);
    await ph.loadExperiments();
    expect(ph.hasExperiments).toBe(true);
    expect(Array.from(ph.alibiSlopes({ heads: 8 }))).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((h) => 2 ** -h));
    expect(await ph.loadExperiments()).toBe(ph);
  });
});
