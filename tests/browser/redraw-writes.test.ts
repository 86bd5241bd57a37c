// A redraw writes only what changed (web/src/charts/drawn.ts): Chromium lays
// out and paints again after any attribute or text write, even of the value
// already there, so axes, grids and marks that a change leaves as they were
// must not be written at all. The other half: when they do change, they are
// drawn again (a skip that is too eager shows stale axes).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { openRecordingPage } from './support/chromium.js';
import { chromiumServing } from './support/chromium-serving.js';
import { renders, waitForRender } from './support/charts.js';

const site = chromiumServing();

/** Per chart, the parts a change of base leaves as they were (the layers' size too): position axes, grids, p / p + k marks, M_k's frame. */
const UNCHANGED_BY_BASE: Record<string, string> = {
  distance: '.axis-bottom, .axis-left, .marks-h, .marks-v',
  heatmap: '.axis-bottom, .axis-left, .marks-h',
  encoding: '.axis-bottom, .axis-left, .grid',
  // Their values depend on the base; the axis across does not.
  frequencies: '.axis-bottom, .gx',
  'dot-offset': '.axis-bottom, .gx',
  rotation: '.matrix-title, .cells line, .dim-label, .circle-frame',
};
/** The attribute that widens the axis across to 3000 (positions, or offsets on the dot-offset chart). */
const WIDEN: Record<string, string> = {
  distance: 'positions',
  heatmap: 'positions',
  encoding: 'positions',
  frequencies: '',
  'dot-offset': 'max-offset',
  rotation: '',
};

/** Sets `attribute` on the chart and returns the writes of its redraw to the parts `selector` names and to the layers' size: "element.class attribute". */
async function writesOf(
  page: Page,
  tag: string,
  selector: string,
  attribute: string,
  value: string,
): Promise<string[]> {
  const before = await renders(page, tag);
  await page.$eval(
    tag,
    (el, [attribute, value, selector]) => {
      const writes: string[] = [];
      (window as unknown as { writes: string[] }).writes = writes;
      const elementOf = (n: Node) => (n instanceof Element ? n : n.parentElement);
      new MutationObserver((records) => {
        for (const r of records) {
          const target = elementOf(r.target);
          const layerSize =
            target instanceof SVGSVGElement && ['width', 'height', 'viewBox'].includes(r.attributeName ?? '');
          if (target?.closest(selector) || layerSize)
            writes.push(`${target?.localName}.${target?.getAttribute('class') ?? ''} ${r.attributeName ?? r.type}`);
        }
      }).observe(el.shadowRoot!, { subtree: true, attributes: true, childList: true, characterData: true });
      el.setAttribute(attribute, value);
    },
    [attribute, value, selector] as const,
  );
  await waitForRender(page, tag, before);
  // Mutation records arrive in a microtask after the redraw.
  return page.evaluate(
    () => new Promise((resolve) => setTimeout(() => resolve((window as unknown as { writes: string[] }).writes), 0)),
  );
}

