// What the built explorer does at start-up to keep its first tasks short
// (web/explorer/held-controls.ts, first-frame.ts, the font preloads of
// tools/katex-plugin.ts, the elements' first drawing): the page's controls
// are out of the page while Chromium's form scan runs at DOMContentLoaded, the
// panel's back at the next frame and each section's once that section is laid
// out; the sections are laid out in the frame after the first; the charts on
// screen draw one per task; the fonts of the first screen's formulas are
// preloaded, fetched once and used; and a link to a section lands on that
// section (web/explorer/fragment.ts). And both pages' scripts, workers
// included, ask V8 to compile them whole (tools/compile-hints-plugin.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitForCharts } from './support/charts.js';
import { launchChromium, openRecordingPage } from './support/chromium.js';
import { join } from 'node:path';
import { repoRoot } from './package/pack.js';
import { serveDirectory, serveSite, STRICT_CSP, type StaticServer } from './support/static-server.js';

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
}

let server: StaticServer;
let embed: StaticServer;
let browser: Browser;
beforeAll(async () => {
  server = await serveSite();
  embed = await serveDirectory(join(repoRoot, 'build/embed'), { 'content-security-policy': STRICT_CSP });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await embed?.close();
});

async function openExplorer(problems: string[]): Promise<Page> {
  const page = await openRecordingPage(browser, problems);
  await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
    window.__atContentLoaded = document.querySelectorAll('input, select, textarea').length;
  })`);
  await page.goto(server.url);
  await waitForCharts(page);
  await page.waitForSelector('html[data-sections-laid-out]', { state: 'attached' });
  return page;
}

describe('the explorer at start-up', () => {
  test("the page's controls are out of the page at DOMContentLoaded and back in their places after, working", async () => {
    const problems: string[] = [];
    const page = await openExplorer(problems);
    expect(await page.evaluate(() => (window as unknown as { __atContentLoaded: number }).__atContentLoaded)).toBe(0);
    // Each control with where it sits, as served and as in the page now.
    const { served, live } = await page.evaluate(async () => {
      // The path up to the section or the panel, with the previous sibling at each level.
      const where = (root: ParentNode) =>
        [
          ...root.querySelectorAll(
            '.chart-section input, .chart-section select, .chart-section textarea, #controls input',
          ),
        ].map((control) => {
          const path: string[] = [];
          for (
            let el: Element | null = control;
            el && el.localName !== 'section' && el.id !== 'controls';
            el = el.parentElement
          ) {
            // (classes of the control itself are the scripts' to add)
            path.push(
              `${el === control ? el.localName : `${el.localName}.${el.className}`} after ${el.previousElementSibling?.localName ?? '-'}.${el.previousElementSibling?.className ?? ''}`,
            );
          }
          return `${control.closest('section')?.id ?? 'panel'} ${control.id || (control as HTMLInputElement).name}: ${path.join(' < ')}`;
        });
      const html = await (await fetch(location.href)).text();
      return { served: where(new DOMParser().parseFromString(html, 'text/html')), live: where(document) };
    });
    expect(served.filter((control) => control.startsWith('panel ')).length).toBe(10);
    expect(served.length).toBeGreaterThan(20);
    // The check-table and check-model sections' forms are built by their own scripts, after start-up.
    expect(live.filter((control) => !/^check-(table|model) /.test(control))).toEqual(served);
    // Put back working: a section control and a panel control still drive their charts.
    const before = await page.$eval('phasor-dot-offset', (el) => el.getAttribute('normalize'));
    await page.check('#normalize');
    await expect.poll(() => page.$eval('phasor-dot-offset', (el) => el.getAttribute('normalize'))).not.toBe(before);
    await page.fill('#dModel', '64');
    await page.press('#dModel', 'Enter');
    await expect.poll(() => page.$eval('phasor-heatmap', (el) => el.getAttribute('d-model'))).toBe('64');
    expect(problems).toEqual([]);
    await page.close();
  });

  test("without idle time, a section's controls come back as the section nears the screen, and only then", async () => {
    const problems: string[] = [];
    const page = await openRecordingPage(browser, problems);
    // No idle moments: the page never lays the sections out ahead of the reader.
    await page.addInitScript('window.requestIdleCallback = () => 0;');
    await page.goto(server.url);
    await waitForCharts(page, ['phasor-heatmap']);
    const connected = (ids: string[]) =>
      page.evaluate((ids) => ids.map((id) => document.getElementById(id)?.isConnected ?? false), ids);
    expect(await connected(['dModel', 'k'])).toEqual([true, true]);
    expect(await connected(['normalize', 'patterns-causal'])).toEqual([false, false]);
    await page.evaluate(() => document.getElementById('dot-offset')!.scrollIntoView());
    await page.waitForSelector('#normalize', { state: 'attached' });
    expect(await page.$eval('#normalize', (el) => el.closest('section')!.id)).toBe('dot-offset');
    expect(await connected(['patterns-causal'])).toEqual([false]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('the first frame lays out the header and the controls; the sections follow in the next one', async () => {
    const problems: string[] = [];
    const page = await openRecordingPage(browser, problems);
    // The sections' content-visibility in each of the page's first animation frames.
    await page.addInitScript(`window.__frames = [];
      const look = () => {
        const section = document.querySelector('.chart-section');
        if (section) window.__frames.push(getComputedStyle(section).contentVisibility);
        if (window.__frames.at(-1) !== 'auto' && window.__frames.length < 120) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);`);
    await page.goto(server.url);
    await waitForCharts(page);
    const frames = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
    expect(frames[0]).toBe('hidden');
    expect(frames.at(-1)).toBe('auto');
    expect(await page.evaluate(() => document.documentElement.className)).toBe('');
    expect(problems).toEqual([]);
    await page.close();
    // Without scripts, the sections are there to read.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const still = await context.newPage();
    await still.goto(server.url);
    expect(await still.$eval('.chart-section', (el) => getComputedStyle(el).contentVisibility)).toBe('auto');
    await still.locator('#distance').scrollIntoViewIfNeeded();
    expect(await still.$eval('#distance h2', (el) => el.getBoundingClientRect().height)).toBeGreaterThan(10);
    await context.close();
  });

  test('the header keeps its height from the first frame while the hero heatmap is defined and drawn', async () => {
    for (const width of [1280, 360]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      // The header's height and the hero's state in each frame until a few after the hero has drawn.
      await page.addInitScript(`window.__header = [];
        let after = 0;
        const look = () => {
          const header = document.querySelector('.page-header');
          const hero = document.querySelector('#hero-chart');
          if (header && hero) window.__header.push([header.getBoundingClientRect().height, hero.getAttribute('data-state') ?? 'undefined']);
          if (hero?.getAttribute('data-state') === 'ready') after++;
          if (after < 5 && window.__header.length < 600) requestAnimationFrame(look);
        };
        requestAnimationFrame(look);`);
      await page.goto(server.url);
      await waitForCharts(page);
      const frames = await page.evaluate(() => (window as unknown as { __header: [number, string][] }).__header);
      const states = new Set(frames.map(([, state]) => state));
      expect(states.has('undefined') || states.has('loading'), `width ${width}: a frame before the hero drew`).toBe(
        true,
      );
      expect(frames.at(-1)![1]).toBe('ready');
      expect(
        new Set(frames.map(([height]) => Math.round(height))),
        `width ${width}: ${JSON.stringify(frames)}`,
      ).toEqual(new Set([Math.round(frames[0][0])]));
      await context.close();
    }
  });
  test('the charts on screen at start-up draw for the first time each in a task of its own (the example post)', async () => {
    const problems: string[] = [];
    const page = await openRecordingPage(browser, problems);
    // Each chart's first drawing marked in a trace of the load, which says which task each mark fell in
    // (the charts on screen all wait for the same wasm to load: drawn when it resolves, they shared its task).
    await page.addInitScript(`const firstDrawn = new Set();
      document.addEventListener('phasor-render', (e) => {
        if (!firstDrawn.has(e.target)) performance.mark('first-draw');
        firstDrawn.add(e.target);
      }, true);`);
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
    await page.goto(`${embed.url}post.html`);
    await waitForCharts(page, ['phasor-encoding', 'phasor-frequencies']);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const marks = events.filter((e) => e.name === 'first-draw');
    expect(marks.length).toBeGreaterThanOrEqual(2);
    // The task a mark fell in: the last to start before it on its thread (a task's microtasks run after its RunTask event ends).
    const tasks = marks.map((mark) =>
      Math.max(
        ...events
          .filter(
            (e) =>
              e.name === 'ThreadControllerImpl::RunTask' && e.pid === mark.pid && e.tid === mark.tid && e.ts <= mark.ts,
          )
          .map((e) => e.ts),
      ),
    );
    expect(tasks.every(Number.isFinite), 'each mark after a task started').toBe(true);
    expect(new Set(tasks).size).toBe(tasks.length);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a chart out of sight catches up in two idle moments: it computes in one and draws in the next (the example post)', async () => {
    const problems: string[] = [];
    const page = await openRecordingPage(browser, problems);
    // Each chart class's compute and draw wrapped once defined. A microtask queued by compute runs when the
    // task that called it ends: if it has not run by the draw, the two shared a task.
    await page.addInitScript(`window.__steps = [];
      for (const tag of ['phasor-encoding', 'phasor-frequencies', 'phasor-heatmap', 'phasor-dot-offset', 'phasor-rotation', 'phasor-distance'])
        customElements.whenDefined(tag).then((chart) => {
          const { compute, draw } = chart.prototype;
          chart.prototype.compute = function (...args) {
            const step = { tag, ahead: new Error().stack.includes('computeAhead'), sameTask: true };
            queueMicrotask(() => (step.sameTask = false));
            window.__steps.push(step);
            return compute.apply(this, args);
          };
          chart.prototype.draw = function (...args) {
            const step = window.__steps.findLast((s) => s.tag === tag);
            if (step && step.drawnInItsTask === undefined) step.drawnInItsTask = step.sameTask;
            return draw.apply(this, args);
          };
        });`);
    await page.goto(`${embed.url}post.html`);
    await waitForCharts(page, ['phasor-encoding', 'phasor-frequencies', 'phasor-rotation', 'phasor-distance']);
    const steps = await page.evaluate(
      () => (window as unknown as { __steps: { tag: string; ahead: boolean; drawnInItsTask?: boolean }[] }).__steps,
    );
    const ahead = steps.filter((step) => step.ahead);
    // (the post's lower charts are out of sight in a 1280 × 720 window, and rotation computes before it draws)
    expect(ahead.map((step) => step.tag)).toContain('phasor-rotation');
    for (const step of ahead) expect(step.drawnInItsTask, JSON.stringify(step)).toBe(false);
    // The charts on screen draw what they compute in the same task (their first drawing is not delayed).
    expect(steps.some((step) => !step.ahead && step.drawnInItsTask === true)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("the first screen's formula fonts are preloaded, fetched once each and used", async () => {
    const problems: string[] = [];
    const page = await openExplorer(problems);
    const preloads = await page.$$eval('link[rel="preload"][as="font"]', (links) =>
      links.map((l) => (l as HTMLLinkElement).href),
    );
    const fonts = ['KaTeX_Main-Regular', 'KaTeX_Math-Italic', 'KaTeX_Size1-Regular', 'KaTeX_Size2-Regular'];
    expect(preloads).toHaveLength(fonts.length);
    preloads.forEach((href, n) => expect(href.split('/').pop()!.startsWith(`${fonts[n]}-`), href).toBe(true));
    await page.evaluate(() => document.fonts.ready);
    const fetched = await page.evaluate(
      (urls) => urls.map((url) => performance.getEntriesByType('resource').filter((e) => e.name === url).length),
      preloads,
    );
    // Once: a preload whose request differs from the stylesheet's (crossorigin) would be fetched twice.
    expect(fetched).toEqual([1, 1, 1, 1]);
    const loaded = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.style}`),
    );
    for (const face of ['KaTeX_Main normal', 'KaTeX_Math italic', 'KaTeX_Size1 normal', 'KaTeX_Size2 normal'])
      expect(loaded).toContain(face);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a link to a section lands on it once the page has started, and a reader who scrolls is left where they scrolled', async () => {
    const problems: string[] = [];
    const page = await openRecordingPage(browser, problems);
    // [top of the section, room left to scroll down] once the charts are drawn and the formulas measured.
    const landing = async (hash: string) => {
      await page.goto('about:blank'); // a new load, not a jump within the page
      await page.goto(`${server.url}${hash}`);
      await waitForCharts(page);
      await page.waitForSelector('html[data-sections-laid-out]', { state: 'attached' });
      await page.waitForTimeout(500);
      return page.evaluate(
        (id) => [
          document.getElementById(id)!.getBoundingClientRect().top,
          document.documentElement.scrollHeight - scrollY - innerHeight,
        ],
        hash.slice(1),
      );
    };
    // Before: #dot-offset ended 613 px below the top, #attention-patterns 475.
    for (const hash of ['#dot-offset', '#rotation', '#attention-patterns']) {
      const [top] = await landing(hash);
      expect(Math.abs(top), hash).toBeLessThanOrEqual(2);
    }
    // The last section lands at the top, or, when it cannot reach it, the page is scrolled to its end.
    const [top, left] = await landing('#check-model');
    expect(Math.abs(top) <= 2 || (top > 0 && left <= 1)).toBe(true);
    // A reader who scrolls at once keeps their place.
    await page.goto('about:blank');
    await page.goto(`${server.url}#dot-offset`);
    await page.mouse.move(640, 450);
    await page.mouse.wheel(0, -400);
    await waitForCharts(page);
    await page.waitForSelector('html[data-sections-laid-out]', { state: 'attached' });
    await page.waitForTimeout(500);
    expect(
      await page.evaluate(() => document.getElementById('dot-offset')!.getBoundingClientRect().top),
    ).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("the pages' scripts", () => {
  // tools/compile-hints-plugin.ts: V8 compiles a file whole, off the main thread, only when the hint is its first line.
  test.each([
    ['the explorer', () => server.url, 'explorer-'],
    ['the example post', () => `${embed.url}post.html`, 'phasor-embed-paint-worker.js'],
  ])('every script %s loads at start-up, its workers included, asks to be compiled whole', async (_, url, expected) => {
    const problems: string[] = [];
    const page = await openRecordingPage(browser, problems);
    const scripts = new Map<string, Promise<string>>();
    page.context().on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('.js')) return;
      const text = response.text();
      // A script still arriving when the page closes rejects; only the ones read below must succeed.
      text.catch(() => {});
      scripts.set(response.url(), text);
    });
    await page.goto(url());
    await waitForCharts(page);
    const names = [...scripts.keys()].map((script) => script.split('/').pop()!);
    expect(
      names.some((name) => name.startsWith(expected)),
      names.join(', '),
    ).toBe(true);
    expect(
      names.some((name) => name.includes('worker')),
      names.join(', '),
    ).toBe(true);
    const hint = '//# allFunctionsCalledOnLoad\n';
    for (const [script, text] of [...scripts]) expect((await text).slice(0, hint.length), script).toBe(hint);
    expect(problems).toEqual([]);
    await page.close();
  });
});
