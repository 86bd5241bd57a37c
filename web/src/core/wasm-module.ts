// The two Embind modules: phasor.wasm (cpp/bindings/phasor_bindings.cpp, the
// PE core) and phasor-experiments.wasm (rope_bindings.cpp, RoPE and
// attention), each with module_bindings.cpp. Emscripten 3.1.6 cannot emit
// declarations, so they are written here and tests/unit/wasm-module.test.ts
// checks them against the built modules.
//
// Every function takes plain numbers and returns either a view into wasm
// memory (valid only until the next call) or a string saying why the input
// was refused.

import type { WasmIdentification } from './identify-records.js';

export type WasmResult<T> = T | string;

/** What both modules export (module_bindings.cpp) and the Emscripten heap. */
export interface ModuleCommon {
  releaseResult(): void;
  /** The limits table of cpp/include/phasor/limits.hpp, and whether SIMD kernels are in use. */
  limits(): WasmLimits;
  /** Every enum's names in code order (the code is the index). */
  enums(): WasmEnums;
  HEAPU8: Uint8Array;
}

export interface CoreWasm extends ModuleCommon {
  /** The table; order and oddWidth as codes, paddingIdx read only when hasPadding (encoding.hpp). */
  encode(
    positions: number,
    dModel: number,
    base: number,
    offset: number,
    layout: number,
    spacing: number,
    order: number,
    oddWidth: number,
    maxFrequency: number,
    scale: number,
    hasPadding: boolean,
    paddingIdx: number,
    buffer: boolean,
  ): WasmResult<Float32Array>;
  /** The table's sine frequencies (or wavelengths): dModel/2, plus one with an extra sine. */
  frequencies(
    dModel: number,
    base: number,
    asWavelengths: boolean,
    spacing: number,
    oddWidth: number,
    maxFrequency: number,
  ): WasmResult<Float64Array>;
  dotByOffset(dModel: number, base: number, maxOffset: number, spacing: number): WasmResult<Float32Array>;
  /** Row 0 of the n × n distance or similarity matrix (metric 0 l2, 1 dot, 2 cosine). */
  offsetRow(positions: number, dModel: number, base: number, metric: number, spacing: number): WasmResult<Float32Array>;
  pairwiseInput(count: number, dim: number): WasmResult<Float32Array>;
  pairwise(count: number, dim: number, metric: number): WasmResult<Float32Array>;
  rotationMatrix(
    positions: number,
    dModel: number,
    base: number,
    offset: number,
    k: number,
    layout: number,
    spacing: number,
  ): WasmResult<Float32Array>;
  rotationMaxError(
    positions: number,
    dModel: number,
    base: number,
    offset: number,
    k: number,
    layout: number,
    spacing: number,
  ): WasmResult<number>;
  // Pixel-resolution views and the rotation chart's pieces (window_bindings.cpp).
  /** Bins of the table: all dimensions (dims empty) or the listed ones, one column each. */
  encodeBins(
    first: number,
    stride: number,
    count: number,
    dModel: number,
    base: number,
    layout: number,
    spacing: number,
    dims: readonly number[],
  ): WasmResult<Float32Array>;
  /** Bins of PE(p)·PE(p+k): the closed form when p is NaN, else measured on encoded rows. */
  dotBins(
    p: number,
    first: number,
    stride: number,
    count: number,
    dModel: number,
    base: number,
    spacing: number,
  ): WasmResult<Float64Array>;
  offsetRowBins(
    first: number,
    stride: number,
    count: number,
    dModel: number,
    base: number,
    metric: number,
    spacing: number,
  ): WasmResult<Float32Array>;
  /** rows × cols entries of M_k (none when rows and cols are 0), then M_k·PE(p) (none when p is NaN). */
  rotationView(
    dModel: number,
    base: number,
    k: number,
    layout: number,
    spacing: number,
    p: number,
    row0: number,
    col0: number,
    rows: number,
    cols: number,
  ): WasmResult<Float64Array>;
  /** Pair i of PE(p) on its circle: its angle, M_k's turn and the turn less its whole turns. */
  pairTurn(dModel: number, base: number, spacing: number, pair: number, p: number, k: number): WasmResult<Float64Array>;
}

