// "Copy as code": each NumPy snippet, run by the system's python3 (numpy
// present), computes the table or RoPE cache phasor computes, to float32
// rounding. The PyTorch, JAX and TensorFlow snippets are the same recipe in
// their spelling (none of them is installed here): checked for shape only.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, test } from 'vitest';
import { codeSnippet, FRAMEWORKS, ropeSuffixes, type RopeCode, type TableCode } from '../../web/src/code/index.js';
import { createPhasor, type Phasor, type RopeScaling } from '../../web/src/core/index.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

/** Runs `code` and returns the float32 arrays it names, written to stdout. */
function runNumpy(code: string, names: string[]): Float32Array[] {
  const dump = names
    .map((n) => `sys.stdout.buffer.write(np.ascontiguousarray(${n}, dtype=np.float32).tobytes())`)
    .join('\n');
  const out = execFileSync('/usr/bin/python3', ['-c', `${code}\nimport sys\n${dump}\n`], { maxBuffer: 1 << 28 });
  const all = new Float32Array(out.buffer, out.byteOffset, out.byteLength / 4);
  const size = all.length / names.length;
  return names.map((_, k) => all.slice(k * size, (k + 1) * size));
}

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

const TABLES: TableCode[] = [
  { kind: 'table', positions: 100, dModel: 128 },
  { kind: 'table', positions: 300, dModel: 64, base: 500, offset: 1000, layout: 'split' },
  { kind: 'table', positions: 50, dModel: 32, spacing: 'tensor2tensor', layout: 'split' },
  {
    kind: 'table',
    positions: 64,
    dModel: 18,
    base: 1e6,
    offset: -37.5,
    spacing: 'tensor2tensor',
    layout: 'interleaved',
  },
  { kind: 'table', positions: 2048, dModel: 6, offset: 65536 },
  { kind: 'table', positions: 3, dModel: 2, spacing: 'tensor2tensor' },
  // The general options of issue 9: odd widths by rule, frequency range, order, scale, padding row.
  { kind: 'table', positions: 40, dModel: 15, oddWidth: 'extraSine', layout: 'split', order: 'cosSin', scale: 0.5 },
  { kind: 'table', positions: 40, dModel: 15, oddWidth: 'extraSine', maxFrequency: 2 },
  {
    kind: 'table',
    positions: 40,
    dModel: 17,
    oddWidth: 'zeroColumn',
    spacing: 'geometric',
    maxFrequency: 3,
    minFrequency: 0.001,
    layout: 'split',
  },
  { kind: 'table', positions: 40, dModel: 9, oddWidth: 'zeroColumn', base: 300 },
  { kind: 'table', positions: 40, dModel: 16, spacing: 'geometric', paddingIdx: 3, buffer: true, layout: 'split' },
  { kind: 'table', positions: 40, dModel: 16, paddingIdx: 3, offset: -6 },
  // Conventions by name, with their frameworks' parameters.
  { kind: 'table', convention: 'fairseq', positions: 64, dModel: 17 },
  { kind: 'table', convention: 'fairseq', positions: 64, dModel: 16, buffer: true },
  { kind: 'table', convention: 'm2m100', positions: 30, dModel: 16, pastKeyValuesLength: 5 },
  {
    kind: 'table',
    convention: 'tensor2tensor',
    positions: 50,
    dModel: 17,
    minTimescale: 2,
    maxTimescale: 5000,
    startIndex: 3,
  },
  { kind: 'table', convention: 'whisper', positions: 1500, dModel: 12 },
  { kind: 'table', convention: 'distilbert', positions: 30, dModel: 15 },
  { kind: 'table', convention: 'marian', positions: 30, dModel: 15, pastKeyValuesLength: 2 },
  { kind: 'table', convention: 'mlx', positions: 30, dModel: 16, cosFirst: true, fullTurns: true },
  { kind: 'table', convention: 'mlx', positions: 30, dModel: 16 },
  { kind: 'table', convention: 'keras-hub', positions: 30, dModel: 13, maxWavelength: 500, startIndex: 4 },
  { kind: 'table', convention: 'paper', positions: 30, dModel: 10, base: 77 },
];

