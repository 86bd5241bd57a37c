// Attention scores with position entering three ways (additive PE through
// W_Q, W_K and its four terms; RoPE after the projections; ALiBi's bias), the
// score-versus-offset curves, and the seeded samples behind every default
// (cpp/include/phasor/attention.hpp, random.hpp).
import { plainFloatArray, typedLength } from './caller-arrays.js';
import {
  numbersOption,
  putFloat32,
  putFloat64,
  refuseUnlessValid,
  sample,
  sampleWeights,
  STREAM,
  takeMatrices,
  takeResult,
} from './experiment-inputs.js';
import { putScalingFactors, scalingInput, type ScalingInput } from './rope-scaling-input.js';
import { enumsOf, limitsOf } from './module-tables.js';
import { describe, OptionReader } from './options.js';
import { PAIRINGS } from './rope-types.js';
import {
  ATTENTION_KINDS,
  type AttentionKind,
  type AttentionOptions,
  type AttentionScoresByKind,
  type ScoreByOffsetOptions,
  type ScoresByOffset,
} from './attention-types.js';
import { type NormalSamplesOptions, type StandardNormalsOptions } from './experiment-types.js';
import type { ExperimentsWasm, WasmAttentionRecord, WasmScalingRecord } from './wasm-module.js';

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
  const fn = 'normalSamples';
  const o = new OptionReader(fn, options, ['seed', 'stream', 'count', 'std', 'first']);
  const seed = o.number('seed');
  const stream = o.number('stream', 0);
  const count = o.number('count');
  const std = o.number('std', 1);
  const first = o.number('first', 0);
  return sample(wasm, fn, { seed, stream, count, std, seedName: 'seed', stdName: 'std', first });
}

/**
 * normalSamples' stream in float64, before scaling and rounding:
 * normalSamples({ std })[k] is Math.fround(std · standardNormals()[k]), so a
 * caller that keeps these has the samples of every std for a multiply each.
 */
export function standardNormals(wasm: ExperimentsWasm, options: StandardNormalsOptions): Float64Array {
  const fn = 'standardNormals';
  const o = new OptionReader(fn, options, ['seed', 'stream', 'count', 'first']);
  const seed = o.number('seed');
  const stream = o.number('stream', 0);
  const count = o.number('count');
  const first = o.number('first', 0);
  return takeResult(wasm, fn, wasm.standardNormals(seed, stream, count, first));
}

/** ALiBi's head slopes: 2^(−8(h+1)/heads), with the reference rule when heads is not a power of two. */
export function alibiSlopes(wasm: ExperimentsWasm, options: { heads: number }): Float64Array {
  const o = new OptionReader('alibiSlopes', options, ['heads']);
  return takeResult(wasm, 'alibiSlopes', wasm.alibiSlopes(o.number('heads')));
}

// The settings shared by attentionScores and scoreByOffset, as the bindings take them.
class AttentionSettings {
  readonly kind: AttentionKind;
  readonly kindCode: number;
  readonly dModel: number;
  readonly dHead: number;
  /** How a refusal names dHead: 'dModel' when dHead was left to default to it. */
  readonly dHeadName: string;
  readonly base: number;
  readonly theta: number;
  readonly seed: number;
  readonly tokenStd: number;
  readonly pairing: number;
  readonly tableLayout: number;
  readonly weightLayout: number;
  readonly permute: boolean;
  readonly scaling: WasmScalingRecord;
  private readonly scalingLists: ScalingInput;
  readonly heads: number;
  readonly head: number;
  private readonly maxWidth: number;

  constructor(
    private readonly wasm: ExperimentsWasm,
    private readonly fn: string,
    private readonly o: OptionReader,
  ) {
    const enums = enumsOf(wasm);
    if (o.raw('kind') === undefined)
      throw new TypeError(`phasor.${fn}: option 'kind' is required ('additive', 'rope' or 'alibi')`);
    const kind = o.choice('kind', ATTENTION_KINDS, 'additive', enums.attentionKind);
    this.kind = kind.name;
    this.kindCode = kind.code;
    this.dModel = o.number('dModel');
    this.dHead = o.number('dHead', this.dModel);
    this.dHeadName = o.has('dHead') ? 'dHead' : 'dModel';
    // Both are checked by the core whatever the kind (a wrong one is never ignored); the kind's one is used.
    this.base = o.number('base', 10000);
    this.theta = o.number('theta', 10000);
    this.seed = o.number('seed', 0);
    this.tokenStd = o.number('tokenStd', 1);
    const pairing = o.choice('pairing', PAIRINGS, 'half', enums.pairing);
    this.pairing = pairing.code;
    this.tableLayout = o.choice('tableLayout', PAIRINGS, pairing.name, enums.pairing).code;
    this.weightLayout = o.choice('weightLayout', PAIRINGS, pairing.name, enums.pairing).code;
    this.permute = o.boolean('permute', false);
    this.scalingLists = scalingInput(wasm, fn, o);
    this.scaling = this.scalingLists.record;
    this.heads = o.number('heads', 8);
    this.head = o.number('head', 0);
    this.maxWidth = limitsOf(wasm).maxAttentionWidth;
  }

