// phasor/lean in Node: the wasm is read from the file next to the module (a
// file: URL), with no inlined bytes involved.
import { describe, expect, test, vi } from 'vitest';
import { createPhasor } from '../../web/src/core/lean.js';
import * as inline from '../../web/src/core/wasm-inline.js';

describe('phasor/lean', () => {
  test('reads phasor.wasm and phasor-experiments.wasm from disk in Node and computes the seed table', async () => {
    const locate = vi.spyOn(inline.inlineSource, 'locate');
    const ph = await createPhasor({ experiments: true });
    expect(locate).not.toHaveBeenCalled();
    const table = Array.from(ph.encode({ positions: 5, dModel: 4 }).table);
    const want = [0, 1, 2, 3, 4].flatMap((p) => [Math.sin(p), Math.cos(p), Math.sin(p / 100), Math.cos(p / 100)]);
    table.forEach((v, i) => expect(Math.abs(v - want[i])).toBeLessThan(6e-8));
    expect(Array.from(ph.alibiSlopes({ heads: 4 }))).toEqual([0.25, 0.0625, 0.015625, 0.00390625]);
  });
});