describe('copy as code: tables', () => {
  for (const config of TABLES) {
    test(`the NumPy snippet of ${JSON.stringify(config)} equals ph.encode to float32 rounding`, () => {
      const [table] = runNumpy(codeSnippet(config, 'numpy'), ['table']);
      const { kind: _kind, ...options } = config;
      const expected = ph.encode(options as Parameters<Phasor['encode']>[0]).table;
      // Both are the float64 value rounded once: they can differ by one float32 step where the two float64s straddle a rounding boundary.
      expect(maxDiff(table, expected)).toBeLessThanOrEqual(2 ** -24);
    });
  }

  test('a snippet for the wrong layout is caught: interleaved code against a split table differs by O(1)', () => {
    const [table] = runNumpy(codeSnippet({ kind: 'table', positions: 20, dModel: 8 }, 'numpy'), ['table']);
    expect(maxDiff(table, ph.encode({ positions: 20, dModel: 8, layout: 'split' }).table)).toBeGreaterThan(0.5);
  });
});

/**
 * phasor's cache: rotating (1, …, 1, 0, …, 0) ('half') or (1, 0, 1, 0, …) ('adjacent') over the
 * rotated width gives cos then sin of each pair, times the attention factor.
 */
function phasorCache(c: RopeCode, scaling: RopeScaling | undefined): { cos: Float32Array; sin: Float32Array } {
  const rotary = c.rotaryDim ?? c.dim;
  const half = rotary / 2;
  const pairing = c.pairing ?? 'half';
  const row = new Float32Array(c.dim);
  for (let i = 0; i < half; i++) row[pairing === 'half' ? i : 2 * i] = 1;
  const rows = new Float32Array(c.positions * c.dim);
  for (let m = 0; m < c.positions; m++) rows.set(row, m * c.dim);
  const positions = Array.from({ length: c.positions }, (_, m) => (c.offset ?? 0) + m);
  const out = ph.rope({
    rows,
    dim: c.dim,
    rotaryDim: rotary,
    positions,
    theta: c.theta,
    pairing,
    ...(scaling ? { scaling } : {}),
  });
  const cos = new Float32Array(c.positions * rotary);
  const sin = new Float32Array(c.positions * rotary);
  for (let m = 0; m < c.positions; m++) {
    for (let i = 0; i < half; i++) {
      const [ci, si] = pairing === 'half' ? [i, i + half] : [2 * i, 2 * i + 1];
      for (const slot of [ci, si]) {
        cos[m * rotary + slot] = out[m * c.dim + ci];
        sin[m * rotary + slot] = out[m * c.dim + si];
      }
    }
  }
  return { cos, sin };
}