/** rope_bindings.cpp: arrays go in through slots (experiment-inputs.ts), the scaling as a record. */
export interface ExperimentsWasm extends ModuleCommon {
  inputFloat32(slot: number, count: number): WasmResult<Float32Array>;
  inputFloat64(slot: number, count: number): WasmResult<Float64Array>;
  releaseInputs(): void;
  /** The slot number of each array option. */
  inputSlots(): Record<SlotName, number>;
  /** The fields of the scaling record, in the order Embind reads them. */
  scalingFields(): string[];
  /** Samples first … first + count − 1 of the stream. */
  normalSamples(
    seed: number,
    stream: number,
    count: number,
    std: number,
    seedName: string,
    stdName: string,
    first: number,
  ): WasmResult<Float32Array>;
  /** The same stream's samples first … first + count − 1 in float64, before scaling by a std and rounding. */
  standardNormals(seed: number, stream: number, count: number, first: number): WasmResult<Float64Array>;
  /** With mrope, positions hold 3 × count values (t, h, w); queryScaleBeta 0: no query scale. */
  rope(
    dim: number,
    rotaryDim: number,
    ropeDims: number,
    theta: number,
    pairing: number,
    tableLayout: number,
    outputPairing: number,
    mrope: boolean,
    mropeT: number,
    mropeH: number,
    mropeW: number,
    mropeInterleaved: boolean,
    queryScaleBeta: number,
    queryScaleLength: number,
    scaling: WasmScalingRecord,
  ): WasmResult<Float32Array>;
  /** [scaled ω (rotaryDim/2), unscaled ω, attention factor]. */
  ropeFrequencies(dim: number, rotaryDim: number, theta: number, scaling: WasmScalingRecord): WasmResult<Float64Array>;
  /**
   * base and theta are both checked, the kind's one used; validateOnly: '' once
   * the options and positions pass, before tokens and weights are read.
   * dHeadName: 'dModel' when dHead defaults to it.
   */
  attentionScores(
    kind: number,
    dModel: number,
    dHead: number,
    base: number,
    theta: number,
    pairing: number,
    tableLayout: number,
    weightLayout: number,
    permute: boolean,
    heads: number,
    head: number,
    sharedTokens: boolean,
    scaling: WasmScalingRecord,
    seed: number,
    tokenStd: number,
    dHeadName: string,
    validateOnly: boolean,
  ): WasmResult<Float32Array>;
  /** anchors × offsets scores (slots positions, keyPositions); additive: then its four terms, four more such blocks. */
  scoreByOffset(
    kind: number,
    dModel: number,
    dHead: number,
    base: number,
    theta: number,
    pairing: number,
    tableLayout: number,
    weightLayout: number,
    permute: boolean,
    heads: number,
    head: number,
    scaling: WasmScalingRecord,
    seed: number,
    tokenStd: number,
    dHeadName: string,
    validateOnly: boolean,
  ): WasmResult<Float32Array>;
  alibiSlopes(heads: number): WasmResult<Float64Array>;
  /** decay_bindings.cpp: [total, softmax?, four additive terms?], rows (slot positions) × cols (slot keyPositions). */
  attentionPattern(
    kind: number,
    n: number,
    dModel: number,
    dHead: number,
    base: number,
    theta: number,
    heads: number,
    head: number,
    sharedTokens: boolean,
    causal: boolean,
    softmax: boolean,
    terms: boolean,
    scaling: WasmScalingRecord,
    seed: number,
    tokenStd: number,
    dHeadName: string,
    validateOnly: boolean,
  ): WasmResult<Float32Array>;
  /** decay_bindings.cpp: the bound for m − n = 0 … maxDistance. */
  ropeDecay(dModel: number, base: number, maxDistance: number, scaling: WasmScalingRecord): WasmResult<Float64Array>;
  /** [independent (maxDistance + 1), self (maxDistance + 1)]. */
  ropeRandomScores(
    dModel: number,
    base: number,
    maxDistance: number,
    scaling: WasmScalingRecord,
    samples: number,
    seed: number,
  ): WasmResult<Float64Array>;
  shiftFit(
    encoding: number,
    dModel: number,
    base: number,
    k: number,
    positions: number,
    offset: number,
    stride: number,
    extrapolate: number,
  ): WasmResult<Float64Array>;
  sineCollision(dModel: number, base: number, dimension: number, position: number): WasmResult<Float64Array>;
  /** Tokens in slot tokens, or standard normals in slot normals (tokens float32(std · z)). */
  /** seed and std are checked whatever the tokens' source. */
  embeddingScale(
    dModel: number,
    positions: number,
    offset: number,
    base: number,
    seed: number,
    std: number,
  ): WasmResult<Float32Array>;
  positionResolution(dModel: number, minOffset: number): WasmResult<Float64Array>;
  // identify (identify_bindings.cpp): fill identifyInput's view with the table, then call identify.
  identifyInput(positions: number, dModel: number, indexed: boolean): WasmResult<Float64Array>;
  /** The storage found and the fitted forms, best first; frees the input whatever the outcome. */
  identify(positions: number, dModel: number, indexed: boolean): WasmResult<WasmIdentification>;
  /**
   * rope_identify_bindings.cpp: reads the slots invFreq, or cos and sin, or
   * rotated and original, with positions; frees them whatever the outcome.
   */
  identifyRope(
    width: number,
    hasHeadDim: boolean,
    headDim: number,
    originalOneRow: boolean,
    presets: WasmRopePresetScheme[],
  ): WasmResult<WasmRopeIdentification>;
}

