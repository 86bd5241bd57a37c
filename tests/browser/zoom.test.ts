// Zoom and pan, as a reader does it: Ctrl+wheel (what a trackpad pinch sends),
// a drag, and the keyboard, on the charts of phasor-embed.js under the strict
// CSP; out to every position phasor accepts (|p| ≤ 2^31), and the read-out at
// the pointer checked against float64 references written here.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, openRecordingPage } from './support/chromium.js';
import { repoRoot } from './package/pack.js';
import { serveDirectory, STRICT_CSP, type StaticServer } from './support/static-server.js';
import { renders, tooltipText, waitForCharts, waitForRender } from './support/charts.js';

const EMBED = join(repoRoot, 'build/embed');
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>phasor zoom</title>
<script type="module" src="phasor-embed.js"></script></head>
<body><main>
<phasor-heatmap d-model="64" positions="100"></phasor-heatmap>
<phasor-encoding d-model="8" positions="100"></phasor-encoding>
<phasor-dot-offset d-model="64" max-offset="100" p="0,1000"></phasor-dot-offset>
<phasor-distance d-model="64" positions="200"></phasor-distance>
</main></body></html>`;

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  writeFileSync(join(EMBED, 'zoom.html'), PAGE);
  browser = await launchChromium();
  server = await serveDirectory(EMBED, { 'content-security-policy': STRICT_CSP });
});
afterAll(async () => {
  await server?.close();
  await browser?.close();
});

const TAGS = ['phasor-heatmap', 'phasor-encoding', 'phasor-dot-offset', 'phasor-distance'];

async function open(): Promise<{ page: Page; problems: string[] }> {
  const problems: string[] = [];
  const page = await openRecordingPage(browser, problems);
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto(`${server.url}zoom.html`);
  await waitForCharts(page, TAGS);
  return { page, problems };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Scrolls the chart into view and points at its plot, which loads the wheel and drag gestures; returns the plot's box. */
async function pointAt(page: Page, tag: string, fx = 0.5, fy = 0.5): Promise<Box> {
  await page.locator(tag).scrollIntoViewIfNeeded();
  const plot: Box = await page.$eval(tag, (el) =>
    el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect().toJSON(),
  );
  await page.mouse.move(plot.x + plot.width * fx, plot.y + plot.height * fy);
  // d3-zoom marks the layer it listens on with its transform.
  await page.waitForFunction(
    (t) => '__zoom' in document.querySelector(t)!.shadowRoot!.querySelector('svg.front')!,
    tag,
  );
  return plot;
}

async function ctrlWheel(page: Page, tag: string, deltaY: number): Promise<void> {
  const before = await renders(page, tag);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, deltaY);
  await page.keyboard.up('Control');
  await waitForRender(page, tag, before);
}

async function press(page: Page, tag: string, key: string, times = 1): Promise<void> {
  await page.$eval(tag, (el) => (el.shadowRoot!.querySelector('.frame') as HTMLElement).focus());
  for (let n = 0; n < times; n++) {
    const before = await renders(page, tag);
    await page.keyboard.press(key);
    await waitForRender(page, tag, before);
  }
}

const bins = (page: Page, tag: string) =>
  page.$eval(tag, (el) => {
    const d = (
      el as unknown as {
        data(): {
          first?: number;
          rowStart?: number;
          colStart?: number;
          stride: number;
          count?: number;
          rows?: number;
          cols?: number;
        };
      }
    ).data();
    return {
      first: d.first ?? d.rowStart!,
      cols: d.colStart ?? 0,
      stride: d.stride,
      count: d.count ?? d.rows!,
      colCount: d.cols ?? 0,
    };
  });

/** A number of a read-out line such as "PE(p, j) = sin(p·ω₀) = −0.1234567" (the last number on it). */
function lastNumber(line: string): number {
  const m = /(−?[\d.]+(?:e[−-]?\d+)?)\s*$/.exec(line)!;
  return Number(m[1].replace('−', '-'));
}
const integerIn = (text: string, name: string) =>
  Number(
    new RegExp(`${name} = (−?[\\d\u2009]+)`)
      .exec(text)![1]
      .replace(/\u2009/g, '')
      .replace('−', '-'),
  );

const omega = (i: number, d: number) => 10000 ** ((-2 * i) / d);
/** The documented bound of a table value (docs/accuracy.md), plus the read-out's 7 significant digits. */
const bound = (p: number, v: number) => 2 ** -25 + Math.abs(p) * 2 ** -51 + 5e-8 * Math.max(1, Math.abs(v));

describe('zooming the heatmap', () => {
  test('Ctrl+wheel zooms in around the pointer: fewer positions, the same one under the pointer', async () => {
    const { page, problems } = await open();
    await pointAt(page, 'phasor-heatmap', 0.5, 0.255);
    const before = await tooltipText(page, 'phasor-heatmap');
    expect(before).toContain('p = 25,');
    expect(await bins(page, 'phasor-heatmap')).toMatchObject({ first: 0, stride: 1, count: 100 });
    await ctrlWheel(page, 'phasor-heatmap', -100); // ×4 in
    const after = await bins(page, 'phasor-heatmap');
    expect(after.count).toBeLessThanOrEqual(27);
    expect(after.first).toBeGreaterThan(15);
    expect(await tooltipText(page, 'phasor-heatmap')).toContain('p = 25,');
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a drag pans: dragging the plot up brings later positions into view', async () => {
    const { page } = await open();
    const plot = await pointAt(page, 'phasor-heatmap');
    const before = await bins(page, 'phasor-heatmap');
    const drawn = await renders(page, 'phasor-heatmap');
    await page.mouse.down();
    await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2 - plot.height / 4, { steps: 5 });
    await page.mouse.up();
    await waitForRender(page, 'phasor-heatmap', drawn);
    const after = await bins(page, 'phasor-heatmap');
    // A quarter of the plot: 25 of the 100 positions shown.
    expect(after.first - before.first).toBeGreaterThanOrEqual(23);
    expect(after.first - before.first).toBeLessThanOrEqual(26);
    await page.close();
  });

  test('the keyboard zooms: + in around the read-out, − out, Page Down pans, 0 resets', async () => {
    const { page } = await open();
    await press(page, 'phasor-heatmap', '+', 2);
    const zoomed = await bins(page, 'phasor-heatmap');
    expect(zoomed.count).toBeLessThanOrEqual(26);
    expect(zoomed.first).toBeGreaterThanOrEqual(36); // around the middle (the read-out starts there)
    await press(page, 'phasor-heatmap', 'PageDown');
    expect((await bins(page, 'phasor-heatmap')).first).toBeGreaterThan(zoomed.first + 15);
    await press(page, 'phasor-heatmap', '-', 3);
    expect((await bins(page, 'phasor-heatmap')).count).toBeGreaterThan(100);
    await press(page, 'phasor-heatmap', '0');
    expect(await bins(page, 'phasor-heatmap')).toMatchObject({ first: 0, stride: 1, count: 100 });
    await page.close();
  });

  test('zoomed all the way out it shows every position phasor accepts, −2^31 … 2^31, and reads exact values there', async () => {
    const { page } = await open();
    await press(page, 'phasor-heatmap', '-', 32);
    const all = await bins(page, 'phasor-heatmap');
    expect(all.first).toBe(-(2 ** 31));
    expect(all.first + all.count * all.stride).toBe(2 ** 31);
    expect(all.count).toBeLessThan(1100); // one bin per device pixel, never 2^32 rows
    // The read-out at a pointer far out: the exact PE(p, j) at that position, and the pixel's mean over its bin.
    const plot = await pointAt(page, 'phasor-heatmap', 0.9, 0.93);
    await page.mouse.move(plot.x + plot.width * 0.9, plot.y + plot.height * 0.93);
    const text = (await tooltipText(page, 'phasor-heatmap'))!;
    const p = integerIn(text, 'p');
    const j = integerIn(text, 'j');
    expect(p).toBeGreaterThan(1.5e9);
    const lines = text.split('\n');
    const value = lastNumber(lines.find((l) => l.startsWith('PE(p, j)'))!);
    const phase = p * omega(j >> 1, 64);
    const want = j % 2 === 0 ? Math.sin(phase) : Math.cos(phase);
    expect(Math.abs(value - want), `PE(${p}, ${j})`).toBeLessThanOrEqual(bound(p, want));
    // The pixel row's mean, summed here position by position in float64.
    const [a, b] = /mean over p = (−?[\d\u2009]+) … (−?[\d\u2009]+)/
      .exec(text)!
      .slice(1)
      .map((x) => Number(x.replace(/\u2009/g, '').replace('−', '-')));
    let sum = 0;
    for (let q = a; q <= b; q++) sum += j % 2 === 0 ? Math.sin(q * omega(j >> 1, 64)) : Math.cos(q * omega(j >> 1, 64));
    const mean = lastNumber(lines.find((l) => l.startsWith('pixel row'))!);
    expect(Math.abs(mean - sum / (b - a + 1)), `mean over ${a} … ${b}`).toBeLessThanOrEqual(bound(p, 1));
    await page.close();
  });
});

describe('zooming the curves and the distance matrix', () => {
  test('the encoding curves zoom out to ±2^31 by keyboard and read exact values at the pointer; fast dimensions become bands', async () => {
    const { page } = await open();
    await press(page, 'phasor-encoding', '-', 32);
    const all = await bins(page, 'phasor-encoding');
    expect(all.first).toBeLessThanOrEqual(-(2 ** 31) + all.stride);
    expect(all.first + all.count * all.stride).toBeGreaterThanOrEqual(2 ** 31 - all.stride);
    expect(await page.$eval('phasor-encoding', (el) => el.shadowRoot!.querySelector('.legend')!.textContent)).toContain(
      'the band it fills',
    );
    const plot = await pointAt(page, 'phasor-encoding', 0.2, 0.5);
    await page.mouse.move(plot.x + plot.width * 0.2, plot.y + plot.height / 2);
    const text = (await tooltipText(page, 'phasor-encoding'))!;
    const p = integerIn(text, 'p');
    expect(p).toBeLessThan(-1e9);
    for (const line of text.split('\n').filter((l) => l.startsWith('PE(p, '))) {
      const j = Number(/PE\(p, (\d+)\)/.exec(line)![1]);
      const phase = p * omega(j >> 1, 8);
      const want = j % 2 === 0 ? Math.sin(phase) : Math.cos(phase);
      expect(Math.abs(lastNumber(line) - want), line).toBeLessThanOrEqual(bound(p, want));
    }
    await page.close();
  });

  test('the dot-product chart zooms around the pointer by Ctrl+wheel and reads Σ cos(ω_i k) exactly at the pointer', async () => {
    const { page } = await open();
    await pointAt(page, 'phasor-dot-offset', 0.5, 0.5);
    await ctrlWheel(page, 'phasor-dot-offset', 300); // out
    await ctrlWheel(page, 'phasor-dot-offset', 300);
    const wide = await bins(page, 'phasor-dot-offset');
    expect(wide.count * wide.stride).toBeGreaterThan(1000);
    const text = (await tooltipText(page, 'phasor-dot-offset'))!;
    const k = integerIn(text, 'k');
    let want = 0;
    for (let i = 0; i < 32; i++) want += Math.cos(omega(i, 64) * k);
    const closed = lastNumber(text.split('\n').find((l) => l.startsWith('closed form'))!);
    expect(Math.abs(closed - want)).toBeLessThan(4e-6);
    // Measured on encoded rows from p = 0 and 1000: the same within float32 rounding of a sum of 64 products.
    for (const line of text.split('\n').filter((l) => l.startsWith('p = ')))
      expect(Math.abs(lastNumber(line) - want), line).toBeLessThan(2e-5);
    await page.close();
  });

  test('zoomed out to 2^31 the dot-product axis writes its tiny values in units of a power of ten, clear of its title', async () => {
    const { page } = await open();
    await press(page, 'phasor-dot-offset', '-', 32);
    const axis = await page.$eval('phasor-dot-offset', (el) => {
      const g = el.shadowRoot!.querySelector('g.axis-left')!;
      const title = g.querySelector('text.axis-title')!;
      const labels = [...g.querySelectorAll('.tick text')];
      return {
        title: title.textContent!,
        titleBox: title.getBoundingClientRect().toJSON(),
        labels: labels.map((t) => ({ text: t.textContent!, box: t.getBoundingClientRect().toJSON() })),
      };
    });
    // Means over millions of offsets are near 0: d3 alone would write "−0.00006", wider than the margin.
    expect(axis.title).toMatch(/\(×10⁻[⁰¹²³⁴⁵⁶⁷⁸⁹]+\)$/);
    expect(axis.labels.length).toBeGreaterThan(2);
    for (const { text, box } of axis.labels) {
      expect(text).toMatch(/^−?\d+(\.\d+)?$/);
      expect(box.x, `label ${text} runs into the title`).toBeGreaterThanOrEqual(axis.titleBox.x + axis.titleBox.width);
    }
    await page.close();
  });

  test('the distance matrix zooms both axes together and reads |PE(p) − PE(q)| exactly, far out too', async () => {
    const { page } = await open();
    await pointAt(page, 'phasor-distance', 0.7, 0.3);
    await ctrlWheel(page, 'phasor-distance', -100);
    const near = await bins(page, 'phasor-distance');
    expect(near.count).toBeLessThan(60);
    expect(Math.abs(near.colCount - near.count)).toBeLessThanOrEqual(1); // the same stride; alignment may add a bin
    await press(page, 'phasor-distance', '-', 30);
    const far = await bins(page, 'phasor-distance');
    expect(far.first).toBe(0);
    expect(far.count * far.stride).toBe(2 ** 31);
    const plot = await pointAt(page, 'phasor-distance', 0.8, 0.1);
    await page.mouse.move(plot.x + plot.width * 0.8, plot.y + plot.height * 0.1);
    const text = (await tooltipText(page, 'phasor-distance'))!;
    const p = integerIn(text, 'p');
    const q = integerIn(text, 'q');
    expect(q - p).toBeGreaterThan(1e9);
    let sq = 0;
    for (let i = 0; i < 32; i++) sq += 2 - 2 * Math.cos(omega(i, 64) * (q - p));
    const value = lastNumber(text.split('\n').find((l) => l.startsWith('‖PE(p) − PE(q)‖'))!);
    // float32 of a value up to 11, and the phase error of offsets near 2^31.
    expect(Math.abs(value - Math.sqrt(sq))).toBeLessThan(2e-6 + (q - p) * 2 ** -49);
    await page.close();
  });
});
