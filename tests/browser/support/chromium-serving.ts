// A test file's Chromium and static server: started before its tests,
// closed after them (vitest's beforeAll / afterAll, registered by the call).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './chromium.js';
import { serveDirectory, SITE, type StaticServer } from './static-server.js';

export interface ChromiumServing {
  readonly browser: Browser;
  readonly server: StaticServer;
}

/** Chromium and a server of `root` (build/site, no CSP unless `headers` says), for the calling file's tests. */
export function chromiumServing(root = SITE, headers: Record<string, string> = {}): ChromiumServing {
  const started: { browser?: Browser; server?: StaticServer } = {};
  beforeAll(async () => {
    started.browser = await launchChromium();
    started.server = await serveDirectory(root, headers);
  });
  afterAll(async () => {
    await started.server?.close();
    await started.browser?.close();
  });
  return {
    get browser() {
      return started.browser!;
    },
    get server() {
      return started.server!;
    },
  };
}