/** A preset's scaled RoPE offered to identifyRope (preset: its index in ROPE_PRESET_NAMES). */
export interface WasmRopePresetScheme {
  preset: number;
  theta: number;
  rotaryDim: number;
  scaling: WasmScalingRecord;
  shortFactor: readonly number[];
  longFactor: readonly number[];
}

/** A scaling as identifyRope returns it: the record's fields and longrope's lists. */
export interface WasmScalingOut extends WasmScalingRecord {
  shortFactor: Float64Array;
  longFactor: Float64Array;
}

export interface WasmRopeCandidate {
  theta: number;
  scaling: WasmScalingOut;
  /** Index in ROPE_PRESET_NAMES, or −1. */
  preset: number;
  longFactors: boolean;
  note: string;
  attentionFactor: number;
  attentionMeasured: boolean;
  /** Pairing codes; −1 when the input cannot tell. */
  pairing: number;
  outputPairing: number;
  rotaryDim: number;
  precision: string;
  match: boolean;
  exact: boolean;
  verified: boolean;
  maxError: number;
  worstRatio: number;
  positions: Float64Array;
  deviation: Float64Array;
  bound: Float64Array;
}

export interface WasmRopeIdentification {
  match: boolean;
  storage: string;
  amplitude: number;
  amplitudeSpread: number;
  notRope: boolean;
  refusal: string;
  candidates: WasmRopeCandidate[];
}

/** The input slots of the experiments module, by the option each carries. */
export const SLOT_NAMES = [
  'positions',
  'keyPositions',
  'tokens',
  'keyTokens',
  'wq',
  'wk',
  'bases',
  'lengths',
  'rows',
  'shortFactor',
  'longFactor',
  'normals',
  'invFreq',
  'cos',
  'sin',
  'rotated',
  'original',
] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

/** RoPE's frequency scaling as the bindings take it (scaling_record.hpp). */
export interface WasmScalingRecord {
  /** The RopeScalingType code. */
  type: number;
  factor: number;
  originalLength: number;
  hasSequenceLength: boolean;
  sequenceLength: number;
  betaFast: number;
  betaSlow: number;
  truncate: boolean;
  lowFreqFactor: number;
  highFreqFactor: number;
  hasAttentionFactor: boolean;
  attentionFactor: number;
  mscale: number;
  mscaleAllDim: number;
  partialRotaryFactor: number;
}

/** The bounds the core enforces (cpp/include/phasor/limits.hpp), under the names it exports them by. */
export interface WasmLimits {
  maxDModel: number;
  maxPositions: number;
  maxAbsPosition: number;
  maxBase: number;
  maxFrequency: number;
  /** The slowest frequency a table may have (its wavelength finite). */
  minFrequency: number;
  maxEncodeScale: number;
  maxOutputBytes: number;
  maxDotByOffsetWork: number;
  maxPairwiseWork: number;
  maxRotationWork: number;
  maxIdentifyValues: number;
  maxRopeValues: number;
  maxNormalSamples: number;
  maxSeed: number;
  maxNormalStd: number;
  /** The attention functions' tokenStd (their scores stay within float32). */
  maxTokenStd: number;
  maxAttentionPositions: number;
  maxAttentionWidth: number;
  maxAttentionWork: number;
  maxRopeDecayDistance: number;
  maxRopeDecayWork: number;
  maxRopeDecaySamples: number;
  maxRopeRandomWork: number;
  maxAlibiHeads: number;
  maxEmbeddingScaleValues: number;
  /** embeddingScale re-anchors its phase walk every this many positions: blocks of a multiple of it give one call's numbers bit for bit. */
  embeddingScaleBlock: number;
  maxResolutionCases: number;
  maxResolutionWork: number;
  maxShiftFitDModel: number;
  maxShiftFitPositions: number;
  maxQuadraticPosition: number;
  maxScalingFactor: number;
  minScalingParameter: number;
  /** true when the wasm SIMD kernels are in use. */
  simd: boolean;
}

