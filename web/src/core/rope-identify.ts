// ph.identifyRope: which RoPE made this inv_freq vector, cos/sin cache or
// pair of q/k rows before and after the rotation? The reading, fitting,
// scoring and verifying are the core's (cpp/include/phasor/rope_identify.hpp);
// here the options are checked and the arrays copied in; the result is named
// in rope-identify-named.ts.
import { plainFloatArray, readNumbers, typedLength } from './caller-arrays.js';
import { putFloat64, putFloat32 } from './experiment-inputs.js';
import { limitsOf } from './module-tables.js';
import { OptionReader } from './options.js';
import type { IdentifyRopeOptions, RopeIdentification } from './rope-identify-types.js';
import { ROPE_PRESET_NAMES, ROPE_PRESETS } from './rope-presets.js';
import { named } from './rope-identify-named.js';
import { ropeFrequencies } from './rope.js';
import { scalingInput } from './rope-scaling-input.js';
import type { RopeFrequencyOptions } from './rope-types.js';
import type { ExperimentsWasm, WasmRopePresetScheme } from './wasm-module.js';

export type { IdentifyRopeOptions, RopeCandidate, RopeIdentification } from './rope-identify-types.js';

const FN = 'identifyRope';
const KEYS = ['invFreq', 'cos', 'sin', 'rotated', 'original', 'positions', 'width', 'headDim', 'schemes'] as const;
type Key = (typeof KEYS)[number];

/** The presets with a scaling, as the core takes them (made once per module). */
const presetSchemes = new WeakMap<ExperimentsWasm, WasmRopePresetScheme[]>();
function presetsFor(wasm: ExperimentsWasm): WasmRopePresetScheme[] {
  let list = presetSchemes.get(wasm);
  if (!list) {
    list = [];
    ROPE_PRESET_NAMES.forEach((name, preset) => {
      const p = ROPE_PRESETS[name];
      if (!p.scaling) return;
      const s = scalingInput(wasm, FN, new OptionReader(FN, {}, ['scaling']), p.scaling);
      list!.push({
        preset,
        theta: p.theta,
        rotaryDim: p.rotaryDim,
        scaling: s.record,
        shortFactor: Array.from(s.shortFactor ?? []),
        longFactor: Array.from(s.longFactor ?? []),
      });
    });
    presetSchemes.set(wasm, list);
  }
  return list;
}

/**
 * The caller's schemes (option `schemes`: ropeFrequencies options, a config's
 * layer types) as the core takes presets: always measured, numbered after the
 * presets so each candidate says which scheme it is. Each is checked as
 * ropeFrequencies checks its options (so before any input is put in).
 */
function schemesOption(wasm: ExperimentsWasm, o: OptionReader): WasmRopePresetScheme[] {
  const raw = o.raw('schemes');
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new TypeError(`phasor.${FN}: schemes must be an array of ropeFrequencies options`);
  return raw.map((options, k) => {
    const key = `schemes[${k}]`;
    const s = new OptionReader(FN, options, ['dim', 'rotaryDim', 'theta', 'scaling'], `${key}.`);
    try {
      ropeFrequencies(wasm, options as RopeFrequencyOptions);
    } catch (error) {
      if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
      const Refusal = error instanceof TypeError ? TypeError : RangeError;
      throw new Refusal(`phasor.${FN}: ${key}: ${error.message.replace(/^phasor\.ropeFrequencies: /, '')}`);
    }
    const dim = s.number('dim');
    const rotaryDim = s.raw('rotaryDim') === undefined ? dim : s.number('rotaryDim');
    const theta = s.number('theta', 10000);
    const scaling = scalingInput(wasm, FN, s);
    return {
      preset: ROPE_PRESET_NAMES.length + k,
      theta,
      rotaryDim,
      scaling: scaling.record,
      shortFactor: Array.from(scaling.shortFactor ?? []),
      longFactor: Array.from(scaling.longFactor ?? []),
    };
  });
}

/** An array option of values read as float32 (cos, sin, rotated, original): a plain typed array kept as is, else numbers. */
function valuesOption(o: OptionReader, key: Key, maxLength: number): Float32Array | Float64Array {
  const value = o.raw(key);
  let view = false;
  try {
    view = ArrayBuffer.isView(value);
  } catch {
    // a revoked Proxy: readNumbers refuses it
  }
  const values = view
    ? plainFloatArray(FN, key, value, ['Float32Array', 'Float64Array'], 'numbers')
    : readNumbers(FN, key, value, maxLength);
  if (typedLength(values) > maxLength)
    throw new RangeError(`phasor.${FN}: ${key} must hold at most ${maxLength} values; got ${typedLength(values)}`);
  return values;
}

