// RoPE's `scaling` option read into the bindings' record
// (cpp/bindings/scaling_record.hpp), with longrope's factor lists, which
// travel in the input slots shortFactor / longFactor. Types and presence are
// checked here (TypeError); every numeric range by the core (RangeError).
// A preset's scaling (rope-presets.ts) is the base the caller's keys override.
import { readNumbers } from './caller-arrays.js';
import { putFloat64 } from './experiment-inputs.js';
import { enumsOf, limitsOf } from './module-tables.js';
import { OptionReader } from './options.js';
import { ROPE_SCALING_TYPES, type RopeScaling, type RopeScalingType } from './rope-types.js';
import type { ExperimentsWasm, WasmScalingRecord } from './wasm-module.js';

const SCALING_KEYS = [
  'type',
  'factor',
  'originalLength',
  'originalMaxPositionEmbeddings',
  'maxPositionEmbeddings',
  'sequenceLength',
  'betaFast',
  'betaSlow',
  'truncate',
  'attentionFactor',
  'mscale',
  'mscaleAllDim',
  'lowFreqFactor',
  'highFreqFactor',
  'shortFactor',
  'longFactor',
  'partialRotaryFactor',
] as const;
type ScalingKey = (typeof SCALING_KEYS)[number];

/**
 * Read with every type: the lengths (facts about the model rather than the
 * scheme) and attentionFactor, which names the amplitude of cos and sin
 * outright (each type has its default: 1, yarn's mscale, longrope's root).
 */
const COMMON_KEYS: readonly ScalingKey[] = [
  'type',
  'originalLength',
  'originalMaxPositionEmbeddings',
  'maxPositionEmbeddings',
  'sequenceLength',
  'attentionFactor',
];

/** The keys each type reads besides COMMON_KEYS; any other is refused, naming the types that read it. */
export const SCALING_KEYS_OF: Readonly<Record<RopeScalingType, readonly ScalingKey[]>> = {
  none: [],
  linear: ['factor'],
  ntk: ['factor'],
  'dynamic-ntk': ['factor'],
  yarn: ['factor', 'betaFast', 'betaSlow', 'truncate', 'mscale', 'mscaleAllDim'],
  llama3: ['factor', 'lowFreqFactor', 'highFreqFactor'],
  longrope: ['factor', 'shortFactor', 'longFactor'],
  proportional: ['factor', 'partialRotaryFactor'],
};

/** A key the type does not read: a TypeError naming the types that do. */
function refuseForeignKeys(fn: string, s: OptionReader, type: RopeScalingType): void {
  for (const key of SCALING_KEYS) {
    if (s.raw(key) === undefined || COMMON_KEYS.includes(key) || SCALING_KEYS_OF[type].includes(key)) continue;
    const readers = ROPE_SCALING_TYPES.filter((t) => SCALING_KEYS_OF[t].includes(key)).map((t) => `'${t}'`);
    throw new TypeError(
      `phasor.${fn}: scaling.${key} does not apply to scaling.type '${type}' (it is read by ${readers.join(', ')})`,
    );
  }
}

export interface ScalingInput {
  record: WasmScalingRecord;
  /** longrope's factor lists, for putScalingFactors once the slots are released. */
  shortFactor?: Float64Array;
  longFactor?: Float64Array;
}

/** The caller's scaling keys over the preset's (unless the caller names another type). */
function mergedReader(fn: string, o: OptionReader, preset: RopeScaling | undefined): OptionReader | undefined {
  const own = o.object('scaling', SCALING_KEYS, "{ type: 'linear', factor: 4 }");
  if (!preset) return own;
  const values: Record<string, unknown> = {};
  const ownType = own?.raw('type');
  if (ownType === undefined || ownType === preset.type) Object.assign(values, preset);
  for (const key of SCALING_KEYS) if (own?.raw(key) !== undefined) values[key] = own.raw(key);
  return new OptionReader(fn, values, SCALING_KEYS, 'scaling.');
}

