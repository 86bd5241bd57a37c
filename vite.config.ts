// The explorer (web/index.html) and the example post, served by `npm start`
// and built to build/site for the browser tests.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  base: './',
  server: { host: 'localhost' },
  preview: { host: 'localhost' },
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
      },
    },
  },
});
