// "Copy as code" in a chart's Save… menu: the dialog shows the snippet of the
// table the chart draws, in the framework chosen; the NumPy one is run by
// tests/unit/code-snippets.test.ts.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, openPage } from './support/chromium.js';
import { waitForCharts } from './support/charts.js';
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

describe('copy as code', () => {
  test("the heatmap's Save… menu opens the snippet of its table; the framework can be changed; Escape returns focus", async () => {
    const { page, errors, close } = await openPage(
      browser,
      `${server.url}?dModel=32&positions=50&layout=split&spacing=tensor2tensor`,
    );
    const heatmap = page.locator('#heatmap phasor-heatmap'); // the section's chart (the first screen has another)
    await waitForCharts(page, ['#heatmap phasor-heatmap']);
    await heatmap.locator('.save-toggle').click();
    await heatmap.locator('.save-menu button', { hasText: 'Copy as code…' }).click();
    const dialog = heatmap.locator('dialog.code');
    await dialog.waitFor();
    const code = () => dialog.locator('code').textContent();
    expect(await code()).toContain('import torch');
    expect(await code()).toContain(
      "# phasor: ph.encode({ positions: 50, dModel: 32, base: 10000, offset: 0, layout: 'split', spacing: 'tensor2tensor' })",
    );
    await dialog.locator('select').selectOption('numpy');
    expect(await code()).toContain('import numpy as np');
    expect(await code()).toMatch(/table = np\.concatenate\(\[sines, cosines\], axis=1\)/);
    await dialog.locator('select').selectOption('tensorflow');
    expect(await code()).toContain('tf.concat([sines, cosines], axis=1)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await heatmap.evaluate((el) => el.shadowRoot!.activeElement?.className)).toBe('save-toggle');
    expect(errors).toEqual([]);
    await close();
  });

  test('Copy as code chosen before the chart has drawn opens once it draws, with the table drawn', async () => {
    const { page, errors, close } = await openPage(browser, `${server.url}?dModel=32&positions=50`);
    const heatmap = page.locator('#heatmap phasor-heatmap');
    await heatmap.waitFor({ state: 'attached' });
    // Clicked by script, so nothing scrolls the chart into sight: out of sight, it has not drawn yet.
    const rendersAtClick = await heatmap.evaluate((el) => {
      const root = el.shadowRoot!;
      root.querySelector<HTMLButtonElement>('.save-toggle')!.click();
      const items = Array.from(root.querySelectorAll<HTMLButtonElement>('.save-menu button'));
      items.find((item) => item.textContent === 'Copy as code…')!.click();
      return (el as unknown as { renders: number }).renders;
    });
    expect(rendersAtClick).toBe(0);
    await heatmap.scrollIntoViewIfNeeded();
    const dialog = heatmap.locator('dialog.code');
    await dialog.waitFor();
    expect(await dialog.locator('code').textContent()).toContain(
      "# phasor: ph.encode({ positions: 50, dModel: 32, base: 10000, offset: 0, layout: 'interleaved', spacing: 'paper' })",
    );
    expect(errors).toEqual([]);
    await close();
  });

  test('charts without a table of their own (the dot product) have no Copy as code entry', async () => {
    const { page, close } = await openPage(browser, server.url);
    await waitForCharts(page, ['phasor-dot-offset']);
    const labels = await page.locator('phasor-dot-offset .save-menu button').allTextContents();
    expect(labels).toEqual(['PNG', 'SVG', 'CSV']);
    await close();
  });
});
