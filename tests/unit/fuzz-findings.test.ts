// The failures a hostile caller found (issue 11, "What fuzzing found
// already"), one test each: documented-valid calls that blocked for minutes,
// an empty grid that was not refused, caller buffers that ran code mid-call,
// error types and messages that named the wrong thing, and float32 squares
// that underflowed.
import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, Phasor } from '../../web/src/core/index.js';
import { loadCore } from '../../web/src/core/load.js';
import type { CoreWasm } from '../../web/src/core/wasm-module.js';
import { maxAbsDiff, peRow } from './reference.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

const table = (positions: number, dModel: number, offset = 0) =>
  Array.from({ length: positions }, (_, r) => Array.from(peRow(offset + r, dModel))).flat();

/** A good call after a refused one still returns the right numbers. */
function stillWorks(): void {
  expect(maxAbsDiff(ph.encode({ positions: 3, dModel: 4, offset: 2 }).table, table(3, 4, 2))).toBeLessThan(6e-8);
  const turned = ph.rope({ rows: new Float32Array([1, 0]), dim: 2, positions: [1] });
  expect(Array.from(turned)).toEqual([Math.fround(Math.cos(1)), Math.fround(Math.sin(1))]);
}

/** Runs `call`, which must throw `type` with a message naming `option`; then checks the module still works. */
function refuses(call: () => unknown, type: ErrorConstructor, option: RegExp): void {
  let thrown: unknown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'the call throws').toBeInstanceOf(type);
  expect((thrown as Error).message).toMatch(option);
  stillWorks();
}

describe('every function states a work limit, so no valid call blocks the page', () => {
  test('dotByOffset({ dModel: 65536, maxOffset: 2^25 }) is refused at once, naming (maxOffset + 1) × dModel/2 and its cap', () => {
    // (2^26 offsets are now past the 256 MiB result cap, refused by that first.)
    refuses(
      () => ph.dotByOffset({ dModel: 65536, maxOffset: 2 ** 25 }),
      RangeError,
      new RegExp(
        `^phasor\\.dotByOffset: the work of one call, \\(maxOffset \\+ 1\\) x dModel/2, must be at most ${ph.limits.maxDotByOffsetWork}; got 1099511660544$`,
      ),
    );
  });

  test('dotByOffset computes at its work cap and refuses one step past it', () => {
    const cap = ph.limits.maxDotByOffsetWork;
    expect(ph.dotByOffset({ dModel: 1024, maxOffset: cap / 512 - 1 }).length).toBe(cap / 512);
    refuses(
      () => ph.dotByOffset({ dModel: 1024, maxOffset: cap / 512 }),
      RangeError,
      /the work of one call, \(maxOffset \+ 1\) x dModel\/2/,
    );
  });

  test('pairwise at count = dim = 4096 (27 s before) is refused at once, naming count × count × dim and its cap', () => {
    // count = dim = 16384 blocked for half an hour; its rows alone are 1 GiB, so the test asks for 4096² × 4096.
    refuses(
      () => ph.pairwise({ rows: new Float32Array(4096 * 4096), dim: 4096 }),
      RangeError,
      /phasor\.pairwise: the work of one call, count x count x dim, must be at most 4294967296; got 68719476736/,
    );
  });

  test('pairwise computes at its work cap and refuses past it', () => {
    const cap = ph.limits.maxPairwiseWork;
    const dim = 256;
    const count = Math.sqrt(cap / dim); // 4096
    expect(ph.pairwise({ rows: new Float32Array(count * dim), dim, metric: 'dot' }).length).toBe(count * count);
    refuses(
      () => ph.pairwise({ rows: new Float32Array((count + 1) * dim), dim }),
      RangeError,
      /the work of one call, count x count x dim, must be at most 4294967296/,
    );
  });

  test('rotation at dModel 2048 over 131072 positions is refused, naming positions × dModel and its cap', () => {
    // The positions checked are a table of positions × dModel float32 values, within the 256 MiB result cap.
    refuses(
      () => ph.rotation({ dModel: 2048, k: 3, positions: 131072 }),
      RangeError,
      /phasor\.rotation: the table \(positions x dModel float32 values\) would take 1073741824 bytes, more than the 268435456/,
    );
    expect(ph.rotation({ dModel: 2048, k: 3, positions: 16384 }).maxError).toBeLessThan(2e-7);
  });

  test('rope, normalSamples and embeddingScale state their caps: one past each is refused naming it', () => {
    const { maxRopeValues, maxNormalSamples, maxEmbeddingScaleValues } = ph.limits;
    refuses(
      () => ph.rope({ rows: new Float32Array(maxRopeValues + 2), dim: 2 }),
      RangeError,
      new RegExp(`phasor\\.rope: count x dim must be at most ${maxRopeValues}`),
    );
    refuses(
      () => ph.normalSamples({ seed: 0, count: maxNormalSamples + 1 }),
      RangeError,
      new RegExp(`count must be an integer in \\[0, ${maxNormalSamples}\\]`),
    );
    refuses(
      () => ph.embeddingScale({ dModel: 2, positions: maxEmbeddingScaleValues / 2 + 1 }),
      RangeError,
      new RegExp(`positions x dModel must be at most ${maxEmbeddingScaleValues}`),
    );
  });
});

