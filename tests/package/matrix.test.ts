// The package matrix: `npm pack`, then every consumer a fresh project that
// installs the tarball and uses phasor as its users do (tests/package/consumers/).
// Each checks real numbers against float64 and, where there is a page, the
// charts drawn in Chromium with no console error, no failed request, and each
// wasm build compiled once. Tools come from each consumer's lockfile, cached
// in build/package-matrix/projects/; times and sizes go to build/package-matrix/.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../browser/support/chromium.js';
import { createHash } from 'node:crypto';
import { serveDirectory, STRICT_CSP } from '../browser/support/static-server.js';
import { checkPage, expectNumbers, type Computed, type PageReport } from './support/page.js';
import { MATRIX, packTarball, pageHtml, prepareConsumer, repoRoot, run, type Project } from './support/project.js';

let tarball: string;
let browser: Browser;
const times: Record<string, Record<string, number>> = {};
const sizes: Record<string, number> = {};
const started = performance.now();

beforeAll(async () => {
  const t0 = performance.now();
  tarball = await packTarball();
  times['npm pack (builds wasm, embed, dist)'] = { total: performance.now() - t0 };
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  times['matrix wall time'] = { total: performance.now() - started };
  writeFileSync(join(MATRIX, 'times.json'), `${JSON.stringify(times, null, 2)}\n`);
  writeFileSync(join(MATRIX, 'sizes.json'), `${JSON.stringify(sizes, null, 2)}\n`);
  const rows = Object.entries(times).map(
    ([name, t]) =>
      `${name.padEnd(44)} ${Object.entries(t)
        .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
        .join(', ')}`,
  );
  console.log(`package matrix times:\n${rows.join('\n')}`);
});

/** Prepares consumer `name` and records how long its installs took. */
async function consumer(name: string, withPages = true): Promise<Project> {
  const project = await prepareConsumer(name, tarball, withPages);
  times[name] = { 'install tools': project.installToolsMs, 'install phasor': project.installPhasorMs };
  return project;
}

async function timed<T>(name: string, step: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    (times[name] ??= {})[step] = performance.now() - t0;
  }
}

const CHARTS = ['phasor-heatmap', 'phasor-shift-fit'] as const;

/** Serves `dir` under the strict CSP (`csp`) and checks `pages` (file → charts, expected compilations). */
async function checkBuilt(
  dir: string,
  pages: Record<string, { charts: readonly string[]; compiles?: number }>,
  csp = STRICT_CSP,
): Promise<Record<string, PageReport>> {
  const server = await serveDirectory(dir, { 'content-security-policy': csp });
  const reports: Record<string, PageReport> = {};
  try {
    for (const [file, { charts, compiles }] of Object.entries(pages)) {
      const report = await checkPage(browser, `${server.url}${file}`, charts);
      if (compiles !== undefined) expect(report.compiles, `${file}: wasm compilations`).toBe(compiles);
      reports[file] = report;
    }
  } finally {
    await server.close();
  }
  return reports;
}

