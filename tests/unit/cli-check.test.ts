// `phasor identify` and `phasor check` run as child processes (cli-support.ts)
// on real tensors: the frameworks' own float32 / float16 / bfloat16 tables
// (tests/fixtures/frameworks/float32_tables.*, made by PyTorch and float32
// transcriptions), transformers' own RoPE inv_freq, caches and rotated rows
// (rope_torch_caches.*), the readers' good and hostile files
// (tests/fixtures/check), tables written by `phasor table` and caches by
// `phasor cache` for every real config of tests/fixtures/rope_configs. Exit 0
// on a match, 1 on a mismatch, 2 on bad input (one line, no stack trace).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { bfloat16Value, float16Value } from '../../web/src/check/half-floats.js';
import { npyBytes } from '../../web/src/cli/npy-writer.js';
import { safetensorsBytes } from '../../web/src/cli/safetensors-writer.js';
import type { StoredType } from '../../web/src/cli/stored-floats.js';
import { CONVENTION_NAMES, createPhasor, type Phasor } from '../../web/src/core/index.js';
import { cliScript, phasor, repoRoot, type CliResult } from './cli-support.js';

let ph: Phasor;
const dir = mkdtempSync(join(tmpdir(), 'phasor-cli-check-'));
const at = (file: string) => join(dir, file);
const fixture = (path: string) => join(repoRoot, 'tests/fixtures', path);
const json = (path: string) => JSON.parse(readFileSync(fixture(path), 'utf8'));
const configs = json('rope_configs/configs.json').configs as Record<string, { config: Record<string, unknown> }>;

beforeAll(async () => {
  cliScript();
  ph = await createPhasor({ experiments: true });
}, 120_000);

function configFile(name: string, config: unknown = configs[name].config): string {
  const path = at(`${name}.json`);
  writeFileSync(path, JSON.stringify(config));
  return path;
}
function npy(file: string, values: ArrayLike<number>, shape: number[], type: StoredType = 'float32'): string {
  writeFileSync(at(file), npyBytes(Float32Array.from(values), shape, type));
  return at(file);
}
function expectRefusal(r: CliResult, ...parts: (string | RegExp)[]): void {
  expect(r.code, `${r.stdout}${r.stderr}`).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  for (const part of parts) expect(r.stderr).toMatch(part);
}