describe('attention grids', () => {
  test('attentionScores with keyPositions: [] is refused, naming keyPositions', () => {
    refuses(
      () => ph.attentionScores({ kind: 'rope', dModel: 4, positions: [0, 1, 2], keyPositions: [] }),
      RangeError,
      /phasor\.attentionScores: keyPositions\.length must be an integer in \[1, 4096\]; got 0/,
    );
  });

  test('one token row with one query and several keyPositions is the token at every position, as documented', () => {
    const token = new Float32Array([1, 0]);
    const s = ph.attentionScores({
      kind: 'rope',
      dModel: 2,
      positions: [0],
      keyPositions: [0, 1, 2],
      tokens: token,
      wq: 'identity',
      wk: 'identity',
    });
    expect(Array.from(s.total)).toEqual([1, Math.cos(1), Math.cos(2)].map(Math.fround));
  });

  test('attentionScores with positions: [] is refused, naming positions', () => {
    refuses(
      () => ph.attentionScores({ kind: 'alibi', dModel: 4, positions: [] }),
      RangeError,
      /phasor\.attentionScores: positions\.length must be an integer in \[1, 4096\]; got 0/,
    );
  });
});

/** A CoreWasm whose results are counted: handed out minus released must come back to 0. */
function countingCore(wasm: CoreWasm): { core: CoreWasm; outstanding: () => number } {
  let outstanding = 0;
  const core = new Proxy(wasm, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (key === 'releaseResult') outstanding = 0;
        else if (ArrayBuffer.isView(result)) outstanding++;
        return result;
      };
    },
  });
  return { core, outstanding: () => outstanding };
}