function readJson<T>(text: string): T {
  return JSON.parse(text.trim().split('\n').at(-1)!) as T;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** docs/npm.md's figure marked `<!-- size:NAME -->` is the measured one (to 1 KB). */
function expectReadmeFigure(name: string, measuredKb: number): void {
  sizes[name] = measuredKb;
  const readme = readFileSync(join(repoRoot, 'docs/npm.md'), 'utf8');
  const match = readme.match(new RegExp(`([\\d.]+) KB <!-- size:${name} -->`));
  expect(match, `docs/npm.md figure size:${name}`).not.toBeNull();
  expect(
    Math.abs(Number(match![1]) - measuredKb),
    `docs/npm.md says ${match![1]} KB for ${name}; measured ${measuredKb} KB`,
  ).toBeLessThanOrEqual(1);
}

describe.concurrent('the packed tarball in fresh projects', () => {
  test('Node 20: ESM (phasor, phasor/lean, the .wasm through exports), CommonJS without require(esm), SSR imports define nothing', async () => {
    const p = await consumer('node', false);
    const esm = readJson<Computed & { same: boolean; wasmFile: boolean; defined: boolean }>(
      (await timed('node', 'ESM', () => p.run(process.execPath, ['esm.mjs']))).stdout,
    );
    expectNumbers(esm);
    expect(esm).toMatchObject({ same: true, wasmFile: true, defined: false });
    const flags = process.allowedNodeEnvironmentFlags.has('--experimental-require-module')
      ? ['--no-experimental-require-module']
      : [];
    const cjs = readJson<Computed & { resolved: string; defined: boolean }>(
      (await timed('node', 'CommonJS', () => p.run(process.execPath, [...flags, 'cjs.cjs']))).stdout,
    );
    expectNumbers(cjs);
    expect(cjs).toMatchObject({ resolved: 'phasor/dist/cjs/index.js', defined: false });
  });

  test('cli: the phasor command (package.json "bin") under Node 20: --help, rope on a real config, table then identify, cache then check, exit codes 0 / 1 / 2', async () => {
    const p = await consumer('cli', false);
    // As a porting repository's CI calls it: npx finds node_modules/.bin/phasor; `sh -c` keeps its exit code.
    const phasor = async (args: string) => {
      const r = await p.run('sh', ['-c', `npx --no -- phasor ${args}; echo "exit $?"`]);
      const lines = r.stdout.trimEnd().split('\n');
      return { code: Number(lines.pop()!.slice(5)), stdout: lines.join('\n'), stderr: r.stderr };
    };
    const expectRefusal = (r: { code: number; stderr: string }, part: string) => {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toContain(part);
    };
    const help = await timed('cli', 'help', () => phasor('--help'));
    expect(help.code).toBe(0);
    for (const command of ['rope', 'check', 'identify', 'table', 'cache'])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    // Real configs (tests/fixtures/rope_configs: Llama 2 7B, θ 10⁴; Qwen2.5 7B, θ 10⁶), as the user holds them.
    const { configs } = JSON.parse(
      readFileSync(join(repoRoot, 'tests/fixtures/rope_configs/configs.json'), 'utf8'),
    ) as {
      configs: Record<string, { config: object }>;
    };
    p.write('llama2.json', JSON.stringify(configs['meta-llama__Llama-2-7b-hf'].config));
    p.write('qwen25.json', JSON.stringify(configs['Qwen__Qwen2.5-7B-Instruct'].config));
    const rope = await timed('cli', 'rope --json', () => phasor('rope llama2.json --json'));
    expect(rope.code, rope.stderr).toBe(0);
    const [layer] = (JSON.parse(rope.stdout) as { layerTypes: { rotaryDim: number; invFreq: number[] }[] }).layerTypes;
    expect(layer.rotaryDim).toBe(128);
    // θ^(−2i/d) in float64: the core rounds each once, as this does, and pow is within an ulp.
    layer.invFreq.forEach((w, i) => expect(Math.abs(w / 10000 ** (-i / 64) - 1)).toBeLessThan(4e-16));
    expect((await phasor('rope llama2.json')).stdout).toContain('θ 10000');
    const table = await timed('cli', 'table', () =>
      phasor('table --convention fairseq --positions 1024 --d-model 512 --out pe.npy'),
    );
    expect(table.code, table.stderr).toBe(0);
    const identified = await timed('cli', 'identify', () => phasor('identify pe.npy'));
    expect(identified.code, identified.stdout).toBe(0);
    expect(identified.stdout).toMatch(/^pe\.npy \(float32\): match: the fairseq table, exact/);
    expect((await phasor('identify noise.csv')).code).toBe(1);
    const cache = await timed('cli', 'cache', () =>
      phasor('cache --config qwen25.json --positions 512 --dtype bfloat16 --out cache.safetensors'),
    );
    expect(cache.code, cache.stderr).toBe(0);
    const match = await timed('cli', 'check', () => phasor('check qwen25.json cache.safetensors'));
    expect(match.code, match.stdout).toBe(0);
    expect(match.stdout.split('\n')[1]).toBe('match: all (28 layers), float32 arithmetic stored as bfloat16');
    const other = await phasor('check llama2.json cache.safetensors');
    expect(other.code, other.stdout).toBe(1);
    expect(other.stdout.split('\n')[1]).toMatch(
      /^mismatch: .*departs from position .*the tensor reads as: .*θ 1000000/,
    );
    expectRefusal(await phasor('table --d-modle 4 --out x.npy'), "unknown flag '--d-modle' (did you mean --d-model?)");
    expectRefusal(await phasor('check qwen25.json absent.safetensors'), 'absent.safetensors');
  });

  test('TypeScript, skipLibCheck false: bundler, node16, nodenext (ESM and CommonJS files), node10 (root and subpaths)', async () => {
    const p = await consumer('typescript', false);
    for (const config of ['bundler', 'node16', 'nodenext', 'node10']) {
      await timed('typescript', config, () =>
        p.run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `tsconfig.${config}.json`]),
      );
    }
  });

  test('publint --strict and @arethetypeswrong/cli on the tarball pass', async () => {
    const p = await consumer('lint', false);
    const unpacked = join(p.dir, 'unpacked');
    mkdirSync(unpacked);
    await p.run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
    const publint = await timed('lint', 'publint', () =>
      p.run(process.execPath, ['node_modules/publint/src/cli.js', '--strict', '--pack', 'false', unpacked]),
    );
    expect(publint.stdout).toMatch(/All good/);
    // attw reads the tarball npm pack made (what `attw --pack` does, without packing twice).
    await timed('lint', 'attw', () =>
      p.run(process.execPath, [
        'node_modules/@arethetypeswrong/cli/dist/index.js',
        tarball,
        '--format',
        'table-flipped',
      ]),
    );
  });

  test('Vitest with jsdom and with happy-dom (and phasor/lean under jsdom)', async () => {
    const p = await consumer('vitest', false);
    const out = await timed('vitest', 'vitest run', () =>
      p.run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run']),
    );
    expect(out.stdout).toMatch(/3 passed/);
    for (const name of ['jsdom', 'happy-dom', 'lean-jsdom'])
      expectNumbers(JSON.parse(readFileSync(join(p.dir, `results/${name}.json`), 'utf8')) as Computed);
  });

  test('esbuild (no plugin, no splitting): the app, phasor/embed and a module worker', async () => {
    const p = await consumer('esbuild');
    await timed('esbuild', 'build', () => p.run(process.execPath, ['build.mjs']));
    p.write('dist/index.html', pageHtml('main.js', CHARTS));
    p.write('dist/embed.html', pageHtml('embed.js', CHARTS));
    p.write('dist/worker.html', pageHtml('worker-page.js', []));
    await timed('esbuild', 'Chromium', () =>
      checkBuilt(join(p.dir, 'dist'), {
        'index.html': { charts: CHARTS, compiles: 2 },
        'embed.html': { charts: CHARTS, compiles: 2 },
        'worker.html': { charts: [] },
      }),
    );
  });

  test('Rollup 4 with node-resolve: the app and phasor/embed', async () => {
    const p = await consumer('rollup');
    await timed('rollup', 'build', () => p.run(process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c']));
    p.write('dist/index.html', pageHtml('main.js', CHARTS));
    p.write('dist/embed.html', pageHtml('embed.js', CHARTS));
    await timed('rollup', 'Chromium', () =>
      checkBuilt(join(p.dir, 'dist'), {
        'index.html': { charts: CHARTS, compiles: 2 },
        'embed.html': { charts: CHARTS, compiles: 2 },
      }),
    );
  });

  test('webpack 5: the app, phasor/lean (the .wasm emitted), phasor/embed and a worker', async () => {
    const p = await consumer('webpack');
    await timed('webpack', 'build', () => p.run(process.execPath, ['build.mjs']));
    p.write('dist/index.html', pageHtml('main.js', CHARTS, false));
    p.write('dist/embed.html', pageHtml('embed.js', CHARTS, false));
    p.write('dist/lean.html', pageHtml('lean.js', CHARTS, false));
    p.write('dist/worker.html', pageHtml('worker-page.js', [], false));
    const reports = await timed('webpack', 'Chromium', () =>
      checkBuilt(join(p.dir, 'dist'), {
        'index.html': { charts: CHARTS, compiles: 2 },
        'embed.html': { charts: CHARTS, compiles: 2 },
        'lean.html': { charts: CHARTS, compiles: 2 },
        'worker.html': { charts: [] },
      }),
    );
    expect(reports['lean.html'].fetched.filter((f) => f.path.endsWith('.wasm'))).toHaveLength(2);
  });

  test('Parcel 2 with its default resolver (package exports off): the app, phasor/lean and phasor/embed', async () => {
    const p = await consumer('parcel');
    for (const [file, script] of [
      ['index.html', 'main.js'],
      ['embed.html', 'embed.js'],
      ['lean.html', 'lean.js'],
    ])
      p.write(file, pageHtml(`./${script}`, CHARTS));
    await timed('parcel', 'build', () =>
      p.run(
        process.execPath,
        [
          'node_modules/parcel/lib/bin.js',
          'build',
          'index.html',
          'embed.html',
          'lean.html',
          '--dist-dir',
          'dist',
          '--no-cache',
          '--no-source-maps',
          '--public-url',
          './',
        ],
        900_000,
      ),
    );
    // Parcel writes its bundles' import map inline in each page: a strict CSP
    // allows it by its hash (README, Bundlers), as a Parcel user's page must.
    const hashes = ['index.html', 'embed.html', 'lean.html'].flatMap((file) =>
      [
        ...readFileSync(join(p.dir, 'dist', file), 'utf8').matchAll(
          /<script type=["']?importmap["']?>(.*?)<\/script>/gs,
        ),
      ].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`),
    );
    await timed('parcel', 'Chromium', () =>
      checkBuilt(
        join(p.dir, 'dist'),
        {
          'index.html': { charts: CHARTS, compiles: 2 },
          'embed.html': { charts: CHARTS, compiles: 2 },
          'lean.html': { charts: CHARTS, compiles: 2 },
        },
        STRICT_CSP.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`),
      ),
    );
  });

  for (const major of [5, 6, 7, 8]) {
    test(`Vite ${major}: vite build and the dev server, with no configuration for phasor`, async () => {
      const name = `vite${major}`;
      const p = await consumer(name);
      p.write('index.html', pageHtml('./main.js', CHARTS));
      p.write('embed.html', pageHtml('./embed.js', CHARTS));
      const extra: Record<string, { charts: readonly string[]; compiles?: number }> = {};
      if (major === 8) {
        // The entry combinations (one compilation per build however phasor is entered), lean, a worker, the size budget.
        const pages = {
          'lean.html': ['./lean.js', CHARTS, 2],
          'compute.html': ['./compute.js', [], 1],
          'worker.html': ['./worker-page.js', [], 0],
          'inst-elements-create.html': ['./inst-elements-create.js', ['phasor-heatmap'], 1],
          'inst-elements-kernels.html': ['./inst-elements-kernels.js', CHARTS, 2],
          'inst-lean-elements.html': ['./inst-lean-elements.js', CHARTS, 2],
          'inst-embed-create.html': ['./inst-embed-create.js', CHARTS, 2],
        } as const;
        for (const [file, [script, charts, compiles]] of Object.entries(pages)) {
          p.write(file, pageHtml(script, charts));
          extra[file] = { charts, compiles };
        }
      }
      await timed(name, 'build', () =>
        p.run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']),
      );
      const reports = await timed(name, 'Chromium (build)', () =>
        checkBuilt(join(p.dir, 'dist'), {
          'index.html': { charts: CHARTS, compiles: 2 },
          'embed.html': { charts: CHARTS, compiles: 2 },
          ...extra,
        }),
      );
      if (major === 8) {
        expect(reports['inst-elements-kernels.html'].result.same).toBe(true);
        const lean = reports['inst-lean-elements.html'].fetched;
        expect(lean.filter((f) => f.path.endsWith('.wasm'))).toHaveLength(2);
        expect(lean.filter((f) => f.path.includes('inline'))).toEqual([]);
        const compute = reports['compute.html'].fetched;
        expect(compute.filter((f) => /experiments|elements|heatmap/.test(f.path))).toEqual([]);
        const total = compute.reduce((sum, f) => sum + f.gzipBytes, 0);
        expect(total, `compute-only page: ${JSON.stringify(compute)}`).toBeLessThanOrEqual(56 * 1024);
        expectReadmeFigure('compute', kb(total));
      }
      await timed(name, 'dev server', () => checkDevServer(p));
    });
  }

  test('phasor-embed.js hosted as it ships (dist/embed) under the strict CSP: the core charts from one file, the RoPE charts on demand', async () => {
    const host = join(MATRIX, 'embed-host');
    rmSync(host, { recursive: true, force: true });
    mkdirSync(host, { recursive: true });
    await run('tar', ['-xzf', tarball, '-C', host, '--strip-components=3', 'package/dist/embed'], host);
    // The embed sets no phasorResult: a script of the page's own says the page has run.
    writeFileSync(join(host, 'ready.js'), 'window.phasorResult = {};\n');
    for (const [page, charts] of [
      ['core.html', ['phasor-heatmap']],
      ['rope.html', CHARTS],
    ] as const) {
      writeFileSync(
        join(host, page),
        pageHtml('./phasor-embed.js', charts).replace('</body>', '<script src="ready.js"></script>\n</body>'),
      );
    }
    const reports = await checkBuilt(host, {
      'core.html': { charts: ['phasor-heatmap'], compiles: 1 },
      'rope.html': { charts: CHARTS, compiles: 2 },
    });
    const sum = (r: PageReport) => r.fetched.filter((f) => f.path !== '/ready.js').reduce((s, f) => s + f.gzipBytes, 0);
    // The heatmap paints in the worker beside the script: the one other file it fetches.
    expect(reports['core.html'].fetched.map((f) => f.path).filter((f) => f !== '/ready.js')).toEqual([
      '/phasor-embed.js',
      '/phasor-embed-paint-worker.js',
    ]);
    expect(reports['rope.html'].fetched.some((f) => f.path.endsWith('.wasm'))).toBe(false);
    const embedKb = kb(gzipSync(readFileSync(join(host, 'phasor-embed.js')), { level: 9 }).length);
    expect(embedKb).toBeLessThanOrEqual(104);
    expectReadmeFigure('embed', embedKb);
    expectReadmeFigure(
      'embed-worker',
      kb(gzipSync(readFileSync(join(host, 'phasor-embed-paint-worker.js')), { level: 9 }).length),
    );
    expectReadmeFigure('embed-rope', kb(sum(reports['rope.html']) - sum(reports['core.html'])));
  });
});

/** Starts the consumer's Vite dev server (dev.mjs), checks its index page, stops it. */
async function checkDevServer(p: Project): Promise<void> {
  const child = spawn(process.execPath, ['dev.mjs'], { cwd: p.dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the dev server did not start:\n${output}`)), 120_000);
      child.stderr.on('data', (d: Buffer) => (output += d));
      child.stdout.on('data', (d: Buffer) => {
        output += d;
        const match = output.match(/\{"url":"([^"]+)"\}/);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.on('exit', (code) => reject(new Error(`the dev server exited ${code}:\n${output}`)));
    });
    const report = await checkPage(browser, `${url}index.html`, CHARTS, 120_000);
    expect(report.compiles).toBe(2);
  } finally {
    child.kill();
  }
}
