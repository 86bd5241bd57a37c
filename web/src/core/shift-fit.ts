// "Is there one matrix taking e(p) to e(p + k) for every p?", answered by a
// least-squares fit for the sinusoidal encoding and the designs it beat
// (cpp/include/phasor/shift_fit.hpp).
import { takeResult } from './experiment-inputs.js';
import { enumsOf } from './module-tables.js';
import { OptionReader } from './options.js';
import {
  SHIFT_ENCODINGS,
  type ShiftFit,
  type ShiftFitOptions,
  type SineCollision,
  type SineCollisionOptions,
} from './experiment-types.js';
import type { ExperimentsWasm } from './wasm-module.js';

/** The best linear map from e(p) to e(p + k) over the positions, and how far it misses. */
export function shiftFit(wasm: ExperimentsWasm, options: ShiftFitOptions): ShiftFit {
  const fn = 'shiftFit';
  const o = new OptionReader(fn, options, [
    'encoding',
    'dModel',
    'base',
    'k',
    'positions',
    'offset',
    'stride',
    'extrapolate',
  ]);
  if (o.raw('encoding') === undefined) {
    throw new TypeError(
      `phasor.${fn}: option 'encoding' is required (${SHIFT_ENCODINGS.map((e) => `'${e}'`).join(', ')})`,
    );
  }
  const encoding = o.choice('encoding', SHIFT_ENCODINGS, 'sinusoidal', enumsOf(wasm).shiftEncoding);
  const dModel = o.number('dModel');
  const base = o.number('base', 10000);
  const k = o.number('k');
  const positions = o.number('positions');
  const offset = o.number('offset', 0);
  const stride = o.number('stride', 1);
  const extrapolate = o.number('extrapolate', 0);
  const packed = takeResult(
    wasm,
    fn,
    wasm.shiftFit(encoding.code, dModel, base, k, positions, offset, stride, extrapolate),
  );
  // [residual, extrapolationResidual, rank, map, perPosition, singularValues, frequencies]
  const all = positions + extrapolate;
  const frequencyCount = encoding.name === 'sine-only' ? dModel : dModel / 2;
  let at = 3;
  const next = (n: number) => packed.subarray(at, (at += n));
  const map = Float32Array.from(next(dModel * dModel));
  const perPosition = Float32Array.from(next(all));
  const singularValues = next(Math.min(positions, dModel)).slice();
  const frequencies = next(frequencyCount).slice();
  return {
    map,
    residual: packed[0],
    extrapolationResidual: packed[1],
    perPosition,
    positions: Float64Array.from({ length: all }, (_, r) => offset + r * stride),
    singularValues,
    rank: packed[2],
    frequencies,
  };
}

/** Two positions a sine-only slot cannot tell apart: sin(ν p) = sin(ν q) for q = π/ν − p. */
export function sineCollision(wasm: ExperimentsWasm, options: SineCollisionOptions): SineCollision {
  const fn = 'sineCollision';
  const o = new OptionReader(fn, options, ['dModel', 'base', 'dimension', 'position']);
  const dModel = o.number('dModel');
  const base = o.number('base', 10000);
  const dimension = o.number('dimension');
  const position = o.number('position');
  const [frequency, partner, sinP, sinQ, cosP, cosQ] = takeResult(
    wasm,
    fn,
    wasm.sineCollision(dModel, base, dimension, position),
  );
  return { frequency, position, partner, sine: [sinP, sinQ], cosine: [cosP, cosQ] };
}
