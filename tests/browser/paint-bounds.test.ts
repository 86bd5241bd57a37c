// A redraw that moves marks or labels keeps their group's paint bounds
// (web/src/charts/plot-group.ts), so Chromium only repaints: when the bounds
// of a paint chunk change, the next frame sorts the whole page's paint into
// compositor layers again (PaintArtifactCompositor::Update in a trace), which
// costs milliseconds on a large page. Counted in a trace, not timed.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openRecordingPage } from './support/chromium.js';
import { chromiumServing } from './support/chromium-serving.js';
import { renders, waitForRender } from './support/charts.js';

const site = chromiumServing();

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
    // A term of the text lit in the chart: an outline over its halo, in the SVG whose marks move.
    { chart: 'distance', query: 'p=10&k=5', attribute: 'p', values: ['3', '40', '9', '60'], highlight: 'k' },
  ];
  for (const { chart, query, attribute, values, highlight } of cases) {
    const lit = highlight ? ` (the term ${highlight} lit)` : '';
    test(`${chart}${lit}: new ${attribute} values move its marks without laying the page out into layers again`, async () => {
      const problems: string[] = [];
      const page = await openRecordingPage(site.browser, problems);
      await page.goto(`${site.server.url}chart.html?chart=${chart}&${query}`);
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
      if (highlight) await page.$eval(tag, (el, term) => el.setAttribute('highlight', term), highlight);
      await stepAndPaint(page, tag, attribute, values[0]);
      if (highlight) {
        const marks = (selector: string) =>
          page.$eval(tag, (el, s) => el.shadowRoot!.querySelectorAll(s).length, selector);
        expect(await marks('g.highlight > .hl')).toBe(2); // the diagonal q − p = k and a ring at (p, p + k)
        expect(await marks('g.highlight > .hl-halo')).toBe(2);
      }
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

  // d 64 and d 256 give the score axes different tick counts, the colour bar new labels, and the
  // encoding's legend longer labels (its swatches move).
  const dModelCases = [
    { chart: 'attention-offset', ticksChange: true },
    { chart: 'attention-patterns', ticksChange: true },
    { chart: 'encoding', ticksChange: false },
  ];
  for (const { chart, ticksChange } of dModelCases) {
    test(`${chart}: d-model steps${ticksChange ? ' that change how many ticks an axis has' : ''} add or remove no element and lay the page out into layers again in no frame`, async () => {
      const problems: string[] = [];
      const page = await openRecordingPage(site.browser, problems);
      await page.goto(`${site.server.url}chart.html?chart=${chart}`);
      const tag = `phasor-${chart}`;
      await page.waitForFunction(
        (t) => ((document.querySelector(t) as unknown as { renders: number } | null)?.renders ?? 0) > 0,
        tag,
      );
      const census = () =>
        page.$eval(tag, (el) => ({
          elements: el.shadowRoot!.querySelectorAll('*').length,
          ticks: el.shadowRoot!.querySelectorAll('g.tick').length,
        }));
      // Once through both, so each axis's pool of ticks has grown to the most it shows.
      await stepAndPaint(page, tag, 'd-model', '256');
      await stepAndPaint(page, tag, 'd-model', '64');
      const seen = [await census()];
      const count = await relayerizations(page, async () => {
        for (const d of ['256', '64', '256']) {
          await stepAndPaint(page, tag, 'd-model', d);
          seen.push(await census());
        }
      });
      expect(new Set(seen.map((c) => c.ticks)).size).toBe(ticksChange ? 2 : 1);
      expect(new Set(seen.map((c) => c.elements)).size).toBe(1);
      expect(count).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  for (const chart of ['heatmap', 'distance', 'shift-fit']) {
    test(`${chart}: a hover moves the read-out and its box without laying the page out into layers again`, async () => {
      const problems: string[] = [];
      const page = await openRecordingPage(site.browser, problems);
      await page.goto(`${site.server.url}chart.html?chart=${chart}`);
      const tag = `phasor-${chart}`;
      await page.waitForFunction((t) => document.querySelector(t)?.getAttribute('data-state') === 'ready', tag);
      const plot = await page.$eval(tag, (el) =>
        el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect().toJSON(),
      );
      const tip = () =>
        page.$eval(tag, (el) => {
          const box = el.shadowRoot!.querySelector<HTMLElement>('.tooltip')!;
          return box.hidden ? null : `${box.innerText} ${JSON.stringify(box.getBoundingClientRect())}`;
        });
      const frame = () =>
        page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      // The first hover shows the box (a new chunk); the next ones move it, right and left of the pointer.
      await page.mouse.move(plot.x + plot.width * 0.5, plot.y + plot.height * 0.5);
      await frame();
      const seen = new Set([await tip()]);
      const count = await relayerizations(page, async () => {
        for (const [fx, fy] of [
          [0.3, 0.4],
          [0.9, 0.6],
          [0.6, 0.2],
          [0.2, 0.8],
        ]) {
          await page.mouse.move(plot.x + plot.width * fx, plot.y + plot.height * fy);
          await frame();
          seen.add(await tip());
        }
      });
      expect(seen.has(null)).toBe(false);
      expect(seen.size).toBe(5);
      expect(count).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  test('a step of an explorer slider lays out its slider and number box alone, not the page', async () => {
    const problems: string[] = [];
    const page = await openRecordingPage(site.browser, problems);
    await page.goto(site.server.url);
    await page.waitForSelector('html[data-sections-laid-out]', { state: 'attached' });
    // Without the charts, whose redraws lay out their own text: what is left is the controls' layout.
    await page.evaluate(() => document.querySelectorAll('figure').forEach((figure) => figure.remove()));
    await page.focus('#p-range');
    // (and the status line, written once the charts have been quiet for 250 ms)
    await page.waitForTimeout(500);
    const cdp = await page.context().newCDPSession(page);
    const layouts: { totalObjects: number }[] = [];
    cdp.on('Tracing.dataCollected', (e) => {
      for (const event of e.value as unknown as { name: string; args?: { beginData?: { totalObjects: number } } }[])
        if (event.name === 'Layout' && event.args?.beginData) layouts.push(event.args.beginData);
    });
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
    const before = await page.$eval('#p', (input) => (input as HTMLInputElement).value);
    for (let n = 0; n < 3; n++) {
      await page.keyboard.press('ArrowRight');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    await cdp.send('Tracing.end');
    await complete;
    expect(Number(await page.$eval('#p', (input) => (input as HTMLInputElement).value))).toBe(Number(before) + 3);
    expect(layouts.length).toBeGreaterThanOrEqual(3);
    // The page has over a thousand layout objects; the slider, its thumb and the number box a dozen.
    expect(Math.max(...layouts.map((l) => l.totalObjects))).toBeLessThan(50);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("an axis places each tick by its line's and label's coordinates, not by a transform of its own", async () => {
    const page = await openRecordingPage(site.browser, []);
    await page.goto(`${site.server.url}chart.html?chart=heatmap&positions=100`);
    await page.waitForFunction(() => document.querySelector('phasor-heatmap')?.getAttribute('data-state') === 'ready');
    const ticks = await page.$eval('phasor-heatmap', (el) =>
      [...el.shadowRoot!.querySelectorAll('g.axis-left g.tick')].map((tick) => {
        const [line, text] = [tick.querySelector('line')!, tick.querySelector('text')!];
        return {
          transform: tick.getAttribute('transform'),
          label: text.textContent,
          at: [line.getAttribute('y1'), line.getAttribute('y2'), text.getAttribute('y')],
          // Where it shows: the label's middle, against the line's, on the page.
          off: Math.abs(
            text.getBoundingClientRect().y + text.getBoundingClientRect().height / 2 - line.getBoundingClientRect().y,
          ),
        };
      }),
    );
    expect(ticks.map((t) => t.label)).toEqual(['0', '20', '40', '60', '80', '100']);
    for (const t of ticks) {
      expect(t.transform).toBeNull();
      expect(new Set(t.at).size).toBe(1);
      expect(t.off).toBeLessThan(2);
    }
    // Position 0's row starts at the plot's top: its tick, 0.5 row lower.
    expect(Number(ticks[0].at[0])).toBeGreaterThan(0);
    expect(Number(ticks[1].at[0]) - Number(ticks[0].at[0])).toBeCloseTo(
      Number(ticks[2].at[0]) - Number(ticks[1].at[0]),
      6,
    );
  });

  test('a pinned group starts with a transparent rect over its whole SVG that no pointer can hit', async () => {
    const page = await openRecordingPage(site.browser, []);
    await page.goto(`${site.server.url}chart.html?chart=shift-fit`);
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
