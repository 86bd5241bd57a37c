// A redraw that moves marks or labels keeps their group's paint bounds
// (web/src/charts/plot-group.ts), so Chromium only repaints: when the bounds
// of a paint chunk change, the next frame sorts the whole page's paint into
// compositor layers again (PaintArtifactCompositor::Update in a trace), which
// costs milliseconds on a large page. Counted in a trace, not timed.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, openRecordingPage } from './support/chromium.js';
import { repoRoot } from './package/pack.js';
import { renders, waitForRender } from './support/charts.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';

const SITE = join(repoRoot, 'build/site');
let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  browser = await launchChromium();
  server = await serveDirectory(SITE);
});
afterAll(async () => {
  await server?.close();
  await browser?.close();
});

/** The frames that laid the page's paint out into layers again while `run` ran. */
async function relayerizations(page: Page, run: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const events: { name: string }[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as { name: string }[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'blink', transferMode: 'ReportEvents' });
  await run();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events.filter((e) => e.name === 'PaintArtifactCompositor::Update').length;
}

/** Two frames after the chart's next render: its picture has been painted. */
async function stepAndPaint(page: Page, tag: string, attribute: string, value: string): Promise<void> {
  const before = await renders(page, tag);
  await page.$eval(tag, (el, [a, v]) => el.setAttribute(a, v), [attribute, value]);
  await waitForRender(page, tag, before);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

describe('paint bounds', () => {
  // Each step moves the chart's labels or marks past the others (new extremes).
  const cases = [
    { chart: 'shift-fit', query: '', attribute: 'k', values: ['3', '40', '9', '25'] },
    { chart: 'dot-offset', query: '', attribute: 'k', values: ['3', '40', '9', '60'] },
    { chart: 'heatmap', query: 'p=10&k=5', attribute: 'p', values: ['3', '40', '9', '60'] },
    { chart: 'distance', query: 'p=10&k=5', attribute: 'p', values: ['3', '40', '9', '60'] },
  ];
  for (const { chart, query, attribute, values } of cases) {
    test(`${chart}: new ${attribute} values move its marks without laying the page out into layers again`, async () => {
      const problems: string[] = [];
      const page = await openRecordingPage(browser, problems);
      await page.goto(`${server.url}chart.html?chart=${chart}&${query}`);
      const tag = `phasor-${chart}`;
      await page.waitForFunction(
        (t) => ((document.querySelector(t) as unknown as { renders: number } | null)?.renders ?? 0) > 0,
        tag,
      );
      /** The chart's elements in order, by tag and class: what a step that only moves things leaves as it was. */
      const shape = () =>
        page.$eval(tag, (el) =>
          [...el.shadowRoot!.querySelectorAll('*')].map((n) => `${n.localName}.${n.getAttribute('class')}`).join(' '),
        );
      const picture = () => page.$eval(tag, (el) => el.shadowRoot!.querySelector('svg.front')!.innerHTML);
      await stepAndPaint(page, tag, attribute, values[0]);
      const moves: number[] = [];
      for (const value of values.slice(1)) {
        const [shapeBefore, pictureBefore] = [await shape(), await picture()];
        const count = await relayerizations(page, () => stepAndPaint(page, tag, attribute, value));
        // A step that added or removed elements (an axis's new ticks) may lay out the layers again.
        if ((await shape()) !== shapeBefore) continue;
        expect(await picture()).not.toBe(pictureBefore);
        moves.push(count);
      }
      expect(moves.length).toBeGreaterThanOrEqual(2);
      expect(moves).toEqual(moves.map(() => 0));
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  test('a pinned group starts with a transparent rect over its whole SVG that no pointer can hit', async () => {
    const page = await openRecordingPage(browser, []);
    await page.goto(`${server.url}chart.html?chart=shift-fit`);
    await page.waitForFunction(
      () => document.querySelector('phasor-shift-fit')?.getAttribute('data-state') === 'ready',
    );
    const found = await page.$eval('phasor-shift-fit', (el) => {
      const g = el.shadowRoot!.querySelector<SVGGElement>('g.bars')!;
      const svg = g.ownerSVGElement!;
      const extent = g.firstElementChild!;
      const [dx, dy] = g
        .getAttribute('transform')!
        .match(/-?[\d.]+/g)!
        .map(Number);
      const box = extent.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return {
        extent: `${extent.localName}.${extent.getAttribute('class')}`,
        at: [Number(extent.getAttribute('x')) + dx, Number(extent.getAttribute('y')) + dy],
        size: [extent.getAttribute('width'), extent.getAttribute('height')],
        svgSize: [svg.getAttribute('width'), svg.getAttribute('height')],
        fill: getComputedStyle(extent).fill,
        extents: el.shadowRoot!.querySelectorAll('g.bars > rect.extent').length,
        hitExtent: hit === extent || (hit?.shadowRoot?.elementFromPoint(box.x + 5, box.y + 5) ?? null) === extent,
      };
    });
    expect(found.extent).toBe('rect.extent');
    expect(found.at).toEqual([0, 0]);
    expect(found.size).toEqual(found.svgSize);
    expect(found.fill).toBe('rgba(0, 0, 0, 0)');
    expect(found.extents).toBe(1);
    expect(found.hitExtent).toBe(false);
    await page.close();
  });
});
