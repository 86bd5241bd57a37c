// The explorer as an explorable (issue 14) and its page-level accessibility
// (issue 12): a drawn chart on the first screen at 1280 × 800 and 360 × 740;
// every linked term of the text draws its highlight in its chart and takes
// it away again (the highlight's geometry, not a class), and a chart points
// back at the text; play moves p and stops; reduced motion moves nothing by
// itself; on a phone a chart stays in view while a control is moved; axe-core
// finds no violation on the explorer, chart.html for every chart and the
// example post, light and dark. Screenshots go to build/screens/.
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pixelReader, waitForCharts } from './support/charts.js';
import { launchChromium } from './support/chromium.js';
import { repoRoot } from './package/pack.js';
import { serveDirectory, SITE, STRICT_CSP, type StaticServer } from './support/static-server.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SCREENS = join(repoRoot, 'build/screens');

let browser: Browser;
let site: StaticServer;
let plainSite: StaticServer;
let embed: StaticServer;

beforeAll(async () => {
  browser = await launchChromium();
  site = await serveDirectory(SITE, { 'content-security-policy': STRICT_CSP });
  // axe is injected as a script: these servers send no CSP (the CSP has its own tests).
  plainSite = await serveDirectory(SITE);
  embed = await serveDirectory(join(repoRoot, 'build/embed'));
  mkdirSync(SCREENS, { recursive: true });
});
afterAll(async () => {
  await Promise.all([site?.close(), plainSite?.close(), embed?.close()]);
  await browser?.close();
});

interface Options {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  reducedMotion?: 'reduce' | 'no-preference';
  server?: StaticServer;
}

