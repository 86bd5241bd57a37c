// Reading the charts from a test: waiting for them to draw, measuring the ink
// on their canvases, and reading their data through the elements' API.
import type { Frame, JSHandle, Page } from 'playwright-core';

export const CHARTS = [
  'phasor-frequencies',
  'phasor-encoding',
  'phasor-heatmap',
  'phasor-dot-offset',
  'phasor-distance',
  'phasor-rotation',
] as const;

export type ChartTag = (typeof CHARTS)[number];

/** The RoPE, attention and "why this design" charts on the explorer page, as selectors (the attention chart is there twice). */
export const EXPERIMENT_CHARTS = [
  '#attention-offset phasor-attention-offset',
  '#rope-pairing phasor-attention-offset',
  'phasor-shift-fit',
  'phasor-base-length',
  'phasor-embedding-scale',
  'phasor-rope-scaling',
] as const;

/** Waits until every chart element has left the loading state and drawn at least once (or shown an error). */
export async function waitForCharts(page: Page, tags: readonly string[] = CHARTS): Promise<void> {
  await page.waitForFunction(
    (names) =>
      names.every((name) => {
        const el = document.querySelector(name) as (Element & { renders?: number }) | null;
        const state = el?.getAttribute('data-state');
        return state === 'error' || (state === 'ready' && (el?.renders ?? 0) > 0);
      }),
    tags,
    { timeout: 30_000 },
  );
}

/**
 * Resolves once `tag` has drawn more times than `after` and its last picture is
 * not a coarse one: a progressive chart (the heatmap) on a busy machine draws
 * coarse first and sharpens 150 ms later, and that later render must not be
 * taken for the answer to the next input. Call renders() before the input.
 */
