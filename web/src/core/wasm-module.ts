// The Embind module as cpp/bindings/phasor_bindings.cpp defines it. Emscripten
// 3.1.6 cannot emit declarations, so they are written here and
// tests/unit/wasm-module.test.ts checks them against the built module.
//
// Every function takes plain numbers and returns either a view into wasm
// memory (valid only until the next call) or a string saying why the input
// was refused.

export type WasmResult<T> = T | string;

export interface PhasorWasm {
  encode(positions: number, dModel: number, base: number, offset: number, layout: number): WasmResult<Float32Array>;
  frequencies(dModel: number, base: number, asWavelengths: boolean): WasmResult<Float64Array>;
  dotByOffset(dModel: number, base: number, maxOffset: number): WasmResult<Float32Array>;
  offsetMatrix(positions: number, dModel: number, base: number, metric: number): WasmResult<Float32Array>;
  pairwiseInput(count: number, dim: number): WasmResult<Float32Array>;
  pairwise(count: number, dim: number, metric: number): WasmResult<Float32Array>;
  rotationMatrix(positions: number, dModel: number, base: number, offset: number, k: number, layout: number): WasmResult<Float32Array>;
  rotationMaxError(positions: number, dModel: number, base: number, offset: number, k: number, layout: number): WasmResult<number>;
  releaseResult(): void;
  limits(): WasmLimits;
  HEAPU8: Uint8Array;
}

export interface WasmLimits {
  maxDModel: number;
  maxPositions: number;
  maxAbsPosition: number;
  maxOutputBytes: number;
  simd: boolean;
}

/** The functions the bindings export, for the declaration test. */
export const WASM_FUNCTIONS = [
  'encode',
  'frequencies',
  'dotByOffset',
  'offsetMatrix',
  'pairwiseInput',
  'pairwise',
  'rotationMatrix',
  'rotationMaxError',
  'releaseResult',
  'limits',
] as const satisfies readonly Exclude<keyof PhasorWasm, 'HEAPU8'>[];

export interface ModuleOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, scriptDirectory: string) => string;
}

export type PhasorModuleFactory = (options?: ModuleOptions) => Promise<PhasorWasm>;
