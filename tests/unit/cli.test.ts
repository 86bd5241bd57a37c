// The `phasor` command run as a child process (cli-support.ts): its help,
// its refusals (exit 2, one line naming the flag as typed, no stack trace),
// `phasor table` and `phasor cache` read back by the project's readers and
// by numpy, and `phasor rope` on the real configs of
// tests/fixtures/rope_configs/configs.json.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { readTableFile, type ParsedTable } from '../../web/src/check/index.js';
import { COMMANDS } from '../../web/src/cli/main.js';
import { toJson } from '../../web/src/cli/format.js';
import { kebab } from '../../web/src/cli/args.js';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { cliScript, phasor, python, repoRoot, type CliResult } from './cli-support.js';

let ph: Phasor;
const dir = mkdtempSync(join(tmpdir(), 'phasor-cli-'));
const at = (file: string) => join(dir, file);
const fixtures = JSON.parse(readFileSync(join(repoRoot, 'tests/fixtures/rope_configs/configs.json'), 'utf8'))
  .configs as Record<string, { model: string; config: unknown }>;
const references = JSON.parse(readFileSync(join(repoRoot, 'tests/fixtures/rope_configs/reference.json'), 'utf8'))
  .configs as Record<string, Record<string, { invFreq: number[]; attentionFactor: number }>>;
/** A real config written where the CLI reads it. */
function configFile(name: string): string {
  const path = at(`${name}.json`);
  writeFileSync(path, JSON.stringify(fixtures[name].config));
  return path;
}

beforeAll(async () => {
  cliScript(); // builds once (tsc), outside any test's time
  ph = await createPhasor({ experiments: true });
}, 120_000);

/** A refusal: exit 2 and one line on stderr, no stack trace, nothing on stdout. */
function expectRefusal(r: CliResult, ...parts: (string | RegExp)[]): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  for (const part of parts) expect(r.stderr).toMatch(part);
}

function readBack(path: string, tensor?: string): ParsedTable {
  const source = readTableFile(path, new Uint8Array(readFileSync(path)));
  return source.kind === 'table' ? source.table : source.read(tensor ?? source.suggested);
}