describe('caller buffers are read once, before the wasm runs, and only plain typed arrays are taken', () => {
  let counted: { core: CoreWasm; outstanding: () => number };
  let own: Phasor;
  beforeAll(async () => {
    counted = countingCore(await loadCore({ kernels: 'simd' }));
    own = new Phasor(counted.core);
  });

  /** The call throws `type` naming `option`, no wasm result is left unfreed, and the instance still works. */
  function refusesFreeing(call: (p: Phasor) => unknown, type: ErrorConstructor, option: RegExp): void {
    expect(() => call(own)).toThrow(type);
    expect(() => call(own)).toThrow(option);
    expect(counted.outstanding(), 'no wasm result left unfreed').toBe(0);
    expect(maxAbsDiff(own.encode({ positions: 2, dModel: 4 }).table, table(2, 4))).toBeLessThan(6e-8);
  }

  const shared = () => new Float32Array(new SharedArrayBuffer(16 * 4));
  const detached = () => {
    const a = new Float32Array(16);
    structuredClone(a.buffer, { transfer: [a.buffer] });
    return a;
  };

  test('an into whose length getter calls encode again still receives the right table', () => {
    const into = new Float32Array(16);
    let calls = 0;
    Object.defineProperty(into, 'length', {
      get() {
        calls++;
        own.encode({ positions: 64, dModel: 64, offset: 1e6 });
        return 16;
      },
    });
    const { table: out } = own.encode({ positions: 4, dModel: 4, offset: 3, into });
    expect(out).toBe(into);
    expect(maxAbsDiff(new Float32Array(into.buffer), table(4, 4, 3))).toBeLessThan(6e-8);
    expect(calls, 'the getter is never consulted').toBe(0);
    expect(counted.outstanding()).toBe(0);
  });

  test('a Float32Array subclass into (whose set() could re-enter) is refused with TypeError naming into', () => {
    class Reentrant extends Float32Array {
      override set(): void {
        own.encode({ positions: 8, dModel: 8 });
      }
    }
    refusesFreeing(
      (p) => p.encode({ positions: 4, dModel: 4, into: new Reentrant(16) }),
      TypeError,
      /phasor\.encode: into must be a plain Float32Array/,
    );
  });

  test('a Proxy into is refused with TypeError naming into, and the wasm result is freed', () => {
    refusesFreeing(
      (p) => p.encode({ positions: 4, dModel: 4, into: new Proxy(new Float32Array(16), {}) }),
      TypeError,
      /phasor\.encode: into must be a plain Float32Array/,
    );
  });

  test('an into backed by a SharedArrayBuffer is refused with TypeError naming into', () => {
    refusesFreeing(
      (p) => p.encode({ positions: 4, dModel: 4, into: shared() }),
      TypeError,
      /phasor\.encode: into .*SharedArrayBuffer/,
    );
  });

  test('a detached into is refused naming into', () => {
    refusesFreeing(
      (p) => p.encode({ positions: 4, dModel: 4, into: detached() }),
      TypeError,
      /phasor\.encode: into .*detached/,
    );
  });

  test('an into of the wrong type or size is refused naming into, and left untouched', () => {
    const short = new Float32Array(15).fill(7);
    refusesFreeing(
      (p) => p.encode({ positions: 4, dModel: 4, into: short }),
      RangeError,
      /into must hold positions × dModel = 16 values; got 15/,
    );
    expect(Array.from(short)).toEqual(new Array(15).fill(7));
    refusesFreeing(
      (p) => p.encode({ positions: 4, dModel: 4, into: new Float64Array(16) as never }),
      TypeError,
      /into must be a plain Float32Array/,
    );
    refusesFreeing(
      (p) => p.encode({ positions: 4, dModel: 4, into: null as never }),
      TypeError,
      /into must be a plain Float32Array/,
    );
  });

  test('pairwise rows with a redefined length are read by their real length', () => {
    const rows = new Float32Array([1, 0, 0, 1, 1, 1]);
    Object.defineProperty(rows, 'length', { get: () => 600 });
    const m = own.pairwise({ rows, dim: 2, metric: 'dot' });
    expect(Array.from(m)).toEqual([1, 0, 1, 0, 1, 1, 1, 1, 2]);
    expect(counted.outstanding()).toBe(0);
  });

  test('pairwise refuses Proxy, subclassed, shared and detached rows with TypeError naming rows', () => {
    class Rows extends Float32Array {}
    for (const rows of [new Proxy(new Float32Array(16), {}), new Rows(16), shared(), detached()]) {
      refusesFreeing((p) => p.pairwise({ rows, dim: 4 }), TypeError, /phasor\.pairwise: rows /);
    }
  });

  test('rope rows with a redefined length are rotated by their real length', () => {
    const rows = new Float32Array([1, 0, 0, 1]);
    Object.defineProperty(rows, 'length', { get: () => 2 });
    const out = ph.rope({ rows, dim: 2, positions: [1, 2] });
    expect(Array.from(out)).toEqual([Math.cos(1), Math.sin(1), -Math.sin(2), Math.cos(2)].map(Math.fround));
  });

  test('rope refuses a Proxy or subclassed rows array and a shared positions array with TypeError naming the option', () => {
    class Rows extends Float32Array {}
    refuses(
      () => ph.rope({ rows: new Proxy(new Float32Array(4), {}), dim: 2 }),
      TypeError,
      /phasor\.rope: rows must be a plain Float32Array/,
    );
    refuses(() => ph.rope({ rows: new Rows(4), dim: 2 }), TypeError, /phasor\.rope: rows must be a plain Float32Array/);
    refuses(
      () => ph.rope({ rows: new Float32Array(4), dim: 2, positions: new Float64Array(new SharedArrayBuffer(16)) }),
      TypeError,
      /phasor\.rope: positions .*SharedArrayBuffer/,
    );
  });

  test('an array of positions is read once per element, and a throwing element getter is reported by option', () => {
    let reads = 0;
    const positions = [0, 1];
    Object.defineProperty(positions, 1, {
      get() {
        reads++;
        return reads === 1 ? 1 : 1e9;
      },
    });
    const out = ph.rope({ rows: new Float32Array([1, 0, 1, 0]), dim: 2, positions });
    expect(reads).toBe(1);
    expect(Array.from(out)).toEqual([1, 0, Math.cos(1), Math.sin(1)].map(Math.fround));
    const throwing = new Proxy([0, 1], {
      get(target, key) {
        if (key === '1') throw new Error('boom');
        return Reflect.get(target, key);
      },
    });
    refuses(
      () => ph.rope({ rows: new Float32Array(4), dim: 2, positions: throwing }),
      TypeError,
      /phasor\.rope: positions could not be read/,
    );
  });

  test('an options object whose getter throws is reported as a TypeError naming the option', () => {
    const options = {
      positions: 4,
      get dModel(): number {
        throw new Error('boom');
      },
    };
    refuses(() => ph.encode(options), TypeError, /phasor\.encode: option 'dModel' could not be read \(boom\)/);
    const sneaky = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys');
        },
      },
    );
    refuses(() => ph.encode(sneaky as never), TypeError, /phasor\.encode: the options could not be read \(no keys\)/);
  });
});

