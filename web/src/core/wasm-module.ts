// The two Embind modules: phasor.wasm (cpp/bindings/phasor_bindings.cpp, the
// PE core) and phasor-experiments.wasm (rope_bindings.cpp, RoPE and
// attention), each with module_bindings.cpp. Emscripten 3.1.6 cannot emit
// declarations, so they are written here and tests/unit/wasm-module.test.ts
// checks them against the built modules.
//
// Every function takes plain numbers and returns either a view into wasm
// memory (valid only until the next call) or a string saying why the input
// was refused.

export type WasmResult<T> = T | string;

/** What both modules export (module_bindings.cpp) and the Emscripten heap. */
export interface ModuleCommon {
  releaseResult(): void;
  limits(): WasmLimits;
  HEAPU8: Uint8Array;
}

export interface CoreWasm extends ModuleCommon {
  encode(positions: number, dModel: number, base: number, offset: number, layout: number, spacing: number): WasmResult<Float32Array>;
  frequencies(dModel: number, base: number, asWavelengths: boolean, spacing: number): WasmResult<Float64Array>;
  dotByOffset(dModel: number, base: number, maxOffset: number, spacing: number): WasmResult<Float32Array>;
  /** Row 0 of the n × n distance or similarity matrix (metric 0 l2, 1 dot, 2 cosine). */
  offsetRow(positions: number, dModel: number, base: number, metric: number, spacing: number): WasmResult<Float32Array>;
  pairwiseInput(count: number, dim: number): WasmResult<Float32Array>;
  pairwise(count: number, dim: number, metric: number): WasmResult<Float32Array>;
  rotationMatrix(positions: number, dModel: number, base: number, offset: number, k: number, layout: number, spacing: number): WasmResult<Float32Array>;
  rotationMaxError(positions: number, dModel: number, base: number, offset: number, k: number, layout: number, spacing: number): WasmResult<number>;
  // Pixel-resolution views and the rotation chart's pieces (window_bindings.cpp).
  /** Bins of the table: all dimensions (dims empty) or the listed ones, one column each. */
  encodeBins(first: number, stride: number, count: number, dModel: number, base: number, layout: number, spacing: number, dims: readonly number[]): WasmResult<Float32Array>;
  /** Bins of PE(p)·PE(p+k): the closed form when p is NaN, else measured on encoded rows. */
  dotBins(p: number, first: number, stride: number, count: number, dModel: number, base: number, spacing: number): WasmResult<Float64Array>;
  offsetRowBins(first: number, stride: number, count: number, dModel: number, base: number, metric: number, spacing: number): WasmResult<Float32Array>;
  /** rows × cols entries of M_k (none when rows and cols are 0), then M_k·PE(p) (none when p is NaN). */
  rotationView(dModel: number, base: number, k: number, layout: number, spacing: number, p: number, row0: number, col0: number, rows: number, cols: number): WasmResult<Float64Array>;
}

/** rope_bindings.cpp: arrays go in through slots (experiment-inputs.ts). */
export interface ExperimentsWasm extends ModuleCommon {
  inputFloat32(slot: number, count: number): WasmResult<Float32Array>;
  inputFloat64(slot: number, count: number): WasmResult<Float64Array>;
  releaseInputs(): void;
  normalSamples(seed: number, stream: number, count: number, std: number): WasmResult<Float32Array>;
  rope(dim: number, theta: number, pairing: number, tableLayout: number): WasmResult<Float32Array>;
  ropeFrequencies(dim: number, theta: number): WasmResult<Float64Array>;
  attentionScores(kind: number, dModel: number, dHead: number, base: number, pairing: number, tableLayout: number, weightLayout: number, permute: boolean, heads: number, head: number, sharedTokens: boolean): WasmResult<Float32Array>;
  scoreByOffset(kind: number, dModel: number, dHead: number, base: number, pairing: number, tableLayout: number, weightLayout: number, permute: boolean, heads: number, head: number): WasmResult<Float32Array>;
  alibiSlopes(heads: number): WasmResult<Float64Array>;
  shiftFit(encoding: number, dModel: number, base: number, k: number, positions: number, offset: number, stride: number, extrapolate: number): WasmResult<Float64Array>;
  sineCollision(dModel: number, base: number, dimension: number, position: number): WasmResult<Float64Array>;
  embeddingScale(dModel: number, positions: number, offset: number, base: number): WasmResult<Float32Array>;
  positionResolution(dModel: number, minOffset: number): WasmResult<Float64Array>;
}

export interface WasmLimits {
  maxDModel: number;
  maxPositions: number;
  maxAbsPosition: number;
  maxOutputBytes: number;
  simd: boolean;
}

/** The functions each module's bindings export, for the declaration test. */
export const COMMON_FUNCTIONS = ['releaseResult', 'limits'] as const satisfies readonly Exclude<keyof ModuleCommon, 'HEAPU8'>[];

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
] as const satisfies readonly Exclude<keyof CoreWasm, 'HEAPU8'>[];

export const EXPERIMENT_FUNCTIONS = [
  ...COMMON_FUNCTIONS,
  'inputFloat32',
  'inputFloat64',
  'releaseInputs',
  'normalSamples',
  'rope',
  'ropeFrequencies',
  'attentionScores',
  'scoreByOffset',
  'alibiSlopes',
  'shiftFit',
  'sineCollision',
  'embeddingScale',
  'positionResolution',
] as const satisfies readonly Exclude<keyof ExperimentsWasm, 'HEAPU8'>[];

export interface ModuleOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, scriptDirectory: string) => string;
}

export type ModuleFactory<W extends ModuleCommon> = (options?: ModuleOptions) => Promise<W>;
