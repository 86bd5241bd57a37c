// Builds build/embed/phasor-embed.js: the chart elements, d3, the core API,
// the Emscripten glue and the SIMD wasm (inlined as base64) in one ES module.
// web/tools/build-embed.mjs runs it and puts the example post beside it.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { dropGlueWasmUrl, inlineWasm } from './web/tools/embed-plugins.ts';

const here = import.meta.dirname;

export default defineConfig({
  plugins: [dropGlueWasmUrl(), inlineWasm()],
  resolve: {
    // The embed ships the SIMD build only (every current browser has wasm SIMD).
    alias: [{ find: /^\.\/wasm\/phasor(-experiments)?-scalar\.js$/, replacement: resolve(here, 'web/src/embed/no-scalar.ts') }],
  },
  build: {
    outDir: resolve(here, 'build/embed'),
    emptyOutDir: true,
    target: 'es2022',
    minify: 'oxc',
    lib: {
      entry: resolve(here, 'web/src/embed/phasor-embed.ts'),
      formats: ['es'],
      fileName: () => 'phasor-embed.js',
    },
    rollupOptions: { output: { codeSplitting: false, minify: true } },
  },
});
