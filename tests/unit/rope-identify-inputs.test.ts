// ph.identifyRope's inputs: what it refuses (issue 32: every missing option a
// TypeError, every bad value a RangeError naming it, nothing ignored) and
// q/k rows before and after the rotation, made by ph.rope in every pairing and
// output layout (DeepSeek-V3's adjacent in, half out among them).
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { runs } from './properties/support.js';
import { createPhasor, type Pairing, type Phasor } from '../../web/src/core/index.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

/** An exact float32 cache (cat(freqs, freqs)) of n positions at width w, theta 1e4 (w_i = 1e4^(-2i/w)). */
function cache(n: number, w: number) {
  const cos = new Float32Array(n * w);
  const sin = new Float32Array(n * w);
  for (let p = 0; p < n; p++)
    for (let col = 0; col < w; col++) {
      const omega = 10000 ** ((-2 * (col % (w / 2))) / w);
      cos[p * w + col] = Math.cos(p * omega);
      sin[p * w + col] = Math.sin(p * omega);
    }
  return { cos, sin };
}

const refused = (options: object, type: typeof TypeError | typeof RangeError, pattern: RegExp) => {
  expect(() => ph.identifyRope(options as never)).toThrow(type);
  expect(() => ph.identifyRope(options as never)).toThrow(pattern);
};

