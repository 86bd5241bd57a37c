// Builds build/embed/phasor-embed.js: the PE chart elements, d3, the core API,
// the core's Emscripten glue and its SIMD wasm (gzipped, base64) in one ES
// module, plus the phasor-embed-*.js chunks it imports only when a RoPE or
// attention chart is on the page (those elements, their glue and their
// inlined wasm). web/tools/build-embed.mjs runs it and puts the example post
// beside it.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  resolve: {
    // The embed ships the SIMD build only (every current browser has wasm SIMD):
    // the scalar glue and bytes are a stub that says so.
    alias: [
      {
        find: /^\.\/wasm\/phasor(-experiments)?-scalar(\.inline)?\.js$/,
        replacement: resolve(here, 'web/src/embed/no-scalar.ts'),
      },
      // d3-zoom's only use of d3-transition is interrupting transitions the charts never start.
      { find: /^d3-transition$/, replacement: resolve(here, 'web/src/embed/no-transition.ts') },
    ],
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
    rollupOptions: {
      // allow-extension: the chunks loaded later import what they share from
      // this file, instead of the library build splitting it into a facade and a chunk.
      preserveEntrySignatures: 'allow-extension',
      output: { minify: true, chunkFileNames: 'phasor-embed-[name].js' },
      // phasor-embed.ts imports the core's glue and bytes statically on purpose
      // (one request); the loader's dynamic imports of them are then no split.
      checks: { ineffectiveDynamicImport: false },
    },
  },
});
