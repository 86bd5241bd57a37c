// What "Check your model" computes and says, in Node on the built wasm:
// ph.ropeBaseBound against a direct sum of cosines, the base ↔ context scan
// in slices, the words for a layer type (ranges, layers, pairing, M-RoPE
// axes as transformers lays them out) on real configs, and a dropped cache
// judged against a config (tests/fixtures/check-model, made by transformers' code).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor, type RopeConfig } from '../../web/src/core/index.js';
import { BaseCurveScan, thetaGrid } from '../../web/src/core/rope-base-curve.js';
import { parseSafetensors } from '../../web/src/check/index.js';
import {
  layersText,
  mropeAxes,
  pairingText,
  passThroughSlots,
  ranges,
  scalingText,
} from '../../web/explorer/rope-config-text.js';
import { tensorDepartures, tensorInput } from '../../web/explorer/rope-tensor-compare.js';
import { readFiles } from '../../web/explorer/check-table-read.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures');
const CONFIGS = JSON.parse(readFileSync(resolve(FIXTURES, 'rope_configs/configs.json'), 'utf8')).configs as Record<
  string,
  { config: unknown }
>;

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

const read = (name: string): RopeConfig => ph.ropeFromConfig(CONFIGS[name].config);

/** The first m in [from, to) with still + Σ_{i<pairs} cos(m θ^(−2i/dim)) < 0, in JavaScript; null if none. */
function direct(dim: number, pairs: number, theta: number, to: number, still = 0, from = 0): number | null {
  const omega = Array.from({ length: pairs }, (_, i) => theta ** ((-2 * i) / dim));
  for (let m = from; m < to; m++) {
    let sum = still;
    for (const w of omega) sum += Math.cos(m * w);
    if (sum < 0) return m;
  }
  return null;
}

describe('ph.ropeBaseBound (Men et al. 2024)', () => {
  test('finds the first distance where Σ cos(m θᵢ) < 0, as a direct sum does', () => {
    for (const theta of [500, 4300, 10000, 84000])
      expect(ph.ropeBaseBound({ dim: 128, theta, to: 1 << 17 })).toBe(direct(128, 64, theta, 1 << 17));
    expect(ph.ropeBaseBound({ dim: 32, pairs: 16, still: 10, theta: 1e4, to: 1 << 16 })).toBe(
      direct(32, 16, 1e4, 1 << 16, 10),
    );
    expect(ph.ropeBaseBound({ dim: 128, theta: 1e4, from: 5000, to: 5100 })).toBe(direct(128, 64, 1e4, 5100, 0, 5000));
  });

  test('is null when the sum stays ≥ 0 in the range, or cannot go negative', () => {
    expect(ph.ropeBaseBound({ dim: 128, theta: 3900, to: 818 })).toBeNull();
    expect(ph.ropeBaseBound({ dim: 512, pairs: 64, still: 192, theta: 1e6, to: 1 << 16 })).toBeNull();
  });

  test('refuses bad options by name', () => {
    expect(() => ph.ropeBaseBound({ dim: 127, theta: 1e4, to: 10 })).toThrow(/^phasor\.ropeBaseBound: dim /);
    expect(() => ph.ropeBaseBound({ dim: 128, pairs: 65, theta: 1e4, to: 10 })).toThrow(
      /^phasor\.ropeBaseBound: pairs /,
    );
    expect(() => ph.ropeBaseBound({ dim: 128, theta: 0.5, to: 10 })).toThrow(/^phasor\.ropeBaseBound: theta /);
    expect(() => ph.ropeBaseBound({ dim: 128, theta: 1e4, from: 10, to: 10 })).toThrow(/^phasor\.ropeBaseBound: to /);
    expect(() => ph.ropeBaseBound({ dim: 128, theta: 1e4, to: 1e9 })).toThrow(/^phasor\.ropeBaseBound: the work /);
    expect(() => ph.ropeBaseBound({ dim: 128, theta: 1e4 } as never)).toThrow(TypeError);
    expect(() => ph.ropeBaseBound({ dim: 128, theta: 1e4, to: 10, base: 3 } as never)).toThrow(TypeError);
  });
});