describe('identifyRope refuses what it cannot read, naming the option', () => {
  const { cos, sin } = cache(16, 8);

  test('a cache without width or positions is a TypeError, as any missing option', () => {
    refused({ cos, sin }, TypeError, /^phasor\.identifyRope: option 'width' or 'positions' is required/);
  });

  test('cos without sin, sin without cos, nothing at all: TypeError naming what is missing', () => {
    refused({ cos, width: 8 }, TypeError, /option 'sin' is required/);
    refused({ sin, width: 8 }, TypeError, /option 'cos' is required/);
    refused({}, TypeError, /option 'invFreq', or 'cos' and 'sin', or 'rotated' is required/);
  });

  test('headDim: negative, subnormal, NaN, fractional or below the rotary width refused', () => {
    for (const headDim of [-1, 5e-324, NaN, 130.5, Infinity])
      refused({ cos, sin, width: 8, headDim }, RangeError, /^phasor\.identifyRope: headDim must be an integer/);
    refused(
      { cos, sin, width: 8, headDim: 6 },
      RangeError,
      /headDim must be at least the rotary width .* \(8\); got 6/,
    );
    refused({ cos, sin, width: 8, headDim: '128' }, TypeError, /headDim must be a number/);
    expect(ph.identifyRope({ cos, sin, width: 8, headDim: 32 }).candidates[0].partialRotaryFactor).toBe(0.25);
  });

  test('with invFreq, positions and width are refused, not ignored', () => {
    const invFreq = [1, 0.1, 0.01, 0.001];
    refused({ invFreq, positions: 'junk' }, TypeError, /option 'positions' does not apply with invFreq/);
    refused({ invFreq, width: -1 }, TypeError, /option 'width' does not apply with invFreq/);
    refused({ invFreq, cos }, TypeError, /option 'cos' does not apply with invFreq/);
  });

  test('NaN or infinite values are a RangeError naming the option and where', () => {
    refused(
      { cos: new Float32Array(128).fill(NaN), sin, width: 8 },
      RangeError,
      /cos must hold finite numbers; got NaN at row 0, column 0/,
    );
    const bad = sin.slice();
    bad[21] = Infinity;
    refused({ cos, sin: bad, width: 8 }, RangeError, /sin must hold finite numbers; got Infinity at row 2, column 5/);
    // 1e300 is no float32: read as float32 it is infinite, and refused as such.
    const huge = Float64Array.from(cos);
    huge[3] = 1e300;
    refused(
      { cos: huge, sin, width: 8 },
      RangeError,
      /cos must hold finite numbers; got Infinity at row 0, column 3 \(values are read as float32\)/,
    );
    refused({ invFreq: [1, NaN] }, RangeError, /invFreq must hold at least one finite frequency > 0/);
    refused(
      { cos, sin, positions: Array.from({ length: 16 }, (_, k) => (k === 4 ? NaN : k)) },
      RangeError,
      /positions\[4\]/,
    );
  });

  test('shapes that disagree: RangeError naming the option', () => {
    refused({ cos, sin: sin.subarray(0, 64), width: 8 }, RangeError, /cos and sin must hold the same number of values/);
    refused({ cos, sin, width: 7 }, RangeError, /width must be an integer ≥ 1 dividing cos\.length/);
    refused({ cos, sin, positions: [0, 1, 2] }, RangeError, /width must be an integer|positions/);
    refused(
      { cos, sin, width: 8, positions: [0, 1, 2] },
      RangeError,
      /positions\.length \(3\) must equal the number of rows/,
    );
    refused({ rotated: cos, original: new Float32Array(5), width: 8 }, RangeError, /original must hold one row/);
    refused({ rotated: new Float32Array(15), width: 5 }, RangeError, /width must be even for rotated rows/);
    refused({ rotated: cos, width: 8, cos }, TypeError, /option 'cos' does not apply with rotated/);
  });

  test('arrays that are not plain: TypeError', () => {
    class Sub extends Float32Array {}
    refused({ cos: new Sub(128), sin, width: 8 }, TypeError, /cos must be a plain/);
    refused({ cos: new Proxy(cos, {}), sin, width: 8 }, TypeError, /cos must be/);
  });

  test('hostile numbers anywhere in cos, sin, positions, rotated or original: the answer or a named RangeError', () => {
    const hostile = fc.constantFrom(NaN, Infinity, -Infinity, 1e300, -1e39, 5e-324, -0, 3.5e38, 2 ** 31, 2 ** 31 + 1);
    const key = fc.constantFrom('cos', 'sin', 'positions', 'rotated', 'original');
    fc.assert(
      fc.property(key, fc.nat(127), hostile, (where, at, value) => {
        const rotated = where === 'rotated' || where === 'original';
        const arrays: Record<string, Float32Array | Float64Array> = rotated
          ? { rotated: cos.slice(), original: sin.slice() }
          : { cos: cos.slice(), sin: sin.slice() };
        const positions = Float64Array.from({ length: 16 }, (_, k) => k);
        const target = where === 'positions' ? positions : arrays[where];
        target[at % target.length] = value;
        let r;
        try {
          r = ph.identifyRope({ ...arrays, positions });
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          expect((error as Error).message).toMatch(new RegExp(`^phasor\\.identifyRope: ${where}`));
          return;
        }
        // Accepted: a finite value that stays finite as float32, answered in full.
        expect(typeof r.match).toBe('boolean');
        expect(r.candidates.every((c) => c.deviation.length === c.positions.length)).toBe(true);
      }),
      runs(150),
    );
  });

  test('after every refusal a good call still answers', () => {
    const r = ph.identifyRope({ cos, sin, width: 8 });
    expect(r.match, r.message).toBe(true);
    expect(r.candidates[0].theta).toBe(10000);
  });
});

describe("identifyRope's schemes option: a caller's schemes (a config's layer types) always measured", () => {
  const { cos, sin } = cache(64, 8);

  test('each scheme of the input width gets a candidate naming its index; the one that made the cache matches', () => {
    const schemes = [
      { dim: 8, theta: 20000 },
      { dim: 8, theta: 10000 },
      { dim: 16, theta: 10000 },
    ];
    const r = ph.identifyRope({ cos, sin, width: 8, schemes });
    const of = (k: number) => r.candidates.find((c) => c.scheme === k);
    expect(of(1)?.match, r.message).toBe(true);
    expect(of(1)?.theta).toBe(10000);
    expect(of(0), 'measured though it fits worse than the fit').toBeDefined();
    expect(of(0)?.match).toBe(false);
    expect(of(0)?.worstRatio).toBeGreaterThan(1);
    expect(of(2), 'another rotary width is not measured').toBeUndefined();
    for (const c of r.candidates)
      if (c.scheme === undefined) expect(c.preset === undefined || typeof c.preset === 'string').toBe(true);
    const linear = ph.identifyRope({
      cos,
      sin,
      width: 8,
      schemes: [{ dim: 8, theta: 10000, scaling: { type: 'linear', factor: 2 } }],
    });
    expect(linear.candidates.find((c) => c.scheme === 0)?.match).toBe(false);
  });

  test('refusals name the scheme and its option', () => {
    refused({ cos, sin, width: 8, schemes: { dim: 8 } }, TypeError, /^phasor\.identifyRope: schemes must be an array/);
    refused(
      { cos, sin, width: 8, schemes: [{ dim: 8, theta: -5 }] },
      RangeError,
      /^phasor\.identifyRope: schemes\[0\]: theta must be/,
    );
    refused({ cos, sin, width: 8, schemes: [{ dim: 8 }, { dim: 8, thetaa: 5 }] }, TypeError, /schemes\[1\]\.thetaa/);
    refused(
      { cos, sin, width: 8, schemes: [{ dim: 8, scaling: { type: 'yarn', factor: 0, originalLength: 4096 } }] },
      RangeError,
      /^phasor\.identifyRope: schemes\[0\]: scaling/,
    );
    expect(ph.identifyRope({ cos, sin, width: 8 }).match).toBe(true);
  });
});

