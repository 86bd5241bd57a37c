// The set-up the explorer's browser tests share: build/site served under the
// strict CSP, one Chromium for the file, and an opener of explorer pages that
// waits for the given charts to draw and closes every page at the end; or,
// for the tests of one section (Check your table, Check your model), the one
// page at that section.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHARTS, waitForCharts } from './charts.js';
import { launchChromium, openPage, type WatchedPage } from './chromium.js';
import { serveSite, type StaticServer } from './static-server.js';

export const SCREENSHOTS = resolve(import.meta.dirname, '../screenshots');

export type OpenExplorer = (query?: string, options?: Parameters<typeof openPage>[2]) => Promise<WatchedPage>;

/** Call at the top of a test file; the returned function opens the explorer at `query`. */
export function useExplorer(charts: readonly string[] = CHARTS): OpenExplorer {
  let server: StaticServer;
  let browser: Browser;
  const open: WatchedPage[] = [];

  beforeAll(async () => {
    server = await serveSite();
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  afterAll(async () => {
    await Promise.all(open.map((p) => p.close()));
    await browser?.close();
    await server?.close();
  });

  return async (query = '', options = {}) => {
    const watched = await openPage(browser, `${server.url}${query}`, options);
    open.push(watched);
    await waitForCharts(watched.page, charts);
    return watched;
  };
}

/**
 * Call at the top of a test file on one section of the explorer: one page at
 * `hash`, open from before the first test (once `ready` is on it) to after the
 * last, handed to `opened` (which may prepare it further). The returned
 * function opens another page at the same section, which its caller closes.
 */
export function useSectionPage(
  hash: string,
  ready: string,
  opened: (watched: WatchedPage) => unknown,
): (options?: Parameters<typeof openPage>[2]) => Promise<WatchedPage> {
  let server: StaticServer;
  let browser: Browser;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    server = await serveSite();
    const watched = await openPage(browser, `${server.url}${hash}`);
    close = watched.close;
    await watched.page.waitForSelector(ready);
    await opened(watched);
  });

  afterAll(async () => {
    await close?.();
    await server?.close();
    await browser?.close();
  });

  return (options = {}) => openPage(browser, `${server.url}${hash}`, options);
}
