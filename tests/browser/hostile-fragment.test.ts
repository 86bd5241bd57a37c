// The explorer opened at a fragment that is no valid percent-encoding
// (issue 32): index.html#% and #%E0%A4%A once threw at start-up in
// fragment.ts (decodeURIComponent), leaving no chart defined, dead controls
// and no "Check your table". Such a fragment names no section and is
// ignored: the page starts as at no fragment, with no error.
import { describe, expect, test } from 'vitest';
import { useExplorer } from './support/explorer.js';

const open = useExplorer();

describe('a hostile fragment is ignored, never stops the page', () => {
  for (const fragment of ['#%', '#%E0%A4%A', '#%ZZ', '#%25%']) {
    test(`index.html${fragment}: every chart draws, the controls work, "Check your table" is there`, async () => {
      const { page, errors } = await open(fragment);
      expect(await page.evaluate(() => location.hash)).toBe(fragment);
      // The controls still drive the charts: a new d_model reaches the heatmap.
      await page.fill('#positions', '300');
      await page.keyboard.press('Tab');
      await page.waitForFunction(
        () =>
          (document.querySelector('#heatmap phasor-heatmap') as unknown as { data(): { positions: number } }).data()
            ?.positions === 300,
      );
      await page.waitForSelector('#check-file', { state: 'attached' });
      expect(errors).toEqual([]);
    });
  }
});
