// The embed script as a blogger uses it: build/embed/ holds phasor-embed.js and
// the example post, served with a strict Content-Security-Policy.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useEmbedPost } from './support/embed-post.js';
import { repoRoot } from './package/pack.js';
import { CHARTS, DATA_COVERAGE, dataDrawn, inkOf, renders, waitForCharts, waitForRender } from './support/charts.js';

const post = useEmbedPost();

async function openPost(problems: string[]): Promise<Page> {
  const page = await post.newPage(problems);
  // Count wasm compilations: the charts must share one instance.
  await page.addInitScript(() => {
    const w = window as unknown as { wasmInstantiations: number };
    w.wasmInstantiations = 0;
    const original = WebAssembly.instantiate;
    WebAssembly.instantiate = ((...args: Parameters<typeof original>) => {
      w.wasmInstantiations++;
      return original(...args);
    }) as typeof original;
  });
  await page.goto(post.url('post.html'));
  await waitForCharts(page);
  return page;
}

describe('the example post with phasor-embed.js under a strict CSP', () => {
  test('every chart of the post draws, with no console error and no CSP violation', async () => {
    const problems: string[] = [];
    const page = await openPost(problems);
    for (const tag of CHARTS) {
      expect(await page.$eval(tag, (el) => el.getAttribute('data-state')), tag).toBe('ready');
      // Data on the canvas (the axes are SVG, so they alone would not pass), in colour, with named axes.
      const drawn = await dataDrawn(page, tag);
      expect(drawn.covered, `${tag} draws its data`).toBeGreaterThan(DATA_COVERAGE[tag]);
      expect(drawn.colours, `${tag} draws in colour`).toBeGreaterThan(2);
      expect(drawn.named, `${tag} names its axes`).toBe(true);
    }
    await page.screenshot({ path: join(repoRoot, 'tests/browser/screenshots/post-strict-csp.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  test('the post loads phasor-embed.js and its paint worker alone; a RoPE chart added later imports its code and inlined wasm as chunks (no .wasm fetch) and draws', async () => {
    const problems: string[] = [];
    const page = await post.newPage(problems);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(post.url('post.html'));
    await waitForCharts(page);
    // The matrix charts' paint worker is the one other script: the post's heatmap, distance matrix and M_k draw there.
    expect(requested.filter((path) => /\.(js|wasm)$/.test(path)).sort()).toEqual([
      '/phasor-embed-paint-worker.js',
      '/phasor-embed.js',
    ]);

    await page.evaluate(() => document.querySelector('article')!.append(document.createElement('phasor-shift-fit')));
    await waitForCharts(page, ['phasor-shift-fit']);
    expect(await page.$eval('phasor-shift-fit', (el) => el.getAttribute('data-state'))).toBe('ready');
    expect((await inkOf(page, 'phasor-shift-fit')).shapes).toBeGreaterThan(10);
    expect(requested).toContain('/phasor-embed-phasor-experiments.inline.js');
    expect(requested.filter((path) => path.endsWith('.wasm'))).toEqual([]);
    expect(requested.some((path) => /^\/phasor-embed-.*\.js$/.test(path))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("the charts are defined in a task after the page's next frame, not in the script's evaluation: one tag per task, the page's text shown first", async () => {
    const page = await post.newPage([]);
    await page.addInitScript(() => {
      const w = window as unknown as {
        definedAtContentLoaded: boolean;
        frameAt: number;
        definedAt: number;
        heatmapDefinedWithFirst: boolean;
      };
      // DOMContentLoaded fires once the module scripts have been evaluated.
      document.addEventListener('DOMContentLoaded', () => {
        w.definedAtContentLoaded = customElements.get('phasor-encoding') !== undefined;
        requestAnimationFrame(() => (w.frameAt = performance.now()));
      });
      void customElements.whenDefined('phasor-encoding').then(() => {
        w.definedAt = performance.now();
        // One tag per task: the post's later charts are not upgraded in the same task as its first.
        w.heatmapDefinedWithFirst = customElements.get('phasor-heatmap') !== undefined;
      });
    });
    await page.goto(post.url('post.html'));
    await waitForCharts(page);
    const seen = await page.evaluate(() => {
      const { definedAtContentLoaded, frameAt, definedAt, heatmapDefinedWithFirst } = window as unknown as Record<
        string,
        unknown
      >;
      return {
        definedAtContentLoaded,
        frameAt: frameAt as number,
        definedAt: definedAt as number,
        heatmapDefinedWithFirst,
      };
    });
    expect(seen.definedAtContentLoaded).toBe(false);
    expect(seen.definedAt).toBeGreaterThan(seen.frameAt);
    expect(seen.heatmapDefinedWithFirst).toBe(false);
    await page.close();
  });

  test('the first chart on the screen is drawn before the next tag is defined; one out of sight keeps nobody waiting', async () => {
    const order = async (spacer: boolean) => {
      const page = await post.newPage([]);
      await page.addInitScript((spacer) => {
        const events: string[] = ((window as unknown as { events: string[] }).events = []);
        if (spacer)
          document.addEventListener('DOMContentLoaded', () => {
            const gap = document.createElement('div');
            gap.style.height = '5000px';
            document.body.prepend(gap);
          });
        document.addEventListener(
          'phasor-render',
          (e) => events.push(`render ${(e.target as Element).localName}`),
          true,
        );
        for (const tag of ['phasor-encoding', 'phasor-frequencies'])
          void customElements.whenDefined(tag).then(() => events.push(`define ${tag}`));
      }, spacer);
      await page.goto(post.url('post.html'));
      await page.waitForFunction(() => customElements.get('phasor-frequencies') !== undefined);
      const events = await page.evaluate(() => (window as unknown as { events: string[] }).events);
      await page.close();
      return events;
    };
    // The post's first chart (the encoding) is on the first screen: drawn before the frequencies' tag is defined.
    const onScreen = await order(false);
    expect(onScreen.indexOf('render phasor-encoding')).toBeGreaterThan(-1);
    expect(onScreen.indexOf('render phasor-encoding')).toBeLessThan(onScreen.indexOf('define phasor-frequencies'));
    // Pushed out of sight, it draws later: the next tag is defined without waiting for it.
    const outOfSight = await order(true);
    expect(outOfSight).toContain('define phasor-frequencies');
    expect(outOfSight).not.toContain('render phasor-encoding');
  });

  test('the six charts share one wasm instance, compiled once', async () => {
    const page = await openPost([]);
    expect(await page.evaluate(() => (window as unknown as { wasmInstantiations: number }).wasmInstantiations)).toBe(1);
    await page.close();
  });

  test('an invalid attribute shows a short error inside that element only, as text, and the others keep working', async () => {
    const problems: string[] = [];
    const page = await openPost(problems);
    const hostile = '<img src=x onerror="window.pwned=1">';
    await page.$eval('phasor-rotation', (el, value) => el.setAttribute('d-model', value), hostile);
    await page.waitForFunction(() => document.querySelector('phasor-rotation')?.getAttribute('data-state') === 'error');
    const shown = await page.$eval('phasor-rotation', (el) => {
      const box = el.shadowRoot!.querySelector('[role="alert"]') as HTMLElement;
      return {
        text: box.textContent,
        visible: !box.hidden && box.offsetHeight > 0,
        images: el.shadowRoot!.querySelectorAll('img').length,
      };
    });
    expect(shown.visible).toBe(true);
    expect(shown.text).toContain('d-model');
    expect(shown.text).toContain('must be an even integer');
    expect(shown.images).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    // Another chart still follows its attributes.
    const before = (await inkOf(page, 'phasor-heatmap')).digest;
    const drawn = await renders(page, 'phasor-heatmap');
    await page.$eval('phasor-heatmap', (el) => el.setAttribute('d-model', '32'));
    await waitForRender(page, 'phasor-heatmap', drawn);
    expect((await inkOf(page, 'phasor-heatmap')).digest).not.toBe(before);

    // The broken chart recovers when the attribute is fixed.
    await page.$eval('phasor-rotation', (el) => el.setAttribute('d-model', '8'));
    await page.waitForFunction(() => document.querySelector('phasor-rotation')?.getAttribute('data-state') === 'ready');
    expect(problems).toEqual([]);
    await page.close();
  });
});
