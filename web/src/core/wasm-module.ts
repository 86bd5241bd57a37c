// Over 300 lines: the declarations of both Embind modules' functions and records, in one file to hold against cpp/bindings (tests/unit/wasm-arity.test.ts).
// The two Embind modules: phasor.wasm (cpp/bindings/phasor_bindings.cpp, the
// PE core) and phasor-experiments.wasm (rope_bindings.cpp, RoPE and
// attention), each with module_bindings.cpp. Emscripten 3.1.6 cannot emit
// declarations, so the functions are declared here and
// tests/unit/wasm-arity.test.ts holds them, and every call of them in
// web/src, to the built modules (names and argument counts). The names the
// core defines (limits, enum names, input slots, the scaling record's fields
// and defaults) are not written here: the wasm build exports them to ./wasm/tables.js
// (tools/finish-wasm.mjs) and the types below are made from it.
//
// Every function takes plain numbers and returns either a view into wasm
// memory (valid only until the next call) or a string saying why the input
// was refused.

import type { WasmIdentification } from './identify-records.js';
import type { ENUM_NAMES, LIMIT_NAMES, RECORD_FIELDS, SLOT_NAMES } from './wasm/tables.js';

export type WasmResult<T> = T | string;

/** What both modules export (module_bindings.cpp) and the Emscripten heap. */
export interface ModuleCommon {
  releaseResult(): void;
  /** The limits table of cpp/include/phasor/limits.hpp, and whether SIMD kernels are in use. */
  limits(): WasmLimits;
  /** Every enum's names in code order (the code is the index). */
  enums(): WasmEnums;
  /** Every record's field names, by record (read by the wasm build into tables.js). */
  recordFields(): Record<RecordName, string[]>;
  HEAPU8: Uint8Array;
}

export interface CoreWasm extends ModuleCommon {
  /** The table (encoding.hpp). */
  encode(options: WasmTableRecord): WasmResult<Float32Array>;
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

/** rope_bindings.cpp: arrays go in through slots (experiment-inputs.ts), the scaling and attention options as records. */
export interface ExperimentsWasm extends ModuleCommon {
  inputFloat32(slot: number, count: number): WasmResult<Float32Array>;
  inputFloat64(slot: number, count: number): WasmResult<Float64Array>;
  releaseInputs(): void;
  /** The slot number of each array option. */
  inputSlots(): Record<SlotName, number>;
  /** The scaling record as C++ default-constructs it (read by the build: tables.js). */
  scalingDefaults(): WasmScalingRecord;
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
    options: WasmAttentionRecord,
    sharedTokens: boolean,
    dHeadName: string,
    validateOnly: boolean,
  ): WasmResult<Float32Array>;
  /** anchors × offsets scores (slots positions, keyPositions); additive: then its four terms, four more such blocks. */
  scoreByOffset(options: WasmAttentionRecord, dHeadName: string, validateOnly: boolean): WasmResult<Float32Array>;
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
  /** decay_bindings.cpp: Men et al.'s bound, the first m in [from, to) with Σ cos(m θ_i) < 0, or −1. */
  ropeBaseBound(dim: number, pairs: number, still: number, theta: number, from: number, to: number): number | string;
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

/** The input slots of the experiments module, by the option each carries (rope_bindings.cpp). */
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

/** The PE table's options as encode() takes them (table_record.hpp); codes for the enums. */
export interface WasmTableRecord {
  positions: number;
  dModel: number;
  base: number;
  offset: number;
  layout: number;
  spacing: number;
  order: number;
  oddWidth: number;
  maxFrequency: number;
  scale: number;
  /** Else paddingIdx is not read. */
  hasPadding: boolean;
  paddingIdx: number;
  buffer: boolean;
}

/** The options attentionScores() and scoreByOffset() take (attention_record.hpp); codes for the enums. */
export interface WasmAttentionRecord {
  kind: number;
  dModel: number;
  dHead: number;
  /** Checked whatever the kind; additive PE's. */
  base: number;
  /** Checked whatever the kind; RoPE's. */
  theta: number;
  pairing: number;
  tableLayout: number;
  weightLayout: number;
  permute: boolean;
  heads: number;
  head: number;
  scaling: WasmScalingRecord;
  seed: number;
  tokenStd: number;
}

/** The records that cross as Embind value_objects, by the name C++ binds each under. */
export type RecordName = keyof typeof RECORD_FIELDS;

/**
 * The name of a bound the core enforces: a row of kLimits (cpp/include/phasor/limits.hpp).
 * @useDeclaredType
 */
export type LimitName = (typeof LIMIT_NAMES)[number];

/** The bounds the core enforces (cpp/include/phasor/limits.hpp), under the names it exports them by. */
export interface WasmLimits extends Record<LimitName, number> {
  /** true when the wasm SIMD kernels are in use. */
  simd: boolean;
}

/** Every enum's names, code order (module_bindings.cpp). */
export type WasmEnums = { -readonly [K in keyof typeof ENUM_NAMES]: string[] };

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

// The records cross as Embind value_objects, read field by field by name:
// each Wasm<Name> interface must have exactly the fields C++ binds for <Name>
// (RECORD_FIELDS), or a field would cross as undefined. Checked here, at
// compile time; tests/unit/wasm-arity.test.ts checks the same against the
// built modules.
type Fields<R extends RecordName> = (typeof RECORD_FIELDS)[R][number];
type Exactly<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : [Exclude<A, B>, Exclude<B, A>];
type Holds<T extends true> = T;
type ScalingRecordMatches = Holds<Exactly<keyof WasmScalingRecord, Fields<'ScalingRecord'>>>;
type TableRecordMatches = Holds<Exactly<keyof WasmTableRecord, Fields<'TableRecord'>>>;
type AttentionRecordMatches = Holds<Exactly<keyof WasmAttentionRecord, Fields<'AttentionRecord'>>>;
