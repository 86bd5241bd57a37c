// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { createPhasor } from 'phasor';

test('under jsdom createPhasor computes the seed table and the experiments, and the elements are defined', async () => {
  expect(typeof window).toBe('object');
  const ph = await createPhasor({ experiments: true });
  globalThis.phasorReport?.('jsdom', { table: Array.from(ph.encode({ positions: 5, dModel: 4 }).table), slopes: Array.from(ph.alibiSlopes({ heads: 8 })) });
  await import('phasor/elements');
  expect(customElements.get('phasor-heatmap')).toBeTypeOf('function');
});
