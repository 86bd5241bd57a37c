// The pixel-resolution views and the rotation chart's pieces
// (cpp/include/phasor/window.hpp, rotation_view.hpp): what a chart needs to
// draw a window of positions on a few hundred pixels, exactly, in time for
// the next frame. Each bin is the exact mean over its positions (a Dirichlet
// kernel in closed form), so a window costs O(bins × dModel) whatever it spans.
import { copyInto, copyOf, plainFloatArray, readNumbers, typedLength } from './caller-arrays.js';
import { limitsOf } from './module-tables.js';
import { OptionReader } from './options.js';
import { LAYOUTS, METRICS, SPACINGS, type RotationOptions } from './types.js';
import type { CoreWasm, WasmResult } from './wasm-module.js';
import type * as W from './window-types.js';

const DEFAULT_BASE = 10000;

/**
 * Copies a result out of wasm memory (into `into` when given: a plain array,
 * checked by plainFloatArray, filled through the built-in set) and frees it
 * there; a string is a refusal.
 */
function take<T extends Float32Array | Float64Array>(wasm: CoreWasm, fn: string, result: WasmResult<T>, into?: T): T {
  if (typeof result === 'string') throw new RangeError(`phasor.${fn}: ${result}`);
  try {
    if (into && typedLength(into) !== typedLength(result))
      throw new RangeError(`phasor.${fn}: into must hold ${typedLength(result)} values; got ${typedLength(into)}`);
    if (into) {
      copyInto(into, result);
      return into;
    }
    return copyOf(result);
  } finally {
    wasm.releaseResult();
  }
}

function bins(o: OptionReader) {
  return {
    first: o.number('first'),
    stride: o.number('stride'),
    count: o.number('count'),
    dModel: o.number('dModel'),
    base: o.number('base', DEFAULT_BASE),
    spacing: o.choice('spacing', SPACINGS, 'paper').code,
  };
}

const BIN_KEYS = ['first', 'stride', 'count', 'dModel', 'base', 'spacing'] as const;

/** Bin r = mean of PE(p) over its positions: count × dModel values, row-major. */
export function encodeBins(wasm: CoreWasm, options: W.EncodeBinsOptions): Float32Array {
  const fn = 'encodeBins';
  const o = new OptionReader(fn, options, [...BIN_KEYS, 'layout', 'into']);
  const b = bins(o);
  const layout = o.choice('layout', LAYOUTS, 'interleaved').code;
  const into =
    o.raw('into') === undefined
      ? undefined
      : (plainFloatArray(fn, 'into', o.raw('into'), ['Float32Array'], 'count × dModel values') as Float32Array);
  return take(wasm, fn, wasm.encodeBins(b.first, b.stride, b.count, b.dModel, b.base, layout, b.spacing, []), into);
}

/** The chosen dimensions only: dims.length × count values, column n holding dimension dims[n] bin by bin. */
export function encodeBinColumns(wasm: CoreWasm, options: W.EncodeColumnsOptions): Float32Array {
  const fn = 'encodeBinColumns';
  const o = new OptionReader(fn, options, [...BIN_KEYS, 'layout', 'dims']);
  const b = bins(o);
  const layout = o.choice('layout', LAYOUTS, 'interleaved').code;
  if (o.raw('dims') === undefined)
    throw new TypeError(`phasor.${fn}: option 'dims' is required (a non-empty array of dimension numbers)`);
  // Read once into a plain array of ours: the binding then reads no object of the caller's.
  const dims = Array.from(readNumbers(fn, 'dims', o.raw('dims'), limitsOf(wasm).maxDModel));
  if (dims.length === 0) throw new TypeError(`phasor.${fn}: dims must be a non-empty array of dimension numbers`);
  return take(wasm, fn, wasm.encodeBins(b.first, b.stride, b.count, b.dModel, b.base, layout, b.spacing, dims));
}

/** Bin r = mean over its offsets k of PE(p)·PE(p+k) = Σ_i cos(ω_i k) (÷ dModel/2 with normalize). */
export function dotByOffsetBins(wasm: CoreWasm, options: W.DotBinsOptions): Float32Array {
  const fn = 'dotByOffsetBins';
  const o = new OptionReader(fn, options, [...BIN_KEYS, 'normalize']);
  const b = bins(o);
  const normalize = o.boolean('normalize', false);
  const sums = take(wasm, fn, wasm.dotBins(NaN, b.first, b.stride, b.count, b.dModel, b.base, b.spacing));
  // float64 sums rounded once, as dotByOffset returns them.
  return Float32Array.from(sums, (v) => (normalize ? v / (b.dModel / 2) : v));
}

/**
 * Bin r = PE(p)·M(r): the encoded float32 row PE(p) against the encoded mean
 * row of the bin shifted by p, summed in float64. With stride 1, the dot
 * product PE(p)·PE(p + k) measured on the table a user holds.
 */