/** Every enum's names, code order. */
export interface WasmEnums {
  layout: string[];
  spacing: string[];
  order: string[];
  oddWidth: string[];
  metric: string[];
  pairing: string[];
  ropeDims: string[];
  attentionKind: string[];
  ropeScalingType: string[];
  shiftEncoding: string[];
  precision: string[];
  frequencyRecipe: string[];
}

/** The functions each module's bindings export, for the declaration test. */
export const COMMON_FUNCTIONS = ['releaseResult', 'limits', 'enums'] as const satisfies readonly Exclude<
  keyof ModuleCommon,
  'HEAPU8'
>[];

export const CORE_FUNCTIONS = [
  ...COMMON_FUNCTIONS,
  'encode',
  'frequencies',
  'dotByOffset',
  'offsetRow',
  'pairwiseInput',
  'pairwise',
  'rotationMatrix',
  'rotationMaxError',
  'encodeBins',
  'dotBins',
  'offsetRowBins',
  'rotationView',
  'pairTurn',
] as const satisfies readonly Exclude<keyof CoreWasm, 'HEAPU8'>[];

export const EXPERIMENT_FUNCTIONS = [
  ...COMMON_FUNCTIONS,
  'inputFloat32',
  'inputFloat64',
  'releaseInputs',
  'inputSlots',
  'scalingFields',
  'normalSamples',
  'standardNormals',
  'rope',
  'ropeFrequencies',
  'attentionScores',
  'scoreByOffset',
  'alibiSlopes',
  'ropeDecay',
  'ropeRandomScores',
  'attentionPattern',
  'shiftFit',
  'sineCollision',
  'embeddingScale',
  'positionResolution',
  'identifyInput',
  'identify',
  'identifyRope',
] as const satisfies readonly Exclude<keyof ExperimentsWasm, 'HEAPU8'>[];

export interface ModuleOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, scriptDirectory: string) => string;
  /** Emscripten's hook: compile and instantiate with `imports`, hand the instance to `receive`, return {}. */
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object;
}

export type ModuleFactory<W extends ModuleCommon> = (options?: ModuleOptions) => Promise<W>;

// Run-time lists of the declared names, for tests/unit/wasm-module.test.ts,
// which holds them (and the enum name lists of types.ts and rope-types.ts)
// to what each built module reports. Each must list every key of its type.
type Exhaustive<Keys, Listed> = [Exclude<Keys, Listed>] extends [never] ? true : Exclude<Keys, Listed>;

export const LIMIT_NAMES = [
  'maxDModel',
  'maxPositions',
  'maxAbsPosition',
  'maxBase',
  'maxFrequency',
  'minFrequency',
  'maxEncodeScale',
  'maxOutputBytes',
  'maxDotByOffsetWork',
  'maxPairwiseWork',
  'maxRotationWork',
  'maxIdentifyValues',
  'maxRopeValues',
  'maxNormalSamples',
  'maxSeed',
  'maxNormalStd',
  'maxTokenStd',
  'maxAttentionPositions',
  'maxAttentionWidth',
  'maxAttentionWork',
  'maxAlibiHeads',
  'maxEmbeddingScaleValues',
  'embeddingScaleBlock',
  'maxResolutionCases',
  'maxResolutionWork',
  'maxShiftFitDModel',
  'maxShiftFitPositions',
  'maxQuadraticPosition',
  'maxScalingFactor',
  'minScalingParameter',
  'maxRopeDecayDistance',
  'maxRopeDecayWork',
  'maxRopeDecaySamples',
  'maxRopeRandomWork',
] as const satisfies readonly Exclude<keyof WasmLimits, 'simd'>[];
export const LIMIT_NAMES_COMPLETE: Exhaustive<Exclude<keyof WasmLimits, 'simd'>, (typeof LIMIT_NAMES)[number]> = true;

export const SCALING_FIELDS = [
  'type',
  'factor',
  'originalLength',
  'hasSequenceLength',
  'sequenceLength',
  'betaFast',
  'betaSlow',
  'truncate',
  'lowFreqFactor',
  'highFreqFactor',
  'hasAttentionFactor',
  'attentionFactor',
  'mscale',
  'mscaleAllDim',
  'partialRotaryFactor',
] as const satisfies readonly (keyof WasmScalingRecord)[];
export const SCALING_FIELDS_COMPLETE: Exhaustive<keyof WasmScalingRecord, (typeof SCALING_FIELDS)[number]> = true;
