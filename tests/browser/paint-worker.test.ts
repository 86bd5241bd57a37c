// The charts' paint worker (web/src/charts/paint/paint-worker.ts) on the
// example post, served under the strict CSP as a blogger would: every chart
// hands its data canvas to the worker (the matrix charts their cells, the
// line charts their lines), which draws what the page sends. Each is checked against the same chart
// drawn on the page (a page where OffscreenCanvas is missing, as in an older
// browser): the same pixels, the same PNG, SVG and CSV, and read-outs of the
// core's values. A worker that cannot start, or that fails after taking the
// canvases, leaves the charts drawing on the page.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useEmbedPost } from './support/embed-post.js';
import { CHARTS, inkOf, tooltipText, waitForCharts } from './support/charts.js';

/** The share of each one's canvas it paints (M_k's zeros, off its block diagonal, are left transparent; lines are thin). */
const COVERED = {
  'phasor-frequencies': 0.02,
  'phasor-encoding': 0.15,
  'phasor-heatmap': 0.9,
  'phasor-dot-offset': 0.015,
  'phasor-distance': 0.9,
  'phasor-rotation': 0.1,
};

const post = useEmbedPost();

type Setup = 'worker' | 'no OffscreenCanvas' | 'no Worker' | 'worker script missing';

/** The post, with every chart's 'phasor-render' details recorded, in one of the set-ups. */
async function openPost(setup: Setup, problems: string[]): Promise<Page> {
  const page = await post.newPage(problems);
  await page.addInitScript(() => {
    const w = window as unknown as { renderDetails: Record<string, unknown[]> };
    w.renderDetails = {};
    document.addEventListener('phasor-render', (event) => {
      const tag = (event.target as Element).localName;
      (w.renderDetails[tag] ??= []).push((event as CustomEvent).detail);
    });
  });
  if (setup === 'no OffscreenCanvas')
    await page.addInitScript(() => delete (window as { OffscreenCanvas?: unknown }).OffscreenCanvas);
  if (setup === 'no Worker') await page.addInitScript(() => delete (window as { Worker?: unknown }).Worker);
  if (setup === 'worker script missing')
    await page.route('**/phasor-embed-paint-worker.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(post.url('post.html'));
  await waitForCharts(page, CHARTS);
  return page;
}

/** Whether the page can draw on the chart's canvas itself (false: a worker holds it). */
function drawnOnPage(page: Page, tag: string): Promise<boolean> {
  return page.$eval(tag, (el) => {
    try {
      return el.shadowRoot!.querySelector('canvas')!.getContext('2d') !== null;
    } catch {
      return false;
    }
  });
}

/** The chart's exports: PNG bytes (base64), SVG and CSV. */
async function exportsOf(page: Page, tag: string): Promise<{ png: string; svg: string; csv: string }> {
  return page.$eval(tag, async (el) => {
    const chart = el as unknown as {
      toPNG(): Promise<{ blob: Blob }>;
      toSVG(): string;
      toCSV(): string;
    };
    const { blob } = await chart.toPNG();
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return { png: btoa(binary), svg: chart.toSVG(), csv: chart.toCSV() };
  });
}

describe('the paint worker on the example post, under the strict CSP', () => {
  test('every chart of the post draws in the worker, and says so once the picture is shown', async () => {
    const problems: string[] = [];
    const page = await openPost('worker', problems);
    for (const tag of CHARTS) {
      expect(await drawnOnPage(page, tag), `${tag}: the worker holds its canvas`).toBe(false);
      const details = await page.evaluate(
        (t) =>
          (window as unknown as { renderDetails: Record<string, { worker: boolean; workerMs: number }[]> })
            .renderDetails[t],
        tag,
      );
      expect(details.length, tag).toBeGreaterThan(0);
      expect(details.every((d) => d.worker && d.workerMs >= 0)).toBe(true);
      expect((await inkOf(page, tag)).covered, `${tag} covers its canvas`).toBeGreaterThan(COVERED[tag]);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a chart hands its canvas to the worker when it is built, before it joins the page, and draws once it joins', async () => {
    // (handed over inside a section that content-visibility skips, the canvas would lay that section out)
    const problems: string[] = [];
    for (const setup of ['worker', 'no OffscreenCanvas'] as const) {
      const page = await openPost(setup, problems);
      const built = await page.evaluate(async () => {
        const chart = document.createElement('phasor-heatmap');
        const canvas = chart.shadowRoot!.querySelector('canvas')!;
        let pageCanDraw: boolean;
        try {
          pageCanDraw = canvas.getContext('2d') !== null;
        } catch {
          pageCanDraw = false;
        }
        // (the test may have taken the first chart's canvas for the page: a second, untouched chart joins it)
        const joined = document.createElement('phasor-heatmap') as HTMLElement & { renders: number };
        document.querySelector('article, main, body')!.append(joined);
        joined.scrollIntoView();
        await new Promise<void>((resolve) => joined.addEventListener('phasor-render', () => resolve(), { once: true }));
        return { pageCanDraw, renders: joined.renders };
      });
      expect(built.pageCanDraw, `${setup}: the page can still draw on a new chart's canvas`).toBe(setup !== 'worker');
      expect(built.renders, setup).toBeGreaterThan(0);
      await page.close();
    }
    expect(problems).toEqual([]);
  });

  test('a worker-drawn chart has the pixels and the PNG, SVG and CSV of the same chart drawn on the page', async () => {
    const problems: string[] = [];
    const inWorker = await openPost('worker', problems);
    const onPage = await openPost('no OffscreenCanvas', problems);
    for (const tag of CHARTS) {
      expect(await drawnOnPage(onPage, tag), `${tag} without OffscreenCanvas`).toBe(true);
      const [a, b] = await Promise.all([inkOf(inWorker, tag), inkOf(onPage, tag)]);
      expect(a.digest, `${tag}: the same pixels`).toBe(b.digest);
      expect(a.covered).toBeGreaterThan(COVERED[tag]);
      const [x, y] = await Promise.all([exportsOf(inWorker, tag), exportsOf(onPage, tag)]);
      expect(x.png.length).toBeGreaterThan(1000);
      expect(x.png, `${tag}: the same PNG`).toBe(y.png);
      expect(x.svg, `${tag}: the same SVG`).toBe(y.svg);
      expect(x.csv, `${tag}: the same CSV`).toBe(y.csv);
    }
    expect(problems).toEqual([]);
    await inWorker.close();
    await onPage.close();
  });

  test("the heatmap's read-out over a worker-drawn cell is the core's value there", async () => {
    const problems: string[] = [];
    const page = await openPost('worker', problems);
    await page.$eval('phasor-heatmap', (el) => el.scrollIntoView({ block: 'center' }));
    const at = (await page.$eval('phasor-heatmap', (el) =>
      el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect().toJSON(),
    )) as DOMRect;
    await page.mouse.move(at.x + at.width * 0.3 + 1, at.y + at.height * 0.55 + 1);
    await expect.poll(() => tooltipText(page, 'phasor-heatmap')).toMatch(/PE\(p, j\)/);
    const text = (await tooltipText(page, 'phasor-heatmap'))!;
    const [, p, j] = text.match(/p = ([\d\u2009]+), j = (\d+)/)!.map((s) => s.replace(/\u2009/g, ''));
    const shown = Number(text.match(/PE\(p, j\) = \w+\(p·ω\S+\) = (−?[\d.e+-]+)/)![1].replace('−', '-'));
    const { dModel } = await page.$eval(
      'phasor-heatmap',
      (el) => (el as unknown as { options: { dModel: number } }).options,
    );
    // The paper's formula in float64: PE(p, 2i) = sin(p / 10000^(2i/d)), PE(p, 2i + 1) = cos(…).
    const i = Math.floor(Number(j) / 2);
    const angle = Number(p) / 10000 ** ((2 * i) / dModel);
    const expected = Number(j) % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
    expect(Math.abs(shown - expected)).toBeLessThan(1e-6);
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const setup of ['no Worker', 'worker script missing'] as const) {
    test(`with ${setup === 'no Worker' ? 'no Worker' : 'the worker script missing (a host that copied only phasor-embed.js)'}, the charts draw on the page`, async () => {
      const problems: string[] = [];
      const page = await openPost(setup, problems);
      for (const tag of CHARTS) {
        // A worker that fails after taking a canvas: the chart gets a new canvas and draws again there.
        await page.waitForFunction((t) => {
          try {
            return document.querySelector(t)!.shadowRoot!.querySelector('canvas')!.getContext('2d') !== null;
          } catch {
            return false;
          }
        }, tag);
        await page.waitForFunction(
          (t) => document.querySelector(t)!.shadowRoot!.querySelectorAll('canvas').length === 1,
          tag,
        );
        await page.waitForFunction(
          ([t, share]) => {
            const c = document.querySelector(t)!.shadowRoot!.querySelector('canvas')!;
            const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
            let painted = 0;
            for (let n = 3; n < d.length; n += 4) if (d[n] > 0) painted++;
            return painted / (c.width * c.height) > share;
          },
          [tag, COVERED[tag]] as const,
          { timeout: 10_000 },
        );
      }
      const missing = problems.filter((p) => !p.includes('phasor-embed-paint-worker.js') && !p.includes('404'));
      expect(missing).toEqual([]);
      await page.close();
    });
  }
});
