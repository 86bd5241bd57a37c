// Attention scores with position entering three ways (additive PE through
// W_Q, W_K and its four terms; RoPE after the projections; ALiBi's bias), the
// score-versus-offset curves, and the seeded samples behind every default
// (cpp/include/phasor/attention.hpp, random.hpp).
import { putFloat32, putFloat64, readNumbers, scalingParameters, SLOT, STREAM, takeResult } from './experiment-inputs.js';
import { describe, OptionReader } from './options.js';
import {
  ATTENTION_KINDS,
  PAIRINGS,
  type AttentionKind,
  type AttentionOptions,
  type AttentionScoresByKind,
  type NormalSamplesOptions,
  type ScoreByOffsetOptions,
  type ScoresByOffset,
} from './rope-types.js';
import type { ExperimentsWasm } from './wasm-module.js';

// As kMaxAttentionPositions and kMaxAttentionWidth in attention.hpp: checked
// here only so that no huge array is built before the core refuses it.
const MAX_POSITIONS = 4096;
const MAX_WIDTH = 4096;

const COMMON_KEYS = [
  'kind',
  'dModel',
  'dHead',
  'base',
  'theta',
  'seed',
  'tokenStd',
  'wq',
  'wk',
  'pairing',
  'tableLayout',
  'weightLayout',
  'permute',
  'scaling',
  'heads',
  'head',
] as const;

/** Seeded N(0, std²) samples as float32 (SplitMix64 + Box–Muller, see random.hpp). */
export function normalSamples(wasm: ExperimentsWasm, options: NormalSamplesOptions): Float32Array {
  const o = new OptionReader('normalSamples', options, ['seed', 'stream', 'count', 'std']);
  const seed = o.number('seed');
  const stream = o.number('stream', 0);
  const count = o.number('count');
  const std = o.number('std', 1);
  return takeResult(wasm, 'normalSamples', wasm.normalSamples(seed, stream, count, std));
}

/** ALiBi's head slopes: 2^(−8(h+1)/heads), with the reference rule when heads is not a power of two. */
export function alibiSlopes(wasm: ExperimentsWasm, options: { heads: number }): Float64Array {
  const o = new OptionReader('alibiSlopes', options, ['heads']);
  return takeResult(wasm, 'alibiSlopes', wasm.alibiSlopes(o.number('heads')));
}

function isWidth(v: number): boolean {
  return Number.isInteger(v) && v >= 1 && v <= MAX_WIDTH;
}

// The settings shared by attentionScores and scoreByOffset, as the bindings take them.
class AttentionSettings {
  readonly kind: AttentionKind;
  readonly kindCode: number;
  readonly dModel: number;
  readonly dHead: number;
  readonly base: number;
  readonly seed: number;
  readonly tokenStd: number;
  readonly pairing: number;
  readonly tableLayout: number;
  readonly weightLayout: number;
  readonly permute: boolean;
  readonly scaling: Float64Array;
  readonly heads: number;
  readonly head: number;

  constructor(
    private readonly fn: string,
    private readonly o: OptionReader,
  ) {
    if (o.raw('kind') === undefined) throw new TypeError(`phasor.${fn}: option 'kind' is required ('additive', 'rope' or 'alibi')`);
    const kind = o.choice('kind', ATTENTION_KINDS, 'additive');
    this.kind = kind.name;
    this.kindCode = kind.code;
    this.dModel = o.number('dModel');
    this.dHead = o.number('dHead', this.dModel);
    const base = o.number('base', 10000);
    const theta = o.number('theta', 10000);
    this.base = this.kind === 'rope' ? theta : base;
    this.seed = o.number('seed', 0);
    this.tokenStd = o.number('tokenStd', 1);
    const pairing = o.choice('pairing', PAIRINGS, 'half');
    this.pairing = pairing.code;
    this.tableLayout = o.choice('tableLayout', PAIRINGS, pairing.name).code;
    this.weightLayout = o.choice('weightLayout', PAIRINGS, pairing.name).code;
    this.permute = o.boolean('permute', false);
    this.scaling = scalingParameters(fn, o.raw('scaling'));
    this.heads = o.number('heads', 8);
    this.head = o.number('head', 0);
  }

  /** The sizes look usable: worth drawing random weights for (else the core says what is wrong). */
  get sized(): boolean {
    return isWidth(this.dModel) && isWidth(this.dHead);
  }

