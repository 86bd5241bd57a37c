// The CommonJS build of the package (dist/cjs/), for `require('phasor')` on
// Node 20.0–20.18 (which cannot require ES modules) and for tools that only
// read CommonJS. Everything is bundled in, d3 included: d3's modules are ES
// modules only. The wasm is the inlined one (CommonJS has no import.meta.url
// to find a file by), and the lazily loaded builds stay separate chunks.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  logLevel: 'warn',
  // The Emscripten glue reads import.meta.url only to find its .wasm, which
  // phasor hands it instead (web/src/core/load.ts).
  define: { 'import.meta.url': 'undefined' },
  build: {
    outDir: resolve(here, 'dist/cjs'),
    emptyOutDir: false,
    target: 'es2022',
    minify: false,
    lib: {
      entry: { index: resolve(here, 'web/src/core/index.ts'), elements: resolve(here, 'web/src/elements/index.ts') },
      formats: ['cjs'],
      fileName: (_format, name) => `${name}.js`,
    },
    rollupOptions: { output: { chunkFileNames: 'chunks/[name].js' } },
  },
});
