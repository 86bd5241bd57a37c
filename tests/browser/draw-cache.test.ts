// Charts that keep what they computed for their last draw (web/src/charts/
// draw-cache.ts) must draw exactly what a new chart with the same attributes
// draws: each state below changes one attribute, some only a mark (k, p on
// the heatmap and distance matrix) where the kept values are reused, the
// others an input of those values, where reusing them would be a stale
// picture.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useExplorer } from './support/explorer.js';

const explorer = useExplorer();

/** The element's data as plain arrays (typed arrays inside objects and arrays included). */
function plainData(page: Page, selector: string): Promise<unknown> {
  return page.$eval(selector, (el) => {
    const plain = (v: unknown): unknown =>
      ArrayBuffer.isView(v)
        ? Array.from(v as Float32Array)
        : Array.isArray(v)
          ? v.map(plain)
          : v !== null && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
            : v;
    return plain((el as unknown as { data(): unknown }).data());
  });
}

/** Sets the attributes on the first `tag`, waits for its redraw, then draws a new `tag` beside it with all its attributes. */
async function setAndCompare(page: Page, tag: string, attributes: Record<string, string | null>): Promise<void> {
  await page.$eval(
    tag,
    async (el, pairs) => {
      el.scrollIntoView({ block: 'center' });
      document.querySelector('#fresh-chart')?.remove();
      // Until it has redrawn at full resolution: the heatmap on a busy machine draws coarse first (render-budget.ts).
      let settled = false;
      const listening = new AbortController();
      el.addEventListener(
        'phasor-render',
        (event) => (settled = (event as CustomEvent<{ resolution?: string }>).detail.resolution !== 'coarse'),
        { signal: listening.signal },
      );
      for (const [name, value] of pairs) {
        if (value === null) el.removeAttribute(name);
        else el.setAttribute(name, value);
      }
      while (!settled) await new Promise(requestAnimationFrame);
      listening.abort();
      const fresh = document.createElement(el.localName);
      for (const a of Array.from(el.attributes))
        if (a.name !== 'id' && !a.name.startsWith('data-')) fresh.setAttribute(a.name, a.value);
      fresh.id = 'fresh-chart';
      el.after(fresh);
      while (fresh.getAttribute('data-state') !== 'ready') await new Promise(requestAnimationFrame);
    },
    Object.entries(attributes),
  );
  const what = `${tag} after ${JSON.stringify(attributes)}`;
  expect(await plainData(page, tag), what).toEqual(await plainData(page, '#fresh-chart'));
  if (tag === 'phasor-dot-offset') expect(await measuredFromTheCore(page), what).toBe('');
}

/**
 * The dot-offset chart's measured curves against the core's, each from its own
 * p (a mix-up of the curves within one draw would show in a new chart too).
 * '' when they agree, else the first p whose curve differs.
 */
function measuredFromTheCore(page: Page): Promise<string> {
  return page.$eval('phasor-dot-offset', (el) => {
    type Curve = { p: number; values: Float64Array };
    const chart = el as unknown as {
      data(): { measured: Curve[]; first: number; stride: number; count: number; dModel: number; normalize: boolean };
      core: { measuredDotBins(o: object): Float64Array };
    };
    const d = chart.data();
    const base = Number(el.getAttribute('base') ?? 10000);
    for (const m of d.measured) {
      const want = chart.core.measuredDotBins({
        dModel: d.dModel,
        base,
        normalize: d.normalize,
        first: d.first,
        stride: d.stride,
        count: d.count,
        p: m.p,
      });
      if (want.some((v, r) => v !== m.values[r])) return `p = ${m.p}`;
    }
    return '';
  });
}

describe('charts that reuse their last draw’s values draw what a new chart draws', () => {
  const cases: [string, Record<string, string | null>[]][] = [
    [
      'phasor-dot-offset',
      [
        { k: '5' },
        { k: '9' },
        { p: '0,7' },
        { p: '0,8' },
        { normalize: '' },
        { normalize: null },
        { base: '500' },
        { 'd-model': '64' },
        { 'max-offset': '300' },
      ],
    ],
    [
      'phasor-heatmap',
      [
        { k: '3' },
        { p: '7' },
        { base: '500' },
        { layout: 'split' },
        { spacing: 'tensor2tensor' },
        { 'd-model': '64' },
        { positions: '200' },
      ],
    ],
    ['phasor-distance', [{ k: '3' }, { p: '7' }, { base: '500' }, { 'd-model': '64' }, { positions: '200' }]],
  ];
  for (const [tag, states] of cases) {
    test(`${tag}: through ${states.length} changes`, async () => {
      const { page, errors } = await explorer();
      for (const state of states) await setAndCompare(page, tag, state);
      expect(errors).toEqual([]);
    });
  }
});
