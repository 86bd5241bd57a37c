// What "Check your table" takes a dropped file for (web/src/check/check-input.ts):
// a sinusoidal table, a RoPE cos/sin cache, an inv_freq vector or rotated rows,
// by the tensors' names and shapes, on the files tests/fixtures/check/make_files.py
// and make_rope_files.py wrote (transformers' and the PyTorch tutorial's own code).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readTableFile, TableFileError, type ParsedTable } from '../../web/src/check/index.js';
import { classifyInput, partnerKey, suggestTensor } from '../../web/src/check/check-input.js';

const DIR = resolve(import.meta.dirname, '../fixtures/check');

function source(path: string) {
  return readTableFile(path.split('/').pop()!, new Uint8Array(readFileSync(resolve(DIR, path))));
}

function npy(path: string): ParsedTable {
  const s = source(path);
  if (s.kind !== 'table') throw new Error('not a table');
  return s.table;
}

/** A made-up table of `rows` × `cols` values (the classifier reads names and shapes, and inv_freq's range). */
function table(rows: number, cols: number, name = 't', fill = (i: number) => Math.sin(i)): ParsedTable {
  return {
    data: Float64Array.from({ length: rows * cols }, (_, i) => fill(i)),
    positions: rows,
    dModel: cols,
    name,
    dtype: 'float32',
  };
}

describe('classifyInput', () => {
  test('partner names: cos ↔ sin as a word, in its case; none for words that only contain the letters', () => {
    expect(partnerKey('cos.npy')).toBe('sin.npy');
    expect(partnerKey('model.rotary.sin_cached')).toBe('model.rotary.cos_cached');
    expect(partnerKey('llama_COS_bf16')).toBe('llama_SIN_bf16');
    expect(partnerKey('rising.npy')).toBeNull();
    expect(partnerKey('cosine')).toBeNull();
    expect(partnerKey('cos_sin.npy')).toBeNull();
    expect(partnerKey('embed_positions')).toBeNull();
  });

  test("a .safetensors with cos and sin (transformers' bf16 Llama 2 cache): the cache, either tensor chosen", () => {
    const s = source('good/rope/llama-2-bf16.safetensors');
    if (s.kind !== 'tensors') throw new Error('expected tensors');
    const names = s.tensors.map((t) => t.name);
    for (const chosen of ['cos', 'sin']) {
      const input = classifyInput({ key: chosen, table: s.read(chosen) }, names, (k) => s.read(k));
      expect(input.kind).toBe('cache');
      if (input.kind !== 'cache') return;
      expect([input.rows, input.width, input.dtype]).toEqual([512, 128, 'bfloat16']);
      // cos is cos whichever was chosen: cos(0) = 1 in every column of row 0, sin(0) = 0.
      expect(input.cos.subarray(0, 128).every((v) => v === 1)).toBe(true);
      expect(input.sin.subarray(0, 128).every((v) => v === 0)).toBe(true);
    }
  });

  test('two .npy files named cos and sin: the cache; a cos alone is refused, naming the sin it needs', () => {
    const cos = npy('good/rope/cos.npy');
    const sin = npy('good/rope/sin.npy');
    const input = classifyInput({ key: 'sin.npy', table: sin }, ['cos.npy'], () => cos);
    expect(input.kind).toBe('cache');
    if (input.kind === 'cache') expect(input.cos).toBe(cos.data);
    expect(() => classifyInput({ key: 'cos.npy', table: cos }, [], () => cos)).toThrow(
      new TableFileError(
        'cos.npy looks like a RoPE cos cache, and its sin cache is not there (no "sin.npy"): give both, as two .npy files dropped together or two tensors of one .safetensors',
      ),
    );
    expect(() => classifyInput({ key: 'cos.npy', table: cos }, ['sin.npy'], () => table(3, 128, 'sin.npy'))).toThrow(
      /256 × 128 values, sin\.npy 3 × 128: a cos\/sin cache needs both of one shape/,
    );
  });

  test("inv_freq: by name, or a 1-D vector in (0, 1]; a 1-D vector outside that is a table's row", () => {
    const inv = npy('good/rope/inv_freq.npy');
    expect(classifyInput({ key: 'inv_freq.npy', table: inv }, [], () => inv).kind).toBe('invFreq');
    expect(classifyInput({ key: 'buffer.npy', table: inv }, [], () => inv).kind).toBe('invFreq');
    const row = npy('good/paper-row-f64.npy');
    expect(classifyInput({ key: 'paper-row-f64.npy', table: row }, [], () => row).kind).toBe('table');
    expect(() => classifyInput({ key: 'inv_freq', table: table(4, 8) }, [], () => inv)).toThrow(
      /named like an inv_freq buffer but has 4 rows of 8/,
    );
  });

  test('rotated rows, with their original when one is named so; tables stay tables', () => {
    const rotated = table(6, 8, 'q_rotated');
    const original = table(6, 8, 'q_original', (i) => i);
    const input = classifyInput({ key: 'q_rotated', table: rotated }, ['q_rotated', 'q_original'], () => original);
    expect(input.kind).toBe('rotated');
    if (input.kind === 'rotated') expect(input.original).toBe(original.data);
    const alone = classifyInput({ key: 'k_embed', table: rotated }, [], () => rotated);
    expect(alone.kind === 'rotated' && alone.original === undefined).toBe(true);
    const tutorial = npy('good/tutorial-f32.npy');
    const t = classifyInput({ key: 'tutorial-f32.npy', table: tutorial }, [], () => tutorial);
    expect(t.kind === 'table' && [t.table.positions, t.table.dModel]).toEqual([600, 64]);
  });

  test('the tensor checked first: rotated rows, a cos/sin pair, inv_freq, else the likeliest table', () => {
    expect(suggestTensor(['q_original', 'q_rotated'], 'q_original')).toBe('q_rotated');
    expect(suggestTensor(['model.inv_freq', 'rope.cos', 'rope.sin'], 'rope.cos')).toBe('rope.cos');
    expect(suggestTensor(['rope.sin', 'rope.cos'], 'x')).toBe('rope.sin');
    expect(suggestTensor(['embed.weight', 'rotary.inv_freq'], 'embed.weight')).toBe('rotary.inv_freq');
    expect(suggestTensor(['a.cos', 'embed_positions.weights'], 'embed_positions.weights')).toBe(
      'embed_positions.weights',
    );
  });

  test("transformers' rotated q rows with their original (.safetensors): rotated, the original given", () => {
    const s = source('good/rope/q-rotated-f32.safetensors');
    if (s.kind !== 'tensors') throw new Error('expected tensors');
    const names = s.tensors.map((t) => t.name);
    const input = classifyInput({ key: 'q_rotated', table: s.read('q_rotated') }, names, (k) => s.read(k));
    expect(input.kind === 'rotated' && [input.rows, input.width, input.original?.length]).toEqual([64, 128, 64 * 128]);
  });
});
