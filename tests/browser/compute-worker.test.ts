// The compute worker (web/src/elements/compute/) on the explorer, served
// under the strict CSP: the heaviest charts (attention by offset, twice;
// the closest pairs of a base; the shift fits; the attention patterns) compute on the page until
// their computations there have proved heavy on this device (three in a row
// over a frame), then in the worker, and say so in 'phasor-render'
// (computeWorkerMs). Each is made heavy here (large sizes: tens of
// milliseconds on any machine), then changed several times faster than the
// worker answers. Their numbers, CSV and read-outs are
// checked against the same charts computed on the page (a page without
// Worker, as in an old browser or a sandboxed frame); a core error crosses
// as the class and message the page would have thrown. A worker script that
// is missing leaves the charts computing on the page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tooltipText, waitForCharts } from './support/charts.js';
import { launchChromium, openRecordingPage } from './support/chromium.js';
import { serveSite, type StaticServer } from './support/static-server.js';

/** The charts whose data the worker computes, as selectors on the explorer page. */
const COMPUTED = [
  '#attention-offset phasor-attention-offset',
  '#rope-pairing phasor-attention-offset',
  'phasor-base-length',
  'phasor-shift-fit',
  'phasor-attention-patterns',
] as const;

type Setup = 'worker' | 'no Worker' | 'worker script missing';

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

/** The explorer in one of the set-ups, every chart's largest computeWorkerMs recorded on it, once the charts have drawn. */
async function openExplorer(setup: Setup, problems: string[], cores?: number): Promise<Page> {
  const page = await openRecordingPage(browser, problems);
  // (navigator.hardwareConcurrency: how many compute workers the page starts)
  if (cores !== undefined)
    await page.addInitScript((n) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => n }), cores);
  await page.addInitScript(() => {
    document.addEventListener('phasor-render', (event) => {
      const el = event.target as Element & { computeWorkerMs?: number; renderedAt?: number };
      el.computeWorkerMs = Math.max(el.computeWorkerMs ?? 0, (event as CustomEvent).detail.computeWorkerMs);
      el.renderedAt = performance.now();
    });
  });
  if (setup === 'no Worker') await page.addInitScript(() => delete (window as { Worker?: unknown }).Worker);
  if (setup === 'worker script missing')
    await page.route('**/compute-worker-*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(server.url);
  await waitForCharts(page, COMPUTED);
  return page;
}

/** A chart's data (typed arrays as lists, NaN spelt out) and CSV, to compare across pages. */
function numbersOf(page: Page, selector: string): Promise<{ data: string; csv: string }> {
  return page.$eval(selector, (el) => {
    const chart = el as unknown as { data(): unknown; toCSV(): string };
    // (without the times the computations took, which the attention patterns' caption shows)
    const data = JSON.stringify(chart.data(), (key, v: unknown) =>
      key === 'computeMs' || key === 'inWorker'
        ? undefined
        : ArrayBuffer.isView(v)
          ? Array.from(v as Float64Array, (x) => (Number.isNaN(x) ? 'NaN' : x))
          : v,
    );
    return { data, csv: chart.toCSV() };
  });
}

const workerMs = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as Element & { computeWorkerMs?: number }).computeWorkerMs ?? 0);

/** Sets the attributes one after another without waiting, then waits until the chart has drawn and been quiet for 400 ms. */
async function change(page: Page, selector: string, steps: Record<string, string>[]): Promise<void> {
  const before = await page.$eval(selector, (el) => (el as unknown as { renders: number }).renders);
  await page.$eval(
    selector,
    (el, steps) => steps.forEach((attributes) => Object.entries(attributes).forEach(([k, v]) => el.setAttribute(k, v))),
    steps,
  );
  await page.waitForFunction(
    ([s, n]) => {
      const el = document.querySelector(s) as Element & { renders: number; renderedAt?: number };
      return el.renders > n && performance.now() - el.renderedAt! > 400 && !el.hasAttribute('data-updating');
    },
    [selector, before] as const,
    { timeout: 20_000 },
  );
}

/**
 * Three options in turn, each waited for, that make each chart's computation
 * heavy (tens of milliseconds and more, on any machine): three computations
 * in a row over a frame on the page, after which the chart computes in the worker.
 */
const HEAVY: Record<(typeof COMPUTED)[number], Record<string, string>[]> = {
  '#attention-offset phasor-attention-offset': [
    { 'd-model': '512', 'd-head': '512', 'max-offset': '400' },
    { base: '15000' },
    { base: '12000' },
  ],
  '#rope-pairing phasor-attention-offset': [
    { 'd-model': '512', 'd-head': '512', 'max-offset': '400' },
    { base: '15000' },
    { base: '12000' },
  ],
  'phasor-base-length': [{ 'd-model': '1024' }, { bases: '200 7000 2000000' }, { bases: '300 8000 3000000' }],
  'phasor-shift-fit': [{ 'd-model': '64', positions: '2048' }, { k: '2' }, { k: '4' }],
  // Random tokens: every entry on its own, rows × n × d_model (a shared token's RoPE and ALiBi are cheap)
  'phasor-attention-patterns': [
    { n: '1024', 'd-model': '256', tokens: 'random' },
    { base: '20000' },
    { base: '30000' },
  ],
};