async function open(path = '', o: Options = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
    deviceScaleFactor: 1,
    colorScheme: o.colorScheme ?? 'light',
    reducedMotion: o.reducedMotion ?? 'no-preference',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${(o.server ?? site).url}${path}`);
  return { page, errors };
}

const close = (page: Page) => page.context().close();

/** The highlight marks a chart draws now: how many, and their union's size (px). */
function highlightOf(page: Page, selector: string) {
  return page.$eval(selector, (el) => {
    const marks = [...el.shadowRoot!.querySelectorAll<SVGGraphicsElement>('g.highlight > :not(.extent)')];
    const boxes = marks.map((m) => m.getBoundingClientRect());
    const area = boxes.reduce((sum, b) => sum + Math.max(b.width, 1) * Math.max(b.height, 1), 0);
    return { count: marks.length, area, attribute: el.getAttribute('highlight') };
  });
}

describe('the first screen', () => {
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    test(`a drawn chart intersects the first viewport at ${width} × ${height}`, async () => {
      const { page, errors } = await open('', { width, height });
      await waitForCharts(page, ['#hero-chart']);
      const seen = await page.evaluate(
        ([w, h]) => {
          return [...document.querySelectorAll('[data-state="ready"]')]
            .filter((el) => {
              const canvas = el.shadowRoot?.querySelector('canvas');
              const r = canvas?.getBoundingClientRect();
              // Visible: a real area of the canvas inside the viewport, not under the docked controls.
              const controls = document.getElementById('controls')!.getBoundingClientRect();
              const bottom = Math.min(h, controls.top > 0 && controls.top < h ? controls.top : h);
              return !!r && r.width > 100 && Math.min(r.bottom, bottom) - Math.max(r.top, 0) > 100 && r.left < w;
            })
            .map((el) => el.localName);
        },
        [width, height] as const,
      );
      expect(seen).toContain('phasor-heatmap');
      // The invitation: a play button on the first screen, and the table's ink is there (not an empty canvas).
      const play = await page.locator('.hero button[data-play="p"]').boundingBox();
      expect(play!.y + play!.height).toBeLessThanOrEqual(height);
      const ink = await page.$eval(
        '#hero-chart',
        (el, pixels) => {
          const c = el.shadowRoot!.querySelector('canvas')!;
          const d = pixels(c).data;
          let painted = 0;
          for (let n = 3; n < d.length; n += 4) if (d[n] > 0) painted++;
          return painted / (c.width * c.height);
        },
        await pixelReader(page),
      );
      expect(ink).toBeGreaterThan(0.95);
      await page.screenshot({ path: join(SCREENS, `first-screen-${width}.png`) });
      expect(errors).toEqual([]);
      await close(page);
    });
  }
});

describe('text and charts linked both ways', () => {
  test('focusing each linked term highlights it in its chart, and blurring takes it away', async () => {
    const { page, errors } = await open();
    await waitForCharts(page, [
      '#hero-chart',
      'phasor-frequencies',
      '#heatmap phasor-heatmap',
      'phasor-dot-offset',
      'phasor-distance',
      'phasor-rotation',
      'phasor-rope-scaling',
    ]);
    const terms = await page.$$eval('[data-link][tabindex="0"]', (els) =>
      els.map((el, n) => {
        el.setAttribute('data-test-term', String(n));
        const scope = el.closest('[data-link-scope], section')!;
        const chart = [...scope.querySelectorAll('*')].find((c) => c.localName.startsWith('phasor-'))!;
        if (!chart.id) chart.id = `chart-of-${n}`;
        return { n, term: (el as HTMLElement).dataset.link!, chart: `#${chart.id}` };
      }),
    );
    // Every kind of term the issue names is in the text: p, k, p + k, a pair (ω_i, λ_i), M_k, each scaling scheme
    // (the four attention terms answer to their check boxes, below).
    const schemes = ['linear', 'ntk', 'dynamic-ntk', 'yarn', 'llama3'].map((s) => `scheme:${s}`);
    expect(new Set(terms.map((t) => t.term))).toEqual(
      new Set(['p', 'k', 'p+k', 'pair', 'omega', 'lambda', 'mk', ...schemes]),
    );
    expect(terms.length).toBeGreaterThanOrEqual(15);
    for (const t of terms) {
      const term = page.locator(`[data-test-term="${t.n}"]`);
      await term.scrollIntoViewIfNeeded();
      expect((await highlightOf(page, t.chart)).count, `${t.term} before focus`).toBe(0);
      await term.focus();
      await page.waitForFunction(
        (sel) =>
          (document.querySelector(sel)!.shadowRoot!.querySelectorAll('g.highlight > :not(.extent)').length ?? 0) > 0,
        t.chart,
        { timeout: 5000 },
      );
      const on = await highlightOf(page, t.chart);
      expect(on.area, `${t.term} in ${t.chart}: the marks have a size`).toBeGreaterThan(20);
      if (t.term === 'p' || t.term === 'p+k') {
        // In the right place: over the chart's own mark of that position (its row or column line).
        const over = await page.$eval(
          t.chart,
          (el, mark) => {
            const line = el.shadowRoot!.querySelector(`line.${mark}`);
            if (!line) return null;
            const l = line.getBoundingClientRect();
            const [x, y] = [l.left + l.width / 2, l.top + l.height / 2];
            return [...el.shadowRoot!.querySelectorAll('g.highlight > rect:not(.extent)')].some((r) => {
              const b = r.getBoundingClientRect();
              return x >= b.left - 0.5 && x <= b.right + 0.5 && y >= b.top - 0.5 && y <= b.bottom + 0.5;
            });
          },
          t.term === 'p' ? 'mark-p' : 'mark-pk',
        );
        if (over !== null) expect(over, `${t.term} in ${t.chart}: the highlight covers its mark`).toBe(true);
      }
      expect(
        await term.evaluate(
          (el) => el.classList.contains('term-on') && getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)',
        ),
        `${t.term} is lit in the text`,
      ).toBe(true);
      await term.evaluate((el) => (el as HTMLElement).blur());
      expect(await highlightOf(page, t.chart), `${t.term} after blur`).toEqual({ count: 0, area: 0, attribute: null });
    }
    // Each of the four attention terms, from its check box: its curves traced over the additive panel.
    const attention = '#attention-offset phasor-attention-offset';
    for (const term of ['content-content', 'content-position', 'position-content', 'position-position']) {
      const box = page.locator(`input[value="${term}"]`);
      await box.scrollIntoViewIfNeeded();
      await waitForCharts(page, [attention]);
      await box.focus();
      await page.waitForFunction(
        (sel) => (document.querySelector(sel)!.shadowRoot!.querySelectorAll('g.highlight > path').length ?? 0) >= 4,
        attention,
        { timeout: 10000 },
      );
      const lit = await page.$$eval('#attention-offset .term-on', (els) =>
        els.map((el) => (el as HTMLElement).dataset.link),
      );
      expect(lit, `${term}: the formula's term and its box light up`).toEqual([`term:${term}`, `term:${term}`]);
      await box.evaluate((el) => (el as HTMLElement).blur());
      expect((await highlightOf(page, attention)).count).toBe(0);
    }
    // Said once, politely, when the focus settles.
    await page.locator('#frequencies [data-link="omega"]').first().focus();
    await page.waitForFunction(() =>
      /highlighted in the chart/.test(document.getElementById('phasor-link-status')?.textContent ?? ''),
    );
    expect(await page.getAttribute('#phasor-link-status', 'aria-live')).toBe('polite');
    expect(errors).toEqual([]);
    await close(page);
  });

  test('the highlight shows in the pixels of the chart (M_k outlined)', async () => {
    const { page } = await open();
    await waitForCharts(page, ['phasor-rotation']);
    const term = page.locator('#rotation [data-link="mk"]');
    await term.scrollIntoViewIfNeeded();
    const chart = page.locator('phasor-rotation');
    const before = await chart.screenshot();
    await term.focus();
    await page.waitForFunction(() => document.querySelector('phasor-rotation')!.getAttribute('highlight') === 'mk');
    await page.waitForTimeout(50);
    const during = await chart.screenshot();
    await term.evaluate((el) => (el as HTMLElement).blur());
    await page.waitForFunction(() => !document.querySelector('phasor-rotation')!.hasAttribute('highlight'));
    await page.waitForTimeout(50);
    const after = await chart.screenshot();
    expect(during.equals(before)).toBe(false);
    expect(after.equals(before)).toBe(true);
    await close(page);
  });

  test("hovering a chart lights up its term in the text (heatmap row p, a column's pair, a block of M_k)", async () => {
    const { page } = await open();
    await waitForCharts(page, ['#heatmap phasor-heatmap', 'phasor-rotation']);
    const heatmap = page.locator('#heatmap phasor-heatmap');
    await heatmap.scrollIntoViewIfNeeded();
    // Its section renders (content-visibility) in the frame after the scroll, at its full height.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await heatmap.scrollIntoViewIfNeeded();
    const lit = () => page.$$eval('#heatmap .term-on', (els) => els.map((el) => (el as HTMLElement).dataset.link));
    expect(await lit()).toEqual([]);
    // Row p = 20 of positions 0 … 99, on the canvas.
    const canvas = await heatmap.evaluate((el) =>
      el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect().toJSON(),
    );
    await page.mouse.move(canvas.x + canvas.width * 0.8, canvas.y + (canvas.height * 20.5) / 100);
    await page.waitForFunction(() => document.querySelector('#heatmap [data-link="p"]')!.classList.contains('term-on'));
    // A column far from the marks: its pair.
    await page.mouse.move(canvas.x + canvas.width * 0.8, canvas.y + (canvas.height * 70.5) / 100);
    await page.waitForFunction(() =>
      document.querySelector('#heatmap [data-link="pair"]')!.classList.contains('term-on'),
    );
    expect(await lit()).toEqual(['pair']);
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => document.querySelectorAll('#heatmap .term-on').length === 0);
    // M_k's cells outside pair i's block: M_k.
    const matrix = page.locator('phasor-rotation');
    await matrix.scrollIntoViewIfNeeded();
    // Its section renders (content-visibility) in the frame after the scroll.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const m = await matrix.evaluate((el) =>
      el.shadowRoot!.querySelectorAll('canvas')[0]!.getBoundingClientRect().toJSON(),
    );
    await page.mouse.move(m.x + m.width * 0.6, m.y + m.height * 0.6);
    await page.waitForFunction(() =>
      document.querySelector('#rotation [data-link="mk"]')!.classList.contains('term-on'),
    );
    await close(page);
  });
});

