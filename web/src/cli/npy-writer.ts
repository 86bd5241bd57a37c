// Writes a .npy file (numpy's format, NEP 1 / numpy.lib.format, version
// 1.0): the magic "\x93NUMPY", the version bytes 1 0, a little-endian uint16
// header length, the header (a Python dict literal padded with spaces and a
// newline so the data starts on a multiple of 64 bytes), then the data,
// C order, little-endian.
import { storedBytes, type StoredType } from './stored-floats.js';

const DESCR: Record<Exclude<StoredType, 'bfloat16'>, string> = { float32: '<f4', float16: '<f2' };

/** A .npy file holding `values` of shape `shape`; numpy has no bfloat16 type, so it is refused (use .safetensors). */
export function npyBytes(values: Float32Array, shape: readonly number[], type: StoredType): Uint8Array {
  if (type === 'bfloat16') throw new RangeError('numpy has no bfloat16 type: write bfloat16 to a .safetensors file');
  if (shape.reduce((a, b) => a * b, 1) !== values.length)
    throw new RangeError(`shape ${shape.join(' × ')} does not hold ${values.length} values`);
  const dims = shape.length === 1 ? `${shape[0]},` : shape.join(', ');
  const dict = `{'descr': '${DESCR[type]}', 'fortran_order': False, 'shape': (${dims}), }`;
  const unpadded = 10 + dict.length + 1;
  const header = dict + ' '.repeat((64 - (unpadded % 64)) % 64) + '\n';
  const data = storedBytes(values, type);
  const out = new Uint8Array(10 + header.length + data.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  new DataView(out.buffer).setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  out.set(data, 10 + header.length);
  return out;
}
