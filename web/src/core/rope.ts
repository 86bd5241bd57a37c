// RoPE: rotating rows by position, and its frequencies under the
// context-extension schemes (cpp/include/phasor/rope.hpp, rope_scaling.hpp).
import { typedLength } from './caller-arrays.js';
import { float32Option, numbersOption, putFloat32, putFloat64, takeResult } from './experiment-inputs.js';
import { enumsOf, limitsOf } from './module-tables.js';
import { OptionReader } from './options.js';
import { ROPE_PRESET_NAMES, ROPE_PRESETS, type RopePreset } from './rope-presets.js';
import { putScalingFactors, scalingInput } from './rope-scaling-input.js';
import {
  PAIRINGS,
  ROPE_DIMS,
  type RopeFrequencies,
  type RopeFrequencyOptions,
  type RopeOptions,
} from './rope-types.js';
import type { ExperimentsWasm } from './wasm-module.js';

const DEFAULT_THETA = 10000;
const TWO_PI = 2 * Math.PI;

/** The preset named by the `preset` option, or undefined. */
function presetOf(o: OptionReader): RopePreset | undefined {
  if (o.raw('preset') === undefined) return undefined;
  return ROPE_PRESETS[o.choice('preset', ROPE_PRESET_NAMES, ROPE_PRESET_NAMES[0]).name];
}

/** Each row turned pair by pair by its position times θ^(−2i/rotaryDim) (float64 angles, float32 out). */
export function rope(wasm: ExperimentsWasm, options: RopeOptions): Float32Array {
  const fn = 'rope';
  const o = new OptionReader(fn, options, [
    'rows',
    'dim',
    'rotaryDim',
    'ropeDims',
    'positions',
    'theta',
    'pairing',
    'tableLayout',
    'outputPairing',
    'scaling',
    'mrope',
    'queryScale',
    'preset',
  ]);
  const enums = enumsOf(wasm);
  const preset = presetOf(o);
  const rows = float32Option(o, fn, 'rows', 'count × dim values');
  if (rows === undefined)
    throw new TypeError(`phasor.${fn}: option 'rows' is required (a Float32Array of count × dim values)`);
  const dim = o.number('dim', preset?.headDim);
  const rotaryDim = o.number('rotaryDim', preset?.rotaryDim ?? dim);
  const ropeDims = o.choice('ropeDims', ROPE_DIMS, preset?.ropeDims ?? 'first', enums.ropeDims);
  const theta = o.number('theta', preset?.theta ?? DEFAULT_THETA);
  const pairing = o.choice('pairing', PAIRINGS, preset?.pairing ?? 'half', enums.pairing);
  const tableLayout = o.choice('tableLayout', PAIRINGS, pairing.name, enums.pairing);
  const outputPairing = o.choice('outputPairing', PAIRINGS, preset?.outputPairing ?? pairing.name, enums.pairing);
  const scaling = scalingInput(wasm, fn, o, preset?.scaling);
  const mrope =
    mropeOption(fn, o) ??
    (preset?.mrope && { sections: [...preset.mrope.sections], interleaved: preset.mrope.interleaved ?? false });
  const queryScale = queryScaleOption(o) ?? preset?.queryScale;
  const length = typedLength(rows);
  if (!Number.isInteger(dim) || dim < 1 || length % dim !== 0 || length === 0) {
    throw new RangeError(
      `phasor.${fn}: rows.length (${length}) must be a positive multiple of dim (${dim}), dim an integer ≥ 1`,
    );
  }
  const count = length / dim;
  const given =
    numbersOption(o, fn, 'positions', false, 3 * limitsOf(wasm).maxPositions) ??
    Float64Array.from({ length: count }, (_, i) => i);
  // M-RoPE with one position per row: text, the same position on every axis.
  const positions =
    mrope && given.length === count ? Float64Array.from({ length: 3 * count }, (_, i) => given[i % count]) : given;
  if (positions.length !== (mrope ? 3 * count : count)) {
    throw new RangeError(
      `phasor.${fn}: positions.length (${given.length}) must equal the number of rows (${count})` +
        (mrope ? ` or, with mrope, 3 × rows (${3 * count}: t, h, w)` : ''),
    );
  }
  wasm.releaseInputs();
  putFloat32(wasm, fn, 'rows', rows);
  putFloat64(wasm, fn, 'positions', positions);
  putScalingFactors(wasm, fn, scaling);
  return takeResult(
    wasm,
    fn,
    wasm.rope(
      dim,
      rotaryDim,
      ropeDims.code,
      theta,
      pairing.code,
      tableLayout.code,
      outputPairing.code,
      mrope !== undefined,
      mrope?.sections[0] ?? 0,
      mrope?.sections[1] ?? 0,
      mrope?.sections[2] ?? 0,
      mrope?.interleaved ?? false,
      queryScale?.beta ?? 0,
      queryScale?.originalLength ?? 0,
      scaling.record,
    ),
  );
}

/** The mrope option: three section counts (checked by the core) and the layout. */
function mropeOption(fn: string, o: OptionReader): { sections: number[]; interleaved: boolean } | undefined {
  const m = o.object('mrope', ['sections', 'interleaved'], '{ sections: [16, 24, 24] }');
  if (!m) return undefined;
  const sections = m.raw('sections');
  if (!Array.isArray(sections) || sections.length !== 3 || !sections.every((v) => typeof v === 'number')) {
    throw new TypeError(`phasor.${fn}: mrope.sections must be an array of 3 numbers (pairs for t, h, w)`);
  }
  return { sections: [...(sections as number[])], interleaved: m.boolean('interleaved', false) };
}

/** The queryScale option (Ministral 3's llama_4_scaling_beta); ranges checked by the core. */
function queryScaleOption(o: OptionReader): { beta: number; originalLength: number } | undefined {
  const q = o.object('queryScale', ['beta', 'originalLength'], '{ beta: 0.1, originalLength: 16384 }');
  if (!q) return undefined;
  const beta = q.number('beta');
  // beta 0 means "none" to the core: one given as 0 (or −0) still has its length checked there.
  return {
    beta: Object.is(beta, 0) || Object.is(beta, -0) ? Number.MIN_VALUE : beta,
    originalLength: q.number('originalLength'),
  };
}

/** RoPE's ω_i and wavelengths 2π/ω_i before and after scaling (rotaryDim/2 of each), and the attention factor. */
export function ropeFrequencies(wasm: ExperimentsWasm, options: RopeFrequencyOptions): RopeFrequencies {
  const fn = 'ropeFrequencies';
  const o = new OptionReader(fn, options, ['dim', 'rotaryDim', 'theta', 'scaling', 'preset']);
  const preset = presetOf(o);
  const dim = o.number('dim', preset?.headDim);
  const rotaryDim = o.number('rotaryDim', preset?.rotaryDim ?? dim);
  const theta = o.number('theta', preset?.theta ?? DEFAULT_THETA);
  const scaling = scalingInput(wasm, fn, o, preset?.scaling);
  wasm.releaseInputs();
  putScalingFactors(wasm, fn, scaling);
  const packed = takeResult(wasm, fn, wasm.ropeFrequencies(dim, rotaryDim, theta, scaling.record));
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