describe('play', () => {
  const pOf = (page: Page) => page.$eval('#hero-chart', (el) => Number(el.getAttribute('p')));

  test("play advances p (the table's line moves) and a second press stops it", async () => {
    const { page } = await open();
    await waitForCharts(page, ['#hero-chart']);
    const button = page.locator('.hero button[data-play="p"]');
    const start = await pOf(page);
    const line = () =>
      page.$eval('#hero-chart', (el) => Number(el.shadowRoot!.querySelector('line.mark-p')!.getAttribute('y1')));
    const y0 = await line();
    await button.click();
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction((p) => Number(document.getElementById('hero-chart')!.getAttribute('p')) >= p + 3, start);
    await page.waitForFunction(
      (y) =>
        Number(document.getElementById('hero-chart')!.shadowRoot!.querySelector('line.mark-p')!.getAttribute('y1')) > y,
      y0,
    );
    await button.click();
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    const stopped = await pOf(page);
    await page.waitForTimeout(400);
    expect(await pOf(page)).toBe(stopped);
    expect(await page.inputValue('#p')).toBe(String(stopped));
    await close(page);
  });

  test('a step of the p slider takes p back from the player (the buttons say so); a step of k leaves the buttons alone', async () => {
    const { page } = await open();
    await waitForCharts(page, ['#hero-chart']);
    const button = page.locator('.hero button[data-play="p"]');
    await button.click();
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    // Every Play button's label, watched for changes from here on.
    await page.evaluate(() => {
      const w = window as unknown as { relabelled: number };
      w.relabelled = 0;
      const observer = new MutationObserver((records) => (w.relabelled += records.length));
      for (const b of document.querySelectorAll('button[data-play]')) observer.observe(b, { childList: true });
    });
    await page.focus('#p-range');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () => document.querySelector('.hero button[data-play="p"]')!.getAttribute('aria-pressed') === 'false',
    );
    expect(await button.textContent()).toMatch(/Play p/);
    const stopped = await pOf(page);
    await page.waitForTimeout(400);
    expect(await pOf(page)).toBe(stopped);
    const relabelled = await page.evaluate(() => (window as unknown as { relabelled: number }).relabelled);
    expect(relabelled).toBeGreaterThan(0);
    // Nothing plays now: slider steps change no button.
    await page.focus('#k-range');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.focus('#p-range');
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { relabelled: number }).relabelled)).toBe(relabelled);
    await close(page);
  });

  test("play k turns M_k's blocks; the element's own play attribute works in an embed", async () => {
    const { page } = await open();
    await waitForCharts(page, ['phasor-rotation']);
    const button = page.locator('#rotation button[data-play="k"]');
    await button.scrollIntoViewIfNeeded();
    const window0 = await page.$eval('phasor-rotation', (el) =>
      Array.from((el as unknown as { data(): { window: Float32Array } }).data().window.slice(0, 4)),
    );
    await button.click();
    await page.waitForFunction(() => Number(document.querySelector('phasor-rotation')!.getAttribute('k')) >= 9);
    await button.click();
    await page.waitForFunction((w) => {
      const now = Array.from(
        (document.querySelector('phasor-rotation') as unknown as { data(): { window: Float32Array } })
          .data()
          .window.slice(0, 4),
      );
      return now.some((v, n) => v !== w[n]);
    }, window0);
    await close(page);

    const post = await open('post.html', { server: embed });
    await waitForCharts(post.page, ['#table']);
    const own = post.page.locator('#table').locator('button.play');
    await own.scrollIntoViewIfNeeded();
    await own.click();
    await post.page.waitForFunction(() => Number(document.getElementById('table')!.getAttribute('p')) >= 23);
    await own.click();
    const at = await post.page.$eval('#table', (el) => el.getAttribute('p'));
    await post.page.waitForTimeout(300);
    expect(await post.page.$eval('#table', (el) => el.getAttribute('p'))).toBe(at);
    // And a term of the post highlights in its chart.
    await post.page.locator('[data-link="mk"]').hover();
    await post.page.waitForFunction(
      () =>
        (document.getElementById('rotation')!.shadowRoot!.querySelectorAll('g.highlight > :not(.extent)').length ?? 0) >
        0,
    );
    await close(post.page);
  });

  test('with prefers-reduced-motion a press steps once and nothing moves by itself', async () => {
    const { page } = await open('', { reducedMotion: 'reduce' });
    await waitForCharts(page, ['#hero-chart']);
    const button = page.locator('.hero button[data-play="p"]');
    expect(await button.textContent()).toMatch(/^Step p \+8$/);
    expect(await button.getAttribute('aria-pressed')).toBeNull();
    const start = await pOf(page);
    await button.click();
    await page.waitForFunction(
      (p) => Number(document.getElementById('hero-chart')!.getAttribute('p')) === p + 8,
      start,
    );
    await page.waitForTimeout(500);
    expect(await pOf(page)).toBe(start + 8);
    // No transition on the outline that shows which charts a control drives.
    expect(await page.$eval('figure.hero', (el) => getComputedStyle(el).transitionDuration)).toBe('0s');
    await close(page);
  });
});

