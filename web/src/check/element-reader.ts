// Reads n floating-point elements out of a file's bytes into float64, in
// either byte order; 16-bit floats through half-floats.ts.
import { bfloat16Value, float16Value } from './half-floats.js';

export type FloatKind = 'float16' | 'bfloat16' | 'float32' | 'float64';

export const BYTES: Record<FloatKind, number> = { float16: 2, bfloat16: 2, float32: 4, float64: 8 };

/** `count` elements of `kind` from `bytes` at `offset` (which the caller has checked are there). */
export function readFloats(
  bytes: Uint8Array,
  offset: number,
  count: number,
  kind: FloatKind,
  littleEndian: boolean,
): Float64Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, count * BYTES[kind]);
  const out = new Float64Array(count);
  switch (kind) {
    case 'float64':
      for (let i = 0; i < count; i++) out[i] = view.getFloat64(8 * i, littleEndian);
      break;
    case 'float32':
      for (let i = 0; i < count; i++) out[i] = view.getFloat32(4 * i, littleEndian);
      break;
    case 'float16':
      for (let i = 0; i < count; i++) out[i] = float16Value(view.getUint16(2 * i, littleEndian));
      break;
    case 'bfloat16':
      for (let i = 0; i < count; i++) out[i] = bfloat16Value(view.getUint16(2 * i, littleEndian));
      break;
  }
  return out;
}

/** A column-major (Fortran order) rows × cols matrix laid out row-major. */
export function transposeToRowMajor(columnMajor: Float64Array, rows: number, cols: number): Float64Array {
  const out = new Float64Array(columnMajor.length);
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) out[r * cols + c] = columnMajor[c * rows + r];
  }
  return out;
}
