// The explorer in Chromium: it loads cleanly under a strict CSP, every chart
// draws, the controls drive the charts by pointer and keyboard, the state
// round-trips through the URL, bad input is reported without breaking the
// page, and it reads at 360 px and in dark mode. Screenshots of every chart
// go to tests/browser/screenshots/.
import { resolve } from 'node:path';
import { interpolateRdBu, interpolateViridis } from 'd3-scale-chromatic';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  canvasColourAt,
  CHARTS,
  DATA_COVERAGE,
  dataDrawn,
  inkOf,
  pixelReader,
  renders,
  tooltipText,
  waitForCharts,
  waitForQuery,
  waitForRender,
} from './support/charts.js';
import { SCREENSHOTS, useExplorer } from './support/explorer.js';

const explorer = useExplorer();

function rgb(colour: string): [number, number, number] {
  const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(colour) ?? /#(..)(..)(..)/.exec(colour)!;
  return colour.startsWith('#')
    ? ([1, 2, 3].map((n) => parseInt(m[n], 16)) as [number, number, number])
    : [+m[1], +m[2], +m[3]];
}

function expectColourNear(actual: readonly number[], expected: readonly number[], tolerance = 4): void {
  for (let c = 0; c < 3; c++)
    expect(Math.abs(actual[c] - expected[c]), `channel ${c}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

const data = <T>(page: Page, tag: string) =>
  page.$eval(tag, (el) => (el as unknown as { data(): unknown }).data()) as Promise<T>;

describe('the explorer page', () => {
  test('loads under a strict CSP with no console error, and every chart draws', async () => {
    const { page, errors } = await explorer();
    for (const tag of CHARTS) {
      expect(await page.getAttribute(tag, 'data-state'), tag).toBe('ready');
      const ink = await inkOf(page, tag);
      expect(ink.shapes, `${tag} has axes or marks`).toBeGreaterThan(10);
      expect(ink.colours, `${tag} draws in more than one colour`).toBeGreaterThan(2);
    }
    expect((await inkOf(page, '#heatmap phasor-heatmap')).covered).toBeGreaterThan(0.99);
    expect((await inkOf(page, 'phasor-distance')).covered).toBeGreaterThan(0.99);
    for (const tag of ['phasor-frequencies', 'phasor-encoding', 'phasor-dot-offset']) {
      expect((await inkOf(page, tag)).covered, `${tag} draws lines`).toBeGreaterThan(0.01);
    }
    expect(await page.locator('.katex').count(), 'formulas are typeset').toBeGreaterThan(10);
    expect(errors).toEqual([]);
  });

  test('the heatmap colours each cell by its value: +1 dark red, 0 white', async () => {
    const { page } = await explorer();
    const encoding = await data<{ table: Record<string, number>; dModel: number; positions: number }>(
      page,
      '#heatmap phasor-heatmap',
    );
    expect(encoding.dModel).toBe(128);
    expect(encoding.table[0]).toBe(0); // PE(0, 0) = sin 0
    expect(encoding.table[1]).toBe(1); // PE(0, 1) = cos 0
    const size = await page.$eval('#heatmap phasor-heatmap', (el) =>
      el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect().toJSON(),
    );
    const cellWidth = size.width / 128;
    const cellHeight = size.height / 100;
    expectColourNear(
      await canvasColourAt(page, '#heatmap phasor-heatmap', 1.5 * cellWidth, 0.5 * cellHeight),
      rgb(interpolateRdBu(0)),
    );
    expectColourNear(
      await canvasColourAt(page, '#heatmap phasor-heatmap', 0.5 * cellWidth, 0.5 * cellHeight),
      rgb(interpolateRdBu(0.5)),
    );
    // The distance matrix is 0 on its diagonal: the low end of viridis.
    expectColourNear(await canvasColourAt(page, 'phasor-distance', 1, 1), rgb(interpolateViridis(0)));
  });

  test('the proofs hold in the numbers the charts show', async () => {
    const { page } = await explorer();
    const rotation = await data<{ maxError: number; errorAtP: number }>(page, 'phasor-rotation');
    expect(rotation.maxError).toBeGreaterThan(0);
    expect(rotation.maxError).toBeLessThan(1e-6);
    expect(rotation.errorAtP).toBeLessThanOrEqual(rotation.maxError);
    expect(await page.locator('phasor-rotation').evaluate((el) => el.shadowRoot!.textContent)).toContain('10⁻');
    const dots = await data<{ largestGap: number; closedForm: Record<string, number>; measured: unknown[] }>(
      page,
      'phasor-dot-offset',
    );
    expect(dots.measured.map((m) => (m as { p: number }).p)).toEqual([0, 20, 100020]);
    expect(dots.closedForm[0]).toBe(64); // k = 0: |PE|² = d/2
    expect(dots.largestGap).toBeLessThan(1e-4);
  });

  test('moving p turns the phasors but leaves M_k as computed and drawn; changing k changes it', async () => {
    const { page } = await explorer();
    const rotation = page.locator('phasor-rotation');
    await rotation.scrollIntoViewIfNeeded();
    const reader = await pixelReader(page);
    const look = () =>
      rotation.evaluate((el, pixels) => {
        const matrix = (el as unknown as { data(): { window: Float32Array } }).data().window;
        const canvas = el.shadowRoot!.querySelector('canvas')!;
        const data = pixels(canvas).data;
        let hash = 0;
        for (let n = 0; n < data.length; n++) hash = (Math.imul(hash, 31) + data[n]) | 0;
        return {
          matrix: Array.from(matrix.subarray(0, 64)),
          canvas: hash,
          point: el.shadowRoot!.querySelector('circle.point')!.getAttribute('cx'),
        };
      }, reader);
    const before = await look();
    const draws = await renders(page, 'phasor-rotation');
    await page.focus('#p-range');
    await page.keyboard.press('ArrowRight');
    await waitForRender(page, 'phasor-rotation', draws);
    const afterP = await look();
    expect(afterP.point).not.toBe(before.point);
    expect(afterP.matrix).toEqual(before.matrix);
    expect(afterP.canvas).toBe(before.canvas);
    await page.focus('#k-range');
    await page.keyboard.press('ArrowRight');
    await waitForRender(page, 'phasor-rotation', draws + 1);
    const afterK = await look();
    expect(afterK.matrix).not.toEqual(before.matrix);
    expect(afterK.canvas).not.toBe(before.canvas);
  });

  test('dragging the d_model slider redraws the heatmap at every step while the button is still down, and writes the URL', async () => {
    const { page } = await explorer();
    await page.locator('#heatmap phasor-heatmap').scrollIntoViewIfNeeded(); // charts out of sight wait for the drag to end
    const before = await inkOf(page, '#heatmap phasor-heatmap');
    const box = (await page.locator('#dModel-range').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.12, y);
    await page.mouse.down();
    const seen: number[] = [];
    for (let n = 1; n <= 6; n++) {
      await page.mouse.move(box.x + box.width * (0.12 + n * 0.07), y);
      const dModel = Number(await page.inputValue('#dModel'));
      // The heatmap shows this step's width before the next move: it follows the drag, not just its end.
      await page.waitForFunction(
        (d) =>
          (document.querySelector('#heatmap phasor-heatmap') as unknown as { data(): { dModel: number } | null }).data()
            ?.dModel === d,
        dModel,
      );
      seen.push(dModel);
    }
    await page.mouse.up();
    expect(new Set(seen).size, `distinct widths drawn mid-drag: ${seen}`).toBe(seen.length);
    const dModel = seen[seen.length - 1];
    expect(dModel).toBeGreaterThan(300);
    expect(dModel % 2).toBe(0);
    await waitForQuery(page, { dModel: String(dModel) });
    const after = await inkOf(page, '#heatmap phasor-heatmap');
    expect(after.digest).not.toBe(before.digest);
    expect(after.covered, 'the heatmap is covered with data').toBeGreaterThan(0.99);
    expect(await page.getAttribute('phasor-distance', 'd-model')).toBe(String(dModel));
  });

  test('the keyboard drives the controls: arrow keys on a slider, typing in a number field', async () => {
    const { page } = await explorer();
    await page.focus('#k-range');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.inputValue('#k')).toBe('11');
    await waitForQuery(page, { k: '11' });
    await page.waitForFunction(
      () =>
        (document.querySelector('phasor-rotation') as unknown as { data(): { options: { k: number } } }).data()?.options
          .k === 11,
    );
    expect(await page.getAttribute('phasor-dot-offset', 'k')).toBe('11');

    const circleBefore = await page.$eval('phasor-rotation', (el) =>
      el.shadowRoot!.querySelectorAll('circle.point')[0].getAttribute('cx'),
    );
    await page.focus('#p-range');
    await page.keyboard.press('ArrowRight');
    await waitForQuery(page, { p: '21' });
    await page.waitForFunction(
      (cx) =>
        document
          .querySelector('phasor-rotation')!
          .shadowRoot!.querySelectorAll('circle.point')[0]
          .getAttribute('cx') !== cx,
      circleBefore,
    );

    await page.fill('#positions', '300');
    await page.keyboard.press('Tab');
    await waitForQuery(page, { positions: '300' });
    await page.waitForFunction(
      () =>
        (document.querySelector('#heatmap phasor-heatmap') as unknown as { data(): { positions: number } }).data()
          ?.positions === 300,
    );
    expect(await page.inputValue('#positions-range')).toBe('300');

    // A value out of range is marked and not applied; leaving the field restores it.
    await page.fill('#dModel', '7');
    expect(await page.getAttribute('#dModel', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#heatmap phasor-heatmap', 'd-model')).toBe('128');
    await page.keyboard.press('Tab');
    expect(await page.inputValue('#dModel')).toBe('128');
  });

  test('the status line names the kernels and the slowest chart, written only once the charts have been quiet for 250 ms', async () => {
    const { page } = await explorer();
    await page.evaluate(() => {
      const log: { renders: number[]; writes: number[] } = { renders: [], writes: [] };
      (window as unknown as { statusLog: typeof log }).statusLog = log;
      document.addEventListener('phasor-render', () => log.renders.push(performance.now()));
      new MutationObserver(() => log.writes.push(performance.now())).observe(document.getElementById('status')!, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const k = Number(await page.inputValue('#k'));
    await page.focus('#k-range');
    for (let n = 0; n < 4; n++) await page.keyboard.press('ArrowRight');
    await waitForQuery(page, { k: String(k + 4) });
    await page.waitForFunction(() => {
      const log = (window as unknown as { statusLog: { writes: number[] } }).statusLog;
      return log.writes.length > 0;
    });
    // The charts out of sight catch up after that: their renders, and any write after them, are checked too.
    await page.waitForTimeout(1500);
    const { renders, writes } = await page.evaluate(
      () => (window as unknown as { statusLog: { renders: number[]; writes: number[] } }).statusLog,
    );
    expect(renders.length).toBeGreaterThan(0);
    for (const write of writes) {
      const lastRender = Math.max(...renders.filter((t) => t <= write));
      expect(
        write - lastRender,
        'a write this soon after a render would cost that frame a layout',
      ).toBeGreaterThanOrEqual(240);
    }
    expect(await page.textContent('#status')).toMatch(
      /^WebAssembly (SIMD|scalar) kernels.* · slowest chart: [a-z-]+, \d+\.\d ms compute \+ \d+\.\d ms draw$/,
    );
  });

  test('a chart reads out exact values under the pointer and from the keyboard', async () => {
    const { page } = await explorer();
    await page.locator('#heatmap phasor-heatmap').scrollIntoViewIfNeeded();
    const plot = await page.$eval('#heatmap phasor-heatmap', (el) =>
      el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect().toJSON(),
    );
    // Row 0, column 1: PE(0, 1) = cos 0 = 1.
    await page.mouse.move(plot.x + (1.5 * plot.width) / 128, plot.y + (0.5 * plot.height) / 100);
    const text = await tooltipText(page, '#heatmap phasor-heatmap');
    expect(text).toContain('p = 0, j = 1');
    expect(text).toContain('cos(p·ω₀) = 1');

    await page.mouse.move(0, 0);
    expect(await tooltipText(page, '#heatmap phasor-heatmap')).toBeNull();
    await page
      .locator('phasor-encoding')
      .evaluate((el) => (el.shadowRoot!.querySelector('.frame') as HTMLElement).focus());
    await page.keyboard.press('Home');
    const first = await tooltipText(page, 'phasor-encoding');
    expect(first).toContain('p = 0');
    expect(first).toContain('PE(p, 1) = cos(p·ω₀) = 1');
    await page.keyboard.press('ArrowRight');
    expect(await tooltipText(page, 'phasor-encoding')).toContain(
      `PE(p, 0) = sin(p·ω₀) = ${Number(Math.fround(Math.sin(1)).toPrecision(7))}`,
    );
  });

  test('the URL round-trips the state, reload included', async () => {
    const query = '?dModel=64&base=500&positions=300&p=7&k=3&pair=2&dims=0,1,5&normalize=1';
    const { page, errors } = await explorer(query);
    expect(await page.inputValue('#dModel')).toBe('64');
    expect(await page.inputValue('#base')).toBe('500');
    expect(await page.inputValue('#positions')).toBe('300');
    expect(await page.inputValue('#p')).toBe('7');
    expect(await page.inputValue('#k')).toBe('3');
    expect(await page.inputValue('#pair')).toBe('2');
    expect(await page.inputValue('#dims')).toBe('0, 1, 5');
    expect(await page.isChecked('#normalize')).toBe(true);
    expect(await page.getAttribute('phasor-encoding', 'dims')).toBe('0,1,5');
    expect(await page.getAttribute('phasor-rotation', 'pair')).toBe('2');
    expect(await page.getAttribute('phasor-dot-offset', 'normalize')).toBe('');
    const dots = await data<{ closedForm: Record<string, number> }>(page, 'phasor-dot-offset');
    expect(dots.closedForm[0]).toBeCloseTo(1, 6); // normalised: cosine similarity 1 at k = 0
    expect(new URL(page.url()).search).toBe(query);

    await page.focus('#pair-range');
    await page.keyboard.press('ArrowRight');
    await waitForQuery(page, { pair: '3' });
    await page.reload();
    await waitForCharts(page);
    expect(await page.inputValue('#pair')).toBe('3');
    expect(await page.inputValue('#base')).toBe('500');
    expect(await page.getAttribute('phasor-rotation', 'pair')).toBe('3');
    expect(await page.locator('#notice').isHidden()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a preset link sets its parameters on top of the current view, and Back returns', async () => {
    const { page } = await explorer('?k=5');
    await page.click('a.preset[href*="positions=1000"]');
    await waitForQuery(page, { dModel: '1000', positions: '1000', k: '5' });
    await page.waitForFunction(() => {
      const d = (
        document.querySelector('phasor-distance') as unknown as { data(): { positions: number; dModel: number } }
      ).data();
      return d?.positions === 1000 && d.dModel === 1000;
    });
    expect(await page.inputValue('#dModel')).toBe('1000');
    await page.goBack();
    await waitForQuery(page, { dModel: null, positions: null, k: '5' });
    expect(await page.inputValue('#dModel')).toBe('128');
  });

  test('reset returns every control, chart and the URL to the defaults', async () => {
    const { page } = await explorer('?dModel=32&positions=50&k=100&dims=3&normalize=1');
    await page.click('#reset');
    await page.waitForFunction(() => location.search === '');
    expect(await page.inputValue('#dModel')).toBe('128');
    expect(await page.inputValue('#positions')).toBe('100');
    expect(await page.inputValue('#k')).toBe('8');
    expect(await page.inputValue('#dims')).toBe('');
    expect(await page.isChecked('#normalize')).toBe(false);
    expect(await page.getAttribute('phasor-encoding', 'dims')).toBeNull();
    await page.waitForFunction(
      () =>
        (document.querySelector('#heatmap phasor-heatmap') as unknown as { data(): { dModel: number } }).data()
          ?.dModel === 128,
    );
  });

  test('malformed URL parameters fall back to the defaults with a visible notice', async () => {
    const { page, errors } = await explorer('?dModel=abc&base=-3&positions=99999999&k=1.5&pair=9999&dims=0,x&bogus=1');
    const notice = page.locator('#notice');
    expect(await notice.isVisible()).toBe(true);
    const text = await notice.innerText();
    for (const name of ['dModel', 'base', 'positions', 'k', 'pair', 'dims', 'bogus']) expect(text).toContain(name);
    expect(await page.inputValue('#dModel')).toBe('128');
    expect(await page.inputValue('#base')).toBe('10000');
    expect(await page.inputValue('#positions')).toBe('100');
    for (const tag of CHARTS) expect(await page.getAttribute(tag, 'data-state'), tag).toBe('ready');
    await page.click('#notice-close');
    expect(await notice.isHidden()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('an invalid attribute shows an error inside that element only, and a fix brings the chart back', async () => {
    const { page } = await explorer();
    await page.$eval('#heatmap phasor-heatmap', (el) => el.setAttribute('d-model', '7'));
    await page.waitForFunction(
      () => document.querySelector('#heatmap phasor-heatmap')!.getAttribute('data-state') === 'error',
    );
    const message = await page.$eval(
      '#heatmap phasor-heatmap',
      (el) => el.shadowRoot!.querySelector('.error')!.textContent,
    );
    expect(message).toContain('d-model="7"');
    expect(message).toContain('even integer');
    for (const tag of CHARTS.filter((t) => t !== 'phasor-heatmap'))
      expect(await page.getAttribute(tag, 'data-state'), tag).toBe('ready');
    expect(await page.getAttribute('#hero-chart', 'data-state'), "the first screen's table").toBe('ready');

    await page.$eval('phasor-rotation', (el) => el.setAttribute('pair', '500'));
    await page.waitForFunction(() => document.querySelector('phasor-rotation')!.getAttribute('data-state') === 'error');
    expect(await page.$eval('phasor-rotation', (el) => el.shadowRoot!.querySelector('.error')!.textContent)).toContain(
      'pair',
    );

    await page.$eval('#heatmap phasor-heatmap', (el) => el.setAttribute('d-model', '8'));
    await page.waitForFunction(
      () => document.querySelector('#heatmap phasor-heatmap')!.getAttribute('data-state') === 'ready',
    );
    expect(
      await page.$eval(
        '#heatmap phasor-heatmap',
        (el) => (el.shadowRoot!.querySelector('.error') as HTMLElement).hidden,
      ),
    ).toBe(true);
  });

  test('an element with no attributes draws its seed figure', async () => {
    const { page } = await explorer();
    await page.evaluate(() => {
      const host = document.createElement('div');
      host.id = 'bare';
      host.append(document.createElement('phasor-encoding'), document.createElement('phasor-distance'));
      document.body.append(host);
    });
    await waitForCharts(page, ['#bare phasor-encoding', '#bare phasor-distance']);
    const encoding = await data<{ dims: number[]; encoding: { positions: number; dModel: number } }>(
      page,
      '#bare phasor-encoding',
    );
    expect(encoding.dims).toEqual([0, 1, 2, 3]);
    expect(encoding.encoding.positions).toBe(100);
    const distance = await data<{ positions: number; dModel: number }>(page, '#bare phasor-distance');
    expect([distance.positions, distance.dModel]).toEqual([1000, 1000]);
  });

  test('the heatmap draws 4096 positions × 1024 dimensions, averaged down to its pixels', async () => {
    const { page, errors } = await explorer('?positions=4096&dModel=1024');
    const encoding = await data<{ positions: number; dModel: number }>(page, '#heatmap phasor-heatmap');
    expect([encoding.positions, encoding.dModel]).toEqual([4096, 1024]);
    expect((await inkOf(page, '#heatmap phasor-heatmap')).covered).toBeGreaterThan(0.99);
    expect(
      await page.$eval('#heatmap phasor-heatmap', (el) => el.shadowRoot!.querySelector('.caption')!.textContent),
    ).toContain('mean of');
    expect(errors).toEqual([]);
  });
});

describe('the explorer on other screens', () => {
  /** Saves each chart's picture for a person to look at, after checking what must be in it: data on the canvas, in colour, and named axes. */
  const shoot = async (page: Page, suffix: string) => {
    // The sticky controls would cover the top of a chart scrolled under them.
    await page.$eval('#controls', (el) => (el as HTMLElement).style.setProperty('position', 'static'));
    for (const tag of CHARTS) {
      const drawn = await dataDrawn(page, tag);
      expect(drawn.covered, `${tag} (${suffix}) draws its data`).toBeGreaterThan(DATA_COVERAGE[tag]);
      expect(drawn.colours, `${tag} (${suffix}) draws in colour`).toBeGreaterThan(2);
      expect(drawn.named, `${tag} (${suffix}) names its axes`).toBe(true);
      await page
        .locator(tag)
        .last()
        .screenshot({ path: resolve(SCREENSHOTS, `${tag.replace('phasor-', '')}-${suffix}.png`) });
    }
    await page.screenshot({ path: resolve(SCREENSHOTS, `page-${suffix}.png`), fullPage: true });
  };

  test('at 360 px wide nothing overflows sideways and the controls fold into a bar', async () => {
    const { page, errors } = await explorer('', { viewport: { width: 360, height: 780 }, deviceScaleFactor: 2 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const tag of CHARTS) {
      const box = (await page.locator(tag).last().boundingBox())!; // the heatmap is there twice: the first screen's and section 3's
      expect(box.x, tag).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, tag).toBeLessThanOrEqual(360);
      const overflow = await page.$eval(tag, (el) =>
        [...el.shadowRoot!.querySelectorAll('svg, canvas')].some(
          (s) => s.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
        ),
      );
      expect(overflow, `${tag} stays inside the screen`).toBe(false);
    }
    expect(await page.locator('#dModel-range').isVisible()).toBe(false);
    await page.click('#controls-toggle');
    expect(await page.locator('#dModel-range').isVisible()).toBe(true);
    expect(await page.getAttribute('#controls-toggle', 'aria-expanded')).toBe('true');
    await page.click('#controls-toggle');
    await shoot(page, 'light-360');
    expect(errors).toEqual([]);
  });

  test('in dark mode the page and the charts switch to dark colours', async () => {
    const { page, errors } = await explorer('', { colorScheme: 'dark' });
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(13, 17, 23)');
    const axisText = await page.$eval(
      'phasor-encoding',
      (el) => getComputedStyle(el.shadowRoot!.querySelector('.axis text')!).fill,
    );
    const [r, g, b] = rgb(axisText);
    expect((r + g + b) / 3, 'axis labels are light on dark').toBeGreaterThan(128);
    const lineColours = await page.$eval('phasor-encoding', (el) =>
      [...el.shadowRoot!.querySelectorAll('.legend .swatch')].map((l) => getComputedStyle(l).backgroundColor),
    );
    expect(lineColours[0]).toBe('rgb(102, 194, 165)'); // #66c2a5, Set2: the dark-background palette
    await shoot(page, 'dark-1280');
    expect(errors).toEqual([]);
  });

  test('writes screenshots of every chart in light mode on a desktop and in dark mode at 360 px', async () => {
    const desktop = await explorer();
    await shoot(desktop.page, 'light-1280');
    const phone = await explorer('', {
      viewport: { width: 360, height: 780 },
      deviceScaleFactor: 2,
      colorScheme: 'dark',
    });
    await shoot(phone.page, 'dark-360');
    expect(desktop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
