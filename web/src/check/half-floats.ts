// 16-bit floats, which DataView cannot read: IEEE half (float16, numpy's
// '<f2', safetensors' F16) and bfloat16 (the top half of a float32, BF16).

const scratch = new DataView(new ArrayBuffer(4));

/** The IEEE 754 binary16 value of the bits `h`. */
export function float16Value(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24; // zero and subnormals
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/** The bfloat16 value of the bits `h`: those bits followed by 16 zero bits, as a float32. */
export function bfloat16Value(h: number): number {
  scratch.setUint32(0, (h & 0xffff) << 16);
  return scratch.getFloat32(0);
}