describe('phasor identify', () => {
  test('every convention written by phasor table is named, exact, exit 0', async () => {
    for (const convention of CONVENTION_NAMES) {
      const out = at(`${convention}.npy`);
      const d = convention === 'marian' || convention === 'distilbert' || convention === 'keras-hub' ? 65 : 64;
      const made = await phasor([
        'table',
        '--convention',
        convention,
        '--positions',
        '300',
        '--d-model',
        String(d),
        '--out',
        out,
      ]);
      expect(made.code, made.stderr).toBe(0);
      const r = await phasor(['identify', out]);
      expect(r.code, `${convention}: ${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/: match: the \S+ table, exact \(float64, rounded once\)\n/);
      expect(r.stdout, convention).toContain(
        convention === 'nllb' || convention === 'm2m100' || convention === 'speech2text' ? 'fairseq' : convention,
      );
    }
  }, 120_000);

  interface TableCase {
    id: string;
    shape: [number, number];
    dtype: 'float32' | 'float16' | 'bfloat16';
    offset: number;
    rowIndices: number[] | null;
    expect: { convention: string; precision: string; exact: boolean } | null;
    nearMiss?: Record<string, number>;
  }
  test("the frameworks' own tables (float32 arithmetic, .half(), bfloat16, slices and sampled rows): named with their precision; near misses exit 1", async () => {
    const { cases } = json('frameworks/float32_tables.json') as { cases: TableCase[] };
    const bin = readFileSync(fixture('frameworks/float32_tables.bin'));
    const view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
    for (const c of cases) {
      const n = c.shape[0] * c.shape[1];
      const values = Float32Array.from({ length: n }, (_, k) =>
        c.dtype === 'float32'
          ? view.getFloat32(c.offset + 4 * k, true)
          : (c.dtype === 'float16' ? float16Value : bfloat16Value)(view.getUint16(c.offset + 2 * k, true)),
      );
      let file: string;
      if (c.dtype === 'bfloat16') {
        file = at('case.safetensors');
        writeFileSync(file, safetensorsBytes([{ name: 'pe', values, shape: c.shape, type: 'bfloat16' }]));
      } else file = npy('case.npy', values, c.shape, c.dtype);
      const args = ['identify', file];
      if (c.rowIndices) args.push('--row-positions', npy('rows.npy', c.rowIndices, [c.rowIndices.length]));
      const r = await phasor(args);
      if (c.nearMiss) {
        // Not the tutorial's own table: the table that fits says the option that differs.
        const [[option, value]] = Object.entries(c.nearMiss);
        expect(r.code, `${c.id}: ${r.stdout}${r.stderr}`).toBe(0);
        expect(r.stdout, c.id).toContain(` --${option.replace(/[A-Z]/g, (x) => `-${x.toLowerCase()}`)} ${value} `);
        continue;
      }
      if (c.expect === null) {
        expect(r.code, `${c.id}: ${r.stdout}${r.stderr}`).toBe(1);
        expect(r.stdout).toMatch(/: no match: the nearest is /);
        continue;
      }
      expect(r.code, `${c.id}: ${r.stdout}${r.stderr}`).toBe(0);
      const words = {
        exact: 'exact (float64, rounded once)',
        float32: 'float32 arithmetic',
        float16: 'stored as float16',
        bfloat16: 'stored as bfloat16',
      }[c.expect.precision];
      // Conventions that give the same table tie (DistilBERT's is the paper's at an even width): the others are named after the first line.
      expect(r.stdout.split('\n')[0], c.id).toMatch(
        new RegExp(`match: the \\S+ table, ${words!.replace(/[()]/g, '\\$&')}`),
      );
      expect(r.stdout, c.id).toMatch(
        new RegExp(`match: the ${c.expect.convention} table|same table as .*\\b${c.expect.convention}\\b`),
      );
      expect(r.stdout.split('\n')[0].endsWith('(not the exact table)'), c.id).toBe(!c.expect.exact);
    }
  }, 300_000);

  test("the readers' files: .npy (float16, Fortran order, float64), CSV, TSV, JSON, a tensor of a .safetensors file", async () => {
    for (const file of [
      'paper-f32.npy',
      'paper-f16-big.npy',
      'paper-f64-fortran.npy',
      'paper.csv',
      'paper.tsv',
      'paper-rows.json',
      'paper-flat.json',
      'paper-header.csv',
    ]) {
      const r = await phasor(['identify', fixture(`check/good/${file}`)]);
      expect(r.code, `${file}: ${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout).toMatch(/match: the (paper|pytorch-tutorial) table/);
    }
    const bf = await phasor(['identify', fixture('check/good/model.safetensors'), '--tensor', 'paper.bf16']);
    expect(bf.code, bf.stdout).toBe(0);
    expect(bf.stdout).toContain('stored as bfloat16');
    const fairseq = await phasor([
      'identify',
      fixture('check/good/model.safetensors'),
      '--tensor',
      'encoder.embed_positions.weights',
    ]);
    expect(fairseq.code).toBe(0);
    expect(fairseq.stdout).toContain('fairseq');
  }, 120_000);

  test('noise and a learned-looking table are no match: exit 1, the nearest named; --json is the Identification', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
    const learned = npy(
      'learned.npy',
      Array.from({ length: 64 * 32 }, () => 0.02 * random()),
      [64, 32],
    );
    const r = await phasor(['identify', learned]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('no match');
    const noise = await phasor(['identify', join(repoRoot, 'tests/package/consumers/cli/noise.csv'), '--json']);
    expect(noise.code).toBe(1);
    const parsed = JSON.parse(noise.stdout);
    expect(parsed.match).toBe(false);
    expect(Array.isArray(parsed.candidates[0].deviation)).toBe(true);
  }, 120_000);

  test('bad input exits 2 with one line: missing, hostile or malformed files, a wrong or missing tensor name, flags', async () => {
    expectRefusal(await phasor(['identify', at('absent.npy')]), /cannot read .*absent\.npy: no such file/);
    for (const bad of [
      'truncated-header.npy',
      'too-large.npy',
      'truncated-data.npy',
      'int64.npy',
      'complex.npy',
      'rank3.npy',
      'ragged.csv',
      'ragged.json',
      'shape-mismatch.json',
      'words.csv',
      'binary.bin',
      'not-json.safetensors',
      'truncated-header.safetensors',
    ]) {
      const r = await phasor(['identify', fixture(`check/bad/${bad}`)]);
      expectRefusal(r, /^phasor identify: /);
    }
    writeFileSync(
      at('hostile.npy'),
      Buffer.concat([
        Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, 60, 0]),
        Buffer.from(`{'descr': '<f4', 'fortran_order': False, 'shape': (${'9'.repeat(400)}, 4), }`.padEnd(60)),
      ]),
    );
    expectRefusal(await phasor(['identify', at('hostile.npy')]), /hostile\.npy/);
    expectRefusal(
      await phasor(['identify', fixture('check/good/model.safetensors'), '--tensor', 'nope']),
      'has no tensor "nope"',
    );
    expectRefusal(
      await phasor(['identify', fixture('check/good/model.safetensors')]),
      'holds 7 tensors',
      'name one with --tensor',
    );
    expectRefusal(
      await phasor(['identify', fixture('check/good/paper.csv'), '--tensor', 'x']),
      '--tensor names a tensor of a .safetensors file',
    );
    expectRefusal(
      await phasor(['identify', fixture('check/good/paper.csv'), '--first-position', '-1']),
      '--first-position must be an integer in [0, ',
    );
    expectRefusal(
      await phasor(['identify', fixture('check/good/paper.csv'), '--first-position', '1', '--row-positions', 'x.npy']),
      'give --first-position or --row-positions, not both',
    );
    expectRefusal(
      await phasor(['identify', fixture('check/good/paper.csv'), '--head-dim', '64']),
      '--head-dim goes with RoPE tensors',
    );
    expectRefusal(
      await phasor(['identify', fixture('check/good/paper.csv'), '--tensr', 'x']),
      "unknown flag '--tensr'",
      'did you mean --tensor?',
    );
    expectRefusal(
      await phasor([
        'identify',
        fixture('check/good/model.safetensors'),
        '--tensor',
        'paper.bf16',
        '--first-position',
        '0',
        '--row-positions',
        'x',
      ]),
      'not both',
    );
    expectRefusal(await phasor(['identify']), 'give the file');
  }, 120_000);
});