describe('the base ↔ context scan', () => {
  test('thetaGrid spans the decades and keeps the config θ', () => {
    const grid = thetaGrid(100, 1e8, 6, [5e5]);
    expect(grid[0]).toBe(100);
    expect(grid[grid.length - 1]).toBeCloseTo(1e8, 0);
    expect(grid).toContain(5e5);
    expect(grid.length).toBe(38);
    expect([...grid].sort((a, b) => a - b)).toEqual(grid);
  });

  test('small slices give the contexts of one scan per θ, the first θ scanned first', () => {
    const thetas = [500, 4300, 10000];
    const spec = { dim: 128, pairs: 64, still: 0, thetas, cap: 1 << 14, first: [10000] };
    const scan = new BaseCurveScan(spec, (o) => ph.ropeBaseBound(o), ph.limits.maxRopeDecayWork);
    while (Number.isNaN(scan.contexts[2])) scan.step(64 * 100);
    // 10000 (the config's) is known before the grid's θs are started.
    expect(scan.contexts[0]).toBeNaN();
    expect(scan.contexts[1]).toBeNaN();
    while (!scan.step(64 * 1000));
    expect(Array.from(scan.contexts)).toEqual(thetas.map((t) => direct(128, 64, t, 1 << 14)));
    const capped = new BaseCurveScan({ ...spec, thetas: [1e6], cap: 1000 }, (o) => ph.ropeBaseBound(o), 1e9);
    while (!capped.step(1e6));
    expect(capped.contexts[0]).toBe(Infinity);
    const still = new BaseCurveScan({ ...spec, still: 64 }, () => 0, 1e9);
    expect(still.done).toBe(true);
    expect(Array.from(still.contexts)).toEqual([Infinity, Infinity, Infinity]);
  });
});

describe('a layer type in words', () => {
  test('ranges and layers', () => {
    expect(ranges([5, 0, 1, 2, 7, 8])).toBe('0–2, 5, 7–8');
    expect(layersText([0, 1, 2], 3)).toBe('all 3 layers');
    expect(layersText([3, 7, 11], 12)).toBe('every 4th layer from 3 to 11 (3 of 12)');
    expect(layersText([1, 3, 5, 11, 13, 15, 21, 23, 25, 31], 32)).toBe('layers 1, 3, 5, 11, 13, 15, …, 31 (10 of 32)');
    expect(layersText([4], 12)).toBe('layer 4 (1 of 12)');
  });

  test('Gemma 4: full attention turns 0–63 with 256–319 and passes the rest through', () => {
    const full = read('google__gemma-4-31B-it').layerTypes.find((t) => t.layerType === 'full_attention')!;
    expect(ranges(full.rotatedSlots)).toBe('0–63, 256–319');
    expect(ranges(passThroughSlots(full))).toBe('64–255, 320–511');
    expect(pairingText(full)).toBe('rotate_half: slot i turns with i + 256');
    expect(scalingText(full.scaling)).toBe('proportional (factor 1, partialRotaryFactor 0.25)');
  });

  test('DeepSeek-V3: the last 64 values, adjacent pairs written back as evens then odds', () => {
    const [t] = read('deepseek-ai__DeepSeek-V3').layerTypes;
    expect(pairingText(t)).toBe(
      'adjacent: slot 128 + 2i turns with 128 + 2i + 1 (the last 64 values, slots 128–191); written back as the evens, then the odds (transformers’ apply_rotary_pos_emb_interleave)',
    );
    expect(ranges(passThroughSlots(t))).toBe('0–127');
  });

  test("M-RoPE's axes: Qwen2.5-VL in order, Qwen3.5 interleaved as apply_interleaved_mrope", () => {
    const [vl] = read('Qwen__Qwen2.5-VL-7B-Instruct').layerTypes;
    expect(mropeAxes(vl.mrope!).join('')).toBe('0'.repeat(16) + '1'.repeat(24) + '2'.repeat(24));
    const q35 = read('Qwen__Qwen3.5-9B').layerTypes.find((t) => t.mrope)!;
    const [t, h, w] = q35.mrope!.sections;
    // transformers: freqs_t[..., 1:3h:3] = freqs_h, freqs_t[..., 2:3w:3] = freqs_w.
    const expected = Array.from({ length: t + h + w }, () => 0);
    for (let i = 1; i < 3 * h; i += 3) expected[i] = 1;
    for (let i = 2; i < 3 * w; i += 3) expected[i] = 2;
    expect(q35.mrope!.interleaved).toBe(true);
    expect(mropeAxes(q35.mrope!)).toEqual(expected);
  });
});

