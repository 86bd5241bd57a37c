// Opening a consumer's page in Chromium and checking what a user would see:
// the numbers it computed against float64, the charts drawn (pixels and
// shapes), no console error, no failed request, and how many times a wasm
// module was compiled.
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { inkOf } from '../../browser/support/charts.js';
import { openRecordingPage } from '../../browser/support/chromium.js';

// PE(p) for p = 0..4 at dModel 4 (the seed's 5 × 4 table), in float64.
export const SEED_TABLE = [0, 1, 2, 3, 4].flatMap((p) => [
  Math.sin(p),
  Math.cos(p),
  Math.sin(p / 100),
  Math.cos(p / 100),
]);
// ALiBi's slopes for 8 heads: 2^-1 … 2^-8.
export const ALIBI_8 = [1, 2, 3, 4, 5, 6, 7, 8].map((h) => 2 ** -h);

export interface Computed {
  table?: number[];
  slopes?: number[];
  error?: string;
  same?: boolean;
}

/** The seed table within half a float32 ulp of float64, and the slopes exactly, where given. */
export function expectNumbers(result: Computed): void {
  expect(result.error).toBeUndefined();
  if (result.table) {
    expect(result.table).toHaveLength(20);
    result.table.forEach((v, i) => expect(Math.abs(v - SEED_TABLE[i]), `table[${i}]`).toBeLessThan(6e-8));
  }
  if (result.slopes) expect(result.slopes).toEqual(ALIBI_8);
}

export interface PageReport {
  result: Computed;
  /** WebAssembly.compile / instantiate / compileStreaming / instantiateStreaming / new Module calls. */
  compiles: number;
  /** Every .js and .wasm the page fetched, with its gzipped size. */
  fetched: { path: string; gzipBytes: number }[];
}

/**
 * Opens `url`, waits for `window.phasorResult` and for `charts` to draw, and
 * checks the numbers, the ink and that nothing went wrong.
 */
export async function checkPage(
  browser: Browser,
  url: string,
  charts: readonly string[],
  timeout = 60_000,
): Promise<PageReport> {
  const problems: string[] = [];
  const page = await openRecordingPage(browser, problems);
  const fetched: PageReport['fetched'] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    // The browser's own favicon request is not the page's.
    if (response.status() >= 400 && path !== '/favicon.ico') problems.push(`HTTP ${response.status()} ${path}`);
    if (/\.(js|mjs|wasm)$/.test(path)) {
      // Listed in the order the responses arrive, not the order their bodies finish reading.
      const entry = { path, gzipBytes: 0 };
      fetched.push(entry);
      pending.push(
        response.body().then(
          (body) => void (entry.gzipBytes = gzipSync(body, { level: 9 }).length),
          () => undefined,
        ),
      );
    }
  });
  await page.addInitScript(() => {
    const w = window as unknown as { wasmCompiles: number };
    w.wasmCompiles = 0;
    const wasm = WebAssembly as unknown as Record<string, unknown>;
    for (const name of ['compile', 'instantiate', 'compileStreaming', 'instantiateStreaming']) {
      const original = wasm[name] as (...args: unknown[]) => unknown;
      wasm[name] = (...args: unknown[]) => {
        w.wasmCompiles++;
        return original.apply(WebAssembly, args);
      };
    }
    const Module = WebAssembly.Module;
    wasm.Module = function (this: unknown, bytes: BufferSource) {
      w.wasmCompiles++;
      return new Module(bytes);
    };
  });
  try {
    await page.goto(url);
    await page.waitForFunction(
      () => (window as unknown as { phasorResult?: unknown }).phasorResult !== undefined,
      undefined,
      { timeout },
    );
    await page.waitForFunction(
      (names) =>
        names.every((name) => {
          const el = document.querySelector(name) as (Element & { renders?: number }) | null;
          return (
            el?.getAttribute('data-state') === 'error' ||
            (el?.getAttribute('data-state') === 'ready' && (el.renders ?? 0) > 0)
          );
        }),
      charts,
      { timeout },
    );
    const result = (await page.evaluate(
      () => (window as unknown as { phasorResult: Computed }).phasorResult,
    )) as Computed;
    expectNumbers(result);
    for (const tag of charts) {
      const state = await page.$eval(tag, (el) => el.getAttribute('data-state'));
      const ink = await inkOf(page, tag);
      expect(state, tag).toBe('ready');
      if (tag === 'phasor-heatmap') expect(ink.covered, `${tag} canvas coverage`).toBeGreaterThan(0.3);
      else expect(ink.shapes, `${tag} shapes`).toBeGreaterThan(10);
    }
    const compiles = await page.evaluate(() => (window as unknown as { wasmCompiles: number }).wasmCompiles);
    await Promise.all(pending);
    expect(problems).toEqual([]);
    return { result, compiles, fetched };
  } finally {
    await page.close();
  }
}
