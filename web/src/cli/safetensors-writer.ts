// Writes a .safetensors file (huggingface/safetensors, docs "Format"): an
// 8-byte little-endian header size N, N bytes of JSON naming each tensor's
// dtype, shape and data offsets (padded with spaces to a multiple of 8, as
// the safetensors library pads it), then the tensors' data, little-endian.
import { storedBytes, type StoredType } from './stored-floats.js';

const DTYPE: Record<StoredType, string> = { float32: 'F32', float16: 'F16', bfloat16: 'BF16' };

export interface TensorToWrite {
  name: string;
  values: Float32Array;
  shape: readonly number[];
  type: StoredType;
}

/** A .safetensors file holding `tensors` in order, with string `metadata`. */
export function safetensorsBytes(tensors: readonly TensorToWrite[], metadata: Record<string, string> = {}): Uint8Array {
  const header: Record<string, unknown> = {};
  if (Object.keys(metadata).length) header.__metadata__ = metadata;
  const data: Uint8Array[] = [];
  let offset = 0;
  for (const t of tensors) {
    if (t.name === '__metadata__' || t.name in header) throw new RangeError(`tensor name '${t.name}' is taken`);
    if (t.shape.reduce((a, b) => a * b, 1) !== t.values.length)
      throw new RangeError(`tensor '${t.name}': shape ${t.shape.join(' × ')} does not hold ${t.values.length} values`);
    const bytes = storedBytes(t.values, t.type);
    header[t.name] = { dtype: DTYPE[t.type], shape: [...t.shape], data_offsets: [offset, offset + bytes.length] };
    data.push(bytes);
    offset += bytes.length;
  }
  let json = JSON.stringify(header);
  const utf8 = new TextEncoder();
  let headerBytes = utf8.encode(json);
  json += ' '.repeat((8 - (headerBytes.length % 8)) % 8);
  headerBytes = utf8.encode(json);
  const out = new Uint8Array(8 + headerBytes.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(headerBytes.length), true);
  out.set(headerBytes, 8);
  let at = 8 + headerBytes.length;
  for (const bytes of data) {
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}