  /** The options as the core takes them (attention_record.hpp). */
  get record(): WasmAttentionRecord {
    return {
      kind: this.kindCode,
      dModel: this.dModel,
      dHead: this.dHead,
      base: this.base,
      theta: this.theta,
      pairing: this.pairing,
      tableLayout: this.tableLayout,
      weightLayout: this.weightLayout,
      permute: this.permute,
      heads: this.heads,
      head: this.head,
      scaling: this.scaling,
      seed: this.seed,
      tokenStd: this.tokenStd,
    };
  }

  /** The sizes look usable: worth drawing random weights for (else the core says what is wrong). */
  get sized(): boolean {
    const isWidth = (v: number) => Number.isInteger(v) && v >= 1 && v <= this.maxWidth;
    return isWidth(this.dModel) && isWidth(this.dHead);
  }

  weights(key: 'wq' | 'wk'): Float32Array {
    const value = arrayOrName(this.fn, key, this.o.raw(key), ['random', 'identity'], 'dModel × dHead values');
    const count = this.dModel * this.dHead;
    if (value === 'random') {
      if (!this.sized) return new Float32Array(0);
      const stream = key === 'wq' ? STREAM.wq : STREAM.wk;
      return sampleWeights(this.wasm, this.fn, { seed: this.seed, stream, count, std: 1 / Math.sqrt(this.dModel) });
    }
    if (value === 'identity') {
      if (this.dHead !== this.dModel) {
        throw new RangeError(
          `phasor.${this.fn}: ${key} 'identity' needs dHead equal to dModel; got dHead ${this.dHead} and dModel ${this.dModel}`,
        );
      }
      if (!this.sized) return new Float32Array(0);
      const eye = new Float32Array(count);
      for (let i = 0; i < this.dModel; i++) eye[i * this.dModel + i] = 1;
      return eye;
    }
    return value;
  }

  /** Random token rows from the seed's token stream. */
  randomTokens(rows: number): Float32Array {
    if (!this.sized || rows < 1) return new Float32Array(0);
    return sample(this.wasm, this.fn, {
      seed: this.seed,
      stream: STREAM.tokens,
      count: rows * this.dModel,
      std: this.tokenStd,
      seedName: 'seed',
      stdName: 'tokenStd',
    });
  }

  putWeights(wq: Float32Array, wk: Float32Array): void {
    putFloat32(this.wasm, this.fn, 'wq', wq);
    putFloat32(this.wasm, this.fn, 'wk', wk);
  }

  /** The scaling's lists (longrope's factors), which the core checks with the scaling. */
  putScaling(): void {
    putScalingFactors(this.wasm, this.fn, this.scalingLists);
  }

  slope(): number {
    return takeResult(this.wasm, this.fn, this.wasm.alibiSlopes(this.heads))[this.head];
  }
}

/**
 * An option that is one of `names` (default the first) or a plain Float32Array
 * of `what`: anything else, null included, is a TypeError listing both.
 */
function arrayOrName<N extends string>(
  fn: string,
  key: string,
  value: unknown,
  names: readonly N[],
  what: string,
): N | Float32Array {
  if (value === undefined) return names[0];
  if ((names as readonly unknown[]).includes(value)) return value as N;
  if (ArrayBuffer.isView(value) || (typeof value === 'object' && value !== null && !isArraySafe(value))) {
    return plainFloatArray(fn, key, value, ['Float32Array'], what) as Float32Array;
  }
  const choices = names.map((n) => `'${n}'`).join(', ');
  throw new TypeError(`phasor.${fn}: ${key} must be ${choices} or a Float32Array (${what}); got ${describe(value)}`);
}

/** Array.isArray, false for a revoked Proxy (which plainFloatArray then refuses by name). */
function isArraySafe(value: unknown): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

