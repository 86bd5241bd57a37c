// The npm package as users get it: `npm pack`, installed from the tarball into
// fresh projects, imported by plain Node ESM and by webpack 5.
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build as viteBuild } from 'vite';
import webpack from 'webpack';
import { launchChromium, openRecordingPage } from './support/chromium.js';
import { packAndInstall, repoRoot, tarballFiles, type PackedConsumer } from './package/pack.js';
import { serveDirectory } from './support/static-server.js';

let packed: PackedConsumer;
let browser: Browser;

beforeAll(async () => {
  packed = packAndInstall('consumer');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

// PE(p) for p = 0..4 at dModel 4, float64, rounded to float32 by the page.
const expectedSeedTable = [0, 1, 2, 3, 4].flatMap((p) => [Math.sin(p), Math.cos(p), Math.sin(p / 100), Math.cos(p / 100)]);

function expectSeedTable(values: number[]): void {
  expect(values).toHaveLength(20);
  values.forEach((v, i) => expect(Math.abs(v - expectedSeedTable[i])).toBeLessThan(6e-8));
}

describe('the npm package', () => {
  test('npm pack holds ES modules, declarations, both wasm builds, README and LICENSE, and no sources or tests', () => {
    const files = tarballFiles(packed.tarball);
    for (const f of [
      'package/package.json',
      'package/README.md',
      'package/LICENSE',
      'package/dist/core/index.js',
      'package/dist/core/index.d.ts',
      'package/dist/core/wasm/phasor.wasm',
      'package/dist/core/wasm/phasor.js',
      'package/dist/core/wasm/phasor-scalar.wasm',
      'package/dist/core/wasm/phasor-experiments.wasm',
      'package/dist/elements/index.js',
      'package/dist/elements/index.d.ts',
      'package/dist/embed/phasor-embed.js',
      'package/dist/embed/phasor-experiments.wasm',
    ]) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => /^package\/(cpp|tests|web)\//.test(f))).toEqual([]);
  });

  test('plain Node 20 ESM imports the installed tarball and computes a table', () => {
    writeFileSync(
      join(packed.dir, 'node-consumer.mjs'),
      `import { createPhasor } from 'phasor';
const ph = await createPhasor();
const { table } = ph.encode({ positions: 5, dModel: 4 });
console.log(JSON.stringify({ simd: ph.simd, table: Array.from(table) }));
`,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['node-consumer.mjs'], { cwd: packed.dir, encoding: 'utf8' }));
    expect(out.simd).toBe(true);
    expectSeedTable(out.table);
  });

  test('TypeScript users get the declarations: a typed consumer type-checks against the tarball', () => {
    writeFileSync(
      join(packed.dir, 'typed-consumer.ts'),
      `import { createPhasor, type Encoding } from 'phasor';
const ph = await createPhasor();
const e: Encoding = ph.encode({ positions: 5, dModel: 4, layout: 'split' });
const t: Float32Array = e.table;
const r: { matrix: Float32Array; maxError: number } = ph.rotation({ dModel: 4, k: 1, positions: 3 });
// @ts-expect-error layout is checked at compile time too
ph.encode({ positions: 5, dModel: 4, layout: 'columns' });
export { t, r };
`,
    );
    writeFileSync(
      join(packed.dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [], lib: ['ES2022', 'DOM'] },
        files: ['typed-consumer.ts'],
      }),
    );
    const tsc = join(new URL('../../', import.meta.url).pathname, 'node_modules/typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: packed.dir, stdio: 'inherit' });
  });

  test('webpack 5 bundles the installed tarball, emits the wasm, and the page computes in Chromium', async () => {
    const src = join(packed.dir, 'webpack-src');
    const out = join(packed.dir, 'webpack-dist');
    mkdirSync(src, { recursive: true });
    writeFileSync(
      join(src, 'main.js'),
      `import { createPhasor } from 'phasor';
const ph = await createPhasor();
document.body.dataset.result = JSON.stringify(Array.from(ph.encode({ positions: 5, dModel: 4 }).table));
`,
    );
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: packed.dir,
          entry: join(src, 'main.js'),
          output: { path: out, filename: 'main.js', publicPath: 'auto' },
          experiments: { topLevelAwait: true },
          resolve: { modules: [join(packed.dir, 'node_modules')] },
          performance: { hints: false },
        },
        (err, s) => (err || !s ? reject(err) : resolve(s)),
      ),
    );
    expect(stats.hasErrors(), stats.toString('errors-only')).toBe(false);
    writeFileSync(join(out, 'index.html'), '<!doctype html><script src="main.js"></script>');
    const server = await serveDirectory(out);
    const problems: string[] = [];
    try {
      const page = await openRecordingPage(browser, problems);
      await page.goto(server.url);
      await page.waitForFunction(() => document.body.dataset.result !== undefined, undefined, { timeout: 30_000 });
      expectSeedTable(JSON.parse((await page.evaluate(() => document.body.dataset.result))!));
      expect(problems).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

/** Builds a Vite app in the consumer project from `files`, serves it and opens it; returns what the page fetched. */
async function buildAndOpenViteApp(name: string, files: Record<string, string>, ready: string) {
  const root = join(packed.dir, name);
  mkdirSync(root, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
  await viteBuild({ root, logLevel: 'silent', build: { outDir: join(root, 'dist'), emptyOutDir: true } });
  const server = await serveDirectory(join(root, 'dist'));
  const problems: string[] = [];
  const fetched: { url: string; gzipBytes: number; chartCode: boolean }[] = [];
  const page = await openRecordingPage(browser, problems);
  page.on('response', async (response) => {
    const body = await response.body().catch(() => null);
    if (body && /\.(js|wasm)$/.test(new URL(response.url()).pathname)) {
      const chartCode = body.includes('customElements.define');
      fetched.push({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length, chartCode });
    }
  });
  await page.goto(server.url);
  await page.waitForFunction(ready, undefined, { timeout: 30_000 });
  return { page, problems, fetched, close: async () => { await page.close(); await server.close(); } };
}

describe('the npm package in a Vite app', () => {
  test('a Vite app that imports phasor/elements renders a chart from the installed tarball in Chromium', async () => {
    const app = await buildAndOpenViteApp(
      'vite-elements',
      {
        'index.html': '<!doctype html><body><phasor-heatmap d-model="32" positions="50"></phasor-heatmap><script type="module" src="./main.js"></script></body>',
        'main.js': "import 'phasor/elements';\n",
      },
      "document.querySelector('phasor-heatmap')?.getAttribute('data-state') === 'ready'",
    );
    try {
      const covered = await app.page.$eval('phasor-heatmap', (el) => {
        const canvas = el.shadowRoot!.querySelector('canvas')!;
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let inked = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) inked++;
        return inked / (data.length / 4);
      });
      expect(covered).toBeGreaterThan(0.3);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  test('an app that only computes loads no chart code, not the experiments module, and at most 40 KB gzipped', async () => {
    const app = await buildAndOpenViteApp(
      'vite-compute',
      {
        'index.html': '<!doctype html><body><script type="module" src="./main.js"></script></body>',
        'main.js': `import { createPhasor } from 'phasor';
const ph = await createPhasor();
document.body.dataset.result = JSON.stringify(Array.from(ph.encode({ positions: 5, dModel: 4 }).table));
`,
      },
      'document.body.dataset.result !== undefined',
    );
    try {
      expectSeedTable(JSON.parse((await app.page.evaluate(() => document.body.dataset.result))!));
      const total = app.fetched.reduce((sum, f) => sum + f.gzipBytes, 0);
      console.log(`compute-only import: ${(total / 1024).toFixed(1)} KB gzipped`, app.fetched);
      expect(app.fetched.some((f) => f.url.endsWith('.wasm'))).toBe(true);
      expect(app.fetched.some((f) => /experiments/.test(f.url))).toBe(false);
      expect(app.fetched.filter((f) => f.chartCode)).toEqual([]);
      expect(total).toBeLessThanOrEqual(40 * 1024);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  test('the embed script with its wasm is at most 80 KB gzipped', () => {
    const embed = readFileSync(join(repoRoot, 'build/embed/phasor-embed.js'));
    const kb = gzipSync(embed, { level: 9 }).length / 1024;
    console.log(`phasor-embed.js: ${kb.toFixed(1)} KB gzipped, wasm included`);
    expect(kb).toBeLessThanOrEqual(80);
  });
});
