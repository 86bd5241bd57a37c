// The records identify_bindings.cpp returns, as the TypeScript reads them:
// apart from the code that names candidates, so the files that read a fit
// (candidates, expressers, precision) import them without importing each other.
import type { FrequencyRecipe, Precision } from './identify-types.js';

/** A form as the core returns it (identify_bindings.cpp). */
export interface WasmFit {
  layout: 'interleaved' | 'split';
  order: 'sinCos' | 'cosSin';
  oddWidth: 'error' | 'zeroColumn' | 'extraSine';
  spacing: 'paper' | 'geometric';
  base: number;
  maxFrequency: number;
  scale: number;
  offset: number;
  /** With buffer: the position of the stored zero row. */
  paddingIdx: number | null;
  buffer: boolean;
  maxError: number;
  rmsError: number;
  worstRow: number;
  worstColumn: number;
  tolerance: number;
  /** The exact table (rounded to float32) reproduces it. */
  reproduces: boolean;
  differs: string;
  /** Per row: max |table − exact table|. */
  deviation: Float64Array;
  /** Each precision judged, exact first. */
  precisions: WasmVerdict[];
  /** The verdict the fit is shown with when no other applies (the first that reproduces, else the nearer). */
  nearest: number;
}

/** What the core returns (identify_bindings.cpp). */
export interface WasmIdentification {
  storage: 'float32' | 'float16' | 'bfloat16';
  fits: WasmFit[];
}

/** One precision the core judged a fit in (identify_bindings.cpp). */
export interface WasmVerdict {
  precision: Precision;
  float32Arithmetic: boolean;
  /** The recipe whose float32 frequencies were reproduced; null for exact arithmetic or frequencies read from the table. */
  frequencies: FrequencyRecipe | null;
  reproduces: boolean;
  /** Per row: the largest bound of its values; null when the verdict was reached on a few rows only. */
  bound: Float64Array | null;
  worstRatio: number;
  worstRatioRow: number;
  worstRatioColumn: number;
  worstRatioBound: number;
  residualRatio: number;
  steppedFrequencies: number;
}