function positionsOption(o: OptionReader, fn: string, max: number): Float64Array {
  const value = o.raw('positions');
  if (typeof value !== 'number') return numbersOption(o, fn, 'positions', true, max)!;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(
      `phasor.${fn}: positions must be an integer in [1, ${max}] or an array of positions; got ${describe(value)}`,
    );
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
  const s = new AttentionSettings(wasm, fn, o);
  const maxPositions = limitsOf(wasm).maxAttentionPositions;
  const positions = positionsOption(o, fn, maxPositions);
  const ownKeys = numbersOption(o, fn, 'keyPositions', false, maxPositions);
  const keyPositions = ownKeys ?? positions;
  const tokensOption = arrayOrName(fn, 'tokens', o.raw('tokens'), ['random', 'shared'], 'queries × dModel values');
  // One row of dModel values given is the token at every position (for a single
  // query it is that query's row, and the keys' too unless there are more keys).
  const shared =
    tokensOption === 'shared' ||
    (typeof tokensOption !== 'string' &&
      typedLength(tokensOption) === s.dModel &&
      (positions.length !== 1 || keyPositions.length !== 1));
  if (typeof tokensOption !== 'string' && ownKeys && !shared && keyPositions.length !== positions.length) {
    throw new RangeError(
      `phasor.${fn}: with keyPositions of another length, tokens must be 'shared', 'random' or one row of dModel values`,
    );
  }
  const call = (validateOnly: boolean) => wasm.attentionScores(s.record, shared, s.dHeadName, validateOnly);
  const putPositions = () => {
    wasm.releaseInputs();
    putFloat64(wasm, fn, 'positions', positions);
    if (ownKeys) putFloat64(wasm, fn, 'keyPositions', keyPositions);
    s.putScaling();
  };
  // The options and positions first: nothing is drawn for a call the core refuses.
  putPositions();
  refuseUnlessValid(wasm, fn, call(true));
  // Random tokens are seeded samples, at most maxNormalSamples in one draw.
  const drawn = tokensOption === 'random' ? positions.length + (ownKeys ? keyPositions.length : 0) : 0;
  const maxSamples = limitsOf(wasm).maxNormalSamples;
  if (drawn * s.dModel > maxSamples) {
    throw new RangeError(
      `phasor.${fn}: tokens 'random' draws (positions.length + keyPositions.length) x dModel values, at most ${maxSamples}; got ${drawn} x ${s.dModel}`,
    );
  }

  let tokens: Float32Array;
  let keyTokens: Float32Array | undefined;
  if (tokensOption === 'shared') {
    tokens = s.randomTokens(1);
  } else if (tokensOption === 'random') {
    // One token per query position, then (for separate keys) one per key position.
    const all = s.randomTokens(positions.length + (ownKeys ? keyPositions.length : 0));
    tokens = all.subarray(0, positions.length * s.dModel);
    if (ownKeys) keyTokens = all.subarray(positions.length * s.dModel);
  } else {
    tokens = tokensOption;
  }
  const wq = s.weights('wq');
  const wk = s.weights('wk');

  putPositions();
  putFloat32(wasm, fn, 'tokens', tokens);
  if (keyTokens) putFloat32(wasm, fn, 'keyTokens', keyTokens);
  s.putWeights(wq, wk);
  const matrices = takeMatrices(wasm, fn, call(false), positions.length * keyPositions.length);
  const block = (b: number) => matrices[b];
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
  if (s.kind === 'alibi')
    return { kind: 'alibi', ...common, bias: block(1), slope: s.slope() } as AttentionScoresByKind[K];
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
  const s = new AttentionSettings(wasm, fn, o);
  const maxPositions = limitsOf(wasm).maxAttentionPositions;
  const anchors = numbersOption(o, fn, 'anchors', true, maxPositions)!;
  const maxOffset = o.number('maxOffset');
  const minOffset = o.number('minOffset', -maxOffset);
  const count = maxOffset - minOffset + 1;
  if (!Number.isInteger(maxOffset) || !Number.isInteger(minOffset) || count < 1 || count > maxPositions) {
    throw new RangeError(
      `phasor.${fn}: minOffset and maxOffset must be integers with 1 ≤ maxOffset − minOffset + 1 ≤ ${maxPositions}; got ${minOffset} and ${maxOffset}`,
    );
  }
  const offsets = Float64Array.from({ length: count }, (_, j) => minOffset + j);
  const tokenOption = arrayOrName(fn, 'token', o.raw('token'), ['random'], 'dModel values');
  const call = (validateOnly: boolean) => wasm.scoreByOffset(s.record, s.dHeadName, validateOnly);
  const putPositions = () => {
    wasm.releaseInputs();
    putFloat64(wasm, fn, 'positions', anchors);
    putFloat64(wasm, fn, 'keyPositions', offsets);
    s.putScaling();
  };
  // The options, anchors and offsets first: nothing is drawn for a call the core refuses.
  putPositions();
  refuseUnlessValid(wasm, fn, call(true));
  const token = tokenOption === 'random' ? s.randomTokens(1) : tokenOption;
  const wq = s.weights('wq');
  const wk = s.weights('wk');

  putPositions();
  putFloat32(wasm, fn, 'tokens', token);
  s.putWeights(wq, wk);
  const packed = takeResult(wasm, fn, call(false));
  const grid = anchors.length * count;
  const block = (b: number) => packed.subarray(b * grid, (b + 1) * grid);
  const scores = block(0);
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
  const maxSpread = spread.reduce((m, v) => Math.max(m, v), 0);
  if (s.kind !== 'additive') return { anchors, offsets, scores, spread, maxSpread };
  const terms = {
    contentContent: block(1),
    contentPosition: block(2),
    positionContent: block(3),
    positionPosition: block(4),
  };
  return { anchors, offsets, scores, spread, maxSpread, terms };
}
