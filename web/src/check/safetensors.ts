// The .safetensors format (huggingface/safetensors, docs/source/index.mdx
// "Format"): 8 bytes, a little-endian unsigned 64-bit header size N; N bytes
// of JSON, {"name": {"dtype": "F32", "shape": [n, d], "data_offsets": [begin, end]},
// "__metadata__": {...}}; then the data, little-endian, offsets counted from
// the end of the header.
import { readFloats, BYTES, type FloatKind } from './element-reader.js';
import { checkValueCount, showShape, tableShape, TableFileError, type ParsedTable } from './table-file.js';

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

/** The tensors a .safetensors file lists, in its header's order. */
export function readSafetensorsIndex(bytes: Uint8Array, what: string): SafetensorsIndex {
  if (bytes.length < 8)
    throw new TableFileError(`${what} is truncated: ${bytes.length} bytes, shorter than the 8-byte header size`);
  const size = new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
  if (size > BigInt(MAX_HEADER_BYTES))
    throw new TableFileError(`${what} says its header has ${size} bytes; .safetensors headers are at most 100 MB`);
  const headerBytes = Number(size);
  if (8 + headerBytes > bytes.length) {
    throw new TableFileError(
      `${what} is truncated: its header says ${headerBytes} bytes but the file ends after ${bytes.length - 8}`,
    );
  }
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
  return { tensors, dataOffset: 8 + headerBytes };
}

/** Tensor `tensorName` of a .safetensors file as a table. */
export function parseSafetensors(bytes: Uint8Array, fileName: string, tensorName: string): ParsedTable {
  const { tensors, dataOffset } = readSafetensorsIndex(bytes, fileName);
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
  const need = count * BYTES[kind];
  if (tensor.end - tensor.begin !== need) {
    throw new TableFileError(
      `${what}: shape ${showShape(tensor.shape)} of ${tensor.dtype} needs ${need} bytes, its data_offsets span ${tensor.end - tensor.begin}`,
    );
  }
  if (dataOffset + tensor.end > bytes.length) {
    throw new TableFileError(
      `${fileName} is truncated: ${what} ends at byte ${dataOffset + tensor.end}, the file at ${bytes.length}`,
    );
  }
  const data = readFloats(bytes, dataOffset + tensor.begin, count, kind, true);
  return { data, positions, dModel, name: `${fileName}: ${tensor.name}`, dtype: kind };
}