  weights(wasm: ExperimentsWasm, key: 'wq' | 'wk'): Float32Array {
    const value = this.o.raw(key) ?? 'random';
    const count = this.dModel * this.dHead;
    if (value === 'random') {
      if (!this.sized) return new Float32Array(0);
      const stream = key === 'wq' ? STREAM.wq : STREAM.wk;
      return normalSamples(wasm, { seed: this.seed, stream, count, std: 1 / Math.sqrt(this.dModel) });
    }
    if (value === 'identity') {
      if (this.dHead !== this.dModel) {
        throw new RangeError(`phasor.${this.fn}: ${key} 'identity' needs dHead equal to dModel; got dHead ${this.dHead} and dModel ${this.dModel}`);
      }
      if (!this.sized) return new Float32Array(0);
      const eye = new Float32Array(count);
      for (let i = 0; i < this.dModel; i++) eye[i * this.dModel + i] = 1;
      return eye;
    }
    if (!(value instanceof Float32Array)) {
      throw new TypeError(`phasor.${this.fn}: ${key} must be a Float32Array, 'random' or 'identity'; got ${describe(value)}`);
    }
    return value;
  }

  /** Random token rows from the seed's token stream. */
  randomTokens(wasm: ExperimentsWasm, rows: number): Float32Array {
    if (!this.sized || rows < 1) return new Float32Array(0);
    return normalSamples(wasm, { seed: this.seed, stream: STREAM.tokens, count: rows * this.dModel, std: this.tokenStd });
  }

  putWeightsAndScaling(wasm: ExperimentsWasm, wq: Float32Array, wk: Float32Array): void {
    putFloat32(wasm, this.fn, SLOT.wq, wq);
    putFloat32(wasm, this.fn, SLOT.wk, wk);
    putFloat64(wasm, this.fn, SLOT.scaling, this.scaling);
  }

  slope(wasm: ExperimentsWasm): number {
    return takeResult(wasm, this.fn, wasm.alibiSlopes(this.heads))[this.head];
  }
}

function positionsOption(o: OptionReader, fn: string): Float64Array {
  const value = o.raw('positions');
  if (typeof value !== 'number') return readNumbers(o, fn, 'positions', true)!;
  if (!Number.isInteger(value) || value < 1 || value > MAX_POSITIONS) {
    throw new RangeError(`phasor.${fn}: positions must be an integer in [1, ${MAX_POSITIONS}] or an array of positions; got ${describe(value)}`);
  }
  return Float64Array.from({ length: value }, (_, i) => i);
}

/**
 * q_m·k_n for every query position m and key position n. 'additive' also
 * returns its four terms, 'alibi' its bias and slope.
 */
export function attentionScores<K extends AttentionKind>(
  wasm: ExperimentsWasm,
  options: AttentionOptions & { kind: K },
): AttentionScoresByKind[K] {
  const fn = 'attentionScores';
  const o = new OptionReader(fn, options, [...COMMON_KEYS, 'positions', 'keyPositions', 'tokens']);
  const s = new AttentionSettings(fn, o);
  const positions = positionsOption(o, fn);
  const ownKeys = readNumbers(o, fn, 'keyPositions', false);
  const keyPositions = ownKeys ?? positions;
  const tokensOption = o.raw('tokens') ?? 'random';
  let tokens: Float32Array;
  let keyTokens: Float32Array | undefined;
  let shared: boolean;
  if (tokensOption === 'shared') {
    shared = true;
    tokens = s.randomTokens(wasm, 1);
  } else if (tokensOption === 'random') {
    shared = false;
    // One token per query position, then (for separate keys) one per key position.
    const all = s.randomTokens(wasm, positions.length + (ownKeys ? keyPositions.length : 0));
    tokens = all.subarray(0, positions.length * s.dModel);
    if (ownKeys) keyTokens = all.subarray(positions.length * s.dModel);
  } else {
    if (!(tokensOption instanceof Float32Array)) {
      throw new TypeError(`phasor.${fn}: tokens must be 'random', 'shared' or a Float32Array; got ${describe(tokensOption)}`);
    }
    const given = tokensOption;
    tokens = given;
    shared = given.length === s.dModel && positions.length !== 1;
    if (ownKeys && !shared && keyPositions.length !== positions.length) {
      throw new RangeError(`phasor.${fn}: with keyPositions of another length, tokens must be 'shared', 'random' or one row of dModel values`);
    }
  }
  const wq = s.weights(wasm, 'wq');
  const wk = s.weights(wasm, 'wk');

  wasm.releaseInputs();
  putFloat64(wasm, fn, SLOT.positions, positions);
  if (ownKeys) putFloat64(wasm, fn, SLOT.keyPositions, keyPositions);
  putFloat32(wasm, fn, SLOT.tokens, tokens);
  if (keyTokens) putFloat32(wasm, fn, SLOT.keyTokens, keyTokens);
  s.putWeightsAndScaling(wasm, wq, wk);
  const packed = takeResult(
    wasm,
    fn,
    wasm.attentionScores(s.kindCode, s.dModel, s.dHead, s.base, s.pairing, s.tableLayout, s.weightLayout, s.permute, s.heads, s.head, shared),
  );
  const grid = positions.length * keyPositions.length;
  const block = (b: number) => packed.slice(b * grid, (b + 1) * grid);
  const common = {
    total: block(0),
    queries: positions.length,
    keys: keyPositions.length,
    positions,
    keyPositions: ownKeys ? keyPositions : positions.slice(),
    wq,
    wk,
  };
  if (s.kind === 'additive') {
    return {
      kind: 'additive',
      ...common,
      contentContent: block(1),
      contentPosition: block(2),
      positionContent: block(3),
      positionPosition: block(4),
    } as AttentionScoresByKind[K];
  }
  if (s.kind === 'alibi') return { kind: 'alibi', ...common, bias: block(1), slope: s.slope(wasm) } as AttentionScoresByKind[K];
  return { kind: 'rope', ...common } as AttentionScoresByKind[K];
}

