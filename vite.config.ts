// The explorer (web/index.html), one chart alone for iframes (web/chart.html)
// and, in development, the example post (web/examples/post.html with the
// embed script built from source), served by `npm start`; built to build/site
// for the browser tests.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { serveEmbedInDev } from './web/tools/embed-plugins.ts';
import { katexAtBuild } from './web/tools/katex-plugin.ts';

export default defineConfig({
  root: 'web',
  base: './',
  plugins: [serveEmbedInDev(), katexAtBuild()],
  server: { host: 'localhost' },
  preview: { host: 'localhost' },
  // "Check your table"'s worker imports the wasm glue on demand: an ES module
  // worker keeps those imports as chunks (an IIFE worker cannot split).
  worker: { format: 'es' },
  build: {
    outDir: resolve(import.meta.dirname, 'build/site'),
    emptyOutDir: true,
    target: 'es2022',
    // No data: URLs (KaTeX's small fonts would be inlined): the page then works
    // under a CSP without data: sources, as the browser tests check.
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        explorer: resolve(import.meta.dirname, 'web/index.html'),
        chart: resolve(import.meta.dirname, 'web/chart.html'),
      },
    },
  },
});