describe('error types and messages name the function and option the caller used', () => {
  test('a non-string choice is a TypeError, for every choice option', () => {
    refuses(
      () => ph.encode({ positions: 2, dModel: 2, layout: 1 as never }),
      TypeError,
      /phasor\.encode: layout must be one of 'interleaved', 'split'; got 1/,
    );
    refuses(
      () => ph.encode({ positions: 2, dModel: 2, spacing: {} as never }),
      TypeError,
      /spacing must be one of 'paper', 'tensor2tensor', 'geometric'; got an object/,
    );
    refuses(
      () => ph.encode({ positions: 2, dModel: 3, oddWidth: 2 as never }),
      TypeError,
      /phasor\.encode: oddWidth must be one of 'error', 'zeroColumn', 'extraSine'; got 2/,
    );
    refuses(
      () => ph.encode({ positions: 2, dModel: 2, order: true as never }),
      TypeError,
      /phasor\.encode: order must be one of 'sinCos', 'cosSin'; got true/,
    );
    refuses(
      () => ph.encode({ positions: 2, dModel: 2, convention: 0 as never }),
      TypeError,
      /phasor\.encode: convention must be one of 'paper', /,
    );
    refuses(
      () => ph.pairwise({ rows: new Float32Array(2), dim: 1, metric: 2 as never }),
      TypeError,
      /metric must be one of 'l2', 'dot', 'cosine'; got 2/,
    );
    refuses(
      () => ph.rope({ rows: new Float32Array(2), dim: 2, pairing: 0 as never }),
      TypeError,
      /pairing must be one of 'adjacent', 'half'; got 0/,
    );
    refuses(
      () => ph.attentionScores({ kind: 1 as never, dModel: 2, positions: 2 }),
      TypeError,
      /kind must be one of 'additive', 'rope', 'alibi'; got 1/,
    );
    refuses(
      () => ph.shiftFit({ encoding: 0 as never, dModel: 2, k: 1, positions: 2 }),
      TypeError,
      /encoding must be one of 'sinusoidal'/,
    );
    refuses(
      () => ph.ropeFrequencies({ dim: 4, scaling: { type: 2 as never } }),
      TypeError,
      /scaling\.type must be one of 'none'/,
    );
  });

  test('null is refused like any other wrong type, never taken as the default', () => {
    refuses(
      () => ph.encode({ positions: 2, dModel: 2, layout: null as never }),
      TypeError,
      /layout must be one of .*; got null/,
    );
    refuses(
      () => ph.encode({ positions: 2, dModel: 2, offset: null as never }),
      TypeError,
      /offset must be a number; got null/,
    );
    refuses(
      () => ph.dotByOffset({ dModel: 2, maxOffset: 2, normalize: null as never }),
      TypeError,
      /normalize must be true or false; got null/,
    );
    refuses(
      () => ph.attentionScores({ kind: 'rope', dModel: 2, positions: 2, tokens: null as never }),
      TypeError,
      /tokens must be 'random', 'shared' or a Float32Array .*; got null/,
    );
    refuses(
      () => ph.attentionScores({ kind: 'rope', dModel: 2, positions: 2, wq: null as never }),
      TypeError,
      /wq must be 'random', 'identity' or a Float32Array .*; got null/,
    );
    refuses(
      () => ph.attentionScores({ kind: 'rope', dModel: 2, positions: [0], keyPositions: null as never }),
      TypeError,
      /keyPositions must be a Float64Array or an array of numbers; got null/,
    );
    refuses(
      () => ph.rope({ rows: new Float32Array(2), dim: 2, scaling: null as never }),
      TypeError,
      /scaling must be an object/,
    );
    refuses(
      () => ph.embeddingScale({ dModel: 2, positions: 1, tokens: null as never }),
      TypeError,
      /tokens must be a plain Float32Array/,
    );
  });

  test('embeddingScale({ tokens: "oops" }) is refused instead of drawing random tokens', () => {
    refuses(
      () => ph.embeddingScale({ dModel: 2, positions: 1, tokens: 'oops' as never }),
      TypeError,
      /phasor\.embeddingScale: tokens must be a plain Float32Array .*; got "oops"/,
    );
  });

  test('scaling: {} says scaling.type is required (TypeError)', () => {
    refuses(
      () => ph.rope({ rows: new Float32Array(2), dim: 2, scaling: {} as never }),
      TypeError,
      /phasor\.rope: option 'scaling\.type' is required/,
    );
  });

  test('a bad embeddingStd, seed or tokenStd is reported by the function and option the caller used', () => {
    refuses(
      () => ph.embeddingScale({ dModel: 4, positions: 2, embeddingStd: -1 }),
      RangeError,
      /^phasor\.embeddingScale: embeddingStd must be a finite number in \[0, /,
    );
    refuses(
      () => ph.embeddingScale({ dModel: 4, positions: 2, seed: -1 }),
      RangeError,
      /^phasor\.embeddingScale: seed must be an integer in \[0, 9007199254740991\]; got -1/,
    );
    refuses(
      () => ph.attentionScores({ kind: 'rope', dModel: 4, positions: 2, tokenStd: NaN }),
      RangeError,
      /^phasor\.attentionScores: tokenStd must be a finite number in \[0, .*; got NaN/,
    );
  });

  test('a scaling given to ALiBi or additive attention is refused, naming scaling and the kind', () => {
    for (const kind of ['alibi', 'additive'] as const) {
      refuses(
        () => ph.attentionScores({ kind, dModel: 4, positions: 2, scaling: { type: 'linear', factor: 0.5 } }),
        RangeError,
        new RegExp(
          `scaling must be left out unless kind is 'rope' \\(it scales RoPE's frequencies\\); got kind '${kind}'`,
        ),
      );
    }
  });

  test('createPhasor(null) returns a rejected promise instead of throwing', async () => {
    let promise: Promise<unknown> | undefined;
    expect(() => {
      promise = createPhasor(null as never);
    }).not.toThrow();
    await expect(promise).rejects.toThrow(TypeError);
    await expect(createPhasor(null as never)).rejects.toThrow(/createPhasor: expected an options object; got null/);
    await expect(createPhasor({ kernel: 'simd' } as never)).rejects.toThrow(/unknown option 'kernel'/);
  });

  test('base 1e301 is refused stating the allowed range (1, 1e+300]', () => {
    refuses(
      () => ph.encode({ positions: 2, dModel: 2, base: 1e301 }),
      RangeError,
      /base must be a finite number in \(1, 1e\+300\]; got 1e\+301/,
    );
    refuses(
      () => ph.rope({ rows: new Float32Array(2), dim: 2, theta: 1e301 }),
      RangeError,
      /theta must be a finite number in \(1, 1e\+300\]; got 1e\+301/,
    );
  });
});

describe('pairwise of tiny and huge rows', () => {
  test('the cosine of two tiny equal rows is 1 and of opposite ones −1', () => {
    const m = ph.pairwise({
      rows: new Float32Array([1e-24, 1e-24, 1e-24, 1e-24, -1e-24, -1e-24]),
      dim: 2,
      metric: 'cosine',
    });
    expect(Array.from(m)).toEqual([1, 1, -1, 1, 1, -1, -1, -1, 1]);
  });

  test('the L2 distance of tiny rows and of huge rows is their float64 distance rounded to float32', () => {
    const tiny = ph.pairwise({ rows: new Float32Array([1e-24, 1e-24, 0, 0]), dim: 2 });
    expect(tiny[1]).toBe(Math.fround(Math.hypot(Math.fround(1e-24), Math.fround(1e-24))));
    const huge = ph.pairwise({ rows: new Float32Array([3e30, 4e30, 0, 0]), dim: 2 });
    expect(huge[1] / Math.hypot(Math.fround(3e30), Math.fround(4e30))).toBeCloseTo(1, 6);
  });

  test('the dot product of rows whose products overflow float32 is still their float64 dot product rounded', () => {
    const m = ph.pairwise({ rows: new Float32Array([1e20, -1e20, 1e20, 1e20]), dim: 2, metric: 'dot' });
    expect(m[1]).toBe(0);
    expect(m[0]).toBe(Math.fround(2 * Math.fround(1e20) ** 2));
  });
});
