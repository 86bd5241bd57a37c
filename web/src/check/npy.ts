// NumPy's .npy format (numpy.lib.format, versions 1.0, 2.0 and 3.0): the
// magic "\x93NUMPY", a version, the header's length (2 bytes little-endian in
// 1.0, 4 in 2.0 and 3.0), a Python dict literal
// {'descr': '<f4', 'fortran_order': False, 'shape': (4, 8), } and the raw data.
import { readFloats, transposeToRowMajor, BYTES, type FloatKind } from './element-reader.js';
import {
  checkShape,
  checkValueCount,
  FILE_LIMITS,
  MAX_VALUES,
  showShape,
  tableShape,
  TableFileError,
  type ParsedTable,
  type ShapeLimits,
} from './table-file.js';

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

const KINDS: Record<string, FloatKind> = { f2: 'float16', f4: 'float32', f8: 'float64' };

/** numpy's names for the dtypes people export by mistake, so the refusal names what the file holds. */
const NAMES: Record<string, string> = {
  b1: 'bool',
  i1: 'int8',
  i2: 'int16',
  i4: 'int32',
  i8: 'int64',
  u1: 'uint8',
  u2: 'uint16',
  u4: 'uint32',
  u8: 'uint64',
  f16: 'float128',
  c8: 'complex64',
  c16: 'complex128',
  O: 'object',
  U: 'str',
  S: 'bytes',
  V: 'void',
};

/** A longer header is refused (numpy writes ~128 bytes; it reads at most 10,000 by default). */
export const MAX_HEADER_BYTES = 2 ** 20;

export interface NpyHeader {
  descr: string;
  fortranOrder: boolean;
  shape: number[];
  /** Where the data starts. */
  dataOffset: number;
}

export function isNpy(bytes: Uint8Array): boolean {
  return MAGIC.every((b, i) => bytes[i] === b);
}

/** The header of a .npy file; throws a TableFileError naming what is wrong with it. */
export function readNpyHeader(bytes: Uint8Array, what = 'the .npy file'): NpyHeader {
  if (!isNpy(bytes)) throw new TableFileError(`${what} does not start with the .npy magic "\\x93NUMPY"`);
  if (bytes.length < 10) throw new TableFileError(`${what} is truncated: it ends inside the header`);
  const major = bytes[6];
  if (major < 1 || major > 3)
    throw new TableFileError(`${what} has .npy format version ${major}.${bytes[7]}; versions 1 to 3 are read`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lengthBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lengthBytes) throw new TableFileError(`${what} is truncated: it ends inside the header`);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = 8 + lengthBytes;
  if (headerLength > MAX_HEADER_BYTES)
    throw new TableFileError(
      `${what} says its header has ${headerLength.toLocaleString('en')} bytes; numpy writes a few hundred (the page reads up to ${MAX_HEADER_BYTES.toLocaleString('en')})`,
    );
  if (start + headerLength > bytes.length) {
    throw new TableFileError(
      `${what} is truncated: its header says ${headerLength} bytes but the file ends after ${bytes.length - start}`,
    );
  }
  const text = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(bytes.subarray(start, start + headerLength));
  return { ...parseHeaderDict(text, what), dataOffset: start + headerLength };
}

