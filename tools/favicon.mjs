// Renders web/explorer/favicon.svg (the source) to web/explorer/favicon.png,
// the icon the pages link. Chromium fetches and decodes a page's icon again
// after every history.replaceState, and an SVG icon is decoded as a whole
// document of its own: the explorer, which writes its state into the URL after
// each change, paid for that on every step. Run after editing the SVG:
// `node tools/favicon.mjs`.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { repoRoot } from './run.mjs';

const SIZE = 32; // CSS pixels, drawn at 2× (64 × 64 device pixels)
const svg = readFileSync(`${repoRoot}web/explorer/favicon.svg`, 'utf8').replace(
  '<svg ',
  `<svg width="${SIZE}" height="${SIZE}" `,
);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 2 });
  await page.setContent(`<style>html, body { margin: 0; background: transparent }</style>${svg}`);
  await page.screenshot({ path: `${repoRoot}web/explorer/favicon.png`, omitBackground: true });
} finally {
  await browser.close();
}