describe('phasor check on caches written by phasor cache', () => {
  test('every layer type of every real config: its float32 cache is matched by that layer type, exact', async () => {
    for (const name of Object.keys(configs)) {
      const rope = ph.ropeFromConfig(configs[name].config);
      const withRope = rope.layerTypes.filter((t) => !t.nope);
      if (!withRope.length) continue;
      const cache = at('cache.safetensors');
      const made = await phasor([
        'cache',
        '--config',
        configFile(name),
        '--positions',
        '512',
        '--first-position',
        '100',
        '--out',
        cache,
      ]);
      expect(made.code, made.stderr).toBe(0);
      for (const t of withRope) {
        const p = withRope.length > 1 ? `${t.layerType}.` : '';
        const r = await phasor([
          'check',
          configFile(name),
          cache,
          '--cos',
          `${p}cos`,
          '--sin',
          `${p}sin`,
          '--first-position',
          '100',
        ]);
        expect(r.code, `${name} ${t.layerType}: ${r.stdout}${r.stderr}`).toBe(0);
        expect(r.stdout.split('\n')[1]).toMatch(new RegExp(`^match: (\\S+ \\(\\d+ layers\\), )*${t.layerType} \\(`));
      }
    }
  }, 300_000);

  test('bfloat16 caches (cos.to(x.dtype)) of the 2025–26 families: matched, stored as bfloat16, within the bound', async () => {
    const cases: [string, string][] = [
      ['google__gemma-4-31B-it', 'full_attention'],
      ['google__gemma-4-31B-it', 'sliding_attention'],
      ['deepseek-ai__DeepSeek-V3', 'all'],
      ['microsoft__Phi-3.5-mini-instruct', 'all'],
      ['openai__gpt-oss-20b', 'full_attention'],
      ['Qwen__Qwen3.5-9B', 'full_attention'],
      ['mistralai__Ministral-3-3B-2512', 'all'],
    ];
    for (const [name, layerType] of cases) {
      const cache = at('bf16.safetensors');
      const made = await phasor([
        'cache',
        '--config',
        configFile(name),
        '--positions',
        '2048',
        '--layer-type',
        layerType,
        '--dtype',
        'bfloat16',
        '--out',
        cache,
      ]);
      expect(made.code, made.stderr).toBe(0);
      const r = await phasor(['check', configFile(name), cache]);
      expect(r.code, `${name}: ${r.stdout}`).toBe(0);
      expect(r.stdout.split('\n')[1]).toMatch(new RegExp(`^match: (\\S+ \\(\\d+ layers\\), )*${layerType} \\(`));
      expect(r.stdout).toContain('float32 arithmetic stored as bfloat16');
    }
  }, 120_000);

  test("mismatches exit 1 and say where: another model's θ, swapped cos and sin, a wrong attention factor, the other layer type", async () => {
    const llama2 = configFile('meta-llama__Llama-2-7b-hf');
    const cache = at('llama31.safetensors');
    await phasor([
      'cache',
      '--config',
      configFile('meta-llama__Llama-3.1-8B-Instruct'),
      '--positions',
      '1024',
      '--dtype',
      'bfloat16',
      '--out',
      cache,
    ]);
    const other = await phasor(['check', llama2, cache]);
    expect(other.code, other.stdout).toBe(1);
    expect(other.stdout).toContain('mismatch: no layer type of');
    expect(other.stdout).toMatch(/departs from position \d+/);
    expect(other.stdout).toContain("the tensor reads as: preset 'llama-3.1-8b' (llama3, θ 500000)");
    const swapped = await phasor([
      'check',
      configFile('meta-llama__Llama-3.1-8B-Instruct'),
      cache,
      '--cos',
      'sin',
      '--sin',
      'cos',
    ]);
    expect(swapped.code).toBe(1);
    // A YaRN config's cache written without its attention factor (sglang #22711).
    const yarn = configs['Qwen__Qwen2.5-7B-Instruct'].config;
    const withYarn = { ...yarn, rope_scaling: { type: 'yarn', factor: 4.0, original_max_position_embeddings: 32768 } };
    const noFactor = { ...yarn, rope_scaling: { ...withYarn.rope_scaling, attention_factor: 1 } };
    await phasor([
      'cache',
      '--config',
      configFile('no-factor', noFactor),
      '--positions',
      '512',
      '--out',
      at('nofactor.safetensors'),
    ]);
    const amplitude = await phasor(['check', configFile('yarn', withYarn), at('nofactor.safetensors')]);
    expect(amplitude.code, amplitude.stdout).toBe(1);
    expect(amplitude.stdout).toContain("its amplitude is 1.00000 where this layer type's attention factor is 1.13863");
    const gemma = configFile('google__gemma-4-31B-it');
    await phasor([
      'cache',
      '--config',
      gemma,
      '--positions',
      '256',
      '--layer-type',
      'full_attention',
      '--out',
      at('full.safetensors'),
    ]);
    const wrongType = await phasor(['check', gemma, at('full.safetensors'), '--layer-type', 'sliding_attention']);
    expect(wrongType.code).toBe(1);
    expect(wrongType.stdout).toContain("rows of 512 values; this layer type's cache has 256");
  }, 120_000);

  test("inv_freq: the cache file's own (by --inv-freq and by --tensor), a .npy of another θ, proportional zeros checked", async () => {
    const gemma = configFile('google__gemma-4-31B-it');
    const cache = at('gemma.safetensors');
    await phasor(['cache', '--config', gemma, '--positions', '64', '--out', cache]);
    const full = await phasor(['check', gemma, cache, '--inv-freq', 'full_attention.inv_freq']);
    expect(full.code, full.stdout).toBe(0);
    expect(full.stdout).toContain('match: full_attention (');
    expect((await phasor(['check', gemma, cache, '--tensor', 'sliding_attention.inv_freq'])).code).toBe(0);
    const byName = await phasor(['check', gemma, cache, '--tensor', 'full_attention.cos']);
    expect(byName.code).toBe(0);
    expect(byName.stdout).toContain('full_attention.sin');
    const omega = Array.from(ph.ropeFromConfig(configs['google__gemma-4-31B-it'].config).layerTypes[1].invFreq);
    omega[100] = 1e-3; // a frequency where proportional RoPE has none
    const r = await phasor(['check', gemma, npy('inv.npy', omega, [omega.length])]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('column 100 should not turn in this layer type');
    const theta = Array.from({ length: 64 }, (_, i) => 20000 ** (-i / 64));
    const wrong = await phasor(['check', configFile('meta-llama__Llama-2-7b-hf'), npy('theta.npy', theta, [64])]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/departs from pair \d+/);
  }, 120_000);

  test('rotated rows: whole DeepSeek-V3 heads (the last 64 of 192 turn, adjacent pairs in, evens then odds out); the wrong pairing exits 1', async () => {
    const config = configs['deepseek-ai__DeepSeek-V3'].config;
    const t = ph.ropeFromConfig(config).layerTypes[0];
    const rows = 300;
    let seed = 3;
    const q = Float32Array.from(
      { length: rows * 192 },
      () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1,
    );
    const positions = Float64Array.from({ length: rows }, (_, k) => k);
    const rotated = ph.rope({ ...t.rope!, rows: q, positions });
    const args = [
      'check',
      configFile('deepseek-ai__DeepSeek-V3'),
      '--rotated',
      npy('q-rot.npy', rotated, [rows, 192]),
      '--original',
      npy('q.npy', q, [rows, 192]),
    ];
    const r = await phasor(args);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('match: all (61 layers), exact');
    const halfPaired = ph.rope({ ...t.rope!, pairing: 'half', outputPairing: 'half', rows: q, positions });
    args[3] = npy('q-half.npy', halfPaired, [rows, 192]);
    expect((await phasor(args)).code).toBe(1);
    const passThrough = Float32Array.from(rotated);
    passThrough[5] += 0.25; // a slot of the no-RoPE part changed
    args[3] = npy('q-pass.npy', passThrough, [rows, 192]);
    const changed = await phasor(args);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('column 5 should not turn');
  }, 120_000);
});

interface RopeCase {
  id: string;
  family: string;
  kind: 'invFreq' | 'cache' | 'rotated' | 'rotated-ones';
  dtype: StoredType;
  width: number;
  rows: number;
  positions?: number[];
  offset: number;
  sinOffset?: number;
  originalOffset?: number;
}

describe("phasor check on transformers' own tensors (rope_torch_caches: inv_freq, caches, rotated rows; float32, bfloat16, float16)", () => {
  /** Each family's config: the real config, a preset's fields, or (linear ×2, dynamic NTK) the fields transformers was given. */
  const family: Record<string, string | Record<string, unknown>> = {
    'llama-2': 'meta-llama__Llama-2-7b-hf',
    'llama-3.1': 'meta-llama__Llama-3.1-8B-Instruct',
    'phi-3-longrope': 'microsoft__Phi-3-mini-128k-instruct',
    'deepseek-v3': 'deepseek-ai__DeepSeek-V3',
    'theta-1e6': 'Qwen__Qwen2.5-7B-Instruct',
    'qwen2.5-yarn': {
      ...configs['Qwen__Qwen2.5-7B-Instruct'].config,
      rope_scaling: { type: 'yarn', factor: 4.0, original_max_position_embeddings: 32768 },
    },
    'linear-x2': { ...configs['meta-llama__Llama-2-7b-hf'].config, rope_scaling: { type: 'linear', factor: 2.0 } },
    'dynamic-ntk': { ...configs['meta-llama__Llama-2-7b-hf'].config, rope_scaling: { type: 'dynamic', factor: 2.0 } },
  };
  const { cases } = json('frameworks/rope_torch_caches.json') as { cases: RopeCase[] };
  const bin = readFileSync(fixture('frameworks/rope_torch_caches.bin'));
  const values = new Float32Array(bin.buffer, bin.byteOffset, bin.byteLength / 4);
  const slice = (offset: number, count: number) => values.slice(offset, offset + count);
  /** The case's tensors in torch.safetensors (cos, sin; inv_freq; q_rot, q), and the flags naming rotated rows and their positions. */
  function written(c: RopeCase): { file: string; flags: string[] } {
    const n = c.rows * c.width;
    const tensors =
      c.kind === 'invFreq'
        ? [{ name: 'inv_freq', values: slice(c.offset, c.width / 2), shape: [c.width / 2], type: c.dtype }]
        : c.kind === 'cache'
          ? [
              { name: 'cos', values: slice(c.offset, n), shape: [c.rows, c.width], type: c.dtype },
              { name: 'sin', values: slice(c.sinOffset!, n), shape: [c.rows, c.width], type: c.dtype },
            ]
          : [
              { name: 'q_rot', values: slice(c.offset, n), shape: [c.rows, c.width], type: c.dtype },
              ...(c.originalOffset !== undefined
                ? [{ name: 'q', values: slice(c.originalOffset, n), shape: [c.rows, c.width], type: c.dtype }]
                : []),
            ];
    const file = at('torch.safetensors');
    writeFileSync(file, safetensorsBytes(tensors));
    const flags: string[] = [];
    if (c.kind === 'rotated' || c.kind === 'rotated-ones')
      flags.push('--rotated', 'q_rot', ...(c.originalOffset !== undefined ? ['--original', 'q'] : []));
    if (c.positions) flags.push('--row-positions', npy('positions.npy', c.positions, [c.positions.length]));
    return { file, flags };
  }
  /** The length of the forward that made a family's tensors (its cache's last position + 1): dynamic NTK's and longrope's inv_freq depend on it. */
  const lengthOf = (family: string) => {
    const p = cases.find((c) => c.family === family && c.positions)!.positions!;
    return p[p.length - 1] + 1;
  };

  test('each named match by its config, exit 0', async () => {
    for (const c of cases) {
      const f = family[c.family];
      const config = typeof f === 'string' ? configFile(f) : configFile(c.family, f);
      const { file, flags } = written(c);
      const args = ['check', config, file, ...flags];
      // Dynamic NTK's inv_freq is the one of the last forward's length (for longrope the core measures both factor sets).
      const byLength = c.family === 'dynamic-ntk';
      if (c.kind === 'invFreq' && byLength) args.push('--sequence-length', String(lengthOf(c.family)));
      const r = await phasor(args);
      expect(r.code, `${c.id}: ${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout.split('\n')[1], c.id).toContain('match: all (');
      expect(r.stdout.split('\n')[1], c.id).toContain(
        c.dtype === 'float32' ? 'float32 arithmetic' : `stored as ${c.dtype}`,
      );
      if (c.kind === 'invFreq' && byLength) {
        // At load time (a length within the original context) the frequencies are the unscaled ones: these are not.
        const atLoad = await phasor(args.slice(0, 3));
        expect(atLoad.code, `${c.id} at load: ${atLoad.stdout}`).toBe(1);
      }
    }
  }, 900_000);

  test('identify without a config: each float32 and bfloat16 cache and inv_freq named (θ, scaling or preset), exit 0', async () => {
    for (const c of cases.filter((k) => k.dtype !== 'float16' && (k.kind === 'cache' || k.kind === 'invFreq'))) {
      const { file, flags } = written(c);
      const r = await phasor(['identify', file, ...flags]);
      expect(r.code, `${c.id}: ${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout.split('\n')[0], c.id).toMatch(
        new RegExp(`: (cos|inv_freq) \\((cos/sin cache|inv_freq), ${c.dtype}\\): match: `),
      );
      if (c.kind === 'cache') {
        const json = JSON.parse((await phasor(['identify', file, ...flags, '--json'])).stdout);
        expect(json.candidates[0].precision, c.id).toBe(c.dtype);
      }
    }
  }, 300_000);

  test("a bfloat16 cache of another θ (transformers' θ 1e6) against Llama 2 (θ 10⁴): exit 1, one line naming where it departs and the nearest", async () => {
    const c = cases.find((k) => k.id === 'theta-1e6/cache/bfloat16')!;
    const { file, flags } = written(c);
    const r = await phasor(['check', configFile('meta-llama__Llama-2-7b-hf'), file, ...flags]);
    expect(r.code, r.stdout).toBe(1);
    const line = r.stdout.split('\n')[1];
    expect(line).toMatch(
      /^mismatch: no layer type of \S+ made it; nearest all: departs from position \d+( \(of the rows sampled\))?: \S+ where bfloat16 storage allows \S+;/,
    );
    expect(line).toMatch(/the tensor reads as: .*θ 1000000/);
  }, 60_000);
});

describe('phasor check: bad input exits 2 with one line', () => {
  test('config: missing, not JSON, contradictory; tensors: none, half a cache, a wrong name, a hostile file, mixed kinds, positions', async () => {
    const llama = configFile('meta-llama__Llama-2-7b-hf');
    const cache = at('c.safetensors');
    await phasor(['cache', '--config', llama, '--positions', '16', '--out', cache]);
    expectRefusal(await phasor(['check', at('absent.json'), cache]), /cannot read .*absent\.json: no such file/);
    writeFileSync(at('broken.json'), '{"rope_theta": ');
    expectRefusal(await phasor(['check', at('broken.json'), cache]), /broken\.json is not valid JSON/);
    writeFileSync(
      at('contradiction.json'),
      JSON.stringify({
        ...configs['meta-llama__Llama-2-7b-hf'].config,
        rope_scaling: { type: 'linear', factor: 2 },
        rope_parameters: { rope_type: 'linear', factor: 3 },
      }),
    );
    expectRefusal(await phasor(['check', at('contradiction.json'), cache]), /contradiction\.json: rope_/);
    expectRefusal(await phasor(['check', llama]), 'give the tensors to check');
    expectRefusal(await phasor(['check', llama, cache, '--cos', 'cos']), 'give both --cos and --sin');
    expectRefusal(await phasor(['check', llama, cache, '--cos', 'cosine', '--sin', 'sin']), 'has no tensor "cosine"');
    expectRefusal(
      await phasor(['check', llama, fixture('check/bad/truncated-header.npy')]),
      /^phasor check: .*truncated-header\.npy/,
    );
    expectRefusal(
      await phasor(['check', llama, cache, '--inv-freq', 'inv_freq', '--cos', 'cos', '--sin', 'sin']),
      'give one kind of input',
    );
    expectRefusal(await phasor(['check', llama, cache, '--original', 'cos']), '--original goes with --rotated');
    expectRefusal(await phasor(['check', llama, npy('x.npy', [1, 2], [2]), '--cos', 'a', '--sin', 'b']), 'is not one');
    expectRefusal(
      await phasor(['check', llama, npy('cos2d.npy', new Array(8).fill(1), [2, 4])]),
      'a cos/sin cache is two tensors',
    );
    expectRefusal(
      await phasor(['check', llama, cache, '--row-positions', npy('p.npy', [1, 2, 3], [3])]),
      'one position per row, 16 values',
    );
    expectRefusal(
      await phasor(['check', llama, cache, '--first-position', '-4']),
      '--first-position must be an integer',
    );
    expectRefusal(await phasor(['check', llama, cache, '--layer-type', 'sliding']), "no layer type 'sliding'");
    expectRefusal(
      await phasor(['check', llama, cache, '--sine', 'sin']),
      "unknown flag '--sine'",
      'did you mean --sin?',
    );
  }, 120_000);
});
