// Each page links a raster icon. Chromium fetches and decodes a page's icon
// again after every history.replaceState, and decodes an SVG icon as a whole
// document of its own: the explorer, which writes its state into the URL after
// each change, paid for that in every step of a control (tools/favicon.mjs).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const PAGES = ['web/index.html', 'web/chart.html', 'web/examples/post.html'];

/** The icon file a page links, as the page's folder resolves it (the post's is copied beside it by build-embed). */
function iconOf(page: string): { href: string; type: string | undefined; file: string } {
  const html = readFileSync(resolve(root, page), 'utf8');
  const link = html.match(/<link\s[^>]*rel="icon"[^>]*>/)?.[0];
  if (!link) throw new Error(`${page} links no icon`);
  const href = link.match(/href="([^"]+)"/)![1];
  const type = link.match(/type="([^"]+)"/)?.[1];
  const folder = page === 'web/examples/post.html' ? 'web/explorer' : dirname(page);
  return { href, type, file: resolve(root, folder, href) };
}

describe('page icons', () => {
  test.each(PAGES)('%s links a PNG icon, 64 × 64', (page) => {
    const { href, type, file } = iconOf(page);
    expect(href).toMatch(/\.png$/);
    expect(type).toBe('image/png');
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 64]);
  });
});