/**
 * The score of one token against itself as a function of the offset m − n,
 * once per anchor m: with RoPE (and ALiBi) every anchor gives the same curve;
 * with additive PE it does not.
 */
export function scoreByOffset(wasm: ExperimentsWasm, options: ScoreByOffsetOptions): ScoresByOffset {
  const fn = 'scoreByOffset';
  const o = new OptionReader(fn, options, [...COMMON_KEYS, 'anchors', 'maxOffset', 'minOffset', 'token']);
  const s = new AttentionSettings(fn, o);
  const anchors = readNumbers(o, fn, 'anchors', true)!;
  const maxOffset = o.number('maxOffset');
  const minOffset = o.number('minOffset', -maxOffset);
  const count = maxOffset - minOffset + 1;
  if (!Number.isInteger(maxOffset) || !Number.isInteger(minOffset) || count < 1 || count > MAX_POSITIONS) {
    throw new RangeError(
      `phasor.${fn}: minOffset and maxOffset must be integers with 1 ≤ maxOffset − minOffset + 1 ≤ ${MAX_POSITIONS}; got ${minOffset} and ${maxOffset}`,
    );
  }
  const offsets = Float64Array.from({ length: count }, (_, j) => minOffset + j);
  const tokenOption = o.raw('token') ?? 'random';
  if (tokenOption !== 'random' && !(tokenOption instanceof Float32Array)) {
    throw new TypeError(`phasor.${fn}: token must be 'random' or a Float32Array of dModel values; got ${describe(tokenOption)}`);
  }
  const token = tokenOption === 'random' ? s.randomTokens(wasm, 1) : tokenOption;
  const wq = s.weights(wasm, 'wq');
  const wk = s.weights(wasm, 'wk');

  wasm.releaseInputs();
  putFloat64(wasm, fn, SLOT.positions, anchors);
  putFloat64(wasm, fn, SLOT.keyPositions, offsets);
  putFloat32(wasm, fn, SLOT.tokens, token);
  s.putWeightsAndScaling(wasm, wq, wk);
  const scores = takeResult(
    wasm,
    fn,
    wasm.scoreByOffset(s.kindCode, s.dModel, s.dHead, s.base, s.pairing, s.tableLayout, s.weightLayout, s.permute, s.heads, s.head),
  );
  const spread = new Float32Array(count);
  for (let j = 0; j < count; j++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let a = 0; a < anchors.length; a++) {
      lo = Math.min(lo, scores[a * count + j]);
      hi = Math.max(hi, scores[a * count + j]);
    }
    spread[j] = hi - lo;
  }
  return { anchors, offsets, scores, spread, maxSpread: spread.reduce((m, v) => Math.max(m, v), 0) };
}
