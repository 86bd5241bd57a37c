// Debian's Chromium driven by playwright-core, and a page that records every
// console error, uncaught exception and CSP violation.
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM = process.env.PHASOR_CHROMIUM ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface WatchedPage {
  page: Page;
  /** Console errors, page errors and CSP violations, in order. */
  errors: string[];
  close(): Promise<void>;
}

export async function openPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    ...options,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(url);
  return { page, errors, close: () => context.close() };
}

/**
 * A page that records console errors, uncaught exceptions and CSP violations
 * into `problems`, not yet navigated (so a test can add init scripts first).
 */
export async function openRecordingPage(browser: Browser, problems: string[]): Promise<Page> {
  const page = await browser.newPage();
  page.on('console', (message) => {
    // The browser's own favicon request is not the page's (some dev servers answer it 404).
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return page;
}
