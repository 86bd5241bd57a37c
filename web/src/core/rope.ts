// RoPE: rotating rows by position, and its frequencies under the
// context-extension schemes (cpp/include/phasor/rope.hpp, rope_scaling.hpp).
import { typedLength } from './caller-arrays.js';
import { float32Option, numbersOption, putFloat32, putFloat64, scalingRecord, takeResult } from './experiment-inputs.js';
import { enumsOf, limitsOf } from './module-tables.js';
import { OptionReader } from './options.js';
import { PAIRINGS, type RopeFrequencies, type RopeFrequencyOptions, type RopeOptions } from './rope-types.js';
import type { ExperimentsWasm } from './wasm-module.js';

const DEFAULT_THETA = 10000;
const TWO_PI = 2 * Math.PI;

/** Each row turned pair by pair by its position times θ^(−2i/dim) (float64 angles, float32 out). */
export function rope(wasm: ExperimentsWasm, options: RopeOptions): Float32Array {
  const fn = 'rope';
  const o = new OptionReader(fn, options, ['rows', 'dim', 'positions', 'theta', 'pairing', 'tableLayout', 'scaling']);
  const enums = enumsOf(wasm);
  const rows = float32Option(o, fn, 'rows', 'count × dim values');
  if (rows === undefined) throw new TypeError(`phasor.${fn}: option 'rows' is required (a Float32Array of count × dim values)`);
  const dim = o.number('dim');
  const theta = o.number('theta', DEFAULT_THETA);
  const pairing = o.choice('pairing', PAIRINGS, 'half', enums.pairing);
  const tableLayout = o.choice('tableLayout', PAIRINGS, pairing.name, enums.pairing);
  const scaling = scalingRecord(wasm, fn, o);
  const length = typedLength(rows);
  if (!Number.isInteger(dim) || dim < 1 || length % dim !== 0 || length === 0) {
    throw new RangeError(`phasor.${fn}: rows.length (${length}) must be a positive multiple of dim (${dim}), dim an integer ≥ 1`);
  }
  const count = length / dim;
  const positions =
    numbersOption(o, fn, 'positions', false, limitsOf(wasm).maxPositions) ?? Float64Array.from({ length: count }, (_, i) => i);
  if (positions.length !== count) {
    throw new RangeError(`phasor.${fn}: positions.length (${positions.length}) must equal the number of rows (${count})`);
  }
  wasm.releaseInputs();
  putFloat32(wasm, fn, 'rows', rows);
  putFloat64(wasm, fn, 'positions', positions);
  return takeResult(wasm, fn, wasm.rope(dim, theta, pairing.code, tableLayout.code, scaling));
}

/** RoPE's ω_i and wavelengths 2π/ω_i before and after scaling, and the attention factor. */
export function ropeFrequencies(wasm: ExperimentsWasm, options: RopeFrequencyOptions): RopeFrequencies {
  const fn = 'ropeFrequencies';
  const o = new OptionReader(fn, options, ['dim', 'theta', 'scaling']);
  const dim = o.number('dim');
  const theta = o.number('theta', DEFAULT_THETA);
  const scaling = scalingRecord(wasm, fn, o);
  const packed = takeResult(wasm, fn, wasm.ropeFrequencies(dim, theta, scaling));
  const h = (packed.length - 1) / 2;
  const frequencies = packed.slice(0, h);
  const originalFrequencies = packed.slice(h, 2 * h);
  return {
    frequencies,
    wavelengths: frequencies.map((w) => TWO_PI / w),
    originalFrequencies,
    originalWavelengths: originalFrequencies.map((w) => TWO_PI / w),
    attentionFactor: packed[2 * h],
  };
}
