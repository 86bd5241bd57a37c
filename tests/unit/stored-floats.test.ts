// The CLI's float16 and bfloat16 rounding (web/src/cli/stored-floats.ts):
// float16 against numpy's astype(float16), bfloat16 against the definition
// (the nearer of the two bfloat16 numbers around the value, ties to the even
// one), on values built to hit every case: ties, subnormals, overflow, ±0, NaN.
import { describe, expect, test } from 'vitest';
import { bfloat16Bits, float16Bits } from '../../web/src/cli/stored-floats.js';
import { bfloat16Value, float16Value } from '../../web/src/check/half-floats.js';
import { python } from './cli-support.js';

const view = new DataView(new ArrayBuffer(4));
const fromBits = (bits: number) => (view.setUint32(0, bits >>> 0), view.getFloat32(0));
const bitsOf = (x: number) => (view.setFloat32(0, x), view.getUint32(0));

/** float32 values: random bit patterns, every half-way point of float16 and bfloat16 in a few binades, and edges. */
function values(): Float32Array {
  const out: number[] = [
    0,
    -0,
    1,
    -1,
    65504,
    65519.99,
    65520,
    65536,
    1e9,
    -1e9,
    2 ** -24,
    2 ** -25,
    3 * 2 ** -26,
    2 ** -14,
    2 ** -15,
    6e-8,
    1e-45,
    3.4e38,
  ];
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0);
  for (let k = 0; k < 20000; k++) out.push(fromBits(next()));
  for (const e of [-30, -20, -15, -14, -10, -1, 0, 5, 15]) {
    for (let m = 0; m < 64; m++) {
      const base = 2 ** e * (1 + m / 64);
      out.push(base + 2 ** (e - 11), base + 2 ** (e - 8), -(base + 2 ** (e - 11)), base + 2 ** (e - 8) + 2 ** (e - 20));
    }
  }
  return Float32Array.from(out.filter((x) => !Number.isNaN(x)));
}

describe('stored-floats', () => {
  test("float16Bits equals numpy's astype(float16) on 20 000 random float32 values, ties, subnormals and overflow", () => {
    const v = values();
    const bits = Array.from(v, float16Bits);
    const hex = Buffer.from(v.buffer).toString('hex');
    const numpy = python(
      "import sys, numpy as np\nv = np.frombuffer(bytes.fromhex(sys.stdin.read()), '<f4')\nprint(' '.join(map(str, v.astype(np.float16).view(np.uint16).tolist())))",
      hex,
    )
      .trim()
      .split(' ')
      .map(Number);
    const differ = bits.map((b, i) => [i, b, numpy[i]]).filter(([, b, n]) => b !== n);
    expect(differ.slice(0, 5).map(([i, b, n]) => `${v[i]}: ${b} vs numpy ${n}`)).toEqual([]);
    expect(bits.length).toBe(numpy.length);
  });

  test('bfloat16Bits is the nearer bfloat16 neighbour, ties to the even one, infinity past the largest', () => {
    let ties = 0;
    for (const x of values()) {
      const b = bfloat16Value(bfloat16Bits(x));
      const down = fromBits(bitsOf(x) & 0xffff0000); // toward zero
      const up = fromBits((bitsOf(x) & 0xffff0000) + 0x10000); // away from zero (to infinity past the largest)
      // Rounding treats infinity as the number 2^128 would be with an unbounded exponent.
      const upNumber = Number.isFinite(up) ? up : Math.sign(up) * 2 ** 128;
      const [dDown, dUp] = [Math.abs(x - down), Math.abs(x - upNumber)];
      const even = ((bitsOf(down) >>> 16) & 1) === 0 ? down : up;
      const want = dDown < dUp ? down : dUp < dDown ? up : even;
      if (dDown === dUp && down !== up) ties++;
      expect(Object.is(b, want) || b === want, `${x}`).toBe(true);
    }
    expect(ties).toBeGreaterThan(500);
  });

  test('NaN stays NaN; -0 keeps its sign', () => {
    expect(float16Value(float16Bits(NaN))).toBeNaN();
    expect(bfloat16Value(bfloat16Bits(NaN))).toBeNaN();
    expect(Object.is(float16Value(float16Bits(-0)), -0)).toBe(true);
    expect(Object.is(bfloat16Value(bfloat16Bits(-0)), -0)).toBe(true);
  });
});