/** The scaling option as the bindings' record (no scaling when absent). */
export function scalingInput(wasm: ExperimentsWasm, fn: string, o: OptionReader, preset?: RopeScaling): ScalingInput {
  const codes = enumsOf(wasm).ropeScalingType;
  const s = mergedReader(fn, o, preset);
  const record: WasmScalingRecord = {
    type: codes.indexOf('none'),
    factor: 1,
    originalLength: 0,
    hasSequenceLength: false,
    sequenceLength: 0,
    betaFast: 32,
    betaSlow: 1,
    truncate: true,
    lowFreqFactor: 1,
    highFreqFactor: 4,
    hasAttentionFactor: false,
    attentionFactor: 0,
    mscale: 0,
    mscaleAllDim: 0,
    partialRotaryFactor: 1,
  };
  if (!s) return { record };
  if (s.raw('type') === undefined) {
    throw new TypeError(
      `phasor.${fn}: option 'scaling.type' is required (${ROPE_SCALING_TYPES.map((t) => `'${t}'`).join(', ')})`,
    );
  }
  const type = s.choice('type', ROPE_SCALING_TYPES, 'none', codes);
  refuseForeignKeys(fn, s, type.name);
  const optional = (key: string): number | undefined => (s.raw(key) === undefined ? undefined : s.number(key));
  const required = (key: string, value: number | undefined, what = 'a number'): number => {
    if (value === undefined) {
      throw new TypeError(
        `phasor.${fn}: option 'scaling.${key}' is required for scaling.type '${type.name}' (${what})`,
      );
    }
    return value;
  };
  const original = optional('originalLength');
  const originalHf = optional('originalMaxPositionEmbeddings');
  if (original !== undefined && originalHf !== undefined && !Object.is(original, originalHf)) {
    throw new RangeError(
      `phasor.${fn}: scaling.originalLength and scaling.originalMaxPositionEmbeddings name the same length; got ${original} and ${originalHf}`,
    );
  }
  const maxLength = optional('maxPositionEmbeddings');
  const name = type.name;
  record.type = type.code;
  // transformers: dynamic NTK's L is max_position_embeddings; yarn's falls back to it.
  const length =
    name === 'dynamic-ntk'
      ? (maxLength ?? original ?? originalHf)
      : name === 'yarn'
        ? (original ?? originalHf ?? maxLength)
        : (original ?? originalHf);
  if (name === 'dynamic-ntk' || name === 'yarn' || name === 'llama3' || name === 'longrope') {
    record.originalLength = required(
      'originalLength',
      length,
      'a number; transformers’ original_max_position_embeddings',
    );
  } else {
    // Not read by this type, range-checked all the same (the core reads 0 as "not given").
    const given = original ?? originalHf;
    if (given === 0) throw new RangeError(`phasor.${fn}: scaling.originalLength must be at least 1; got 0`);
    if (given !== undefined) record.originalLength = given;
  }
  // yarn, longrope: factor defaults to max_position_embeddings / original, as transformers.
  const derived =
    (name === 'yarn' || name === 'longrope') && maxLength !== undefined ? maxLength / record.originalLength : undefined;
  // proportional: factor 1 unless given, as transformers' .get("factor", 1.0).
  const fallback = name === 'proportional' ? 1 : derived;
  record.factor = name === 'none' ? 1 : required('factor', optional('factor') ?? fallback);
  const sequence = optional('sequenceLength');
  record.hasSequenceLength = sequence !== undefined;
  record.sequenceLength = sequence ?? 0;
  record.betaFast = s.number('betaFast', 32);
  record.betaSlow = s.number('betaSlow', 1);
  record.truncate = s.boolean('truncate', true);
  record.lowFreqFactor = s.number('lowFreqFactor', 1);
  record.highFreqFactor = s.number('highFreqFactor', 4);
  record.hasAttentionFactor = s.raw('attentionFactor') !== undefined;
  record.attentionFactor = s.number('attentionFactor', 0);
  record.mscale = s.number('mscale', 0);
  record.mscaleAllDim = s.number('mscaleAllDim', 0);
  record.partialRotaryFactor = s.number('partialRotaryFactor', 1);
  if (name !== 'longrope') return { record };
  const list = (key: 'shortFactor' | 'longFactor'): Float64Array => {
    const value = s.raw(key);
    if (value === undefined) {
      throw new TypeError(
        `phasor.${fn}: option 'scaling.${key}' is required for scaling.type 'longrope' (one factor per pair, rotaryDim/2 numbers)`,
      );
    }
    return readNumbers(fn, `scaling.${key}`, value, limitsOf(wasm).maxDModel);
  };
  return { record, shortFactor: list('shortFactor'), longFactor: list('longFactor') };
}

/** longrope's lists into their slots (after releaseInputs, before the call). */
export function putScalingFactors(wasm: ExperimentsWasm, fn: string, input: ScalingInput): void {
  if (input.shortFactor) putFloat64(wasm, fn, 'shortFactor', input.shortFactor);
  if (input.longFactor) putFloat64(wasm, fn, 'longFactor', input.longFactor);
}
