// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { createPhasor } from 'phasor/lean';

test('under jsdom phasor/lean reads the .wasm from disk (no fetch of a file: URL)', async () => {
  const ph = await createPhasor();
  globalThis.phasorReport?.('lean-jsdom', { table: Array.from(ph.encode({ positions: 5, dModel: 4 }).table) });
  expect(ph.simd).toBe(true);
});