describe('on a phone (360 × 740)', () => {
  test('the controls dock at the bottom, open over less than half the screen, and the chart in view stays visible while p moves', async () => {
    const { page } = await open('', { width: 360, height: 740 });
    await waitForCharts(page, ['#hero-chart']);
    // The table's top 60 px below the top of the screen: scrolled to first, so that its section is
    // rendered at its full height (a section out of sight keeps a remembered or placeholder height,
    // content-visibility), then placed.
    await page.$eval('#heatmap phasor-heatmap', async (el) => {
      el.scrollIntoView();
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      window.scrollBy(0, el.getBoundingClientRect().top - 60);
    });
    await page.click('#controls-toggle');
    const panel = await page.locator('#controls').boundingBox();
    expect(panel!.y + panel!.height).toBeCloseTo(740, 0);
    expect(panel!.height).toBeLessThanOrEqual(740 * 0.5);
    const slider = page.locator('#p-range');
    const box = await slider.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(panel!.y);
    expect(box!.y + box!.height).toBeLessThanOrEqual(740);
    const before = await page.$eval('#heatmap phasor-heatmap', (el) => el.getAttribute('p'));
    await slider.focus();
    for (let n = 0; n < 5; n++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (p) => document.querySelector('#heatmap phasor-heatmap')!.getAttribute('p') !== p,
      before,
    );
    // Some of the table's canvas is on screen above the open panel.
    const visible = await page.$eval(
      '#heatmap phasor-heatmap',
      (el, top) => {
        const r = el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect();
        return Math.min(r.bottom, top) - Math.max(r.top, 0);
      },
      panel!.y,
    );
    expect(visible).toBeGreaterThan(80);
    await page.screenshot({ path: join(SCREENS, 'phone-controls-open-360.png') });
    await close(page);
  });

  test('p and p + k one position apart: their labels do not overlap (rows of the table, columns of the distance matrix)', async () => {
    for (const k of [1, -1, 3]) {
      const { page } = await open(`?p=40&k=${k}`, { width: 360, height: 740 });
      for (const chart of ['#hero-chart', '#distance phasor-distance']) {
        await page.$eval(chart, (el) => el.scrollIntoView());
        await waitForCharts(page, [chart]);
        const boxes = await page.$eval(chart, (el) =>
          [...el.shadowRoot!.querySelectorAll('text.mark-label')].map((t) => {
            const b = t.getBoundingClientRect();
            return { text: t.textContent, left: b.left, right: b.right, top: b.top, bottom: b.bottom };
          }),
        );
        expect(boxes.map((b) => b.text).sort(), `${chart}, k = ${k}`).toEqual(['p + k = ' + (40 + k), 'p = 40']);
        const [a, b] = boxes;
        const overlap =
          Math.min(a.right, b.right) > Math.max(a.left, b.left) &&
          Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);
        expect(overlap, `${chart}, k = ${k}: ${JSON.stringify(boxes)}`).toBe(false);
      }
      await close(page);
    }
  });

  test('the labels of p and p + k stay inside the distance matrix when their columns are at its edges, and clear of each other', async () => {
    // 4096 positions at 360 px: p + k = 28 is a column at the left edge, 4095 one at the right; p = 3, k = 1 two close columns at the left.
    for (const query of [
      '?positions=4096&dModel=1024&p=20&k=8',
      '?positions=4096&p=4090&k=5',
      '?positions=4096&p=3&k=1',
    ]) {
      const { page } = await open(query, { width: 360, height: 740 });
      const chart = '#distance phasor-distance';
      await page.$eval(chart, (el) => el.scrollIntoView());
      await waitForCharts(page, [chart]);
      const { boxes, plot } = await page.$eval(chart, (el) => ({
        boxes: [...el.shadowRoot!.querySelectorAll('text.mark-label')].map((t) => {
          const b = t.getBoundingClientRect();
          return { text: t.textContent, left: b.left, right: b.right, top: b.top, bottom: b.bottom };
        }),
        plot: el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect().toJSON() as DOMRect,
      }));
      expect(boxes.length, query).toBe(2);
      for (const b of boxes)
        expect(
          b.left >= plot.left - 0.5 && b.right <= plot.right + 0.5,
          `${query}: ${JSON.stringify(b)} in ${plot.left}…${plot.right}`,
        ).toBe(true);
      const [a, b] = boxes;
      const overlap =
        Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);
      expect(overlap, `${query}: ${JSON.stringify(boxes)}`).toBe(false);
      await close(page);
    }
  });
});