describe('a dropped cache against a config', () => {
  // Read as the worker reads a dropped file (check-table-read.ts), to the core's limits.
  const cacheOf = async (file: string) => {
    const table = { maxColumns: ph.limits.maxDModel, maxValues: ph.limits.maxIdentifyValues, reader: 'identify' };
    const rope = { maxColumns: ph.limits.maxDModel, maxValues: ph.limits.maxRopeValues, reader: 'identifyRope' };
    const blob = new Blob([readFileSync(resolve(FIXTURES, 'check-model', file))]);
    return tensorInput((await readFiles([{ name: file, file: blob }], { table, rope }, () => true)).input);
  };

  test("Llama 2's bfloat16 cache is Llama 2's RoPE: no departures, a bfloat16 match", async () => {
    const input = await cacheOf('llama-2-cache-bf16.safetensors');
    expect([input.kind, input.rows, input.width, input.dtype]).toEqual(['cache', 256, 128, 'bfloat16']);
    const [t] = read('meta-llama__Llama-2-7b-hf').layerTypes;
    const found = ph.identifyRope({ ...input.options, headDim: t.headDim });
    expect(found.candidates[0].match).toBe(true);
    expect(found.candidates[0].precision).toBe('bfloat16');
    expect(tensorDepartures(ph, t, found.candidates[0], input.kind)).toEqual([]);
  });

  test("a θ 10⁶ cache departs from Llama 2 in θ, and is Qwen2.5-7B-Instruct's RoPE (θ 10⁶, no scaling)", async () => {
    const input = await cacheOf('theta-1e6-cache-bf16.safetensors');
    const found = ph.identifyRope({ ...input.options, headDim: 128 });
    const best = found.candidates[0];
    expect(best.match).toBe(true);
    const [llama] = read('meta-llama__Llama-2-7b-hf').layerTypes;
    const departs = tensorDepartures(ph, llama, best, 'cache');
    expect(departs[0]).toBe('θ 1000000 (the config: 10000)');
    const [qwen] = read('Qwen__Qwen2.5-7B-Instruct').layerTypes;
    expect(tensorDepartures(ph, qwen, best, 'cache')).toEqual([]);
  });

  test('what the tensor is: a plain 2-D tensor is rows after RoPE, a 1-D one of frequencies is inv_freq', () => {
    const bytes = new Uint8Array(readFileSync(resolve(FIXTURES, 'check-model/llama-2-cache-bf16.safetensors')));
    const cos = parseSafetensors(bytes, 'a.safetensors', 'cos');
    expect(tensorInput({ kind: 'table', table: cos })).toMatchObject({ kind: 'rotated', rows: 256, width: 128 });
    const invFreq = Float64Array.from({ length: 64 }, (_, i) => 10000 ** (-i / 64));
    expect(tensorInput({ kind: 'invFreq', name: 'inv_freq.npy', dtype: 'float32', invFreq })).toMatchObject({
      kind: 'invFreq',
      width: 64,
      options: { invFreq },
    });
  });
});