describe('identifyRope on q rows before and after ph.rope: pairing and output layout', () => {
  const n = 64;
  const dim = 64;
  // A q row per position (deterministic values in (-1, 1)).
  const original = Float32Array.from({ length: n * dim }, (_, k) => Math.sin(k * 12.9898) * 0.9);
  const positions = Array.from({ length: n }, (_, k) => 3 * k + 1);
  const layouts: [Pairing, Pairing][] = [
    ['half', 'half'],
    ['adjacent', 'adjacent'],
    ['adjacent', 'half'],
    ['half', 'adjacent'],
  ];

  for (const [pairing, outputPairing] of layouts) {
    test(`pairing '${pairing}', outputPairing '${outputPairing}': both read back, exact`, () => {
      const rotated = ph.rope({ rows: original, dim, positions, pairing, outputPairing, theta: 500000 });
      const r = ph.identifyRope({ rotated, original, positions });
      expect(r.match, r.message).toBe(true);
      const best = r.candidates[0];
      expect(best.theta).toBe(500000);
      expect(best.pairing).toBe(pairing);
      expect(best.outputPairing).toBe(outputPairing);
      expect(best.precision).toBe('exact');
    });
  }

  test("DeepSeek-V3's rope slice (its preset, with transformers' interleave layout) is named the preset", () => {
    const rows = original.slice();
    // The preset's pairing is 'adjacent'; its 64 rotated dims of 192, given alone.
    const rotated = ph.rope({ rows, dim, rotaryDim: dim, positions, outputPairing: 'half', preset: 'deepseek-v3' });
    const r = ph.identifyRope({ rotated, original: rows, positions, headDim: 192 });
    expect(r.match, r.message).toBe(true);
    expect(r.candidates[0]).toMatchObject({
      preset: 'deepseek-v3',
      pairing: 'adjacent',
      outputPairing: 'half',
      rotaryDim: 64,
      partialRotaryFactor: 1 / 3,
    });
  });

  test('rows of ones tell the output layout, not the input pairing', () => {
    const ones = new Float32Array(dim).fill(1);
    const rotated = ph.rope({ rows: new Float32Array(n * dim).fill(1), dim, positions, pairing: 'adjacent' });
    const r = ph.identifyRope({ rotated, original: ones, positions });
    expect(r.match, r.message).toBe(true);
    expect(r.candidates[0].pairing).toBeUndefined();
    expect(r.candidates[0].outputPairing).toBe('adjacent');
    // Without original, every value is taken to be 1.
    const again = ph.identifyRope({ rotated, positions });
    expect(again.candidates[0]).toMatchObject({ theta: 10000, outputPairing: 'adjacent' });
  });

  test('rows turned by another layout than any RoPE writes are refused', () => {
    const rotated = ph.rope({ rows: original, dim, positions });
    // Swap two slots of every row: no pairing reads it.
    for (let p = 0; p < n; p++)
      [rotated[p * dim + 3], rotated[p * dim + 40]] = [rotated[p * dim + 40], rotated[p * dim + 3]];
    expect(ph.identifyRope({ rotated, original, positions }).match).toBe(false);
  });
});
