// The benchmark is not a test (speed is measured only by `npm run bench`);
// this only checks that it runs at its tiny size and reports something
// well formed: every workload for every peer, ratios that follow from the
// medians, a markdown table, and no rewrite of docs/performance.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const SAFETY_NET_MS = 10 * 60_000;
const WORKLOADS = ['W1', 'W2', 'W3', 'W4', 'W5'];
const PEERS = ['phasor-simd', 'phasor-scalar', 'plain-ts', 'plain-ts-hoisted', 'tfjs-wasm', 'fill-floor'];

interface Timing {
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
  batch: number;
}
interface Result {
  schema: string;
  mode: string;
  environment: {
    cpu: string;
    cores: number;
    runtime: string;
    phasorSimd: boolean;
    tfjs?: { backend: string; binary: string };
  };
  workloads: { id: string; n: number; d: number; outputValues: number }[];
  peers: { id: string; label: string }[];
  timings: Record<string, Record<string, Timing>>;
  ratios: Record<string, Record<string, number>>;
  accuracy: Record<string, Record<string, number>>;
  targets: { workload: string; peer: string; ratio: number; met: boolean }[];
  identifyRope?: { name: string; positions: number; width: number; timing: Timing; answer: string; match: boolean }[];
}

let dir: string;
let stdout: string;
let result: Result;
let readmeBefore: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'phasor-bench-'));
  readmeBefore = readFileSync(join(root, 'docs/performance.md'), 'utf8');
  const run = spawnSync(
    process.execPath,
    [join(root, 'tests/bench/run.mjs'), '--quick', '--out', join(dir, 'quick.json')],
    {
      cwd: root,
      encoding: 'utf8',
      // A safety net against a hung run, not a speed limit (speed is measured by
      // npm run bench): --quick takes seconds alone, but CI shares its cores.
      timeout: SAFETY_NET_MS,
    },
  );
  if (run.error) throw new Error(`bench --quick did not finish: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`bench --quick failed (${run.status}): ${run.stderr}`);
  stdout = run.stdout;
  result = JSON.parse(readFileSync(join(dir, 'quick.json'), 'utf8')) as Result;
}, SAFETY_NET_MS + 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run bench -- --quick', () => {
  test('writes a quick-mode result that describes the machine and the TF.js binary it loaded', () => {
    expect(result.schema).toBe('phasor-bench/1');
    expect(result.mode).toBe('quick');
    expect(result.environment.cores).toBeGreaterThan(0);
    expect(result.environment.cpu.length).toBeGreaterThan(0);
    expect(result.environment.runtime).toMatch(/^Node v\d+/);
    expect(result.environment.phasorSimd).toBe(true);
    expect(result.environment.tfjs?.backend).toBe('wasm');
    expect(result.environment.tfjs?.binary).toMatch(/^tfjs-backend-wasm.*\.wasm$/);
  });

  test('times every workload for every peer, with finite positive medians', () => {
    expect(result.workloads.map((w) => w.id)).toEqual(WORKLOADS);
    expect(result.peers.map((p) => p.id)).toEqual(PEERS);
    for (const w of WORKLOADS) {
      for (const p of PEERS) {
        const t = result.timings[w]?.[p];
        expect(t, `${w} ${p}`).toBeDefined();
        expect(Number.isFinite(t.medianMs) && t.medianMs > 0, `${w} ${p} median ${t.medianMs}`).toBe(true);
        expect(t.minMs).toBeLessThanOrEqual(t.medianMs);
        expect(t.maxMs).toBeGreaterThanOrEqual(t.medianMs);
        expect(t.runs).toBeGreaterThanOrEqual(1);
        expect(t.batch).toBeGreaterThanOrEqual(1);
      }
    }
  });

  test('each ratio is the phasor SIMD median divided by the peer median', () => {
    for (const w of WORKLOADS) {
      const phasor = result.timings[w]['phasor-simd'].medianMs;
      for (const p of PEERS) {
        expect(result.ratios[w][p]).toBeCloseTo(phasor / result.timings[w][p].medianMs, 10);
      }
      expect(result.ratios[w]['phasor-simd']).toBe(1);
    }
    for (const t of result.targets) expect(t.ratio).toBe(result.ratios[t.workload][t.peer]);
  });

  test('reports accuracy for every workload, with phasor tables within 6e-8 of float64', () => {
    for (const w of WORKLOADS) {
      for (const column of ['phasor-simd', 'phasor-scalar', 'plain-ts', 'naive-float32', 'tfjs-wasm']) {
        const e = result.accuracy[w][column];
        expect(Number.isFinite(e) && e >= 0, `${w} ${column} error ${e}`).toBe(true);
      }
    }
    expect(result.accuracy.W1['phasor-simd']).toBeLessThanOrEqual(6e-8);
    expect(result.accuracy.W3['phasor-simd']).toBeLessThanOrEqual(6e-8);
  });

  test('prints a markdown ratio table with one row per workload and a cell per peer', () => {
    const lines = stdout.split('\n');
    const head = lines.findIndex((l) => l.startsWith('| workload | size |'));
    expect(head).toBeGreaterThanOrEqual(0);
    const columns = lines[head].split('|').length;
    expect(columns).toBe(2 + 2 + PEERS.length - 1); // outer pipes, workload, size, peers but phasor SIMD
    expect(lines[head + 1]).toMatch(/^\| :-- \| :-- \|( --: \|)+$/);
    for (const [i, w] of WORKLOADS.entries()) {
      const row = lines[head + 2 + i];
      expect(row.startsWith(`| ${w} `)).toBe(true);
      expect(row.split('|').length).toBe(columns);
      expect(row).toMatch(/\d/);
    }
  });

  test('times identifyRope on a Llama 2 and a Qwen2.5 YaRN cache, each named and matched', () => {
    expect(result.identifyRope?.map((r) => r.answer)).toEqual(['no scaling, θ 10000', 'yarn, θ 1000000']);
    for (const row of result.identifyRope!) {
      expect(row.match).toBe(true);
      expect([row.positions, row.width]).toEqual([256, 128]);
      expect(row.timing.medianMs).toBeGreaterThan(0);
    }
    expect(stdout).toMatch(/### identifyRope: which RoPE is a 256 × 128 cos\/sin cache\?/);
  });

  test('leaves docs/performance.md alone in quick mode', () => {
    expect(readFileSync(join(root, 'docs/performance.md'), 'utf8')).toBe(readmeBefore);
  });
});
