// The calls issue 32 found mishandled, one test each: each is now refused with
// a TypeError or RangeError that starts `phasor.<function>: ` and names the
// option as the caller spelt it, or gives right numbers, and a good call after
// it still works.
import { beforeAll, describe, expect, test } from 'vitest';
import { attentionPattern } from '../../web/src/core/attention-patterns.js';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';
import { loadExperiments } from '../../web/src/core/load.js';
import type { ExperimentsWasm } from '../../web/src/core/wasm-module.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

/** The error `call` throws: its type and message (fails when it returns). */
function refusal(call: () => unknown): { type: string; message: string } {
  try {
    call();
  } catch (error) {
    return { type: (error as Error).constructor.name, message: (error as Error).message };
  }
  throw new Error('the call was accepted');
}

const revoked = () => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
};
const detached = (a: Float32Array) => {
  structuredClone(a.buffer, { transfer: [a.buffer as ArrayBuffer] });
  return a;
};

describe('messages that named the wrong thing (item 7)', () => {
  test('attentionScores with 9000 positions names positions, not an option count', () => {
    expect(
      refusal(() => ph.attentionScores({ kind: 'rope', dModel: 4096, positions: new Float64Array(9000) })),
    ).toEqual({
      type: 'RangeError',
      message: 'phasor.attentionScores: positions.length must be at most 4096; got 9000',
    });
    // An array of 9000 numbers too.
    expect(
      refusal(() => ph.attentionScores({ kind: 'rope', dModel: 64, positions: Array(9000).fill(0) })).message,
    ).toBe('phasor.attentionScores: positions.length must be at most 4096; got 9000');
  });

  test('an odd dModel for RoPE is reported as dModel; an odd dHead as dHead', () => {
    const dModel = 'RoPE (its slots turn in pairs); got 5';
    expect(refusal(() => ph.attentionScores({ kind: 'rope', dModel: 5, positions: 4 }))).toEqual({
      type: 'RangeError',
      message: `phasor.attentionScores: dModel must be even for ${dModel}`,
    });
    expect(refusal(() => ph.scoreByOffset({ kind: 'rope', dModel: 5, anchors: [0], maxOffset: 2 })).message).toBe(
      `phasor.scoreByOffset: dModel must be even for ${dModel}`,
    );
    expect(refusal(() => ph.attentionPattern({ kind: 'rope', dModel: 5, n: 4 })).message).toBe(
      `phasor.attentionPattern: dModel must be even for ${dModel}`,
    );
    expect(refusal(() => ph.attentionPattern({ kind: 'rope', dModel: 6, dHead: 5, n: 4 })).message).toBe(
      `phasor.attentionPattern: dHead must be even for ${dModel}`,
    );
  });

  test('attentionPattern at n 4096, dModel 4096 is refused before any token or weight is drawn', async () => {
    const wasm = await loadExperiments('simd');
    const calls: string[] = [];
    const watched = new Proxy(wasm, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as ExperimentsWasm;
    expect(refusal(() => attentionPattern(watched, { kind: 'additive', n: 4096, dModel: 4096 })).message).toBe(
      "phasor.attentionPattern: the work of one call, (2 n x dModel + 5 rows x cols + rows x n) x dHead, with additive PE's terms, must be at most 1073741824; got 481036337152",
    );
    expect(calls.filter((c) => /normal/i.test(c))).toEqual([]);
  });
});

describe('arrays that slipped past the checks (item 8)', () => {
  const bins = { first: 0, stride: 1, count: 4, dModel: 8 };
  class Sub extends Float32Array {
    static sets = 0;
    override set(...args: Parameters<Float32Array['set']>): void {
      Sub.sets++;
      super.set(...args);
    }
  }

  test("encodeBins' into: SharedArrayBuffer, subclass, Proxy and detached arrays are TypeErrors naming into", () => {
    const cases: [string, unknown, RegExp][] = [
      ['shared', new Float32Array(new SharedArrayBuffer(128)), /into must not be backed by a SharedArrayBuffer/],
      ['subclass', new Sub(32), /into must be a plain Float32Array .*not a subclass or Proxy/],
      ['Proxy', new Proxy(new Float32Array(32), {}), /into must be a plain Float32Array .*not a subclass or Proxy/],
      ['detached', detached(new Float32Array(32)), /into is detached/],
      ['revoked Proxy', revoked(), /into must be a plain Float32Array .*got a revoked Proxy/],
    ];
    for (const [what, into, message] of cases) {
      const r = refusal(() => ph.encodeBins({ ...bins, into: into as Float32Array }));
      expect(r.type, what).toBe('TypeError');
      expect(r.message, what).toMatch(/^phasor\.encodeBins: /);
      expect(r.message, what).toMatch(message);
    }
    expect(Sub.sets).toBe(0); // no caller code ran, least of all while a view of wasm memory was live
    const into = new Float32Array(32);
    expect(ph.encodeBins({ ...bins, into })).toBe(into);
    expect(Array.from(into.subarray(8, 10))).toEqual([Math.fround(Math.sin(1)), Math.fround(Math.cos(1))]);
  });

  test("encodeBinColumns' dims: a throwing getter, a throwing element and a revoked Proxy are TypeErrors naming dims", () => {
    const throwingLength = new Proxy([1], {
      get(target, key) {
        if (key === 'length') throw new Error('no length');
        return Reflect.get(target, key);
      },
    });
    const throwingElement = Object.defineProperty([0, 1], '0', {
      get() {
        throw new Error('boom');
      },
    });
    for (const dims of [throwingLength, throwingElement, revoked()]) {
      const r = refusal(() => ph.encodeBinColumns({ ...bins, dims: dims as number[] }));
      expect(r.type).toBe('TypeError');
      expect(r.message).toMatch(/^phasor\.encodeBinColumns: dims /);
    }
    expect(ph.encodeBinColumns({ ...bins, dims: [2] })[1]).toBe(Math.fround(Math.sin(10000 ** -0.25)));
  });

  test('revoked Proxies for tokens, wq, wk and token are TypeErrors naming the option', () => {
    for (const key of ['tokens', 'wq', 'wk']) {
      const r = refusal(() => ph.attentionScores({ kind: 'rope', dModel: 4, positions: 2, [key]: revoked() }));
      expect(r.type, key).toBe('TypeError');
      expect(r.message, key).toMatch(new RegExp(`^phasor\\.attentionScores: ${key} must be `));
    }
    const r = refusal(() =>
      ph.scoreByOffset({ kind: 'rope', dModel: 4, anchors: [0], maxOffset: 3, token: revoked() as Float32Array }),
    );
    expect(r.type).toBe('TypeError');
    expect(r.message).toMatch(/^phasor\.scoreByOffset: token must be /);
    expect(ph.attentionScores({ kind: 'rope', dModel: 4, positions: 2 }).total).toHaveLength(4);
  });
});

describe('bad input that was silently accepted (item 9)', () => {
  test('options of another attention kind are checked too: base for RoPE, theta for additive PE, both for ALiBi', () => {
    expect(
      refusal(() => ph.attentionPattern({ kind: 'rope', n: 4, dModel: 4, base: 'x' as unknown as number })),
    ).toEqual({
      type: 'TypeError',
      message: 'phasor.attentionPattern: base must be a number; got "x"',
    });
    expect(refusal(() => ph.attentionPattern({ kind: 'rope', n: 4, dModel: 4, base: -1 })).message).toBe(
      'phasor.attentionPattern: base must be a finite number in (1, 1e+300]; got -1',
    );
    expect(refusal(() => ph.attentionPattern({ kind: 'additive', n: 4, dModel: 4, theta: 0 })).message).toBe(
      'phasor.attentionPattern: theta must be a finite number in (1, 1e+300]; got 0',
    );
    expect(refusal(() => ph.attentionScores({ kind: 'alibi', dModel: 4, positions: 2, base: NaN })).message).toBe(
      'phasor.attentionScores: base must be a finite number in (1, 1e+300]; got NaN',
    );
    expect(
      refusal(() => ph.scoreByOffset({ kind: 'alibi', dModel: 4, anchors: [0], maxOffset: 1, theta: 1 })).message,
    ).toBe('phasor.scoreByOffset: theta must be a finite number in (1, 1e+300]; got 1');
    // The kind's own option is the one used.
    const rope = ph.attentionPattern({ kind: 'rope', n: 4, dModel: 4, theta: 500, base: 20 });
    expect(Array.from(rope.total)).toEqual(
      Array.from(ph.attentionPattern({ kind: 'rope', n: 4, dModel: 4, theta: 500 }).total),
    );
  });

  test('embeddingScale with tokens refuses seed −1 and embeddingStd NaN', () => {
    const tokens = new Float32Array(8).fill(0.5);
    expect(refusal(() => ph.embeddingScale({ dModel: 4, positions: 2, tokens, seed: -1 }))).toEqual({
      type: 'RangeError',
      message: 'phasor.embeddingScale: seed must be an integer in [0, 9007199254740991]; got -1',
    });
    expect(refusal(() => ph.embeddingScale({ dModel: 4, positions: 2, tokens, embeddingStd: NaN })).message).toBe(
      'phasor.embeddingScale: embeddingStd must be a finite number in [0, 1e+30]; got NaN',
    );
    expect(ph.embeddingScale({ dModel: 4, positions: 2, tokens }).tokenNorm[0]).toBe(1);
  });

  test('tokenStd is bounded where every score stays within float32; 1e30 is refused', () => {
    expect(refusal(() => ph.attentionPattern({ kind: 'additive', n: 4, dModel: 4, tokenStd: 1e30 }))).toEqual({
      type: 'RangeError',
      message: 'phasor.attentionPattern: tokenStd must be a finite number in [0, 1000000000000]; got 1e+30',
    });
    expect(ph.limits.maxTokenStd).toBe(1e12);
    const p = ph.attentionPattern({ kind: 'additive', n: 16, dModel: 4096, tokenStd: 1e12, terms: false });
    expect(p.total.every((v) => Number.isFinite(v))).toBe(true);
  });
});

describe('numbers: the softmax stays a distribution (item 5)', () => {
  /** Every row of the n × n softmax: entries in [0, 1], sums 1 within n float32 roundings. */
  function expectRowsSumToOne(softmax: Float32Array, n: number): void {
    for (let m = 0; m < n; m++) {
      let sum = 0;
      for (let k = 0; k < n; k++) {
        const w = softmax[m * n + k];
        expect(w >= 0 && w <= 1, `entry (${m}, ${k}) = ${w}`).toBe(true);
        sum += w;
      }
      expect(Math.abs(sum - 1), `row ${m} sums to ${sum}`).toBeLessThanOrEqual(n * 2 ** -24);
    }
  }
  test('additive, n 64, dModel 16, tokenStd 2e4; n 5 at 1e6; ALiBi with a shared token at 1e9', () => {
    expectRowsSumToOne(
      ph.attentionPattern({ kind: 'additive', n: 64, dModel: 16, softmax: true, tokenStd: 2e4 }).softmax!,
      64,
    );
    expectRowsSumToOne(
      ph.attentionPattern({ kind: 'additive', n: 5, dModel: 16, softmax: true, tokenStd: 1e6 }).softmax!,
      5,
    );
    expectRowsSumToOne(
      ph.attentionPattern({ kind: 'alibi', n: 5, dModel: 16, softmax: true, tokenStd: 1e9 }).softmax!,
      5,
    );
  });
});

describe('valid calls bounded by a work cap (issue 32: the work table)', () => {
  test('dotByOffsetBins, measuredDotBins and offsetRowBins at 2^24 bins of dModel 65536 (2^39 terms, hours) are refused at once', () => {
    // One bin past the sums' cap first: without the check that call returns in
    // a fraction of a second (a failure), where the calls below would run for hours.
    const past = { first: 0, stride: 1, count: ph.limits.maxDotByOffsetWork / (65536 / 2) + 1, dModel: 65536 };
    for (const fn of ['dotByOffsetBins', 'offsetRowBins'] as const)
      expect(refusal(() => ph[fn](past)).message).toContain('count x dModel/2, must be at most');
    const window = { first: -(2 ** 30), stride: 16, count: 2 ** 24, dModel: 65536 };
    const message = `the work of one call, count x dModel/2, must be at most ${ph.limits.maxDotByOffsetWork}; got 549755813888`;
    expect(refusal(() => ph.dotByOffsetBins(window))).toEqual({
      type: 'RangeError',
      message: `phasor.dotByOffsetBins: ${message}`,
    });
    // measuredDotBins encodes each bin's row: its cap is on count × dModel.
    expect(refusal(() => ph.measuredDotBins({ ...window, p: 7 })).message).toBe(
      'phasor.measuredDotBins: the work of one call, count x dModel, must be at most 16777216; got 1099511627776',
    );
    expect(refusal(() => ph.offsetRowBins(window)).message).toBe(`phasor.offsetRowBins: ${message}`);
    const atCap = ph.limits.maxDotByOffsetWork / (65536 / 2);
    expect(ph.dotByOffsetBins({ ...window, count: atCap })).toHaveLength(atCap);
  });

  test('an attention result holds every matrix it returns within the result cap (additive 4096 × 4096 took 1.2 s)', () => {
    const cap = ph.limits.maxOutputBytes;
    const past = (what: string, bytes: number) =>
      `${what} would take ${bytes} bytes, more than the ${cap} a wasm32 result may use; ask for fewer positions or a smaller dModel`;
    expect(refusal(() => ph.attentionScores({ kind: 'additive', dModel: 2, positions: 4096 }))).toEqual({
      type: 'RangeError',
      message: `phasor.attentionScores: ${past('the result (queries x keys float32 values, for the scores and each term)', 4096 * 4096 * 5 * 4)}`,
    });
    expect(
      refusal(() => ph.attentionPattern({ kind: 'additive', n: 4096, dModel: 2, softmax: true, terms: true })),
    ).toEqual({
      type: 'RangeError',
      message: `phasor.attentionPattern: ${past("the result (rows x cols float32 values, for the total, its softmax and additive PE's terms as asked)", 4096 * 4096 * 6 * 4)}`,
    });
    // Each matrix is copied out on its own: its own array, the total their sum.
    const s = ph.attentionScores({ kind: 'additive', dModel: 8, positions: 5, keyPositions: [0, 1, 4095] });
    for (const term of [s.contentContent, s.contentPosition, s.positionContent, s.positionPosition]) {
      expect(term).toHaveLength(15);
      expect(term.buffer).not.toBe(s.total.buffer);
    }
    for (let i = 0; i < 15; i++) {
      const terms = [s.contentContent[i], s.contentPosition[i], s.positionContent[i], s.positionPosition[i]];
      const size = terms.reduce((a, t) => a + Math.abs(t), 0);
      expect(Math.abs(s.total[i] - terms.reduce((a, t) => a + t, 0))).toBeLessThanOrEqual(1e-6 * (1 + size));
    }
  });

  test('the bin functions take at most ph.limits.maxBins bins (2^25 short bins took dotByOffsetBins 1.3 s)', () => {
    const max = ph.limits.maxBins;
    const window = { first: 0, stride: 1, count: max + 1, dModel: 2 };
    const message = `count must be an integer in [1, ${max}]; got ${max + 1}`;
    for (const fn of ['dotByOffsetBins', 'offsetRowBins', 'encodeBins'] as const)
      expect(refusal(() => ph[fn](window))).toEqual({ type: 'RangeError', message: `phasor.${fn}: ${message}` });
    expect(refusal(() => ph.encodeBinColumns({ ...window, dims: [0] })).message).toBe(
      `phasor.encodeBinColumns: ${message}`,
    );
    expect(refusal(() => ph.measuredDotBins({ ...window, p: 0 })).message).toBe(`phasor.measuredDotBins: ${message}`);
    expect(ph.offsetRowBins({ ...window, count: max })).toHaveLength(max);
  });

  test('a result is at most 256 MiB: encode at 2^26 values goes, one row more is refused', () => {
    expect(ph.limits.maxOutputBytes).toBe(2 ** 28);
    expect(ph.encode({ positions: 2 ** 16, dModel: 1024 }).table).toHaveLength(2 ** 26);
    expect(refusal(() => ph.encode({ positions: 2 ** 16 + 1, dModel: 1024 })).message).toMatch(
      /^phasor\.encode: .* more than the 268435456/,
    );
  });
});

describe('lenient reading (item 10)', () => {
  test('frequencies and encode refuse maxFrequency 5e-324 (its wavelengths were Infinity)', () => {
    const message =
      'the slowest frequency, from maxFrequency 4.94066e-324 and base 10000, must be at least 1e-307 (its wavelength 2*pi/omega finite); got 0';
    expect(refusal(() => ph.frequencies({ dModel: 4, maxFrequency: 5e-324 }))).toEqual({
      type: 'RangeError',
      message: `phasor.frequencies: ${message}`,
    });
    expect(refusal(() => ph.encode({ positions: 2, dModel: 4, maxFrequency: 5e-324 })).message).toBe(
      `phasor.encode: ${message}`,
    );
    expect(ph.frequencies({ dModel: 4, maxFrequency: 1e-300 }).wavelengths.every(Number.isFinite)).toBe(true);
  });
});