function refuseWith(o: OptionReader, mode: string, keys: readonly Key[]): void {
  for (const key of keys)
    if (o.raw(key) !== undefined)
      throw new TypeError(`phasor.${FN}: option '${key}' does not apply with ${mode}; give ${mode} alone`);
}

export function identifyRope(wasm: ExperimentsWasm, options: IdentifyRopeOptions): RopeIdentification {
  const o = new OptionReader(FN, options, KEYS);
  const max = limitsOf(wasm).maxRopeValues;
  const headDim = o.raw('headDim') === undefined ? undefined : o.number('headDim');
  if (
    o.raw('invFreq') === undefined &&
    o.raw('cos') === undefined &&
    o.raw('sin') === undefined &&
    o.raw('rotated') === undefined
  )
    throw new TypeError(`phasor.${FN}: option 'invFreq', or 'cos' and 'sin', or 'rotated' is required (numbers)`);
  const schemes = schemesOption(wasm, o);
  wasm.releaseInputs();
  let rows = 0;
  let width = 0;
  let originalOneRow = false;
  if (o.raw('invFreq') !== undefined) {
    refuseWith(o, 'invFreq', ['cos', 'sin', 'rotated', 'original', 'positions', 'width']);
    const invFreq = readNumbers(FN, 'invFreq', o.raw('invFreq'), limitsOf(wasm).maxDModel / 2);
    putFloat64(wasm, FN, 'invFreq', invFreq);
  } else {
    const rotated = o.raw('rotated') !== undefined;
    if (rotated) refuseWith(o, 'rotated', ['cos', 'sin']);
    else {
      refuseWith(o, 'cos and sin', ['original']);
      if (o.raw('cos') === undefined || o.raw('sin') === undefined)
        throw new TypeError(
          `phasor.${FN}: option '${o.raw('cos') === undefined ? 'cos' : 'sin'}' is required: give invFreq, or cos and sin, or rotated (numbers)`,
        );
    }
    const main: Key = rotated ? 'rotated' : 'cos';
    const values = valuesOption(o, main, max);
    const sin = rotated ? undefined : valuesOption(o, 'sin', max);
    const count = typedLength(values);
    if (sin && typedLength(sin) !== count)
      throw new RangeError(
        `phasor.${FN}: cos and sin must hold the same number of values; got ${count} and ${typedLength(sin)}`,
      );
    if (o.raw('width') === undefined && o.raw('positions') === undefined)
      throw new TypeError(
        `phasor.${FN}: option 'width' or 'positions' is required with ${main} (how many values a row holds)`,
      );
    const positions =
      o.raw('positions') === undefined ? undefined : readNumbers(FN, 'positions', o.raw('positions'), max);
    width = o.raw('width') !== undefined ? o.number('width') : count / positions!.length;
    if (!(Number.isInteger(width) && width >= 1 && count > 0 && count % width === 0))
      throw new RangeError(
        `phasor.${FN}: width must be an integer ≥ 1 dividing ${main}.length (${count}), or positions must say how many rows there are; got ${width}`,
      );
    rows = count / width;
    if (positions && positions.length !== rows)
      throw new RangeError(
        `phasor.${FN}: positions.length (${positions.length}) must equal the number of rows, ${main}.length / width (${rows})`,
      );
    const original = o.raw('original') === undefined ? undefined : valuesOption(o, 'original', max);
    if (original) {
      originalOneRow = typedLength(original) === width && rows !== 1;
      if (typedLength(original) !== width && typedLength(original) !== count)
        throw new RangeError(
          `phasor.${FN}: original must hold one row (width = ${width} values) or as many values as rotated (${count}); got ${typedLength(original)}`,
        );
    }
    putFloat64(wasm, FN, 'positions', positions ?? Float64Array.from({ length: rows }, (_, k) => k));
    putFloat32(wasm, FN, main, values);
    if (sin) putFloat32(wasm, FN, 'sin', sin);
    if (original) putFloat32(wasm, FN, 'original', original);
  }
  // The caller's schemes first: among candidates that tie (a preset that is the same RoPE), the first is verified.
  const result = wasm.identifyRope(width, headDim !== undefined, headDim ?? 0, originalOneRow, [
    ...schemes,
    ...presetsFor(wasm),
  ]);
  if (typeof result === 'string') throw new RangeError(`phasor.${FN}: ${result}`);
  return named(wasm, result, headDim, o.raw('rotated') !== undefined);
}
