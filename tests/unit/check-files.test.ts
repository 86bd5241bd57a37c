// The "Check your table" parsers on real files: .npy written by numpy,
// .safetensors, CSV, TSV and JSON written by tests/fixtures/check/make_files.py,
// and malformed files, each refused with one line that says why.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  readTableFile,
  readTableText,
  TableFileError,
  type ParsedTable,
  type TableSource,
} from '../../web/src/check/index.js';
import { bfloat16Value, float16Value } from '../../web/src/check/half-floats.js';

const DIR = resolve(import.meta.dirname, '../fixtures/check');
const bytes = (path: string) => new Uint8Array(readFileSync(resolve(DIR, path)));
const name = (path: string) => path.split('/').pop()!;

function table(path: string, tensor?: string): ParsedTable {
  const source: TableSource = readTableFile(name(path), bytes(path));
  if (source.kind === 'table') return source.table;
  return source.read(tensor ?? source.suggested);
}

/** PE(p, 2i) = sin(p ω_i), PE(p, 2i+1) = cos(p ω_i), ω_i = 10000^(−2i/d): the float64 closed form. */
function paper(p: number, j: number, d: number): number {
  const w = 10000 ** (-(2 * Math.floor(j / 2)) / d);
  return j % 2 === 0 ? Math.sin(p * w) : Math.cos(p * w);
}

/** fairseq's forward row r (padding_idx 1): split, ω_i = 10000^(−i/(h−1)), position 2 + r. */
function fairseq(r: number, j: number, d: number): number {
  const h = d / 2;
  const w = Math.exp(-(j % h) * (Math.log(10000) / (h - 1)));
  return j < h ? Math.sin((r + 2) * w) : Math.cos((r + 2) * w);
}

function maxError(t: ParsedTable, f: (r: number, j: number, d: number) => number): number {
  let worst = 0;
  for (let r = 0; r < t.positions; r++) {
    for (let j = 0; j < t.dModel; j++) worst = Math.max(worst, Math.abs(t.data[r * t.dModel + j] - f(r, j, t.dModel)));
  }
  return worst;
}

function refusal(path: string, tensor?: string): string {
  try {
    table(path, tensor);
  } catch (error) {
    expect(error).toBeInstanceOf(TableFileError);
    const message = (error as Error).message;
    expect(message).not.toMatch(/\n/);
    return message;
  }
  throw new Error(`${path} was accepted`);
}

describe('.npy', () => {
  test('float32, little-endian, C order: 64 × 16 within float32 rounding of the paper table', () => {
    const t = table('good/paper-f32.npy');
    expect([t.positions, t.dModel, t.name]).toEqual([64, 16, 'paper-f32.npy']);
    expect(maxError(t, paper)).toBeLessThan(6e-8);
    expect(maxError(t, paper)).toBeGreaterThan(0); // float32, not float64
  });

  test('float64 in Fortran order is transposed to rows: equal to the float64 formula to 1e-15', () => {
    const t = table('good/paper-f64-fortran.npy');
    expect([t.positions, t.dModel]).toEqual([64, 16]);
    expect(maxError(t, paper)).toBeLessThan(1e-15);
  });

  test('big-endian float32 in Fortran order gives the same values, bit for bit, as little-endian C order', () => {
    expect(Array.from(table('good/paper-f32-big-fortran.npy').data)).toEqual(
      Array.from(table('good/paper-f32.npy').data),
    );
  });

  test('big-endian float16: within half-precision rounding (2^-11 relative) of the formula', () => {
    const t = table('good/paper-f16-big.npy');
    expect([t.positions, t.dModel, t.dtype]).toEqual([64, 16, 'float16']);
    expect(maxError(t, paper)).toBeLessThan(2 ** -11);
    expect(maxError(t, paper)).toBeGreaterThan(1e-5);
  });

  test('a 1-D array is one row; the PyTorch tutorial buffer [n, 1, d] is n × d', () => {
    const row = table('good/paper-row-f64.npy');
    expect([row.positions, row.dModel]).toEqual([1, 16]);
    expect(row.data[2]).toBe(Math.sin(5 * 10000 ** (-2 / 16)));
    const buffer = table('good/paper-tutorial-buffer.npy');
    expect([buffer.positions, buffer.dModel]).toEqual([64, 16]);
    expect(Array.from(buffer.data)).toEqual(Array.from(table('good/paper-f32.npy').data));
  });

  test('another convention reads as its own numbers (fairseq, split)', () => {
    expect(maxError(table('good/fairseq-f32.npy'), fairseq)).toBeLessThan(6e-8);
  });

  test('an integer or complex dtype is refused, naming the dtype', () => {
    expect(refusal('bad/int64.npy')).toBe("int64.npy holds dtype int64 ('<i8'); need float16, float32 or float64");
    expect(refusal('bad/complex.npy')).toMatch(/dtype complex64/);
  });

  test('rank 3 is refused with its shape', () => {
    expect(refusal('bad/rank3.npy')).toBe(
      'rank3.npy has rank 3 (shape 2 × 3 × 4); need a 2-D table (positions × dModel)',
    );
  });

  test('a truncated header and truncated data are each named', () => {
    expect(refusal('bad/truncated-header.npy')).toMatch(
      /^truncated-header\.npy is truncated: its header says 118 bytes but the file ends after 30$/,
    );
    expect(refusal('bad/truncated-data.npy')).toBe(
      'truncated-data.npy is truncated: shape 64 × 16 of float32 needs 4096 data bytes, the file has 3996',
    );
  });

  test('a header stating 2^28 values is refused by the 2^26 limit before any allocation', () => {
    expect(refusal('bad/too-large.npy')).toBe('too-large.npy has 268,435,456 values; the limit is 67,108,864 (2^26)');
  });
});

