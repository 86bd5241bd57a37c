// chart.html: one chart of the explorer alone, chosen and configured by URL
// parameters, for embedding as an iframe.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openRecordingPage } from './support/chromium.js';
import { chromiumServing } from './support/chromium-serving.js';
import { repoRoot } from './package/pack.js';
import { DATA_COVERAGE, dataDrawn, inkOf, pixelReader } from './support/charts.js';
import { SITE } from './support/static-server.js';

const site = chromiumServing();

describe('chart.html, one chart for an iframe', () => {
  test('?chart=rotation&dModel=16&k=5 shows that chart alone with those options', async () => {
    const problems: string[] = [];
    const page = await openRecordingPage(site.browser, problems);
    await page.goto(`${site.server.url}chart.html?chart=rotation&dModel=16&k=5&p=2`);
    await page.waitForFunction(() => document.querySelector('phasor-rotation')?.getAttribute('data-state') === 'ready');
    const attributes = await page.$eval('phasor-rotation', (el) => [
      el.getAttribute('d-model'),
      el.getAttribute('k'),
      el.getAttribute('p'),
    ]);
    expect(attributes).toEqual(['16', '5', '2']);
    expect(await page.$$eval('body *', (els) => els.filter((e) => e.localName.startsWith('phasor-')).length)).toBe(1);
    // Drawn, not merely ready: M_k's cells on the canvas, the two phasors on the circle, named axes.
    const drawn = await dataDrawn(page, 'phasor-rotation');
    expect(drawn.covered).toBeGreaterThan(DATA_COVERAGE['phasor-rotation']);
    expect(drawn.colours).toBeGreaterThan(2);
    expect(drawn.named).toBe(true);
    expect(await page.$eval('phasor-rotation', (el) => el.shadowRoot!.querySelectorAll('circle.point').length)).toBe(2);
    expect((await inkOf(page, 'phasor-rotation')).shapes).toBeGreaterThan(10);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('the rotation chart keeps its point labels inside the circle at 360 px, whichever way the points face, clear of the points', async () => {
    const page = await openRecordingPage(site.browser, []);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${site.server.url}chart.html?chart=rotation&dModel=16&k=0&p=0`);
    await page.waitForFunction(() => document.querySelector('phasor-rotation')?.getAttribute('data-state') === 'ready');
    const outside: string[] = [];
    // Pair 0 turns 1 rad per position: k = 0 … 12 puts p + k's label at every side of the circle,
    // and p = 1 … 6 at k = 0 puts the two labels of one point there.
    const cases = [...Array.from({ length: 13 }, (_, k) => [0, k]), ...Array.from({ length: 6 }, (_, p) => [p + 1, 0])];
    for (const [p, k] of cases) {
      const drawn = await page.$eval('phasor-rotation', (el) => (el as unknown as { renders: number }).renders);
      await page.$eval(
        'phasor-rotation',
        (el, [p, k]) => (el.setAttribute('p', String(p)), el.setAttribute('k', String(k))),
        [p, k],
      );
      await page.waitForFunction(
        ([n]) => (document.querySelector('phasor-rotation') as unknown as { renders: number }).renders > n,
        [drawn],
      );
      outside.push(
        ...(await page.$eval(
          'phasor-rotation',
          (el, at) => {
            const labels = [...el.shadowRoot!.querySelectorAll('text.point-label')];
            // The points and the ring around PE(p+k) (their geometry; the strokes are thin): a label must not run into them, nor into the other label.
            const marks = [...el.shadowRoot!.querySelectorAll('circle.point, circle.image-ring')].map((c) => {
              const b = c.getBoundingClientRect();
              return { x: b.left + b.width / 2, y: b.top + b.height / 2, r: b.width / 2 };
            });
            // Ink, not the line box: capitals and parentheses from about 8 px above the baseline down to it.
            const inkOf = (label: Element) => {
              const box = label.getBoundingClientRect();
              const baseline = box.top + box.height * 0.8;
              return { left: box.left, right: box.right, top: baseline - 8, bottom: baseline };
            };
            return labels.flatMap((label, n) => {
              const box = label.getBoundingClientRect();
              const svg = label.closest('svg')!.getBoundingClientRect();
              const problems =
                box.left < svg.left - 0.5 || box.right > svg.right + 0.5
                  ? [
                      `${at} "${label.textContent}" ${box.left.toFixed(1)}…${box.right.toFixed(1)} in ${svg.left.toFixed(1)}…${svg.right.toFixed(1)}`,
                    ]
                  : [];
              const ink = inkOf(label);
              for (const m of marks) {
                const dx = Math.max(ink.left - m.x, 0, m.x - ink.right);
                const dy = Math.max(ink.top - m.y, 0, m.y - ink.bottom);
                if (Math.hypot(dx, dy) < m.r)
                  problems.push(
                    `${at} "${label.textContent}" runs into a point at (${m.x.toFixed(1)}, ${m.y.toFixed(1)})`,
                  );
              }
              for (const other of labels.slice(n + 1)) {
                const o = inkOf(other);
                if (ink.left < o.right && o.left < ink.right && ink.top < o.bottom && o.top < ink.bottom)
                  problems.push(`${at} "${label.textContent}" overlaps "${other.textContent}"`);
              }
              return problems;
            });
          },
          `p=${p} k=${k}`,
        )),
      );
    }
    expect(outside).toEqual([]);
    await page.close();
  });

  test("the heatmap's note over averaged columns stays inside the plot and clear of the p and p + k labels, at 360 and 1280 px", async () => {
    const found: string[] = [];
    const page = await openRecordingPage(site.browser, []);
    // 4096 positions: the pairs below ~130 turn half a period within a pixel row (the note); p = 20 and 28 mark the top rows, p = 2000 the middle.
    for (const width of [360, 1280]) {
      for (const p of [20, 2000]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${site.server.url}chart.html?chart=heatmap&dModel=1024&positions=4096&p=${p}&k=8`);
        await page.waitForFunction(
          () => document.querySelector('phasor-heatmap')?.getAttribute('data-state') === 'ready',
        );
        found.push(
          ...(await page.$eval(
            'phasor-heatmap',
            (el, at) => {
              const root = el.shadowRoot!;
              const plot = root.querySelector('canvas')!.getBoundingClientRect();
              const note = root.querySelector('g.aliased text');
              if (!note) return [`${at}: no note`];
              const box = note.getBoundingClientRect();
              const problems =
                box.left < plot.left - 0.5 ||
                box.right > plot.right + 0.5 ||
                box.top < plot.top - 0.5 ||
                box.bottom > plot.bottom + 0.5
                  ? [
                      `${at}: "${note.textContent}" ${JSON.stringify(box.toJSON())} outside the plot ${JSON.stringify(plot.toJSON())}`,
                    ]
                  : [];
              for (const label of root.querySelectorAll('text.mark-label')) {
                const b = label.getBoundingClientRect();
                if (b.left < box.right && box.left < b.right && b.top < box.bottom && box.top < b.bottom)
                  problems.push(`${at}: the note overlaps "${label.textContent}"`);
              }
              return problems;
            },
            `${width} px, p = ${p}`,
          )),
        );
      }
    }
    expect(found).toEqual([]);
    await page.close();
  });

  for (const width of [360, 1280]) {
    test(`the read-out box stays inside the chart at its four corners and middle, at ${width} px, and flips away from the edges`, async () => {
      const page = await openRecordingPage(site.browser, []);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${site.server.url}chart.html?chart=heatmap&dModel=64&positions=200`);
      await page.waitForFunction(
        () => document.querySelector('phasor-heatmap')?.getAttribute('data-state') === 'ready',
      );
      const plot = await page.$eval(
        'phasor-heatmap',
        (el) => el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect().toJSON() as DOMRect,
      );
      const found: string[] = [];
      for (const [fx, fy] of [
        [0.02, 0.03],
        [0.98, 0.03],
        [0.02, 0.97],
        [0.98, 0.97],
        [0.5, 0.5],
      ]) {
        const x = plot.x + fx * plot.width;
        const y = plot.y + fy * plot.height;
        await page.mouse.move(x, y);
        await page.waitForFunction(() =>
          [...document.querySelector('phasor-heatmap')!.shadowRoot!.querySelectorAll<HTMLElement>('.tooltip')].some(
            (t) => !t.hidden,
          ),
        );
        const [tip, host] = await page.$eval('phasor-heatmap', (el) => [
          [...el.shadowRoot!.querySelectorAll<HTMLElement>('.tooltip')]
            .find((t) => !t.hidden)!
            .getBoundingClientRect()
            .toJSON() as DOMRect,
          el.getBoundingClientRect().toJSON() as DOMRect,
        ]);
        if (tip.left < host.left - 0.5 || tip.right > host.right + 0.5 || tip.top < host.top - 0.5)
          found.push(
            `(${fx}, ${fy}) box ${tip.left}…${tip.right} × ${tip.top}… outside ${host.left}…${host.right} × ${host.top}…`,
          );
        // It does not cover the point read: the pointer is outside the box.
        if (x > tip.left && x < tip.right && y > tip.top && y < tip.bottom)
          found.push(`(${fx}, ${fy}) box covers the pointer`);
      }
      expect(found).toEqual([]);
      await page.close();
    });
  }

  test('an unknown chart, an unknown option and a bad value each say what is wrong, as text', async () => {
    const page = await openRecordingPage(site.browser, []);
    await page.goto(`${site.server.url}chart.html?chart=${encodeURIComponent('<b>x</b>')}`);
    expect(await page.textContent('#chart-error')).toMatch(
      /^chart must be one of frequencies, encoding, heatmap, .*; got "<b>x<\/b>"$/,
    );
    expect(await page.$$eval('#chart-error b', (b) => b.length)).toBe(0);

    await page.goto(`${site.server.url}chart.html?chart=heatmap&dmodel=32`);
    expect(await page.textContent('#chart-error')).toMatch(
      /unknown option for heatmap: dmodel; allowed: d-model, base, positions/,
    );

    await page.goto(`${site.server.url}chart.html?chart=heatmap&dModel=7`);
    await page.waitForFunction(() => document.querySelector('phasor-heatmap')?.getAttribute('data-state') === 'error');
    expect(
      await page.$eval('phasor-heatmap', (el) => el.shadowRoot!.querySelector('[role="alert"]')!.textContent),
    ).toMatch(/d-model="7": must be an even integer/);
    await page.close();
  });

  test('a page embeds the chart with an iframe', async () => {
    writeFileSync(
      join(SITE, 'iframe-host.html'),
      '<!doctype html><iframe src="chart.html?chart=heatmap&dModel=32&positions=40" width="640" height="420"></iframe>',
    );
    const problems: string[] = [];
    const page = await openRecordingPage(site.browser, problems);
    await page.goto(`${site.server.url}iframe-host.html`);
    const frame = page.frames().find((f) => f.url().includes('chart.html'))!;
    await frame.waitForFunction(() => document.querySelector('phasor-heatmap')?.getAttribute('data-state') === 'ready');
    // The heatmap inside the iframe covers its plot with 40 rows of colour.
    const ink = await frame.$eval(
      'phasor-heatmap',
      (el, pixels) => {
        const canvas = el.shadowRoot!.querySelector('canvas')!;
        const { data } = pixels(canvas);
        const colours = new Set<number>();
        let covered = 0;
        for (let n = 0; n < data.length; n += 4) {
          if (data[n + 3] === 0) continue;
          covered++;
          colours.add((data[n] << 16) | (data[n + 1] << 8) | data[n + 2]);
        }
        return { covered: covered / (canvas.width * canvas.height), colours: colours.size };
      },
      await pixelReader(frame),
    );
    expect(ink.covered).toBeGreaterThan(0.95);
    expect(ink.colours).toBeGreaterThan(20);
    await page.screenshot({ path: join(repoRoot, 'tests/browser/screenshots/iframe-heatmap.png') });
    expect(problems).toEqual([]);
    await page.close();
  });
});
