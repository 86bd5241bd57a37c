// Node-side helpers shared by the two launchers (run.mjs for Node, browser.mjs
// for Chromium): the Vite server that serves/loads the TypeScript, the
// machine description, where results go, and the regeneration of docs/performance.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname } from 'node:path';
import { createServer } from 'vite';

export const repoRoot = new URL('../../', import.meta.url).pathname;
export const resultsDir = `${repoRoot}tests/bench/results`;

/**
 * A Vite dev server rooted at the repository. `listen: false` gives the
 * middleware-mode server run.mjs uses only for ssrLoadModule; `listen: true`
 * serves the browser page over HTTP on localhost.
 */
export async function startVite({ listen }) {
  const server = await createServer({
    root: repoRoot,
    // The tests' configuration: its plugin finds the wasm build in build/ (tools/wasm-modules-plugin.ts).
    configFile: `${repoRoot}tests/vitest.config.ts`,
    logLevel: 'silent',
    appType: listen ? 'mpa' : 'custom',
    server: listen
      ? { host: '127.0.0.1', port: 5199, strictPort: false, hmr: false, ws: false }
      : { middlewareMode: true, hmr: false, ws: false },
    // The page's dependencies are bundled before it loads, so Vite never
    // reloads it mid-run after discovering one.
    optimizeDeps: listen
      ? {
          entries: ['tests/bench/page/index.html'],
          include: ['@tensorflow/tfjs-core', '@tensorflow/tfjs-backend-wasm'],
        }
      : { noDiscovery: true, include: [] },
  });
  if (listen) await server.listen();
  return server;
}

/** Loads a TypeScript module of the repository through the server. */
export function loader(server) {
  return (path) => server.ssrLoadModule(`${repoRoot}${path}`);
}

function cpuModel() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) return line.split(':')[1].trim();
  } catch {
    // not Linux: what Node reports will do
  }
  return os.cpus()[0]?.model ?? 'unknown CPU';
}

/** The parts of the environment only Node can see (the browser page fills the rest). */
export function machine() {
  return {
    cpu: cpuModel(),
    cores: os.availableParallelism?.() ?? os.cpus().length,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    loadAverage: os.loadavg()[0],
  };
}

export function loadAverageNow() {
  return os.loadavg()[0];
}

export function writeJson(file, value) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function readResult(name) {
  const file = `${resultsDir}/${name}`;
  if (!existsSync(file)) return undefined;
  const result = JSON.parse(readFileSync(file, 'utf8'));
  return result.mode === 'full' ? result : undefined;
}

/**
 * Rewrites the section of docs/performance.md between the markers from the saved full runs
 * (results/latest.json, plus results/browser.json when there is one).
 * Returns false when there is no full Node run to show yet.
 */
export async function regenerateReadme(server) {
  const node = readResult('latest.json');
  if (!node) return false;
  const report = await loader(server)('tests/bench/report.ts');
  const readmeFile = `${repoRoot}docs/performance.md`;
  const readme = readFileSync(readmeFile, 'utf8');
  const section = report.renderReadmeSection(node, readResult('browser.json'));
  writeFileSync(readmeFile, report.replaceReadmeSection(readme, section));
  return true;
}