const ROPES: RopeCode[] = [
  { kind: 'rope', dim: 64, positions: 200 },
  { kind: 'rope', dim: 32, positions: 100, offset: 5000, theta: 500000, pairing: 'adjacent' },
  {
    kind: 'rope',
    dim: 128,
    positions: 64,
    offset: 8000,
    scalings: [
      { type: 'linear', factor: 4 },
      { type: 'ntk', factor: 4 },
      { type: 'dynamic-ntk', factor: 4, originalLength: 4096 },
      { type: 'dynamic-ntk', factor: 2, originalLength: 4096, sequenceLength: 6000 },
      { type: 'yarn', factor: 4, originalLength: 4096 },
      {
        type: 'yarn',
        factor: 8,
        originalLength: 2048,
        betaFast: 16,
        betaSlow: 2,
        truncate: false,
        attentionFactor: 1.25,
      },
      { type: 'llama3', factor: 8, originalLength: 8192 },
      { type: 'llama3', factor: 4, originalLength: 1024, lowFreqFactor: 2, highFreqFactor: 8 },
      // DeepSeek-V3's YaRN: mscale and mscaleAllDim both 1, so an attention factor of exactly 1.
      { type: 'yarn', factor: 40, originalLength: 4096, betaFast: 32, betaSlow: 1, mscale: 1, mscaleAllDim: 1 },
      {
        type: 'yarn',
        maxPositionEmbeddings: 32768,
        originalMaxPositionEmbeddings: 8192,
        mscale: 0.707,
        mscaleAllDim: 1,
      },
      { type: 'dynamic-ntk', factor: 2, maxPositionEmbeddings: 4096 },
    ],
  },
  // Gemma 4's full attention: proportional over the whole head, a quarter of the pairs turning (and with a factor).
  {
    kind: 'rope',
    dim: 64,
    positions: 40,
    offset: 3000,
    theta: 1e6,
    scalings: [
      { type: 'proportional', partialRotaryFactor: 0.25 },
      { type: 'proportional', partialRotaryFactor: 0.5, factor: 8 },
    ],
  },
  // Phi-2: 32 of 80 rotated; longrope past and within its original length (factors per pair, read as float32).
  { kind: 'rope', dim: 80, rotaryDim: 32, positions: 50 },
  {
    kind: 'rope',
    dim: 16,
    positions: 40,
    offset: 100,
    scalings: [
      {
        type: 'longrope',
        originalLength: 128,
        maxPositionEmbeddings: 4096,
        shortFactor: [1, 1.1, 1.3, 1.7, 2.1, 2.9, 3.3, 4.1],
        longFactor: [1.01, 1.3, 2.2, 4.4, 8.8, 16.1, 31.7, 40.3],
      },
    ],
  },
  {
    kind: 'rope',
    dim: 16,
    positions: 40,
    pairing: 'adjacent',
    scalings: [
      {
        type: 'longrope',
        factor: 8,
        originalLength: 128,
        attentionFactor: 1.1,
        shortFactor: [1, 1.1, 1.3, 1.7, 2.1, 2.9, 3.3, 4.1],
        longFactor: [1.01, 1.3, 2.2, 4.4, 8.8, 16.1, 31.7, 40.3],
      },
    ],
  },
];

describe('copy as code: RoPE caches', () => {
  for (const config of ROPES) {
    const scalings = config.scalings ?? [undefined];
    test(`the NumPy snippet of ${JSON.stringify(config)} equals ph.rope's angles to float32 rounding`, () => {
      const code = codeSnippet(config, 'numpy');
      const suffixes = ropeSuffixes(scalings);
      const arrays = runNumpy(
        code,
        suffixes.flatMap((s) => [`cos${s}`, `sin${s}`]),
      );
      scalings.forEach((scaling, n) => {
        const expected = phasorCache(config, scaling);
        // float32 rounding of values up to the attention factor (< 1.4), plus |m|·2^-51 for the float64 angle.
        const bound = 1.5 * 2 ** -24 + ((config.offset ?? 0) + config.positions) * 2 ** -51;
        expect(maxDiff(arrays[2 * n], expected.cos)).toBeLessThan(bound);
        expect(maxDiff(arrays[2 * n + 1], expected.sin)).toBeLessThan(bound);
      });
    });
  }
});

describe('copy as code: every framework', () => {
  test('each framework gets a snippet with its imports, float64 math and one float32 rounding', () => {
    for (const framework of FRAMEWORKS) {
      const table = codeSnippet({ kind: 'table', positions: 10, dModel: 8, layout: 'split' }, framework);
      const rope = codeSnippet(
        { kind: 'rope', dim: 8, positions: 10, scalings: [{ type: 'yarn', factor: 4, originalLength: 64 }] },
        framework,
      );
      const name = { pytorch: 'torch', numpy: 'numpy', jax: 'jax', tensorflow: 'tensorflow' }[framework];
      for (const code of [table, rope]) {
        expect(code).toContain(`import ${name}`);
        expect(code).toMatch(/float64/);
        expect(code.match(/float32\)/g)?.length ?? 0).toBeGreaterThan(0);
      }
    }
  });
});
