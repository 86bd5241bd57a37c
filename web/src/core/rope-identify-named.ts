// The core's identifyRope record named as the API spells it (rope-identify.ts
// checks the options and copies the arrays in): scalings and presets by name,
// the ropeFrequencies options that reproduce each candidate, and the message.
import type { Precision } from './identify-types.js';
import type { RopeCandidate, RopeIdentification } from './rope-identify-types.js';
import { ROPE_PRESET_NAMES, ROPE_PRESETS } from './rope-presets.js';
import { enumsOf } from './module-tables.js';
import type { Pairing, RopeFrequencyOptions, RopeScaling, RopeScalingType } from './rope-types.js';
import type { ExperimentsWasm, WasmRopeCandidate, WasmRopeIdentification, WasmScalingOut } from './wasm-module.js';

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

export function named(
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
