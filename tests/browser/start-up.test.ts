// What the built explorer does at start-up to keep its first tasks short
// (web/explorer/section-controls.ts, the font preloads of
// web/tools/katex-plugin.ts): the sections' controls are out of the page while
// Chromium's form scan runs at DOMContentLoaded and back in their places
// after, and the fonts of the first screen's formulas are preloaded, fetched
// once and used; and a link to a section lands on that section
// (web/explorer/fragment.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitForCharts } from './support/charts.js';
import { launchChromium, openRecordingPage } from './support/chromium.js';
import { serveSite, type StaticServer } from './support/static-server.js';

let server: StaticServer;
let browser: Browser;
beforeAll(async () => {
  server = await serveSite();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openExplorer(problems: string[]): Promise<Page> {
  const page = await openRecordingPage(browser, problems);
  await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
    window.__atContentLoaded = document.querySelectorAll('.chart-section input, .chart-section select, .chart-section textarea').length;
  })`);
  await page.goto(server.url);
  await waitForCharts(page);
  return page;
}

describe('the explorer at start-up', () => {
  test("the sections' controls are out of the page at DOMContentLoaded and back in their places after, working", async () => {
    const problems: string[] = [];
    const page = await openExplorer(problems);
    expect(await page.evaluate(() => (window as unknown as { __atContentLoaded: number }).__atContentLoaded)).toBe(0);
    // Each section's controls with where they sit (the path from the section, with the previous sibling at each level), as served and as in the page now.
    const { served, live } = await page.evaluate(async () => {
      const where = (root: ParentNode) =>
        [...root.querySelectorAll('.chart-section input, .chart-section select, .chart-section textarea')].map((control) => {
          const path: string[] = [];
          for (let el: Element | null = control; el && el.localName !== 'section'; el = el.parentElement) {
            // (classes of the control itself are the scripts' to add)
            path.push(`${el === control ? el.localName : `${el.localName}.${el.className}`} after ${el.previousElementSibling?.localName ?? '-'}.${el.previousElementSibling?.className ?? ''}`);
          }
          return `${control.closest('section')!.id} ${control.id || (control as HTMLInputElement).name}: ${path.join(' < ')}`;
        });
      const html = await (await fetch(location.href)).text();
      return { served: where(new DOMParser().parseFromString(html, 'text/html')), live: where(document) };
    });
    expect(served.length).toBeGreaterThan(10);
    // The check-table section's form is built by its own script, after start-up.
    expect(live.filter((control) => !control.startsWith('check-table '))).toEqual(served);
    // Put back working: a section control still drives its chart.
    const before = await page.$eval('phasor-dot-offset', (el) => el.getAttribute('normalize'));
    await page.check('#normalize');
    await expect.poll(() => page.$eval('phasor-dot-offset', (el) => el.getAttribute('normalize'))).not.toBe(before);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("the first screen's formula fonts are preloaded, fetched once each and used", async () => {
    const problems: string[] = [];
    const page = await openExplorer(problems);
    const preloads = await page.$$eval('link[rel="preload"][as="font"]', (links) => links.map((l) => (l as HTMLLinkElement).href));
    const fonts = ['KaTeX_Main-Regular', 'KaTeX_Math-Italic', 'KaTeX_Size1-Regular', 'KaTeX_Size2-Regular'];
    expect(preloads).toHaveLength(fonts.length);
    preloads.forEach((href, n) => expect(href.split('/').pop()!.startsWith(`${fonts[n]}-`), href).toBe(true));
    await page.evaluate(() => document.fonts.ready);
    const fetched = await page.evaluate((urls) => urls.map((url) => performance.getEntriesByType('resource').filter((e) => e.name === url).length), preloads);
    // Once: a preload whose request differs from the stylesheet's (crossorigin) would be fetched twice.
    expect(fetched).toEqual([1, 1, 1, 1]);
    const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.style}`));
    for (const face of ['KaTeX_Main normal', 'KaTeX_Math italic', 'KaTeX_Size1 normal', 'KaTeX_Size2 normal']) expect(loaded).toContain(face);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a link to a section lands on it once the page has started, and a reader who scrolls is left where they scrolled', async () => {
    const problems: string[] = [];
    const page = await openRecordingPage(browser, problems);
    // [top of the section, room left to scroll down] once the charts are drawn and the formulas measured.
    const landing = async (hash: string) => {
      await page.goto('about:blank'); // a new load, not a jump within the page
      await page.goto(`${server.url}${hash}`);
      await waitForCharts(page);
      await page.waitForSelector('html[data-formulas-measured]', { state: 'attached' });
      await page.waitForTimeout(500);
      return page.evaluate((id) => [document.getElementById(id)!.getBoundingClientRect().top, document.documentElement.scrollHeight - scrollY - innerHeight], hash.slice(1));
    };
    // Before: #dot-offset ended 613 px below the top, #attention-patterns 475.
    for (const hash of ['#dot-offset', '#rotation', '#attention-patterns']) {
      const [top] = await landing(hash);
      expect(Math.abs(top), hash).toBeLessThanOrEqual(2);
    }
    // The last section cannot reach the top: the page is scrolled to its end.
    const [top, left] = await landing('#check-table');
    expect(top).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(1);
    // A reader who scrolls at once keeps their place.
    await page.goto('about:blank');
    await page.goto(`${server.url}#dot-offset`);
    await page.mouse.move(640, 450);
    await page.mouse.wheel(0, -400);
    await waitForCharts(page);
    await page.waitForSelector('html[data-formulas-measured]', { state: 'attached' });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.getElementById('dot-offset')!.getBoundingClientRect().top)).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    await page.close();
  });
});
