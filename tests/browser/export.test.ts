// Saving charts as SVG, PNG and CSV, on the example post served with and
// without the strict Content-Security-Policy.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, openRecordingPage } from './support/chromium.js';
import { repoRoot } from './package/pack.js';
import { serveDirectory, STRICT_CSP, type StaticServer } from './support/static-server.js';
import { waitForCharts } from './support/charts.js';

let browser: Browser;
let open: StaticServer;
let strict: StaticServer;

beforeAll(async () => {
  browser = await launchChromium();
  open = await serveDirectory(join(repoRoot, 'build/embed'));
  strict = await serveDirectory(join(repoRoot, 'build/embed'), { 'content-security-policy': STRICT_CSP });
});
afterAll(async () => {
  await open?.close();
  await strict?.close();
  await browser?.close();
});

async function post(server: StaticServer, problems: string[]): Promise<Page> {
  const page = await openRecordingPage(browser, problems);
  await page.goto(`${server.url}post.html`);
  await waitForCharts(page);
  return page;
}

type Saving = HTMLElement & { toSVG(): string; toCSV(): string; toPNG(): Promise<{ blob: Blob; complete: boolean }> };

describe('saving a chart', () => {
  test('toCSV gives the distance matrix with a header row, matching |PE(p) − PE(q)|', async () => {
    const problems: string[] = [];
    const page = await post(strict, problems);
    const csv = await page.$eval('phasor-distance', (el) => (el as Saving).toCSV());
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(1001);
    expect(lines[0].split(',').slice(0, 3)).toEqual(['p \\ q', '0', '1']);
    const row2 = lines[3].split(',').map(Number);
    expect(row2[0]).toBe(2);
    expect(row2[3]).toBe(0); // p = q = 2
    // |PE(2) − PE(0)| at d = 1000, from the definition in float64.
    let sq = 0;
    for (let i = 0; i < 500; i++) {
      const w = 10000 ** (-2 * i / 1000);
      sq += (Math.sin(2 * w) - 0) ** 2 + (Math.cos(2 * w) - 1) ** 2;
    }
    expect(Math.abs(row2[1] - Math.sqrt(sq))).toBeLessThan(2e-6);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('toCSV of the dot-product chart has k, the closed form and one column per starting position', async () => {
    const page = await post(strict, []);
    const lines = (await page.$eval('phasor-dot-offset', (el) => (el as Saving).toCSV())).trim().split('\n');
    expect(lines[0]).toMatch(/^k,closed form sum cos\(w_i k\),dot PE\(0\)·PE\(0\+k\),dot PE\(100\)/);
    expect(lines).toHaveLength(102);
    expect(lines[1].split(',').slice(0, 2).map(Number)).toEqual([0, 64]); // PE(p)·PE(p) = d/2
    await page.close();
  });

  test('toSVG is a standalone SVG with the data as an embedded image and the axes as text, under the strict CSP', async () => {
    const problems: string[] = [];
    const page = await post(strict, problems);
    const svg = await page.$eval('phasor-heatmap', (el) => (el as Saving).toSVG());
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toMatch(/<image [^>]*href="data:image\/png;base64,/);
    expect(svg).toContain('dimension j');
    expect(svg).toContain('position p');
    const parsed = await page.evaluate((text) => new DOMParser().parseFromString(text, 'image/svg+xml').querySelector('parsererror') === null, svg);
    expect(parsed).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('toPNG rasterises the whole chart on an ordinary page, and the data layers under the strict CSP', async () => {
    for (const [server, complete] of [
      [open, true],
      [strict, false],
    ] as const) {
      const page = await post(server, []);
      const result = await page.$eval('phasor-frequencies', async (el) => {
        const png = await (el as Saving).toPNG();
        const bytes = new Uint8Array(await png.blob.arrayBuffer());
        return { complete: png.complete, size: bytes.length, signature: Array.from(bytes.slice(1, 4)), bytes: Array.from(bytes) };
      });
      writeFileSync(join(repoRoot, `tests/browser/screenshots/export-frequencies-${complete ? 'full' : 'csp'}.png`), Uint8Array.from(result.bytes));
      expect(result.complete).toBe(complete);
      expect(result.signature).toEqual([80, 78, 71]); // "PNG"
      expect(result.size).toBeGreaterThan(2000);
      await page.close();
    }
  });

  test('one Save… menu button per chart (one tab stop) opens PNG, SVG and CSV from the keyboard; no-export hides it', async () => {
    const page = await post(strict, []);
    const bar = await page.$eval('phasor-rotation', (el) => ({
      buttons: [...el.shadowRoot!.querySelectorAll('.save button')].filter((b) => (b as HTMLButtonElement).tabIndex >= 0).map((b) => b.textContent),
      items: [...el.shadowRoot!.querySelectorAll('.save [role="menuitem"]')].map((b) => b.textContent),
      expanded: el.shadowRoot!.querySelector('.save-toggle')!.getAttribute('aria-expanded'),
    }));
    expect(bar).toEqual({ buttons: ['Save…'], items: ['PNG', 'SVG', 'CSV'], expanded: 'false' });
    // Enter opens the menu on its first item; arrows move; Escape closes it and returns focus.
    await page.$eval('phasor-rotation', (el) => (el.shadowRoot!.querySelector('.save-toggle') as HTMLElement).focus());
    await page.keyboard.press('Enter');
    const focused = () => page.$eval('phasor-rotation', (el) => el.shadowRoot!.activeElement?.textContent ?? null);
    expect(await focused()).toBe('PNG');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('CSV');
    await page.keyboard.press('Escape');
    expect(await focused()).toBe('Save…');
    expect(await page.$eval('phasor-rotation', (el) => (el.shadowRoot!.querySelector('.save-menu') as HTMLElement).hidden)).toBe(true);
    const hidden = await page.$eval('phasor-rotation', (el) => {
      el.setAttribute('no-export', '');
      return getComputedStyle(el.shadowRoot!.querySelector('.save')!).display;
    });
    expect(hidden).toBe('none');
    await page.close();
  });
});
