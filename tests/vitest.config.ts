// Vitest's projects (npm run test:unit, test:browser, test:package pass
// --config tests/vitest.config.ts): unit runs the core and the charts' code in
// Node on the built wasm (tools/wasm-modules-plugin.ts finds it in build/),
// browser drives the built pages in Chromium, package checks the packed
// tarball in every bundler and runtime.
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { wasmModules } from '../tools/wasm-modules-plugin.ts';

const repo = resolve(import.meta.dirname, '..');

// Each project loads the core in Node (the browser tests compare the charts with it), so each has the plugin.
const plugins = [wasmModules(repo)];

export default defineConfig({
  root: repo,
  plugins,
  test: {
    projects: [
      {
        plugins,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        plugins,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        plugins,
        test: {
          // The package matrix (tests/package): consumers run three at a time;
          // a cold run installs every consumer's tools first.
          name: 'package',
          include: ['tests/package/**/*.test.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 1_200_000,
          maxConcurrency: 3,
        },
      },
    ],
  },
});
