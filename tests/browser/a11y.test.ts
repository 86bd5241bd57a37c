// Each chart element alone on a page, light and dark: axe-core finds no
// violation; every plot is one tab stop with a keyboard read-out (the rotation
// matrix included) that a screen reader hears once it settles, never while a
// key repeats or a control is dragged; the save buttons are one stop; focus
// shows.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, openRecordingPage } from './support/chromium.js';
import { repoRoot } from './package/pack.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';
import { waitForCharts } from './support/charts.js';

const EMBED = join(repoRoot, 'build/embed');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Every element phasor defines: the tags its element files declare (a new chart is checked without a list to edit). */
const ELEMENTS = (() => {
  const dir = join(repoRoot, 'web/src/elements');
  const tags = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) =>
      [...readFileSync(join(dir, f), 'utf8').matchAll(/static override readonly tag = '(phasor-[\w-]+)'/g)].map(
        (m) => m[1],
      ),
    );
  return [...new Set(tags)].sort();
})();

test('the list holds every element phasor defines', () => {
  expect(ELEMENTS.length).toBeGreaterThan(10);
  expect(ELEMENTS).toContain('phasor-heatmap');
  expect(ELEMENTS).toContain('phasor-attention-patterns');
});

let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  for (const tag of ELEMENTS) {
    writeFileSync(
      join(EMBED, `a11y-${tag}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${tag}</title>` +
        `<script type="module" src="phasor-embed.js"></script></head><body><main><h1>${tag}</h1><${tag}></${tag}></main></body></html>`,
    );
  }
  browser = await launchChromium();
  // No CSP here: axe is injected as a script (the CSP has its own tests).
  server = await serveDirectory(EMBED);
});
afterAll(async () => {
  await server?.close();
  await browser?.close();
});

async function open(tag: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await openRecordingPage(browser, []);
  await page.emulateMedia({ colorScheme });
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.goto(`${server.url}a11y-${tag}.html`);
  await waitForCharts(page, [tag]);
  return page;
}

describe('axe-core on each element alone', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const tag of ELEMENTS) {
      test(`${tag} has no violation (${scheme})`, async () => {
        const page = await open(tag, scheme);
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async (name) => {
          const axe = (
            window as unknown as {
              axe: {
                run(context: Element): Promise<{
                  violations: { id: string; help: string; nodes: { target: unknown; failureSummary?: string }[] }[];
                }>;
              };
            }
          ).axe;
          const result = await axe.run(document.querySelector(name)!);
          return result.violations.map((v) => ({
            id: v.id,
            help: v.help,
            nodes: v.nodes.slice(0, 3).map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary}`),
          }));
        }, tag);
        expect(violations).toEqual([]);
        await page.close();
      });
    }
  }
});

const frames = (page: Page, tag: string) =>
  page.$eval(tag, (el) => el.shadowRoot!.querySelectorAll('.frame[tabindex="0"]').length);

describe('the keyboard and screen readers', () => {
  for (const tag of ELEMENTS) {
    test(`${tag}: each plot is one tab stop with a read-out heard once the keys stop; Save… is one more stop; focus shows`, async () => {
      const page = await open(tag);
      const stops = await page.$eval(tag, (el) =>
        [...el.shadowRoot!.querySelectorAll<HTMLElement>('button, [tabindex]')]
          .filter((e) => e.tabIndex >= 0 && !e.closest('[hidden]'))
          .map((e) => e.className || e.localName),
      );
      const plots = await frames(page, tag);
      expect(plots, 'a keyboard read-out on every plot').toBeGreaterThan(0);
      expect(stops).toHaveLength(plots + 1);
      // Tab into the first plot: focus is visible.
      await page.focus('h1').catch(() => undefined);
      await page.keyboard.press('Tab');
      const outline = await page.$eval(tag, (el) => {
        const focused = el.shadowRoot!.activeElement as HTMLElement | null;
        return focused ? { cls: focused.className, style: getComputedStyle(focused).outlineStyle } : null;
      });
      expect(outline?.cls).toContain('frame');
      expect(outline?.style).toBe('solid');
      // Count what the live region says while the key repeats: once, after it settles.
      await page.$eval(tag, (el) => {
        const live = el.shadowRoot!.querySelector('.frame [role="status"]')!;
        (window as unknown as { spoken: string[] }).spoken = [];
        new MutationObserver(() =>
          (window as unknown as { spoken: string[] }).spoken.push(live.textContent ?? ''),
        ).observe(live, { childList: true, characterData: true, subtree: true });
      });
      for (let n = 0; n < 8; n++) await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => (window as unknown as { spoken: string[] }).spoken.length > 0, null, {
        timeout: 5000,
      });
      await page.waitForTimeout(800);
      const spoken = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
      expect(spoken).toHaveLength(1);
      expect(spoken[0].length).toBeGreaterThan(5);
      await page.close();
    });
  }

  test('a control dragged (attributes changing every frame) makes no live region speak', async () => {
    const page = await open('phasor-rotation');
    await page.$eval('phasor-rotation', (el) => {
      (window as unknown as { spoken: number }).spoken = 0;
      for (const live of el.shadowRoot!.querySelectorAll('[aria-live], [role="status"], [role="alert"]')) {
        new MutationObserver(() => (window as unknown as { spoken: number }).spoken++).observe(live, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      }
    });
    for (let k = 4; k < 14; k++) {
      const drawn = await page.$eval('phasor-rotation', (el) => (el as unknown as { renders: number }).renders);
      await page.$eval('phasor-rotation', (el, value) => el.setAttribute('k', String(value)), k);
      await page.waitForFunction(
        ([n]) => (document.querySelector('phasor-rotation') as unknown as { renders: number }).renders > n,
        [drawn],
      );
    }
    expect(await page.evaluate(() => (window as unknown as { spoken: number }).spoken)).toBe(0);
    await page.close();
  });

  test('the rotation matrix reads its entries from the keyboard', async () => {
    const page = await open('phasor-rotation');
    await page.$eval('phasor-rotation', (el) => (el.shadowRoot!.querySelector('.frame.matrix') as HTMLElement).focus());
    await page.keyboard.press('Home');
    const first = await page.$eval(
      'phasor-rotation',
      (el) => (el.shadowRoot!.querySelector('.frame.matrix .tooltip') as HTMLElement).innerText,
    );
    expect(first).toMatch(/^Mₖ\[\d+, 0\] = /);
    await page.keyboard.press('ArrowRight');
    const next = await page.$eval(
      'phasor-rotation',
      (el) => (el.shadowRoot!.querySelector('.frame.matrix .tooltip') as HTMLElement).innerText,
    );
    expect(next).toMatch(/^Mₖ\[\d+, 1\] = /);
    await page.close();
  });
});