export function measuredDotBins(wasm: CoreWasm, options: W.MeasuredDotBinsOptions): Float64Array {
  const fn = 'measuredDotBins';
  const o = new OptionReader(fn, options, [...BIN_KEYS, 'normalize', 'p']);
  const b = bins(o);
  const p = o.number('p');
  const normalize = o.boolean('normalize', false);
  if (Number.isNaN(p))
    throw new RangeError(`phasor.${fn}: p must be a finite number in [-2147483648, 2147483648]; got NaN`);
  const dots = take(wasm, fn, wasm.dotBins(p, b.first, b.stride, b.count, b.dModel, b.base, b.spacing));
  if (normalize) for (let r = 0; r < dots.length; r++) dots[r] /= b.dModel / 2;
  return dots;
}

/**
 * The distance (or similarity) matrix over a window at pixel resolution, as
 * its Toeplitz row: bin r is the block of stride × stride cells whose offsets
 * q − p centre on first + r·stride, holding the root mean square distance
 * ('l2') or the mean dot product / cosine over its cells.
 */
export function offsetRowBins(wasm: CoreWasm, options: W.OffsetRowBinsOptions): Float32Array {
  const fn = 'offsetRowBins';
  const o = new OptionReader(fn, options, [...BIN_KEYS, 'metric']);
  const b = bins(o);
  const metric = o.choice('metric', METRICS, 'l2').code;
  return take(wasm, fn, wasm.offsetRowBins(b.first, b.stride, b.count, b.dModel, b.base, metric, b.spacing));
}

/** rows × cols entries of M_k from (row0, col0), row-major (float32). */
export function rotationWindow(wasm: CoreWasm, options: W.RotationWindowOptions): Float32Array {
  const fn = 'rotationWindow';
  const o = new OptionReader(fn, options, ['dModel', 'base', 'k', 'layout', 'spacing', 'row0', 'col0', 'rows', 'cols']);
  const dModel = o.number('dModel');
  const base = o.number('base', DEFAULT_BASE);
  const k = o.number('k');
  const layout = o.choice('layout', LAYOUTS, 'interleaved').code;
  const spacing = o.choice('spacing', SPACINGS, 'paper').code;
  const [row0, col0, rows, cols] = (['row0', 'col0', 'rows', 'cols'] as const).map((key) => o.number(key));
  if (rows === 0 || cols === 0)
    throw new RangeError(`phasor.${fn}: rows and cols must be integers ≥ 1; got ${rows} × ${cols}`);
  return Float32Array.from(
    take(wasm, fn, wasm.rotationView(dModel, base, k, layout, spacing, NaN, row0, col0, rows, cols)),
  );
}

/** M_k·PE(p) with M_k and PE(p) in float32, the products summed in float64. */
export function rotateEncoding(wasm: CoreWasm, options: W.RotateOptions): Float64Array {
  const fn = 'rotateEncoding';
  const o = new OptionReader(fn, options, ['dModel', 'base', 'k', 'p', 'layout', 'spacing']);
  const dModel = o.number('dModel');
  const base = o.number('base', DEFAULT_BASE);
  const k = o.number('k');
  const p = o.number('p');
  const layout = o.choice('layout', LAYOUTS, 'interleaved').code;
  const spacing = o.choice('spacing', SPACINGS, 'paper').code;
  if (Number.isNaN(p))
    throw new RangeError(`phasor.${fn}: p must be a finite number in [-2147483648, 2147483648]; got NaN`);
  return take(wasm, fn, wasm.rotationView(dModel, base, k, layout, spacing, p, 0, 0, 0, 0));
}

/** max |M_k·PE(p) − PE(p+k)| over positions offset … offset + positions − 1 alone, without building M_k. */
export function rotationMaxError(wasm: CoreWasm, options: RotationOptions): number {
  const fn = 'rotationMaxError';
  const o = new OptionReader(fn, options, ['dModel', 'base', 'k', 'positions', 'offset', 'layout', 'spacing']);
  const dModel = o.number('dModel');
  const base = o.number('base', DEFAULT_BASE);
  const k = o.number('k');
  const positions = o.number('positions');
  const offset = o.number('offset', 0);
  const layout = o.choice('layout', LAYOUTS, 'interleaved').code;
  const spacing = o.choice('spacing', SPACINGS, 'paper').code;
  const error = wasm.rotationMaxError(positions, dModel, base, offset, k, layout, spacing);
  if (typeof error === 'string') throw new RangeError(`phasor.${fn}: ${error}`);
  return error;
}

/** Where pair i of PE(p) sits on its unit circle and how far M_k turns it (float64, from the phases, not the table). */
export function pairTurn(wasm: CoreWasm, options: W.PairTurnOptions): W.PairTurn {
  const fn = 'pairTurn';
  const o = new OptionReader(fn, options, ['dModel', 'base', 'spacing', 'pair', 'p', 'k']);
  const dModel = o.number('dModel');
  const base = o.number('base', DEFAULT_BASE);
  const spacing = o.choice('spacing', SPACINGS, 'paper').code;
  const pair = o.number('pair');
  const p = o.number('p');
  const k = o.number('k');
  const [angle, turn, sweep] = take(wasm, fn, wasm.pairTurn(dModel, base, spacing, pair, p, k));
  return { angle, turn, sweep };
}
