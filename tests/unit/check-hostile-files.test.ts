// "Check your table" on hostile files (issue 32): non-finite numbers in a
// CSV's first line are cells, not a header, and are refused with their line
// and column; JSON nested past any table, numbers past float64, .npy shapes of
// hundreds of digits, headers without their closing brace, bytes after the
// data, overlapping .safetensors tensors: each refused in one line. And the
// File reader (read-table-blob.ts: pieces and streams, as the page's worker
// reads) gives the in-memory reader's verdict for every fixture, refusing
// tables past the limits by their shape before a cell is read.
import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  readTableBlob,
  readTableFile,
  readTableText,
  TableFileError,
  type ParsedTable,
  type ShapeLimits,
} from '../../web/src/check/index.js';

const DIR = resolve(import.meta.dirname, '../fixtures/check');

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(TableFileError);
    const message = (error as Error).message;
    expect(message).not.toMatch(/\n/);
    return message;
  }
  throw new Error('accepted');
}

async function blobRefusal(read: () => Promise<unknown>): Promise<string> {
  try {
    await read();
  } catch (error) {
    expect(error).toBeInstanceOf(TableFileError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

/** The paper's rows p = 0, 1, 2 at dModel 4, as the page's placeholder writes them. */
const PAPER_ROWS = [
  '0, 1, 0, 1',
  '0.8414710, 0.5403023, 0.0099998, 0.9999500',
  '0.9092974, -0.4161468, 0.0199987, 0.9998000',
];

describe('CSV: a first line holding nan or inf is data, and refused where it is not finite', () => {
  test('"nan,1,0,1" then the paper rows: refused at line 1, column 1 (not read as a 2 × 3 table)', () => {
    expect(refusal(() => readTableText('pasted numbers', ['nan,1,0,1', ...PAPER_ROWS.slice(1)].join('\n')))).toBe(
      'pasted numbers: line 1, column 1: "nan" is not a finite number; a position table holds finite numbers',
    );
  });

  test('"inf,1,0,1" as row 0: refused at line 1, column 1 (not fairseq at offset 1)', () => {
    expect(refusal(() => readTableText('pasted numbers', ['inf,1,0,1', ...PAPER_ROWS.slice(1)].join('\n')))).toBe(
      'pasted numbers: line 1, column 1: "inf" is not a finite number; a position table holds finite numbers',
    );
  });

  test('inf, -Infinity and NaN elsewhere in the first line, and in a later line', () => {
    const rows = (first: string) => [first, ...PAPER_ROWS.slice(1)].join('\n');
    expect(refusal(() => readTableText('t.csv', rows('0,inf,0,1')))).toMatch(/^t\.csv: line 1, column 2: "inf" is not/);
    expect(refusal(() => readTableText('t.csv', rows('0,1,-Infinity,1')))).toMatch(
      /^t\.csv: line 1, column 3: "-Infinity"/,
    );
    expect(refusal(() => readTableText('t.csv', rows('0\t1\t0\tNaN')))).toMatch(/^t\.csv: line 1, column 4: "NaN"/);
    expect(refusal(() => readTableText('t.csv', [...PAPER_ROWS, '1,NAN,0,1'].join('\n')))).toMatch(
      /^t\.csv: line 4, column 2: "NAN" is not a finite number/,
    );
  });

  test('a number past float64 (1e999) is refused, not read as Infinity', () => {
    expect(refusal(() => readTableText('t.csv', [...PAPER_ROWS, '1e999,1,0,1'].join('\n')))).toBe(
      't.csv: line 4, column 1: "1e999" is past float64\'s range, not a finite number',
    );
  });

  test('a header of words above nan rows is still a header; the nan is then refused', () => {
    expect(refusal(() => readTableText('t.csv', ['a,b,c,d', 'nan,1,0,1'].join('\n')))).toMatch(
      /^t\.csv: line 2, column 1: "nan" is not a finite number/,
    );
  });

  test('a label column under a word header still drops, with nan or inf in it refused as a label would not be', () => {
    const t = readTableText('t.csv', ['position,0,1', '0,0,1', '1,0.8414710,0.5403023'].join('\n'));
    expect([t.positions, t.dModel, ...t.data]).toEqual([2, 2, 0, 1, 0.841471, 0.5403023]);
  });
});

describe('JSON, .npy and .safetensors that once slipped through', () => {
  test('JSON nested 10^4 deep: a phasor refusal, not a stack overflow', () => {
    const deep = '['.repeat(10_000) + '1' + ']'.repeat(10_000);
    expect(refusal(() => readTableText('deep.json', deep))).toBe(
      'deep.json nests arrays or objects more than 16 deep; a table is an array of rows of numbers',
    );
  });

  test('[[1e999, 1]]: the value is said to be past float64, not "null"', () => {
    expect(refusal(() => readTableText('big.json', '[[1e999, 1], [0, 1]]'))).toBe(
      'big.json: value at [0][0] is Infinity, not a finite number (a number past float64, such as 1e999, parses as Infinity)',
    );
  });

  /** A .npy file with the header text `dict` (padded as numpy pads it) and `data`. */
  function npy(dict: string, data: Uint8Array = new Uint8Array(0)): Uint8Array {
    let header = dict;
    while ((10 + header.length + 1) % 64) header += ' ';
    header += '\n';
    const out = new Uint8Array(10 + header.length + data.length);
    out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, header.length & 255, header.length >> 8]);
    for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
    out.set(data, 10 + header.length);
    return out;
  }
  const f32 = (n: number) => new Uint8Array(new Float32Array(n).buffer);

  test('a .npy shape of 400 digits: "shape too large", not "∞ values"', () => {
    const bytes = npy(`{'descr': '<f4', 'fortran_order': False, 'shape': (${'9'.repeat(400)}, 4), }`);
    expect(refusal(() => readTableFile('huge.npy', bytes))).toBe(
      'huge.npy has a shape too large: a dimension of 400 digits (the limit is 67,108,864 values)',
    );
  });

  test('dimensions that multiply past 2^53 name the count as "more than" it', () => {
    const bytes = npy(`{'descr': '<f4', 'fortran_order': False, 'shape': (4000000000000000, 4000000000, 1), }`);
    expect(refusal(() => readTableFile('wide.npy', bytes))).toBe(
      'wide.npy has more than 9,007,199,254,740,991 values; the limit is 67,108,864 (2^26)',
    );
  });

  test('a .npy header with no closing brace is refused', () => {
    const bytes = npy(`{'descr': '<f4', 'fortran_order': False, 'shape': (2, 4), `, f32(8));
    expect(refusal(() => readTableFile('open.npy', bytes))).toMatch(
      /^open\.npy has a malformed header \(not a dict literal \{…\}: no closing brace\): \{'descr'/,
    );
  });

  test('a .npy with bytes after its data is refused; the same file without them reads', () => {
    const dict = `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 4), }`;
    const data = new Uint8Array(new Float32Array([0, 1, 0, 1, 0.5, 0.25, 0.125, 1]).buffer);
    const good = readTableFile('ok.npy', npy(dict, data));
    expect(good.kind === 'table' && [good.table.positions, good.table.dModel, good.table.data[5]]).toEqual([
      2, 4, 0.25,
    ]);
    const extra = new Uint8Array(36);
    extra.set(data);
    expect(refusal(() => readTableFile('tail.npy', npy(dict, extra)))).toBe(
      'tail.npy has 4 bytes after its data: shape 2 × 4 of float32 needs 32 data bytes, the file has 36',
    );
  });

  /** A .safetensors file with these header entries over `dataBytes` bytes of zeros. */
  function safetensors(entries: Record<string, unknown>, dataBytes: number): Uint8Array {
    let text = JSON.stringify(entries);
    while (text.length % 8) text += ' ';
    const out = new Uint8Array(8 + text.length + dataBytes);
    new DataView(out.buffer).setBigUint64(0, BigInt(text.length), true);
    for (let i = 0; i < text.length; i++) out[8 + i] = text.charCodeAt(i);
    return out;
  }
  const entry = (begin: number, end: number) => ({
    dtype: 'F32',
    shape: [2, (end - begin) / 8],
    data_offsets: [begin, end],
  });

  test('.safetensors tensors whose bytes overlap, or leave a hole, or bytes past the last: refused', () => {
    expect(refusal(() => readTableFile('o.safetensors', safetensors({ a: entry(0, 32), b: entry(16, 48) }, 48)))).toBe(
      'o.safetensors: tensors "a" and "b" overlap (data_offsets [0, 32] and [16, 48])',
    );
    expect(refusal(() => readTableFile('h.safetensors', safetensors({ a: entry(0, 16), b: entry(32, 48) }, 48)))).toBe(
      'h.safetensors: no tensor holds data bytes 16 to 32 (a hole before tensor "b")',
    );
    expect(refusal(() => readTableFile('t.safetensors', safetensors({ a: entry(0, 16) }, 24)))).toBe(
      "t.safetensors has 8 bytes after its last tensor's data",
    );
    const ok = readTableFile('ok.safetensors', safetensors({ b: entry(16, 48), a: entry(0, 16) }, 48));
    expect(ok.kind === 'tensors' && ok.tensors.map((t) => t.name)).toEqual(['b', 'a']);
  });
});

describe("the File reader gives the in-memory reader's verdicts", () => {
  // Every file under good/ and bad/, good/rope/'s caches, inv_freq and rotated rows among them.
  const files = ['good', 'bad'].flatMap((dir) =>
    readdirSync(resolve(DIR, dir), { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => `${dir}/${relative(resolve(DIR, dir), resolve(f.parentPath, f.name))}`),
  );
  const summary = (t: ParsedTable) => `${t.name} ${t.positions}x${t.dModel} ${t.dtype} ${Array.from(t.data).join(',')}`;

  for (const path of files) {
    test(path, async () => {
      const name = path.split('/').pop()!;
      const bytes = new Uint8Array(readFileSync(resolve(DIR, path)));
      let want: string[];
      try {
        const source = readTableFile(name, bytes);
        want =
          source.kind === 'table'
            ? [summary(source.table)]
            : source.tensors.map((t) => {
                try {
                  return summary(source.read(t.name));
                } catch (error) {
                  return `refused: ${(error as Error).message}`;
                }
              });
      } catch (error) {
        want = [`refused: ${(error as Error).message}`];
      }
      let got: string[];
      try {
        const source = await readTableBlob(name, new Blob([bytes]), {
          maxColumns: 65536,
          maxValues: 2 ** 26,
          reader: 'identify',
        });
        got =
          source.kind === 'table'
            ? [summary(source.table)]
            : await Promise.all(
                source.tensors.map((t) =>
                  source.read(t.name).then(summary, (error: Error) => `refused: ${error.message}`),
                ),
              );
      } catch (error) {
        got = [`refused: ${(error as Error).message}`];
      }
      expect(got).toEqual(want);
    });
  }
});

describe('tables past the limits are refused by their shape, before their cells are read', () => {
  const identify: ShapeLimits = { maxColumns: 65536, maxValues: 2 ** 24, reader: 'identify' };
  /** A Blob whose text is built lazily from parts (so a test need not hold the text twice). */
  const blob = (parts: string[]) => new Blob(parts);

  test('one line of 10^6 columns', async () => {
    const line = Array.from({ length: 1_000_000 }, (_, i) => (i % 2 ? '1' : '0')).join(',');
    expect(await blobRefusal(() => readTableBlob('wide.csv', blob([line, '\n']), identify))).toBe(
      'wide.csv is 1 line of 1,000,000 values (separated by commas); identify takes at most 65,536 columns (dModel) and 16,777,216 values',
    );
  });

  test('2 rows of 2.7 million columns', async () => {
    const line = Array.from({ length: 2_700_000 }, () => '0.5').join(',');
    expect(await blobRefusal(() => readTableBlob('two.csv', blob([line, '\n', line, '\n']), identify))).toBe(
      'two.csv is 2 lines of 2,700,000 values (separated by commas); identify takes at most 65,536 columns (dModel) and 16,777,216 values',
    );
  });

  test('300 rows of 4096 columns past a limit of 2^20 values: refused by the counted shape', async () => {
    const line = Array.from({ length: 4096 }, () => '0.5').join(',') + '\n';
    const small: ShapeLimits = { ...identify, maxValues: 2 ** 20 };
    expect(await blobRefusal(() => readTableBlob('tall.csv', blob(Array(300).fill(line)), small))).toBe(
      'tall.csv is 300 lines of 4,096 values (separated by commas); identify takes at most 65,536 columns (dModel) and 1,048,576 values',
    );
  });

  test('a .npy past the limits: refused from its header, naming the shape', async () => {
    const dict = `{'descr': '<f4', 'fortran_order': False, 'shape': (8192, 4096), }`;
    let header = dict;
    while ((10 + header.length + 1) % 64) header += ' ';
    header += '\n';
    const head = new Uint8Array(10 + header.length);
    head.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, header.length & 255, header.length >> 8]);
    for (let i = 0; i < header.length; i++) head[10 + i] = header.charCodeAt(i);
    expect(await blobRefusal(() => readTableBlob('big.npy', new Blob([head]), identify))).toBe(
      'big.npy is shape 8192 × 4096; identify takes at most 65,536 columns (dModel) and 16,777,216 values',
    );
  });

  test('a CSV within the limits reads as the in-memory reader reads it, header and CRLF included', async () => {
    const text = 'a,b,c\r\n' + Array.from({ length: 300 }, (_, r) => `${r},${r / 7},${-r}`).join('\r\n') + '\r\n\r\n';
    const pieces = text.match(/[\s\S]{1,37}/g)!; // chunk edges inside lines and inside \r\n
    const source = await readTableBlob('t.csv', blob(pieces), identify);
    const want = readTableText('t.csv', text);
    expect(
      source.kind === 'table' && [source.table.positions, source.table.dModel, Array.from(source.table.data)],
    ).toEqual([want.positions, want.dModel, Array.from(want.data)]);
  });
});
