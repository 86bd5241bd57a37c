// The .safetensors format (huggingface/safetensors, docs/source/index.mdx
// "Format"): 8 bytes, a little-endian unsigned 64-bit header size N; N bytes
// of JSON, {"name": {"dtype": "F32", "shape": [n, d], "data_offsets": [begin, end]},
// "__metadata__": {...}}; then the data, little-endian, offsets counted from
// the end of the header.
import { readFloats, BYTES, type FloatKind } from './element-reader.js';
import {
  checkShape,
  checkValueCount,
  FILE_LIMITS,
  showShape,
  tableShape,
  TableFileError,
  type ParsedTable,
  type ShapeLimits,
} from './table-file.js';

const KINDS: Record<string, FloatKind> = { F16: 'float16', BF16: 'bfloat16', F32: 'float32', F64: 'float64' };

/** The format caps the header at 100 MB (safetensors' MAX_HEADER_SIZE). */
const MAX_HEADER_BYTES = 100_000_000;

export interface TensorEntry {
  name: string;
  dtype: string;
  shape: number[];
  /** Byte offsets of its data from the end of the header. */
  begin: number;
  end: number;
}

export interface SafetensorsIndex {
  tensors: TensorEntry[];
  /** Where the data starts (8 + N). */
  dataOffset: number;
}

/** The header's size: the first 8 bytes, little-endian (at most MAX_HEADER_BYTES). */
export function safetensorsHeaderBytes(bytes: Uint8Array, what: string, fileBytes = bytes.length): number {
  if (fileBytes < 8)
    throw new TableFileError(`${what} is truncated: ${fileBytes} bytes, shorter than the 8-byte header size`);
  const size = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
  if (size > BigInt(MAX_HEADER_BYTES))
    throw new TableFileError(`${what} says its header has ${size} bytes; .safetensors headers are at most 100 MB`);
  const headerBytes = Number(size);
  if (8 + headerBytes > fileBytes) {
    throw new TableFileError(
      `${what} is truncated: its header says ${headerBytes} bytes but the file ends after ${fileBytes - 8}`,
    );
  }
  return headerBytes;
}

/**
 * The tensors a .safetensors file lists, in its header's order; `bytes` holds
 * at least the file's first 8 + N bytes, `fileBytes` is the file's size.
 */
export function readSafetensorsIndex(bytes: Uint8Array, what: string, fileBytes = bytes.length): SafetensorsIndex {
  const headerBytes = safetensorsHeaderBytes(bytes, what, fileBytes);
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(8, 8 + headerBytes)));
  } catch (error) {
    throw new TableFileError(`${what} has a header that is not JSON (${(error as Error).message})`);
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header))
    throw new TableFileError(`${what} has a header that is not a JSON object`);
  const tensors: TensorEntry[] = [];
  for (const [name, entry] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    const e = entry as { dtype?: unknown; shape?: unknown; data_offsets?: unknown };
    const ints = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isSafeInteger(n) && n >= 0);
    if (typeof e?.dtype !== 'string' || !ints(e.shape) || !ints(e.data_offsets) || e.data_offsets.length !== 2) {
      throw new TableFileError(`${what}: the header entry for tensor "${name}" needs dtype, shape and data_offsets`);
    }
    tensors.push({ name, dtype: e.dtype, shape: e.shape, begin: e.data_offsets[0], end: e.data_offsets[1] });
  }
  if (tensors.length === 0) throw new TableFileError(`${what} holds no tensors`);
  checkTiling(tensors, fileBytes - 8 - headerBytes, what);
  return { tensors, dataOffset: 8 + headerBytes };
}

/**
 * The format's rule (safetensors' validate): the tensors' byte ranges, in
 * order, cover the data exactly, with no overlap and no hole; two tensors
 * sharing bytes, or bytes no tensor owns, mean the header is not what wrote
 * the file.
 */
function checkTiling(tensors: readonly TensorEntry[], dataBytes: number, what: string): void {
  const byStart = [...tensors].sort((a, b) => a.begin - b.begin || a.end - b.end);
  let at = 0;
  for (const t of byStart) {
    if (t.end < t.begin)
      throw new TableFileError(
        `${what}: tensor "${t.name}" has data_offsets [${t.begin}, ${t.end}], ending before it begins`,
      );
    if (t.begin < at) {
      const other = byStart.find((u) => u !== t && u.begin <= t.begin && u.end > t.begin)!;
      throw new TableFileError(
        `${what}: tensors "${other.name}" and "${t.name}" overlap (data_offsets [${other.begin}, ${other.end}] and [${t.begin}, ${t.end}])`,
      );
    }
    if (t.begin > at)
      throw new TableFileError(
        `${what}: no tensor holds data bytes ${at} to ${t.begin} (a hole before tensor "${t.name}")`,
      );
    at = t.end;
  }
  if (at > dataBytes)
    throw new TableFileError(`${what} is truncated: its tensors end at data byte ${at}, the file has ${dataBytes}`);
  if (at < dataBytes) throw new TableFileError(`${what} has ${dataBytes - at} bytes after its last tensor's data`);
}

/** The tensor named `tensorName`, checked to be a table of floats within `limits`; its data's place in the file. */
export function safetensorsLayout(
  index: SafetensorsIndex,
  fileName: string,
  tensorName: string,
  limits: ShapeLimits,
): {
  tensor: TensorEntry;
  kind: FloatKind;
  count: number;
  positions: number;
  dModel: number;
  from: number;
  to: number;
} {
  const { tensors, dataOffset } = index;
  const tensor = tensors.find((t) => t.name === tensorName);
  if (!tensor)
    throw new TableFileError(
      `${fileName} has no tensor "${tensorName}" (it has ${tensors.map((t) => `"${t.name}"`).join(', ')})`,
    );
  const what = `tensor "${tensor.name}"`;
  const kind = KINDS[tensor.dtype];
  if (!kind) throw new TableFileError(`${what} has dtype ${tensor.dtype}; need F16, BF16, F32 or F64`);
  const count = tensor.shape.reduce((a, b) => a * b, 1);
  checkValueCount(count, what);
  const { positions, dModel } = tableShape(tensor.shape, what);
  checkShape(positions, dModel, what, limits, `shape ${showShape(tensor.shape)}`);
  const need = count * BYTES[kind];
  if (tensor.end - tensor.begin !== need) {
    throw new TableFileError(
      `${what}: shape ${showShape(tensor.shape)} of ${tensor.dtype} needs ${need} bytes, its data_offsets span ${tensor.end - tensor.begin}`,
    );
  }
  return { tensor, kind, count, positions, dModel, from: dataOffset + tensor.begin, to: dataOffset + tensor.end };
}

/** Tensor `tensorName` of a .safetensors file as a table. */
export function parseSafetensors(
  bytes: Uint8Array,
  fileName: string,
  tensorName: string,
  limits: ShapeLimits = FILE_LIMITS,
): ParsedTable {
  const layout = safetensorsLayout(readSafetensorsIndex(bytes, fileName), fileName, tensorName, limits);
  return safetensorsTable(layout, bytes.subarray(layout.from, layout.to), fileName);
}

/** The table from the tensor's data bytes. */
export function safetensorsTable(
  layout: ReturnType<typeof safetensorsLayout>,
  data: Uint8Array,
  fileName: string,
): ParsedTable {
  const values = readFloats(data, 0, layout.count, layout.kind, true);
  return {
    data: values,
    positions: layout.positions,
    dModel: layout.dModel,
    name: `${fileName}: ${layout.tensor.name}`,
    dtype: layout.kind,
  };
}
