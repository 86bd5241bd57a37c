// Saving charts as SVG, PNG and CSV, on the example post served with and
// without the strict Content-Security-Policy.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, openRecordingPage } from './support/chromium.js';
import { repoRoot } from './package/pack.js';
import { serveDirectory, STRICT_CSP, type StaticServer } from './support/static-server.js';
import { pixelReader, waitForCharts } from './support/charts.js';

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

type Saving = HTMLElement & {
  toSVG(): string;
  toCSV(): string;
  toPNG(scale?: number): Promise<{ blob: Blob; complete: boolean }>;
};

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
      const w = 10000 ** ((-2 * i) / 1000);
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
    const parsed = await page.evaluate(
      (text) => new DOMParser().parseFromString(text, 'image/svg+xml').querySelector('parsererror') === null,
      svg,
    );
    expect(parsed).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('toPNG holds the axes, their labels and the data, on an ordinary page and under the strict CSP with no violation', async () => {
    for (const [server, name] of [
      [open, 'full'],
      [strict, 'csp'],
    ] as const) {
      const problems: string[] = [];
      const page = await post(server, problems);
      const found = await page.$eval(
        'phasor-frequencies',
        async (el, pixels) => {
          const png = await (el as Saving).toPNG(1);
          const bitmap = await createImageBitmap(png.blob);
          const canvas = document.createElement('canvas');
          canvas.width = bitmap.width;
          canvas.height = bitmap.height;
          const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
          ctx.drawImage(bitmap, 0, 0);
          const root = el.shadowRoot!;
          const origin = root.querySelector('.content')!.getBoundingClientRect();
          const pixel = (x: number, y: number) =>
            Array.from(ctx.getImageData(Math.floor(x - origin.left), Math.floor(y - origin.top), 1, 1).data);
          const background = pixel(origin.left + 1, origin.top + 1);
          const inked = (p: number[]) => p.some((v, i) => Math.abs(v - background[i]) > 40);
          // The left axis line: every few pixels down its length, some pixel across it is ink.
          const domain = root.querySelector('.axis-left path.domain')!.getBoundingClientRect();
          let axisHits = 0;
          let axisSamples = 0;
          for (let y = domain.top + 2; y < domain.bottom - 2; y += 5) {
            axisSamples++;
            if ([-1, 0, 1].some((dx) => inked(pixel(domain.left + dx, y)))) axisHits++;
          }
          // Each tick label of the bottom axis: ink inside its box.
          const labels = [...root.querySelectorAll('.axis-bottom .tick text')]
            .map((t) => t.getBoundingClientRect())
            .filter((r) => r.width > 0);
          const labelsInked = labels.filter((r) => {
            for (let y = r.top; y < r.bottom; y++)
              for (let x = r.left; x < r.right; x++) if (inked(pixel(x, y))) return true;
            return false;
          }).length;
          // The data: the plot canvas's own pixels, where it drew, are the PNG's.
          const plot = root.querySelector('canvas.plot') as HTMLCanvasElement;
          const box = plot.getBoundingClientRect();
          const live = pixels(plot).data;
          let dataSamples = 0;
          let dataMatches = 0;
          for (let y = 0; y < box.height; y += 3) {
            for (let x = 0; x < box.width; x += 3) {
              const i =
                (Math.floor(y * (plot.height / box.height)) * plot.width + Math.floor(x * (plot.width / box.width))) *
                4;
              if (live[i + 3] < 255) continue;
              dataSamples++;
              const p = pixel(box.left + x, box.top + y);
              if (Math.max(...[0, 1, 2].map((c) => Math.abs(p[c] - live[i + c]))) <= 24) dataMatches++;
            }
          }
          return {
            complete: png.complete,
            axisHits,
            axisSamples,
            labels: labels.length,
            labelsInked,
            dataSamples,
            dataMatches,
            bytes: Array.from(new Uint8Array(await png.blob.arrayBuffer())),
          };
        },
        await pixelReader(page),
      );
      writeFileSync(
        join(repoRoot, `tests/browser/screenshots/export-frequencies-${name}.png`),
        Uint8Array.from(found.bytes),
      );
      expect(found.complete).toBe(true);
      expect(found.axisSamples).toBeGreaterThan(20);
      expect(found.axisHits).toBe(found.axisSamples);
      expect(found.labels).toBeGreaterThan(3);
      expect(found.labelsInked).toBe(found.labels);
      expect(found.dataSamples).toBeGreaterThan(50);
      expect(found.dataMatches / found.dataSamples).toBeGreaterThan(0.95);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  test('one Save… menu button per chart (one tab stop) opens PNG, SVG and CSV from the keyboard; no-export hides it', async () => {
    const page = await post(strict, []);
    const bar = await page.$eval('phasor-rotation', (el) => ({
      buttons: [...el.shadowRoot!.querySelectorAll('.save button')]
        .filter((b) => (b as HTMLButtonElement).tabIndex >= 0)
        .map((b) => b.textContent),
      items: [...el.shadowRoot!.querySelectorAll('.save [role="menuitem"]')].map((b) => b.textContent),
      expanded: el.shadowRoot!.querySelector('.save-toggle')!.getAttribute('aria-expanded'),
    }));
    // The rotation chart provides its table, so it also offers Copy as code.
    expect(bar).toEqual({ buttons: ['Save…'], items: ['PNG', 'SVG', 'CSV', 'Copy as code…'], expanded: 'false' });
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
    expect(
      await page.$eval('phasor-rotation', (el) => (el.shadowRoot!.querySelector('.save-menu') as HTMLElement).hidden),
    ).toBe(true);
    const hidden = await page.$eval('phasor-rotation', (el) => {
      el.setAttribute('no-export', '');
      return getComputedStyle(el.shadowRoot!.querySelector('.save')!).display;
    });
    expect(hidden).toBe('none');
    await page.close();
  });
});
