// Float32 values as the bytes of a stored type, little-endian: float32 as
// they are, float16 and bfloat16 rounded to nearest, ties to even, as
// PyTorch's `tensor.to(dtype)` and numpy's `astype` round a float32 tensor.

export type StoredType = 'float32' | 'float16' | 'bfloat16';
export const STORED_TYPES: readonly StoredType[] = ['float32', 'float16', 'bfloat16'];
export const STORED_BYTES: Record<StoredType, number> = { float32: 4, float16: 2, bfloat16: 2 };

const scratch = new DataView(new ArrayBuffer(4));

/** x rounded to an integer, ties to even. */
function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const rest = x - floor;
  if (rest !== 0.5) return rest < 0.5 ? floor : floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** The IEEE 754 binary16 bits nearest x (ties to even; overflow to infinity). */
export function float16Bits(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  // 65520 is halfway between the largest half, 65504, and 2^16: ties to even go up.
  if (a >= 65520) return sign | 0x7c00;
  // Subnormals (and zero) are multiples of 2^-24; 1024 of them is the smallest normal, 0x0400.
  if (a < 2 ** -14) return sign | roundHalfEven(a * 2 ** 24);
  let exponent = Math.floor(Math.log2(a));
  if (2 ** exponent > a) exponent--;
  else if (2 ** (exponent + 1) <= a) exponent++;
  let mantissa = roundHalfEven((a / 2 ** exponent - 1) * 1024);
  if (mantissa === 1024) {
    mantissa = 0;
    exponent++;
  }
  return sign | ((exponent + 15) << 10) | mantissa;
}

/** The bfloat16 bits nearest the float32 x (ties to even): the top half of its bits, rounded. */
export function bfloat16Bits(x: number): number {
  scratch.setFloat32(0, x);
  const bits = scratch.getUint32(0);
  if (Number.isNaN(x)) return (bits >>> 16) | 0x0040;
  return ((bits + 0x7fff + ((bits >>> 16) & 1)) >>> 16) & 0xffff;
}

/** `values` (float32) as little-endian bytes of `type`. */
export function storedBytes(values: Float32Array, type: StoredType): Uint8Array {
  if (type === 'float32') {
    const out = new Uint8Array(values.length * 4);
    const view = new DataView(out.buffer);
    for (let i = 0; i < values.length; i++) view.setFloat32(4 * i, values[i], true);
    return out;
  }
  const bits = type === 'float16' ? float16Bits : bfloat16Bits;
  const out = new Uint8Array(values.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setUint16(2 * i, bits(values[i]), true);
  return out;
}
