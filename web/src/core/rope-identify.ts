// ph.identifyRope: which RoPE made this inv_freq vector, cos/sin cache or
// pair of q/k rows before and after the rotation? The reading, fitting,
// scoring and verifying are the core's (cpp/include/phasor/rope_identify.hpp);
// here the options are checked, the arrays copied in, and the result named:
// scalings and presets as the API spells them, ropeFrequencies options that
// reproduce each candidate, and the message.
import { plainFloatArray, readNumbers, typedLength } from './caller-arrays.js';
import { putFloat64, putFloat32 } from './experiment-inputs.js';
import { enumsOf, limitsOf } from './module-tables.js';
import { OptionReader } from './options.js';
import type { Precision } from './identify-types.js';
import type { IdentifyRopeOptions, RopeCandidate, RopeIdentification } from './rope-identify-types.js';
import { ROPE_PRESET_NAMES, ROPE_PRESETS } from './rope-presets.js';
import { ropeFrequencies } from './rope.js';
import { scalingInput } from './rope-scaling-input.js';
import type { Pairing, RopeFrequencyOptions, RopeScaling, RopeScalingType } from './rope-types.js';
import type {
  ExperimentsWasm,
  WasmRopeCandidate,
  WasmRopeIdentification,
  WasmRopePresetScheme,
  WasmScalingOut,
} from './wasm-module.js';

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

/** The core's scaling record as the API spells a scaling: only the keys its type reads, defaults left out. */
function scalingOf(wasm: ExperimentsWasm, s: WasmScalingOut): RopeScaling | undefined {
  const type = enumsOf(wasm).ropeScalingType[s.type] as RopeScalingType;
  if (type === 'none') return undefined;
  const out: RopeScaling = { type, factor: s.factor };
  if (type === 'linear' || type === 'ntk') return out;
  out.originalLength = s.originalLength;
  if (type === 'llama3') return { ...out, lowFreqFactor: s.lowFreqFactor, highFreqFactor: s.highFreqFactor };
  if (s.hasSequenceLength) out.sequenceLength = s.sequenceLength;
  if (s.hasAttentionFactor) out.attentionFactor = s.attentionFactor;
  if (type === 'yarn') {
    if (!s.truncate) out.truncate = false;
    if (s.betaFast !== 32) out.betaFast = s.betaFast;
    if (s.betaSlow !== 1) out.betaSlow = s.betaSlow;
    if (s.mscale) out.mscale = s.mscale;
    if (s.mscaleAllDim) out.mscaleAllDim = s.mscaleAllDim;
  }
  if (type === 'longrope') {
    out.shortFactor = Array.from(s.shortFactor);
    out.longFactor = Array.from(s.longFactor);
  }
  return out;
}

/** ropeFrequencies options giving the candidate's frequencies and, where they can say it, its attention factor. */
function optionsOf(c: WasmRopeCandidate, scaling: RopeScaling | undefined): RopeFrequencyOptions {
  const preset = c.preset >= 0 ? ROPE_PRESET_NAMES[c.preset] : undefined;
  if (preset)
    return {
      preset,
      ...(c.longFactors ? { scaling: { sequenceLength: scaling!.sequenceLength } as RopeScaling } : {}),
    };
  let s = scaling;
  if (c.attentionMeasured) {
    if (!s) s = { type: 'yarn', factor: 1, originalLength: 4096, attentionFactor: c.attentionFactor };
    else if (s.type === 'yarn' || s.type === 'longrope') s = { ...s, attentionFactor: c.attentionFactor };
  }
  return { dim: c.rotaryDim, theta: c.theta, ...(s ? { scaling: s } : {}) };
}