describe('phasor --help and the refusals', () => {
  test('phasor --help lists every command; phasor <command> --help lists every flag of it; exit 0', async () => {
    const main = await phasor(['--help']);
    expect(main.code).toBe(0);
    for (const c of COMMANDS) expect(main.stdout).toMatch(new RegExp(`^  ${c.spec.name} `, 'm'));
    for (const c of COMMANDS) {
      for (const asked of [
        [c.spec.name, '--help'],
        ['help', c.spec.name],
      ]) {
        const r = await phasor(asked);
        expect(r.code).toBe(0);
        for (const f of c.spec.flags) expect(r.stdout).toContain(`--${f.name}`);
        expect(r.stdout).toContain('Exit codes: 0');
      }
    }
  }, 120_000);

  test('phasor with no command prints the help on stderr and exits 2; --version prints the package version', async () => {
    const bare = await phasor([]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('Usage: phasor <command>');
    const version = await phasor(['--version']);
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    expect(version.stdout.trim()).toBe(pkg.version);
  }, 120_000);

  test('an unknown command or flag exits 2 naming it as typed, with the nearest one', async () => {
    expectRefusal(await phasor(['tabel']), "unknown command 'tabel'", 'did you mean table?');
    expectRefusal(
      await phasor(['table', '--positions', '8', '--d-modle', '4', '--out', at('x.npy')]),
      "unknown flag '--d-modle'",
      'did you mean --d-model?',
    );
    expectRefusal(await phasor(['rope', '--Json', 'c.json']), "unknown flag '--Json'");
    expectRefusal(await phasor(['table', '-x']), "unknown flag '-x'");
  }, 120_000);

  test('a bad value exits 2 naming the flag: not a number, not a choice, missing, given twice, extra arguments', async () => {
    const base = ['table', '--d-model', '4', '--out', at('x.npy')];
    expectRefusal(await phasor([...base, '--positions', 'ten']), "--positions must be a number; got 'ten'");
    expectRefusal(await phasor([...base, '--positions=0x10']), "--positions must be a number; got '0x10'");
    expectRefusal(
      await phasor([...base, '--positions', '4', '--order', 'sideways']),
      /--order must be one of sin-cos, cos-sin/,
    );
    expectRefusal(await phasor([...base, '--positions']), '--positions needs a value');
    expectRefusal(await phasor([...base, '--positions', '4', '--positions', '5']), '--positions is given twice');
    expectRefusal(await phasor([...base, '--positions', '4', 'extra']), "unexpected argument 'extra'");
    expectRefusal(await phasor(['table', '--positions', '4', '--d-model', '4']), '--out is required');
    expectRefusal(
      await phasor([...base, '--positions', '4', '--buffer=yes']),
      "--buffer takes no value, or true or false; got 'yes'",
    );
  }, 120_000);

  test("ph.encode's refusals name the flag, not the option: range, framework parameters, conventions", async () => {
    const out = ['--out', at('x.npy')];
    expectRefusal(
      await phasor(['table', '--positions', '8', '--d-model', '0', ...out]),
      /^phasor table: --d-model must be an integer/,
    );
    expectRefusal(
      await phasor(['table', '--positions', '8', '--d-model', '4', '--base', '1', ...out]),
      /--base must be a finite number in \(1, /,
    );
    expectRefusal(
      await phasor(['table', '--positions', '8', '--d-model', '4', '--max-timescale', '9', ...out]),
      /--max-timescale is a framework parameter/,
    );
    const mlx = await phasor([
      'table',
      '--convention',
      'mlx',
      '--positions',
      '8',
      '--d-model',
      '4',
      '--base',
      '3',
      ...out,
    ]);
    expectRefusal(mlx, /--base is not an option of --convention 'mlx'/);
    expect(mlx.stderr).not.toMatch(/\binto\b/);
    expectRefusal(await phasor(['table', '--positions', '8', '--d-model', '5', ...out]), /--d-model/);
  }, 120_000);

  test('output files: a name that is neither .npy nor .safetensors, an unwritable path, bfloat16 in .npy', async () => {
    const args = ['table', '--positions', '4', '--d-model', '4'];
    expectRefusal(await phasor([...args, '--out', at('pe.txt')]), "--out must name a .npy or .safetensors file; got '");
    expectRefusal(
      await phasor([...args, '--out', at('missing/pe.npy')]),
      /cannot write .*missing\/pe\.npy: no such file/,
    );
    expectRefusal(await phasor([...args, '--dtype', 'bfloat16', '--out', at('pe.npy')]), 'numpy has no bfloat16');
  }, 120_000);
});

describe('phasor table', () => {
  test('fairseq 1024 × 512 as .npy: equal to ph.encode, read back by the readers and by numpy against its float64 table', async () => {
    const out = at('fairseq.npy');
    const r = await phasor([
      'table',
      '--convention',
      'fairseq',
      '--positions',
      '1024',
      '--d-model',
      '512',
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('fairseq');
    const t = readBack(out);
    expect([t.positions, t.dModel, t.dtype]).toEqual([1024, 512, 'float32']);
    expect(Float32Array.from(t.data)).toEqual(ph.encode({ convention: 'fairseq', positions: 1024, dModel: 512 }).table);
    // numpy: fairseq's forward rows (padding_idx 1: positions 2 … 1025), split sin | cos, ω_i = 10000^(−i/255), in float64.
    const worst = python(
      `import numpy as np\na = np.load(${JSON.stringify(out)})\nassert a.dtype == np.float32 and a.shape == (1024, 512), (a.dtype, a.shape)\n` +
        'w = np.exp(-np.arange(256) * (np.log(10000.0) / 255))\np = np.arange(2, 1026, dtype=np.float64)[:, None]\n' +
        'ref = np.concatenate([np.sin(p * w), np.cos(p * w)], axis=1)\nprint(np.abs(a - ref).max())',
    );
    expect(Number(worst)).toBeLessThan(2 ** -24 + 1e-12 * 1025);
  }, 120_000);

  test('every general option and framework parameter, as flags, gives the table ph.encode gives for those options', async () => {
    const cases: [string[], Record<string, unknown>][] = [
      [
        ['--layout', 'split', '--order', 'cos-sin', '--base', '500', '--offset', '-3.5', '--scale', '2'],
        { layout: 'split', order: 'cosSin', base: 500, offset: -3.5, scale: 2 },
      ],
      [
        ['--spacing', 'geometric', '--max-frequency', '0.5', '--min-frequency', '1e-3'],
        { spacing: 'geometric', maxFrequency: 0.5, minFrequency: 1e-3 },
      ],
      [
        ['--odd-width', 'zero-column', '--padding-idx', '2', '--buffer'],
        { oddWidth: 'zeroColumn', paddingIdx: 2, buffer: true },
      ],
      [
        ['--convention', 'tensor2tensor', '--min-timescale', '2', '--max-timescale', '5000', '--start-index', '3'],
        { convention: 'tensor2tensor', minTimescale: 2, maxTimescale: 5000, startIndex: 3 },
      ],
      [
        ['--convention', 'mlx', '--min-freq', '0.001', '--max-freq', '2', '--cos-first', '--full-turns'],
        { convention: 'mlx', minFreq: 0.001, maxFreq: 2, cosFirst: true, fullTurns: true },
      ],
      [
        ['--convention', 'keras-hub', '--max-wavelength', '300', '--start-index', '7'],
        { convention: 'keras-hub', maxWavelength: 300, startIndex: 7 },
      ],
      [
        ['--convention', 'm2m100', '--padding-idx', 'none', '--past-key-values-length', '5'],
        { convention: 'm2m100', paddingIdx: null, pastKeyValuesLength: 5 },
      ],
      [['--convention', 'whisper', '--max-timescale', '2000'], { convention: 'whisper', maxTimescale: 2000 }],
      [['--convention', 'paper', '--base=20000'], { convention: 'paper', base: 20000 }],
    ];
    for (const [flags, options] of cases) {
      const d = options.oddWidth ? 9 : 12;
      const out = at('general.safetensors');
      const r = await phasor([
        'table',
        '--positions',
        '40',
        '--d-model',
        String(d),
        ...flags,
        '--out',
        out,
        '--tensor',
        'weights',
      ]);
      expect(r.code, `${flags.join(' ')}: ${r.stderr}`).toBe(0);
      const t = readBack(out, 'weights');
      const expected = ph.encode({ positions: 40, dModel: d, ...options } as never);
      expect(Float32Array.from(t.data), flags.join(' ')).toEqual(expected.table);
      // readFileSync may hand back a view into Node's shared pool: the DataView starts at its byteOffset.
      const file = readFileSync(out);
      const headerLength = new DataView(file.buffer, file.byteOffset, file.byteLength).getBigUint64(0, true);
      const header = JSON.parse(new TextDecoder().decode(file.subarray(8, 8 + Number(headerLength))));
      expect(JSON.parse(header.__metadata__.options)).toEqual(JSON.parse(JSON.stringify(expected.options)));
    }
  }, 120_000);

  test('--dtype float16 (.npy) is numpy astype(float16) of the float32 table; bfloat16 (.safetensors) the nearest bfloat16, ties to even', async () => {
    const f32 = at('whisper32.npy');
    const f16 = at('whisper16.npy');
    const common = ['table', '--convention', 'whisper', '--positions', '1500', '--d-model', '384'];
    expect((await phasor([...common, '--out', f32])).code).toBe(0);
    expect((await phasor([...common, '--dtype', 'float16', '--out', f16])).code).toBe(0);
    const differing = python(
      `import numpy as np\na = np.load(${JSON.stringify(f32)})\nb = np.load(${JSON.stringify(f16)})\n` +
        'assert b.dtype == np.float16 and b.shape == (1500, 384)\nprint(int((a.astype(np.float16).view(np.uint16) != b.view(np.uint16)).sum()))',
    );
    expect(Number(differing)).toBe(0);
    const bf = at('whisper-bf16.safetensors');
    expect((await phasor([...common, '--dtype', 'bfloat16', '--out', bf])).code).toBe(0);
    const table = readBack(f32).data;
    const stored = readBack(bf, 'pe');
    expect(stored.dtype).toBe('bfloat16');
    // Each stored value is a bfloat16 neighbour of the float32 one, within half a step (stored-floats.test.ts: ties).
    const far = stored.data.filter((b, i) => {
      const step = b === 0 ? 2 ** -133 : 2 ** (Math.floor(Math.log2(Math.abs(b))) - 7);
      return Math.abs(table[i] - b) > step / 2;
    });
    expect(far.length).toBe(0);
  }, 120_000);

  test('.safetensors read by numpy from its header: the dtype, shape and values', async () => {
    const out = at('paper.safetensors');
    expect((await phasor(['table', '--positions', '50', '--d-model', '16', '--out', out])).code).toBe(0);
    const worst = python(
      'import json, struct, numpy as np\n' +
        `b = open(${JSON.stringify(out)}, 'rb').read()\nn = struct.unpack('<Q', b[:8])[0]\nh = json.loads(b[8:8 + n])\n` +
        "assert n % 8 == 0 and h['pe']['dtype'] == 'F32' and h['pe']['shape'] == [50, 16], h\n" +
        "s, e = h['pe']['data_offsets']\na = np.frombuffer(b[8 + n + s:8 + n + e], '<f4').reshape(50, 16)\n" +
        'p = np.arange(50.0)[:, None]\nw = 10000.0 ** (-np.arange(0, 16, 2) / 16)\nref = np.empty((50, 16))\n' +
        'ref[:, 0::2] = np.sin(p * w)\nref[:, 1::2] = np.cos(p * w)\nprint(np.abs(a - ref).max())',
    );
    expect(Number(worst)).toBeLessThanOrEqual(2 ** -25);
  }, 120_000);
});

describe('phasor rope on real configs', () => {
  test('--json is ph.ropeFromConfig of the file, typed arrays as arrays, for every config of configs.json', async () => {
    for (const name of Object.keys(fixtures)) {
      const r = await phasor(['rope', configFile(name), '--json']);
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout), name).toEqual(JSON.parse(toJson(ph.ropeFromConfig(fixtures[name].config))));
      const text = await phasor(['rope', configFile(name)]);
      expect(text.code, name).toBe(0);
      for (const t of ph.ropeFromConfig(fixtures[name].config).layerTypes)
        expect(text.stdout, name).toContain(`${t.layerType}${t.nope ? ' (NoPE)' : ''}: ${t.layers.length} layer`);
    }
  }, 300_000);

  test("Gemma 4: both layer types, the full layers' proportional RoPE turning slots 0–63 with 256–319", async () => {
    const r = await phasor(['rope', configFile('google__gemma-4-31B-it')]);
    expect(r.stdout).toContain('sliding_attention: 50 layers: 0–4, 6–10');
    expect(r.stdout).toContain('full_attention: 10 layers: 5, 11, …, 59 (every 6th from 5)');
    expect(r.stdout).toContain('head dim 512, rotary dim 512; slots 0–63 turn with 256–319 (rotate_half)');
    expect(r.stdout).toContain('θ 1000000, rope_type proportional: factor 1, partialRotaryFactor 0.25');
    expect(r.stdout).toContain('then 192 zeros');
  }, 120_000);

  test("Qwen2.5-VL's M-RoPE sections, SmolLM3's NoPE layers, DeepSeek-V3's layout, gpt-j's unknown key", async () => {
    expect((await phasor(['rope', configFile('Qwen__Qwen2.5-VL-7B-Instruct')])).stdout).toContain(
      'M-RoPE: pairs per axis t 16, h 24, w 24 (in order)',
    );
    expect((await phasor(['rope', configFile('HuggingFaceTB__SmolLM3-3B')])).stdout).toContain(
      'full_attention (NoPE): 9 layers: 3, 7, …, 35 (every 4th from 3)',
    );
    const v3 = (await phasor(['rope', configFile('deepseek-ai__DeepSeek-V3')])).stdout;
    expect(v3).toContain('rotary dim 64 (the last 64 of the head); adjacent pairs (2i, 2i+1) over slots 128–191');
    expect(v3).toContain('pairing adjacent, output half (the turned slice written as evens then odds)');
    expect((await phasor(['rope', configFile('EleutherAI__gpt-j-6b')])).stdout).toContain(
      'not understood (not applied; check them): rotary',
    );
    const preset = await phasor(['rope', '--preset', 'llama-3.1-8b']);
    expect(preset.stdout).toContain(
      'rope_type llama3: factor 8, lowFreqFactor 1, highFreqFactor 4, originalLength 8192',
    );
  }, 120_000);

  test('bad configs exit 2 naming the file and the key: missing, not JSON, contradictory, no config at all', async () => {
    expectRefusal(
      await phasor(['rope', at('absent.json')]),
      /^phasor rope: cannot read .*absent\.json: no such file$/m,
    );
    writeFileSync(at('broken.json'), '{"rope_theta": 10000,');
    expectRefusal(await phasor(['rope', at('broken.json')]), /broken\.json is not valid JSON: /);
    writeFileSync(
      at('half.json'),
      JSON.stringify({
        rope_scaling: { rope_type: 'linear', factor: 0.5 },
        head_dim: 64,
        num_hidden_layers: 2,
        max_position_embeddings: 4096,
      }),
    );
    expectRefusal(await phasor(['rope', at('half.json')]), /half\.json: rope_scaling\.factor must be /);
    expectRefusal(await phasor(['rope']), 'give a config.json (or --preset NAME)');
    expectRefusal(await phasor(['rope', at('half.json'), '--preset', 'phi-2']), 'not both');
    expectRefusal(await phasor(['rope', '--preset', 'llama-9']), /--preset must be one of llama-2-7b, /);
    expectRefusal(await phasor(['rope', dir]), /cannot read .*: it is a directory/);
  }, 120_000);
});

describe('phasor cache', () => {
  /** max |cache − A·trig(p·ω)| over the cache, ω and A from transformers' own code in float64 (reference.json), in units of float32 rounding. */
  function departure(
    t: ParsedTable,
    ref: { invFreq: number[]; attentionFactor: number },
    first: number,
    trig: (x: number) => number,
  ): number {
    const h = t.dModel / 2;
    let worst = 0;
    for (let r = 0; r < t.positions; r++) {
      for (let j = 0; j < t.dModel; j++) {
        const angle = (first + r) * ref.invFreq[j % h];
        const exact = ref.attentionFactor * trig(angle);
        // Half a float32 ulp of the value, plus the float64 angle's own error (a few units of 2^-53 |angle|).
        const allowed = 2 ** -24 * Math.max(Math.abs(exact), 2 ** -126) + 2 ** -50 * Math.abs(angle);
        worst = Math.max(worst, Math.abs(t.data[r * t.dModel + j] - exact) / allowed);
      }
    }
    return worst;
  }

  test("each RoPE layer type's cos and sin within float32 rounding of transformers' float64 inv_freq and attention factor", async () => {
    const cases: [string, number][] = [
      ['meta-llama__Llama-3.1-8B-Instruct', 0],
      ['google__gemma-4-31B-it', 0],
      ['microsoft__Phi-3-mini-128k-instruct', 4000],
      ['Qwen__Qwen2.5-VL-7B-Instruct', 100000],
      ['deepseek-ai__DeepSeek-V3', 50],
      ['mistralai__Ministral-3-3B-2512', 7],
    ];
    for (const [name, first] of cases) {
      const out = at(`${name}.safetensors`);
      const r = await phasor([
        'cache',
        '--config',
        configFile(name),
        '--positions',
        '64',
        '--first-position',
        String(first),
        '--out',
        out,
      ]);
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      const rope = ph.ropeFromConfig(fixtures[name].config);
      const withRope = rope.layerTypes.filter((t) => !t.nope);
      for (const t of withRope) {
        const prefix = withRope.length > 1 ? `${t.layerType}.` : '';
        const ref = references[name][t.layerType] ?? references[name].all;
        const cos = readBack(out, `${prefix}cos`);
        expect([cos.positions, cos.dModel], name).toEqual([64, t.rotaryDim]);
        expect(departure(cos, ref, first, Math.cos), `${name} ${t.layerType} cos`).toBeLessThanOrEqual(1);
        expect(
          departure(readBack(out, `${prefix}sin`), ref, first, Math.sin),
          `${name} ${t.layerType} sin`,
        ).toBeLessThanOrEqual(1);
        const invFreq = readBack(out, `${prefix}inv_freq`);
        expect(Array.from(invFreq.data)).toEqual(Array.from(Float32Array.from(t.invFreq)));
      }
    }
  }, 120_000);

  test("--layout adjacent repeats each frequency; --layer-type writes one; --dtype bfloat16 rounds cos and sin, not inv_freq; a preset's own layer type", async () => {
    const half = at('half.safetensors');
    const adjacent = at('adjacent.safetensors');
    const gemma = configFile('google__gemma-4-31B-it');
    const args = ['cache', '--config', gemma, '--positions', '32', '--layer-type', 'sliding_attention'];
    expect((await phasor([...args, '--out', half])).code).toBe(0);
    expect((await phasor([...args, '--layout', 'adjacent', '--dtype', 'bfloat16', '--out', adjacent])).code).toBe(0);
    const h = readBack(half, 'cos');
    const a = readBack(adjacent, 'cos');
    expect(a.dtype).toBe('bfloat16');
    expect(readBack(adjacent, 'inv_freq').dtype).toBe('float32');
    for (let r = 0; r < 32; r++)
      for (let i = 0; i < 128; i++) {
        const v = h.data[r * 256 + i];
        expect(h.data[r * 256 + 128 + i]).toBe(v);
        expect(Math.abs(a.data[r * 256 + 2 * i] - v)).toBeLessThanOrEqual(2 ** -8 * Math.abs(v));
        expect(a.data[r * 256 + 2 * i + 1]).toBe(a.data[r * 256 + 2 * i]);
      }
    const preset = at('preset.safetensors');
    const r = await phasor(['cache', '--preset', 'gemma-4-31b-it', '--positions', '8', '--out', preset]);
    expect(r.code, r.stderr).toBe(0);
    expect(readBack(preset, 'cos').dModel).toBe(512); // the preset is the full-attention layers
  }, 120_000);

  test('refusals: no positions, a NoPE-only or unknown layer type, a .npy output, a position past 2^31', async () => {
    const gemma = configFile('google__gemma-4-31B-it');
    const out = ['--out', at('c.safetensors')];
    expectRefusal(await phasor(['cache', '--config', gemma, ...out]), '--positions is required');
    expectRefusal(
      await phasor(['cache', '--config', gemma, '--positions', '2.5', ...out]),
      '--positions must be an integer',
    );
    expectRefusal(
      await phasor(['cache', '--config', gemma, '--positions', '8', '--layer-type', 'global', ...out]),
      "no layer type 'global'; its layer types with RoPE are sliding_attention, full_attention",
    );
    expectRefusal(
      await phasor(['cache', '--config', gemma, '--positions', '8', '--out', at('c.npy')]),
      'must name a .safetensors file',
    );
    expectRefusal(
      await phasor(['cache', '--config', gemma, '--positions', '8', '--first-position', '3e9', ...out]),
      '--first-position must be an integer in [0, ',
    );
    writeFileSync(
      at('nope.json'),
      JSON.stringify({
        model_type: 'smollm3',
        num_hidden_layers: 2,
        no_rope_layers: [0, 0],
        hidden_size: 64,
        num_attention_heads: 1,
      }),
    );
    expectRefusal(
      await phasor(['cache', '--config', at('nope.json'), '--positions', '8', ...out]),
      'applies no RoPE in any layer',
    );
  }, 120_000);
});

test('kebab-case: every flag of table is the kebab-case spelling of the ph.encode option it sets', () => {
  const table = COMMANDS.find((c) => c.spec.name === 'table')!;
  for (const f of table.spec.flags) if (f.option) expect(f.name).toBe(kebab(f.option));
});
