// The explorer's layout and frequency-spacing selects: the framework
// conventions drawn from the wasm, kept in the URL.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, openPage } from './support/chromium.js';
import { renders, waitForCharts, waitForRender } from './support/charts.js';
import { serveSite, type StaticServer } from './support/static-server.js';

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  browser = await launchChromium();
  server = await serveSite();
});
afterAll(async () => {
  await server?.close();
  await browser?.close();
});

type Encoded = HTMLElement & { data(): { table: Float32Array; frequencies: Float64Array; dModel: number } };

describe('explorer: layout and frequency spacing', () => {
  test("?layout=split&spacing=tensor2tensor draws tensor2tensor's table: sines first, ω_i = base^(−i/(d/2−1))", async () => {
    const { page, errors, close } = await openPage(
      browser,
      `${server.url}?layout=split&spacing=tensor2tensor&dModel=16`,
    );
    await waitForCharts(page, ['phasor-heatmap', 'phasor-encoding', 'phasor-frequencies']);
    expect(await page.$eval('#layout', (el) => (el as HTMLSelectElement).value)).toBe('split');
    expect(await page.$eval('#spacing', (el) => (el as HTMLSelectElement).value)).toBe('tensor2tensor');
    const row1 = await page.$eval('phasor-heatmap', (el) => Array.from((el as Encoded).data().table.slice(16, 32)));
    for (let i = 0; i < 8; i++) {
      const w = 10000 ** (-i / 7);
      expect(Math.abs(row1[i] - Math.sin(w))).toBeLessThan(6e-8);
      expect(Math.abs(row1[8 + i] - Math.cos(w))).toBeLessThan(6e-8);
    }
    expect(errors).toEqual([]);
    await close();
  });

  test('choosing a layout by keyboard redraws the table and writes the URL', async () => {
    const { page, errors, close } = await openPage(browser, server.url);
    await waitForCharts(page, ['phasor-heatmap']);
    const drawn = await renders(page, 'phasor-heatmap');
    await page.focus('#layout');
    await page.keyboard.press('ArrowDown');
    await waitForRender(page, 'phasor-heatmap', drawn);
    expect(await page.$eval('phasor-heatmap', (el) => el.getAttribute('layout'))).toBe('split');
    await page.waitForFunction(() => location.search.includes('layout=split'));
    expect(errors).toEqual([]);
    await close();
  });
});
