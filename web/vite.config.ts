// Vite's configuration, one build per mode:
//   (default)     the explorer (web/index.html), one chart alone for iframes
//                 (web/chart.html) and, in development, the example post
//                 (web/examples/post.html with the embed script built from
//                 source), served by `npm start`; built to build/site for the
//                 browser tests
//   --mode embed  build/embed/phasor-embed.js: the PE chart elements, d3, the
//                 core API, the core's glue and its SIMD wasm (gzipped, base64)
//                 in one ES module, plus the phasor-embed-*.js chunks it imports
//                 only when a RoPE or attention chart is on the page
//                 (tools/build-embed.mjs runs it and puts the post beside it)
//   --mode cjs    the CommonJS build of the package (dist/cjs/), for
//                 `require('phasor')` on Node 20.0–20.18 (which cannot require
//                 ES modules) and tools that only read CommonJS: everything
//                 bundled in (d3's modules are ES modules only), the inlined
//                 wasm (CommonJS has no import.meta.url to find a file by),
//                 the lazily loaded builds separate chunks (tools/build-lib.mjs)
import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import { compiledWhole } from '../tools/compile-hints-plugin.ts';
import { serveEmbedInDev } from '../tools/embed-plugins.ts';
import { katexAtBuild } from '../tools/katex-plugin.ts';
import { wasmModules } from '../tools/wasm-modules-plugin.ts';

const repo = resolve(import.meta.dirname, '..');
const at = (path: string) => resolve(repo, path);

// d3-scale-chromatic makes each of its sequential colour maps with a top-level
// call, ramp(colors("…")): a bundler keeps the three phasor does not use
// (magma, inferno, plasma, beside viridis) unless told those calls are pure.
const treeshake = { manualPureFunctions: ['ramp', 'colors'] };

const site: UserConfig = {
  root: import.meta.dirname,
  base: './',
  plugins: [wasmModules(repo), serveEmbedInDev(), katexAtBuild(), compiledWhole()],
  server: { host: 'localhost' },
  preview: { host: 'localhost' },
  // "Check your table"'s worker imports the wasm glue on demand: an ES module
  // worker keeps those imports as chunks (an IIFE worker cannot split). Its
  // bundle has its own plugins: the wasm's mapping onto build/core/wasm.
  worker: { format: 'es', plugins: () => [wasmModules(repo)], rollupOptions: { treeshake } },
  build: {
    outDir: at('build/site'),
    emptyOutDir: true,
    target: 'es2022',
    // No data: URLs (KaTeX's small fonts would be inlined): the page then works
    // under a CSP without data: sources, as the browser tests check.
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        explorer: at('web/index.html'),
        chart: at('web/chart.html'),
      },
      treeshake,
    },
  },
};

const embed: UserConfig = {
  root: repo,
  // Files it names (the paint worker) relative to phasor-embed.js, wherever a host puts the folder.
  base: './',
  plugins: [wasmModules(repo), compiledWhole()],
  resolve: {
    // The embed ships the SIMD build only (every current browser has wasm SIMD):
    // the scalar glue and bytes are a stub that says so.
    alias: [
      {
        find: /^\.\/wasm\/phasor(-experiments)?-scalar(\.inline)?\.js$/,
        replacement: at('web/src/embed/no-scalar.ts'),
      },
      // d3-zoom's only use of d3-transition is interrupting transitions the charts never start.
      { find: /^d3-transition$/, replacement: at('web/src/embed/no-transition.ts') },
    ],
  },
  // The paint worker beside the embed script, named like its chunks (a host copies phasor-embed*.js).
  worker: { format: 'es', rollupOptions: { output: { entryFileNames: 'phasor-embed-[name].js' }, treeshake } },
  build: {
    outDir: at('build/embed'),
    emptyOutDir: true,
    target: 'es2022',
    minify: 'oxc',
    lib: {
      entry: at('web/src/embed/phasor-embed.ts'),
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
      treeshake,
    },
  },
};

const cjs: UserConfig = {
  root: repo,
  logLevel: 'warn',
  plugins: [wasmModules(repo)],
  // The Emscripten glue reads import.meta.url only to find its .wasm, which
  // phasor hands it instead (web/src/core/load.ts).
  define: { 'import.meta.url': 'undefined' },
  build: {
    outDir: at('dist/cjs'),
    emptyOutDir: false,
    target: 'es2022',
    minify: false,
    lib: {
      entry: { index: at('web/src/core/index.ts'), elements: at('web/src/elements/index.ts') },
      formats: ['cjs'],
      fileName: (_format, name) => `${name}.js`,
    },
    rollupOptions: { output: { chunkFileNames: 'chunks/[name].js' }, treeshake },
  },
};

export default defineConfig(({ mode }) => (mode === 'embed' ? embed : mode === 'cjs' ? cjs : site));