describe('axe-core finds no violation', () => {
  async function axe(page: Page, waitFor: string[]): Promise<unknown[]> {
    await waitForCharts(page, waitFor);
    await page.addScriptTag({ path: AXE });
    return page.evaluate(async () => {
      const run = (
        window as unknown as {
          axe: {
            run(context: Document): Promise<{
              violations: { id: string; help: string; nodes: { target: unknown; failureSummary?: string }[] }[];
            }>;
          };
        }
      ).axe;
      const result = await run.run(document);
      return result.violations.map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary}`),
      }));
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`on the explorer (${colorScheme}, 1280 and 360 px)`, async () => {
      for (const width of [1280, 360]) {
        const { page } = await open('', { server: plainSite, colorScheme, width });
        // Formulas out of sight are measured (and made tab stops if they scroll) when the page is idle.
        await page.waitForSelector('html[data-sections-laid-out]');
        expect(await axe(page, ['#hero-chart', 'phasor-frequencies']), `${width} px`).toEqual([]);
        await page.screenshot({ path: join(SCREENS, `explorer-${width}-${colorScheme}.png`) });
        await close(page);
      }
    });

    test(`on chart.html for every chart (${colorScheme})`, async () => {
      // Every chart the page knows, as it lists them when asked for none.
      const { page: list } = await open('chart.html?chart=', { server: plainSite, colorScheme, width: 900 });
      const names = (await list.textContent('#chart-error'))!
        .replace(/^chart must be one of /, '')
        .replace(/;.*$/, '')
        .split(', ');
      await close(list);
      expect(names).toContain('attention-patterns');
      for (const name of names) {
        const { page } = await open(`chart.html?chart=${name}`, { server: plainSite, colorScheme, width: 900 });
        expect(await axe(page, [`phasor-${name}`]), name).toEqual([]);
        expect(await page.title()).toMatch(/ — phasor$/);
        expect(await page.textContent('h1')).not.toBe('phasor chart');
        expect(await page.$eval('body', (b) => getComputedStyle(b).backgroundColor)).toBe(
          colorScheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)',
        );
        await close(page);
      }
    });

    test(`on the example post (${colorScheme})`, async () => {
      const { page } = await open('post.html', { server: embed, colorScheme });
      expect(await axe(page, ['phasor-encoding', '#table', '#rotation'])).toEqual([]);
      await close(page);
    });
  }
});