function named(
  wasm: ExperimentsWasm,
  id: WasmRopeIdentification,
  headDim: number | undefined,
  rotated: boolean,
): RopeIdentification {
  const pairings = enumsOf(wasm).pairing as Pairing[];
  const candidates = id.candidates.map((c): RopeCandidate => {
    const preset = c.preset >= 0 && c.preset < ROPE_PRESET_NAMES.length ? ROPE_PRESET_NAMES[c.preset] : undefined;
    const scheme = c.preset >= ROPE_PRESET_NAMES.length ? c.preset - ROPE_PRESET_NAMES.length : undefined;
    const scaling = preset
      ? { ...ROPE_PRESETS[preset].scaling!, ...(c.longFactors ? { sequenceLength: c.scaling.sequenceLength } : {}) }
      : scalingOf(wasm, c.scaling);
    let note = c.note || undefined;
    if (c.match && !scaling) {
      const same = ROPE_PRESET_NAMES.filter(
        (n) =>
          !ROPE_PRESETS[n].scaling && ROPE_PRESETS[n].theta === c.theta && ROPE_PRESETS[n].rotaryDim === c.rotaryDim,
      );
      if (same.length) note = `the unscaled RoPE of ${same.join(', ')}`;
    }
    return {
      theta: c.theta,
      ...(scaling ? { scaling } : {}),
      attentionFactor: c.attentionFactor,
      ...(c.pairing >= 0 ? { pairing: pairings[c.pairing] } : {}),
      ...(c.outputPairing >= 0 ? { outputPairing: pairings[c.outputPairing] } : {}),
      rotaryDim: c.rotaryDim,
      ...(headDim !== undefined ? { partialRotaryFactor: c.rotaryDim / headDim } : {}),
      ...(preset ? { preset } : {}),
      ...(scheme !== undefined ? { scheme } : {}),
      options: optionsOf(c, scaling),
      precision: c.precision as Precision,
      match: c.match,
      exact: c.exact,
      verified: c.verified,
      maxError: c.maxError,
      worstRatio: c.worstRatio,
      tolerance: c.worstRatio > 0 ? c.maxError / c.worstRatio : Math.max(0, ...c.bound),
      positions: c.positions,
      deviation: c.deviation,
      bound: c.bound,
      ...(note ? { note } : {}),
    };
  });
  return { match: id.match, candidates, storage: id.storage as Precision, message: messageOf(id, candidates, rotated) };
}

const PRECISION_WORDS: Record<Precision, string> = {
  exact: 'exact (float64, rounded once)',
  float32: 'float32 arithmetic',
  float16: 'float32 arithmetic stored as float16',
  bfloat16: 'float32 arithmetic stored as bfloat16',
};

function describe(c: RopeCandidate): string {
  const scheme = `${c.scaling ? c.scaling.type : 'no scaling'}, θ ${c.theta}`;
  const layout = c.outputPairing
    ? `, ${c.pairing ?? 'either'} pairing in, ${c.outputPairing} out`
    : c.pairing
      ? `, ${c.pairing} layout`
      : '';
  return `${c.preset ? `preset '${c.preset}' (${scheme})` : scheme}, rotary width ${c.rotaryDim}${layout}`;
}

function messageOf(id: WasmRopeIdentification, candidates: RopeCandidate[], rotated: boolean): string {
  const best = candidates[0];
  if (!best) return `no RoPE convention fits: ${id.refusal || 'no scheme could be fitted'}`;
  const measured = `max error ${best.maxError.toPrecision(2)} (allowed ${best.tolerance.toPrecision(2)} in ${PRECISION_WORDS[best.precision]})`;
  if (id.notRope) {
    const what = rotated
      ? `not RoPE-rotated rows: |out| / |in| of a pair varies by ${id.amplitudeSpread.toPrecision(3)} around ${id.amplitude.toPrecision(6)} (a rotation keeps each pair's length, times the attention factor, up to its storage's rounding)`
      : `not a RoPE cos/sin cache: cos² + sin² varies by ${id.amplitudeSpread.toPrecision(3)} around ${id.amplitude.toPrecision(6)} (a cache has one amplitude, the attention factor, up to its storage's rounding)`;
    return `${what}; nearest: ${describe(best)}, ${measured}`;
  }
  if (id.match) return `${describe(best)}: ${measured}${best.note ? `; ${best.note}` : ''}`;
  const arbitrary =
    best.scaling?.type === 'longrope' && !best.preset && best.worstRatio <= 1
      ? ' (only arbitrary per-pair factors fit: not a known scheme)'
      : '';
  return `no RoPE convention fits: the nearest is ${describe(best)}, ${measured}${arbitrary}`;
}