describe('a redraw writes only what changed', () => {
  for (const [chart, unchanged] of Object.entries(UNCHANGED_BY_BASE)) {
    test(`${chart}: a new base writes none of ${unchanged} and no layer size${WIDEN[chart] ? `; a new ${WIDEN[chart]} redraws the axis` : ''}`, async () => {
      const problems: string[] = [];
      const page = await openRecordingPage(site.browser, problems);
      await page.goto(
        `${site.server.url}chart.html?chart=${chart}&dModel=64&base=10000&p=20&k=7${WIDEN[chart] ? `&positions=100` : ''}`,
      );
      const tag = `phasor-${chart}`;
      await page.waitForFunction(
        (t) => ((document.querySelector(t) as unknown as { renders: number } | null)?.renders ?? 0) > 0,
        tag,
      );
      expect(await writesOf(page, tag, unchanged, 'base', '10001')).toEqual([]);
      expect(await writesOf(page, tag, unchanged, 'base', '500')).toEqual([]);
      if (WIDEN[chart]) {
        const tickTexts = () =>
          page.$eval(tag, (el) =>
            [...el.shadowRoot!.querySelectorAll('.axis-bottom .tick text, .axis-left .tick text')].map((t) =>
              Number((t.textContent ?? '').replace(/[^0-9.]/g, '')),
            ),
          );
        expect(Math.max(...(await tickTexts()))).toBeLessThan(1000);
        expect((await writesOf(page, tag, unchanged, WIDEN[chart], '3000')).length).toBeGreaterThan(0);
        expect(Math.max(...(await tickTexts()))).toBeGreaterThanOrEqual(2000);
      }
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});

describe('a redraw that changes only words keeps the nodes', () => {
  test('rotation: a new k rewrites the text of M_k’s cells and of the facts list in place (no node removed or added)', async () => {
    const problems: string[] = [];
    const page = await openRecordingPage(site.browser, problems);
    await page.goto(`${site.server.url}chart.html?chart=rotation&dModel=8&p=2&k=3`);
    const tag = 'phasor-rotation';
    await page.waitForFunction(
      (t) => ((document.querySelector(t) as unknown as { renders: number } | null)?.renders ?? 0) > 0,
      tag,
    );
    const read = () =>
      page.$eval(tag, (el) =>
        [...el.shadowRoot!.querySelectorAll('.cell-value, .facts')].map((n) => n.textContent).join(' | '),
      );
    const before = await read();
    const writes = await writesOf(page, tag, '.cells, .facts', 'k', '4');
    // The words did change, in place: text data written, no child list replaced.
    expect(await read()).not.toBe(before);
    expect(writes.filter((w) => w.endsWith(' characterData')).length).toBeGreaterThan(4);
    expect(writes.filter((w) => w.endsWith(' childList'))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('a hover writes only what moved', () => {
  const cases = [
    {
      chart: 'frequencies',
      query: 'dModel=64',
      first: 'line.cursor',
      moved: ['line x1', 'line x2', 'circle cx', 'circle cy'],
    },
    { chart: 'heatmap', query: 'dModel=16&positions=40', first: 'rect.cursor-halo cell', moved: ['rect x', 'rect y'] },
    {
      chart: 'distance',
      query: 'dModel=16&positions=40',
      first: 'rect.cursor-halo cell',
      // The cell, and the ends of the diagonal that the view cuts (here its top and its right end).
      moved: ['rect x', 'rect y', 'line y1', 'line x2'],
    },
  ];
  for (const { chart, query, first: firstMark, moved } of cases) {
    test(`${chart}: a second hover moves the read-out marks in place, writing only their positions`, async () => {
      const problems: string[] = [];
      const page = await openRecordingPage(site.browser, problems);
      await page.goto(`${site.server.url}chart.html?chart=${chart}&${query}`);
      const tag = `phasor-${chart}`;
      await page.waitForFunction(
        (t) => ((document.querySelector(t) as unknown as { renders: number } | null)?.renders ?? 0) > 0,
        tag,
      );
      const plot = await page.$eval(tag, (el) =>
        el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect().toJSON(),
      );
      await page.mouse.move(plot.x + plot.width * 0.3, plot.y + plot.height * 0.4);
      const marks = () =>
        page.$eval(tag, (el) =>
          [...el.shadowRoot!.querySelectorAll('g.readout > :not(.extent)')].map(
            (n) => `${n.localName}.${n.getAttribute('class')}`,
          ),
        );
      const first = await marks();
      expect(first[0]).toBe(firstMark);
      await page.$eval(tag, (el) => {
        const writes: string[] = [];
        (window as unknown as { writes: string[] }).writes = writes;
        new MutationObserver((records) => {
          for (const r of records) {
            const target = r.target instanceof Element ? r.target : r.target.parentElement;
            if (target?.closest('g.readout')) writes.push(`${target.localName} ${r.attributeName ?? r.type}`);
          }
        }).observe(el.shadowRoot!, { subtree: true, attributes: true, childList: true });
      });
      await page.mouse.move(plot.x + plot.width * 0.6, plot.y + plot.height * 0.6);
      const writes = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) =>
            requestAnimationFrame(() =>
              setTimeout(() => resolve((window as unknown as { writes: string[] }).writes), 0),
            ),
          ),
      );
      expect(await marks()).toEqual(first);
      expect(new Set(writes)).toEqual(new Set(moved));
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});

describe('a redraw writes no value that is already there', () => {
  // Each chart at a size a post embeds, then new values of what it is drawn
  // from: every attribute, style and text the redraw writes must differ from
  // what it replaces (a rewrite of the same value costs the page a layout and
  // a paint).
  const POSITIONS = [
    ['k', '9'],
    ['p', '31'],
    ['base', '500'],
  ] as const;
  const SIZES = [
    ['base', '500'],
    ['d-model', '32'],
  ] as const;
  const CHANGES: Record<string, readonly (readonly [string, string])[]> = {
    heatmap: POSITIONS,
    distance: POSITIONS,
    'dot-offset': POSITIONS,
    rotation: POSITIONS,
    frequencies: SIZES,
    encoding: SIZES,
    'shift-fit': [['k', '9']],
  };
  for (const [chart, changes] of Object.entries(CHANGES)) {
    test(`${chart}: a new ${changes.map(([name]) => name).join(', a new ')} rewrite nothing with its own value`, async () => {
      const problems: string[] = [];
      const page = await openRecordingPage(site.browser, problems);
      await page.goto(`${site.server.url}chart.html?chart=${chart}&dModel=64&positions=100&p=20&k=7`);
      const tag = `phasor-${chart}`;
      await page.waitForFunction(
        (t) => ((document.querySelector(t) as unknown as { renders: number } | null)?.renders ?? 0) > 0,
        tag,
      );
      for (const [attribute, value] of changes) {
        const before = await renders(page, tag);
        await page.$eval(
          tag,
          (el, [attribute, value]) => {
            const same: string[] = [];
            (window as unknown as { same: string[] }).same = same;
            const observer = new MutationObserver((records) => {
              for (const r of records) {
                const target = r.target instanceof Element ? r.target : r.target.parentElement;
                const where = `${target?.localName}.${target?.getAttribute('class') ?? ''}`;
                if (r.type === 'attributes' && r.oldValue === (r.target as Element).getAttribute(r.attributeName!))
                  same.push(`${where} ${r.attributeName}="${r.oldValue}"`);
                if (r.type === 'characterData' && r.oldValue === r.target.textContent)
                  same.push(`${where} text "${r.oldValue}"`);
                // A text replaced by the same words (elements added or removed are a change of shape).
                const words = (nodes: NodeList) =>
                  [...nodes].every((n) => n.nodeType === Node.TEXT_NODE)
                    ? [...nodes].map((n) => n.textContent).join('')
                    : null;
                const removed = words(r.removedNodes);
                if (
                  r.type === 'childList' &&
                  r.removedNodes.length > 0 &&
                  removed !== null &&
                  removed === words(r.addedNodes)
                )
                  same.push(`${where} text replaced by "${removed}"`);
              }
            });
            (window as unknown as { observer: MutationObserver }).observer = observer;
            observer.observe(el.shadowRoot!, {
              subtree: true,
              attributes: true,
              attributeOldValue: true,
              childList: true,
              characterData: true,
              characterDataOldValue: true,
            });
            el.setAttribute(attribute, value);
          },
          [attribute, value] as const,
        );
        await waitForRender(page, tag, before);
        const same = await page.evaluate(
          () =>
            new Promise<string[]>((resolve) =>
              setTimeout(() => {
                const w = window as unknown as { same: string[]; observer: MutationObserver };
                w.observer.disconnect();
                resolve(w.same);
              }, 0),
            ),
        );
        expect(same, `${attribute} = ${value}`).toEqual([]);
      }
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