export async function waitForRender(page: Page, tag: string, after: number): Promise<number> {
  const handle = await page.waitForFunction(
    ([name, count]) => {
      const el = document.querySelector(name) as (Element & { renders?: number }) | null;
      const renders = el?.renders ?? 0;
      const last = (window as unknown as { phasorLastResolution?: WeakMap<Element, string> }).phasorLastResolution;
      const coarse = el !== null && last?.get(el) === 'coarse';
      return renders > count && !coarse ? renders : false;
    },
    [tag, after] as const,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** How many times `tag` has drawn; from here on, the resolution of its drawings is recorded for waitForRender. */
export async function renders(page: Page, tag: string): Promise<number> {
  return page.$eval(tag, (el) => {
    const w = window as unknown as { phasorLastResolution?: WeakMap<Element, string> };
    if (!w.phasorLastResolution) {
      const last = new WeakMap<Element, string>();
      w.phasorLastResolution = last;
      document.addEventListener('phasor-render', (event) => {
        const detail = (event as CustomEvent<{ resolution?: string }>).detail;
        last.set(event.target as Element, detail.resolution ?? 'full');
      });
    }
    return (el as unknown as { renders: number }).renders;
  });
}

export interface Ink {
  /** Canvas pixels that are not fully transparent, as a fraction of all canvas pixels. */
  covered: number;
  /** Distinct colours among them (quantised to 4 bits per channel). */
  colours: number;
  /** A digest of every canvas's pixels: changes when the picture does. */
  digest: string;
  /** Drawn SVG shapes (lines, paths, circles, rects, polylines, text) in the element. */
  shapes: number;
}

/**
 * A page function that reads a canvas's pixels through a copy (drawImage), to
 * pass into page functions as an argument: a canvas the paint worker holds
 * has no context of its own on the page, and the copy is what the page shows
 * (its last committed frame). Every test that reads pixels reads them so.
 */
export type PixelReader = JSHandle<(canvas: HTMLCanvasElement) => ImageData>;

export function pixelReader(page: Page | Frame): Promise<PixelReader> {
  return page.evaluateHandle(() => (canvas: HTMLCanvasElement) => {
    const copy = Object.assign(document.createElement('canvas'), { width: canvas.width, height: canvas.height });
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    return ctx.getImageData(0, 0, canvas.width, canvas.height);
  });
}

/** Measures what `tag` has drawn on its canvases (read with pixelReader) and SVG layers. */
export async function inkOf(page: Page, tag: string): Promise<Ink> {
  return page.$eval(
    tag,
    (el, pixels) => {
      let covered = 0;
      let total = 0;
      const colours = new Set<number>();
      let hash = 2166136261;
      for (const canvas of el.shadowRoot!.querySelectorAll('canvas')) {
        const { data } = pixels(canvas);
        total += canvas.width * canvas.height;
        for (let n = 0; n < data.length; n += 4) {
          if (data[n + 3] === 0) continue;
          covered++;
          colours.add(((data[n] >> 4) << 8) | ((data[n + 1] >> 4) << 4) | (data[n + 2] >> 4));
          hash = Math.imul(hash ^ (data[n] | (data[n + 1] << 8) | (data[n + 2] << 16) | (n << 3)), 16777619) >>> 0;
        }
      }
      const shapes = el.shadowRoot!.querySelectorAll(
        'svg line, svg path, svg circle, svg rect, svg polyline, svg polygon, svg text',
      ).length;
      return { covered: total ? covered / total : 0, colours: colours.size, digest: hash.toString(16), shapes };
    },
    await pixelReader(page),
  );
}

/** The colour drawn at a point of a chart's canvas, given in CSS pixels relative to the canvas. */
export async function canvasColourAt(
  page: Page,
  tag: string,
  x: number,
  y: number,
): Promise<[number, number, number, number]> {
  return page.$eval(
    tag,
    (el, [cx, cy, pixels]) => {
      const canvas = el.shadowRoot!.querySelector('canvas')!;
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      const at = 4 * (Math.floor(cy * scale) * canvas.width + Math.floor(cx * scale));
      const d = pixels(canvas).data.subarray(at, at + 4);
      return [d[0], d[1], d[2], d[3]] as [number, number, number, number];
    },
    [x, y, await pixelReader(page)] as const,
  );
}

/** The text of an element's visible tooltip, or null. */
export function tooltipText(page: Page, tag: string): Promise<string | null> {
  return page.$eval(tag, (el) => {
    const tip = [...el.shadowRoot!.querySelectorAll<HTMLElement>('.tooltip')].find((t) => !t.hidden);
    return tip ? tip.innerText : null;
  });
}

/** Query parameters of the page's URL as an object. */
export async function queryOf(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/** Waits for the URL (written a moment after a change) to have `params`. */
export async function waitForQuery(page: Page, params: Record<string, string | null>): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const q = new URLSearchParams(location.search);
      return Object.entries(expected).every(([k, v]) => q.get(k) === v);
    },
    params,
    { timeout: 10_000 },
  );
}

/** The least share of a chart's canvas pixels its data covers when drawn (the axes and labels are SVG, never on the canvas). */
export const DATA_COVERAGE: Record<string, number> = {
  'phasor-heatmap': 0.95,
  'phasor-distance': 0.95,
  'phasor-rotation': 0.1, // M_k's non-zero cells; its zeros are transparent
  'phasor-frequencies': 0.004,
  'phasor-encoding': 0.01,
  'phasor-dot-offset': 0.01,
};

/** What a drawn chart must show: data on its canvas, more than one colour, and its axes named for screen readers. */
export async function dataDrawn(
  page: Page,
  tag: string,
): Promise<{ covered: number; colours: number; named: boolean }> {
  const ink = await inkOf(page, tag);
  const named = await page.$eval(tag, (el) =>
    [...el.shadowRoot!.querySelectorAll('svg.front')].every(
      (svg) => svg.getAttribute('role') === 'img' && (svg.getAttribute('aria-label') ?? '').length > 20,
    ),
  );
  return { covered: ink.covered, colours: ink.colours, named };
}