/** Changes that each chart gets next, faster than a worker answers. */
const CHANGES: Record<(typeof COMPUTED)[number], Record<string, string>[]> = {
  '#attention-offset phasor-attention-offset': [{ base: '5000' }, { base: '20000' }, { 'd-head': '256' }],
  '#rope-pairing phasor-attention-offset': [{ 'd-model': '256' }, { 'd-model': '384' }, { base: '500000' }],
  'phasor-base-length': [{ bases: '100 5000 1000000' }, { 'max-length': '65536' }, { bases: '100 30000 1000000' }],
  // offset −20: the log encoding is not defined at p + k ≤ −1, a RangeError of the core's shown as its row
  'phasor-shift-fit': [{ k: '3' }, { k: '5' }, { offset: '-20' }],
  'phasor-attention-patterns': [{ base: '5000' }, { view: 'softmax' }, { seed: '3' }],
};

/** Each chart made heavy, then changed: the changes go to the worker where there is one. */
async function heavyThenChanged(page: Page, selector: (typeof COMPUTED)[number]): Promise<void> {
  for (const step of HEAVY[selector]) await change(page, selector, [step]);
  await change(page, selector, CHANGES[selector]);
}

describe('the compute worker on the explorer, under the strict CSP', () => {
  test("a chart computes on the page, and in the worker once a computation has proved heavy; with the page's numbers and CSV", async () => {
    const problems: string[] = [];
    const [inWorker, onPage] = await Promise.all([
      openExplorer('worker', problems),
      openExplorer('no Worker', problems),
    ]);
    for (const selector of COMPUTED) {
      const [a, b] = await Promise.all([numbersOf(inWorker, selector), numbersOf(onPage, selector)]);
      expect(a.data.length).toBeGreaterThan(300);
      expect(a.data, `${selector}: the same numbers at the start`).toBe(b.data);
      await Promise.all([heavyThenChanged(inWorker, selector), heavyThenChanged(onPage, selector)]);
      expect(await workerMs(inWorker, selector), `${selector}: computed in the worker`).toBeGreaterThan(0);
      expect(await workerMs(onPage, selector), `${selector}: on the page without Worker`).toBe(0);
      const [c, d] = await Promise.all([numbersOf(inWorker, selector), numbersOf(onPage, selector)]);
      expect(c.data, `${selector} after the changes`).not.toBe(a.data);
      expect(c.data, `${selector} after the changes: the same numbers`).toBe(d.data);
      expect(c.csv, `${selector}: the same CSV`).toBe(d.csv);
    }
    // The core's RangeError for the log encoding reached the chart as the page's would.
    const rows = await inWorker.$eval(
      'phasor-shift-fit',
      (el) => (el as unknown as { data(): { rows: { encoding: string; error?: string }[] } }).data().rows,
    );
    expect(rows.find((r) => r.encoding === 'log-phase')?.error).toMatch(/^phasor\./);
    expect(problems).toEqual([]);
    await Promise.all([inWorker.close(), onPage.close()]);
  });

  test("a read-out over a worker-computed chart is the page's", async () => {
    const problems: string[] = [];
    const [inWorker, onPage] = await Promise.all([
      openExplorer('worker', problems),
      openExplorer('no Worker', problems),
    ]);
    const selector = 'phasor-base-length';
    const texts: (string | null)[] = [];
    for (const page of [inWorker, onPage]) {
      await heavyThenChanged(page, selector);
      await page.$eval(selector, (el) => el.scrollIntoView({ block: 'center' }));
      const at = (await page.$eval(selector, (el) =>
        el.shadowRoot!.querySelector('svg.front')!.getBoundingClientRect().toJSON(),
      )) as DOMRect;
      await page.mouse.move(at.x + at.width * 0.6, at.y + at.height * 0.5);
      await expect.poll(() => tooltipText(page, selector)).toBeTruthy();
      texts.push(await tooltipText(page, selector));
    }
    expect(await workerMs(inWorker, selector)).toBeGreaterThan(0);
    expect(texts[0]).toMatch(/\d/);
    expect(texts[0]).toBe(texts[1]);
    expect(problems).toEqual([]);
    await Promise.all([inWorker.close(), onPage.close()]);
  });

  test.each([
    [8, 3],
    [3, 2],
    [1, 2],
  ])(
    'navigator.hardwareConcurrency %i: the page starts %i compute workers, and a chart computed in them has the numbers of the page',
    async (cores, expected) => {
      const problems: string[] = [];
      const page = await openExplorer('worker', problems, cores);
      const selector = 'phasor-shift-fit';
      await heavyThenChanged(page, selector);
      expect(await workerMs(page, selector)).toBeGreaterThan(0);
      expect(page.workers().filter((worker) => worker.url().includes('compute-worker'))).toHaveLength(expected);
      const onPage = await openExplorer('no Worker', problems);
      await heavyThenChanged(onPage, selector);
      expect((await numbersOf(page, selector)).data).toBe((await numbersOf(onPage, selector)).data);
      expect(problems).toEqual([]);
      await Promise.all([page.close(), onPage.close()]);
    },
  );

  test('with the worker script missing, the charts compute on the page', async () => {
    const problems: string[] = [];
    const page = await openExplorer('worker script missing', problems);
    for (const selector of COMPUTED) {
      await heavyThenChanged(page, selector);
      expect(await workerMs(page, selector), selector).toBe(0);
      expect((await numbersOf(page, selector)).data.length).toBeGreaterThan(300);
    }
    expect(problems.filter((p) => !p.includes('compute-worker') && !p.includes('404'))).toEqual([]);
    await page.close();
  });
});