/** The three keys of the header's dict literal (the only ones numpy writes). */
function parseHeaderDict(text: string, what: string): Omit<NpyHeader, 'dataOffset'> {
  // numpy writes "{...}", padded with spaces and a newline; anything else is not its header.
  const dict = text.trim();
  if (!dict.startsWith('{') || !dict.endsWith('}'))
    throw new TableFileError(
      `${what} has a malformed header (not a dict literal {…}: ${dict.startsWith('{') ? 'no closing brace' : 'no opening brace'}): ${dict.slice(0, 80)}`,
    );
  const descr = /['"]descr['"]\s*:\s*(['"])([^'"]*)\1/.exec(text);
  const fortran = /['"]fortran_order['"]\s*:\s*(True|False)/.exec(text);
  const shape = /['"]shape['"]\s*:\s*\(([^)]*)\)/.exec(text);
  if (/['"]descr['"]\s*:\s*\[/.test(text))
    throw new TableFileError(`${what} holds a structured array (fields); need one float array`);
  if (!descr || !fortran || !shape)
    throw new TableFileError(
      `${what} has a malformed header (need 'descr', 'fortran_order' and 'shape'): ${text.trim().slice(0, 80)}`,
    );
  const dims = shape[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!dims.every((d) => /^\d+L?$/.test(d)))
    throw new TableFileError(`${what} has a malformed shape (${shape[1].trim()})`);
  const sizes = dims.map((d) => Number.parseInt(d, 10));
  const huge = dims.find((_, i) => !Number.isSafeInteger(sizes[i]));
  if (huge !== undefined)
    throw new TableFileError(
      `${what} has a shape too large: a dimension of ${huge.replace(/L$/, '').length} digits (the limit is ${MAX_VALUES.toLocaleString('en')} values)`,
    );
  return { descr: descr[2], fortranOrder: fortran[1] === 'True', shape: sizes };
}

/** Where a .npy file's data is and how to read it. */
export interface NpyLayout {
  kind: FloatKind;
  littleEndian: boolean;
  fortranOrder: boolean;
  shape: number[];
  count: number;
  positions: number;
  dModel: number;
  dataOffset: number;
  /** Bytes of data the shape needs. */
  need: number;
}

/** The layout the header describes, refused when it is no table of floats or past `limits`. */
export function npyLayout(header: NpyHeader, what: string, limits: ShapeLimits): NpyLayout {
  const order = header.descr[0];
  const code = header.descr.slice(1);
  const kind = KINDS[code];
  if (!kind || !'<>=|'.includes(order)) {
    const dtype = NAMES[code] ?? NAMES[code.replace(/\d+$/, '')] ?? header.descr;
    throw new TableFileError(`${what} holds dtype ${dtype} ('${header.descr}'); need float16, float32 or float64`);
  }
  const count = header.shape.reduce((a, b) => a * b, 1);
  checkValueCount(count, what);
  const { positions, dModel } = tableShape(header.shape, what);
  checkShape(positions, dModel, what, limits, `shape ${showShape(header.shape)}`);
  return {
    kind,
    // '=' is the writer's native order, which numpy spells out as '<' on every machine it runs on in practice.
    littleEndian: order !== '>',
    fortranOrder: header.fortranOrder,
    shape: header.shape,
    count,
    positions,
    dModel,
    dataOffset: header.dataOffset,
    need: count * BYTES[kind],
  };
}

/** Throws unless the file holds exactly the data the layout needs (`have` bytes after the header). */
export function checkNpyData(layout: NpyLayout, have: number, what: string): void {
  const { need, kind, shape } = layout;
  if (have < need) {
    throw new TableFileError(
      `${what} is truncated: shape ${showShape(shape)} of ${kind} needs ${need} data bytes, the file has ${have}`,
    );
  }
  if (have > need) {
    throw new TableFileError(
      `${what} has ${have - need} bytes after its data: shape ${showShape(shape)} of ${kind} needs ${need} data bytes, the file has ${have}`,
    );
  }
}

/** The table from the data bytes (`data` starts at the data). */
export function npyTable(layout: NpyLayout, data: Uint8Array, name: string): ParsedTable {
  const { positions, dModel, kind } = layout;
  const values = readFloats(data, 0, layout.count, kind, layout.littleEndian);
  const table =
    layout.fortranOrder && positions > 1 && dModel > 1 ? transposeToRowMajor(values, positions, dModel) : values;
  return { data: table, positions, dModel, name, dtype: kind };
}

/** A float16, float32 or float64 .npy file of 1 or 2 dimensions (size-1 axes aside), as a table. */
export function parseNpy(bytes: Uint8Array, name: string, limits: ShapeLimits = FILE_LIMITS): ParsedTable {
  const layout = npyLayout(readNpyHeader(bytes, name), name, limits);
  checkNpyData(layout, bytes.length - layout.dataOffset, name);
  return npyTable(layout, bytes.subarray(layout.dataOffset), name);
}