describe('.safetensors', () => {
  test('lists every tensor in header order and suggests the position table', () => {
    const source = readTableFile('model.safetensors', bytes('good/model.safetensors'));
    if (source.kind !== 'tensors') throw new Error('expected a tensor list');
    expect(source.tensors.map((t) => `${t.name} ${t.dtype} ${t.shape.join('x')}`)).toEqual([
      'encoder.layer.0.weight F32 16x16',
      'encoder.embed_positions.weights F32 64x16',
      'paper.f64 F64 64x16',
      'paper.f16 F16 64x16',
      'paper.bf16 BF16 64x16',
      'token_ids I64 4',
      'heads F32 2x4x8',
    ]);
    expect(source.suggested).toBe('encoder.embed_positions.weights');
  });

  test('F32, F64, F16 and BF16 tensors read to their precision', () => {
    const f32 = table('good/model.safetensors', 'encoder.embed_positions.weights');
    expect([f32.name, f32.dtype]).toEqual(['model.safetensors: encoder.embed_positions.weights', 'float32']);
    expect(table('good/model.safetensors', 'paper.bf16').dtype).toBe('bfloat16');
    expect(maxError(f32, fairseq)).toBeLessThan(6e-8);
    expect(maxError(table('good/model.safetensors', 'paper.f64'), paper)).toBeLessThan(1e-15);
    expect(maxError(table('good/model.safetensors', 'paper.f16'), paper)).toBeLessThan(2 ** -11);
    const bf = maxError(table('good/model.safetensors', 'paper.bf16'), paper);
    expect(bf).toBeLessThan(2 ** -8);
    expect(bf).toBeGreaterThan(2 ** -11);
    const eye = table('good/model.safetensors', 'encoder.layer.0.weight');
    expect(eye.data[17]).toBe(1);
    expect(eye.data[1]).toBe(0);
  });

  test('an integer tensor, a rank-3 tensor and a missing name are refused', () => {
    expect(refusal('good/model.safetensors', 'token_ids')).toBe(
      'tensor "token_ids" has dtype I64; need F16, BF16, F32 or F64',
    );
    expect(refusal('good/model.safetensors', 'heads')).toBe(
      'tensor "heads" has rank 3 (shape 2 × 4 × 8); need a 2-D table (positions × dModel)',
    );
    expect(refusal('good/model.safetensors', 'nope')).toMatch(
      /^model\.safetensors has no tensor "nope" \(it has "encoder\.layer\.0\.weight", /,
    );
  });

  test('a truncated header and a header that is not JSON are refused', () => {
    expect(refusal('bad/truncated-header.safetensors')).toMatch(
      /^truncated-header\.safetensors is truncated: its header says \d+ bytes but the file ends after 52$/,
    );
    expect(refusal('bad/not-json.safetensors')).toMatch(/^not-json\.safetensors has a header that is not JSON \(/);
  });
});

describe('CSV, TSV and JSON', () => {
  const eight = (t: ParsedTable) => {
    expect([t.positions, t.dModel]).toEqual([8, 6]);
    expect(maxError(t, paper)).toBeLessThan(1e-15); // repr() of float64 round-trips
  };
  test('CSV without a header', () => eight(table('good/paper.csv')));
  test('CSV with a header row', () => eight(table('good/paper-header.csv')));
  test("phasor's own CSV export: the row-label column is dropped", () => eight(table('good/paper-labelled.csv')));
  test('TSV with CRLF line ends', () => eight(table('good/paper.tsv')));
  test('JSON array of rows', () => eight(table('good/paper-rows.json')));
  test('JSON { data, shape } with flat data', () => eight(table('good/paper-flat.json')));
  test('text files say so (their numbers are as precise as written)', () =>
    expect(table('good/paper.csv').dtype).toBe('text'));
  test('pasted text: numbers separated by commas', () => {
    const t = readTableText('pasted text', '1,2\n3,4\n');
    expect([t.positions, t.dModel, ...t.data]).toEqual([2, 2, 1, 2, 3, 4]);
  });

  test('ragged rows, a word among numbers, a shape that does not match, binary data', () => {
    expect(refusal('bad/ragged.csv')).toBe('ragged.csv: line 3 has 3 values, line 1 has 4 (ragged rows)');
    expect(refusal('bad/words.csv')).toBe('words.csv: line 2, column 3: "oops" is not a number');
    expect(refusal('bad/ragged.json')).toBe('ragged.json: row [1] has 3 values, the first has 4 (ragged rows)');
    expect(refusal('bad/shape-mismatch.json')).toBe('shape-mismatch.json: "shape" 2 × 4 needs 8 values, "data" has 6');
    expect(refusal('bad/binary.bin')).toBe(
      'binary.bin is neither text nor a .npy or .safetensors file; need .npy, .safetensors, CSV, TSV or JSON',
    );
  });
});

describe('16-bit floats', () => {
  test('float16: 1, −2, 65504, the smallest subnormal, infinity', () => {
    expect([0x3c00, 0xc000, 0x7bff, 0x0001, 0x7c00].map(float16Value)).toEqual([1, -2, 65504, 2 ** -24, Infinity]);
  });
  test('bfloat16: 1, −2, π rounded to 8 bits of mantissa', () => {
    expect([0x3f80, 0xc000, 0x4049].map(bfloat16Value)).toEqual([1, -2, 3.140625]);
  });
});
