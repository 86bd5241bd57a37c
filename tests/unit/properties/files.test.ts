// The table readers of "Check your table" (web/src/check) under property
// test. Random tables written as each format writes them (CSV and TSV with
// and without a header or a label column, CRLF, JSON rows and { data, shape },
// .npy of float32/float64 in either byte and memory order, .safetensors) read
// back as the right numbers, in memory and in pieces from a Blob alike. The
// same files corrupted (cut short, bytes spliced in, a cell replaced by nan,
// inf, 1e999, a word, nesting past any table) give a table whose values are
// finite and number rows × columns, the same from both readers, or a one-line
// TableFileError naming the file: never another error, never a hang, and a
// good file read afterwards still reads.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  readTableBlob,
  readTableFile,
  TableFileError,
  type ParsedTable,
  type ShapeLimits,
} from '../../../web/src/check/index.js';
import { runs } from './support.js';

const LIMITS: ShapeLimits = { maxColumns: 65536, maxValues: 2 ** 24, reader: 'identify' };

interface Table {
  rows: number;
  cols: number;
  values: number[];
}

const table: fc.Arbitrary<Table> = fc
  .record({ rows: fc.integer({ min: 1, max: 6 }), cols: fc.integer({ min: 1, max: 6 }) })
  .chain(({ rows, cols }) =>
    fc
      .array(
        fc.oneof(
          fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: -1000, max: 1000 }),
        ),
        { minLength: rows * cols, maxLength: rows * cols },
      )
      .map((values) => ({ rows, cols, values: values.map((v) => (Object.is(v, -0) ? 0 : v)) })),
  );

const text = (s: string) => new TextEncoder().encode(s);

function npy(t: Table, dtype: '<f4' | '>f4' | '<f8' | '>f8', fortran: boolean): Uint8Array {
  let header = `{'descr': '${dtype}', 'fortran_order': ${fortran ? 'True' : 'False'}, 'shape': (${t.rows}, ${t.cols}), }`;
  while ((10 + header.length + 1) % 64) header += ' ';
  header += '\n';
  const size = dtype.endsWith('4') ? 4 : 8;
  const out = new Uint8Array(10 + header.length + t.values.length * size);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, header.length & 255, header.length >> 8]);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  const view = new DataView(out.buffer, 10 + header.length);
  const little = dtype[0] === '<';
  t.values.forEach((_, k) => {
    // Fortran order stores column by column.
    const r = fortran ? k % t.rows : Math.floor(k / t.cols);
    const c = fortran ? Math.floor(k / t.rows) : k % t.cols;
    const v = t.values[r * t.cols + c];
    if (size === 4) view.setFloat32(k * 4, v, little);
    else view.setFloat64(k * 8, v, little);
  });
  return out;
}

function safetensors(t: Table): Uint8Array {
  const data = new Float64Array(t.values);
  let header = JSON.stringify({
    __metadata__: { format: 'pt' },
    table: { dtype: 'F64', shape: [t.rows, t.cols], data_offsets: [0, data.byteLength] },
  });
  while (header.length % 8) header += ' ';
  const out = new Uint8Array(8 + header.length + data.byteLength);
  new DataView(out.buffer).setBigUint64(0, BigInt(header.length), true);
  out.set(text(header), 8);
  out.set(new Uint8Array(data.buffer), 8 + header.length);
  return out;
}

/** The formats a table is written in: [file name, bytes, the values it holds]. */
function written(t: Table, format: number): [string, Uint8Array, number[]] {
  const rows = Array.from({ length: t.rows }, (_, r) => t.values.slice(r * t.cols, (r + 1) * t.cols));
  const f32 = t.values.map(Math.fround);
  const finiteF32 = f32.every(Number.isFinite);
  switch (format) {
    case 0:
      return ['t.csv', text(rows.map((r) => r.join(',')).join('\n') + '\n'), t.values];
    case 1:
      return ['t.tsv', text(rows.map((r) => r.join('\t')).join('\r\n') + '\r\n\r\n'), t.values];
    case 2:
      return [
        't.csv',
        text([rows[0].map((_, j) => `dim${j}`).join(','), ...rows.map((r) => r.join(','))].join('\n')),
        t.values,
      ];
    case 3:
      return [
        't.csv',
        text(
          [
            'position \\ dimension,' + rows[0].map((_, j) => j).join(','),
            ...rows.map((r, p) => `${p},${r.join(',')}`),
          ].join('\n'),
        ),
        t.values,
      ];
    case 4:
      return ['t.json', text(JSON.stringify(rows)), t.values];
    case 5:
      return ['t.json', text(JSON.stringify({ data: t.values, shape: [t.rows, t.cols] })), t.values];
    case 6:
      return finiteF32 ? ['t.npy', npy(t, '<f4', false), f32] : ['t.npy', npy(t, '<f8', false), t.values];
    case 7:
      return ['t.npy', npy(t, '>f8', true), t.values];
    case 8:
      return finiteF32 ? ['t.npy', npy(t, '>f4', true), f32] : ['t.npy', npy(t, '<f8', true), t.values];
    default:
      return ['t.safetensors', safetensors(t), t.values];
  }
}

