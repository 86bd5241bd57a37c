// The set-up the embed's browser tests share: build/embed (phasor-embed.js,
// its chunks and worker, and the example post) served under the strict CSP as
// a blogger would host it, and one Chromium for the file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { repoRoot } from '../package/pack.js';
import { launchChromium, openRecordingPage } from './chromium.js';
import { serveDirectory, STRICT_CSP, type StaticServer } from './static-server.js';

export const EMBED = join(repoRoot, 'build/embed');

export interface EmbedPost {
  /** A page that records problems into `problems`, not yet navigated (so a test can add init scripts first). */
  newPage(problems: string[]): Promise<Page>;
  /** The address of a file of the folder, e.g. 'post.html'. */
  url(file: string): string;
}

/** Call at the top of a test file. */
export function useEmbedPost(): EmbedPost {
  let browser: Browser;
  let server: StaticServer;
  beforeAll(async () => {
    if (!existsSync(join(EMBED, 'phasor-embed.js')))
      throw new Error('build/embed is missing: run node tools/build-embed.mjs');
    browser = await launchChromium();
    server = await serveDirectory(EMBED, { 'content-security-policy': STRICT_CSP });
  });
  afterAll(async () => {
    await server?.close();
    await browser?.close();
  });
  return {
    newPage: (problems) => openRecordingPage(browser, problems),
    url: (file) => `${server.url}${file}`,
  };
}