const FORMATS = 10;

/** What a reader made of the bytes: the table (or the suggested tensor's), or its refusal. */
function inMemory(name: string, bytes: Uint8Array): ParsedTable | string {
  try {
    const source = readTableFile(name, bytes, LIMITS);
    return source.kind === 'table' ? source.table : source.read(source.suggested);
  } catch (error) {
    if (!(error instanceof TableFileError)) throw error;
    return `refused: ${error.message}`;
  }
}

async function inPieces(name: string, bytes: Uint8Array): Promise<ParsedTable | string> {
  try {
    const source = await readTableBlob(name, new Blob([bytes as Uint8Array<ArrayBuffer>]), LIMITS);
    return source.kind === 'table' ? source.table : await source.read(source.suggested);
  } catch (error) {
    if (!(error instanceof TableFileError)) throw error;
    return `refused: ${error.message}`;
  }
}

const summary = (t: ParsedTable | string) =>
  typeof t === 'string' ? t : `${t.positions} × ${t.dModel}: ${Array.from(t.data).join(',')}`;

describe('the table readers', () => {
  test('a table written in any format reads back as its numbers, in memory and in pieces', async () => {
    await fc.assert(
      fc.asyncProperty(table, fc.integer({ min: 0, max: FORMATS - 1 }), async (t, format) => {
        const [name, bytes, values] = written(t, format);
        const got = inMemory(name, bytes);
        if (typeof got === 'string') expect.fail(`format ${format}: ${got}`);
        expect([got.positions, got.dModel], `format ${format}`).toEqual([t.rows, t.cols]);
        expect(Array.from(got.data), `format ${format}`).toEqual(values);
        expect(summary(await inPieces(name, bytes))).toBe(summary(got));
      }),
      runs(150),
    );
  });

  const hostileCell = fc.constantFrom(
    'nan',
    'NaN',
    '-inf',
    'Infinity',
    '1e999',
    '-1e400',
    '',
    'x',
    '"',
    '0x10',
    '1,5',
    '[',
  );
  type Corruption =
    | { kind: 'cut'; at: number }
    | { kind: 'splice'; at: number; bytes: Uint8Array }
    | { kind: 'cell'; cell: string; at: number }
    | { kind: 'nest'; depth: number };
  const corruption: fc.Arbitrary<Corruption> = fc.oneof(
    fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
    fc.record({
      kind: fc.constant('splice' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 12 }),
    }),
    fc.record({ kind: fc.constant('cell' as const), cell: hostileCell, at: fc.nat() }),
    fc.record({ kind: fc.constant('nest' as const), depth: fc.integer({ min: 1, max: 20_000 }) }),
  );

  /** The bytes corrupted as `c` says. */
  function corrupt(name: string, bytes: Uint8Array, c: Corruption): [string, Uint8Array] {
    if (c.kind === 'cut') return [name, bytes.subarray(0, Math.floor(c.at * bytes.length))];
    if (c.kind === 'splice') {
      const at = Math.floor(c.at * bytes.length);
      const out = new Uint8Array(bytes.length + c.bytes.length);
      out.set(bytes.subarray(0, at));
      out.set(c.bytes, at);
      out.set(bytes.subarray(at), at + c.bytes.length);
      return [name, out];
    }
    const source = new TextDecoder().decode(bytes);
    if (c.kind === 'nest') return ['t.json', text('['.repeat(c.depth) + source + ']'.repeat(c.depth))];
    // Replace the at-th number of the text by the hostile cell.
    const numbers = [...source.matchAll(/-?\d+(\.\d+)?(e[-+]?\d+)?/gi)];
    if (numbers.length === 0) return [name, bytes];
    const m = numbers[c.at % numbers.length];
    return [name, text(source.slice(0, m.index) + c.cell + source.slice(m.index! + m[0].length))];
  }

  test('a corrupted file is a table of finite numbers or a one-line refusal, the same in both readers', async () => {
    const good = written({ rows: 2, cols: 2, values: [0, 1, 0.5, -2] }, 0);
    await fc.assert(
      fc.asyncProperty(table, fc.integer({ min: 0, max: FORMATS - 1 }), corruption, async (t, format, c) => {
        const [file, original] = written(t, format);
        const [name, bytes] = corrupt(file, original, c);
        const got = inMemory(name, bytes);
        if (typeof got === 'string') {
          expect(got, 'one line naming the file').toMatch(/^refused: (t\.\w+|tensor "table")[ :][^\n]*$/);
        } else {
          expect(got.data.length).toBe(got.positions * got.dModel);
          expect(Array.from(got.data).every(Number.isFinite), 'finite values').toBe(true);
        }
        expect(summary(await inPieces(name, bytes))).toBe(summary(got));
        // A good file still reads.
        expect(summary(inMemory(good[0], good[1]))).toBe('2 × 2: 0,1,0.5,-2');
      }),
      runs(300),
    );
  });
});
