// Moving arrays in and results out of the RoPE/attention bindings
// (cpp/bindings/rope_bindings.cpp), and reading their array and scaling
// options. Types and shapes are checked here (TypeError); numeric ranges by
// the core, whose sentence becomes a RangeError. Slot numbers, enum codes and
// the scaling record's fields come from the module (module-tables.ts).
import { copyInto, copyOf, plainFloatArray, readNumbers, typedLength } from './caller-arrays.js';
import { enumsOf, slotsOf } from './module-tables.js';
import type { OptionReader } from './options.js';
import { ROPE_SCALING_TYPES } from './rope-types.js';
import type { ExperimentsWasm, SlotName, WasmResult, WasmScalingRecord } from './wasm-module.js';

/** Random streams of one seed; tests/fixtures/make_rope_fixtures.py uses the same. */
export const STREAM = { wq: 1, wk: 2, tokens: 3, embedding: 4 } as const;

function refuse(wasm: ExperimentsWasm, fn: string, message: string): never {
  wasm.releaseInputs();
  throw new RangeError(`phasor.${fn}: ${message}`);
}

/** Copies values (a plain array: checked, or our own) into a slot; the view is filled before any other call can grow memory. */
export function putFloat32(wasm: ExperimentsWasm, fn: string, slot: SlotName, values: Float32Array): void {
  const view = wasm.inputFloat32(slotsOf(wasm)[slot], typedLength(values));
  if (typeof view === 'string') refuse(wasm, fn, view);
  copyInto(view, values);
}

export function putFloat64(wasm: ExperimentsWasm, fn: string, slot: SlotName, values: Float64Array): void {
  const view = wasm.inputFloat64(slotsOf(wasm)[slot], typedLength(values));
  if (typeof view === 'string') refuse(wasm, fn, view);
  copyInto(view, values);
}

/** Copies a result out of wasm memory and frees it there, on every path; a string result is a refusal. */
export function takeResult<T extends Float32Array | Float64Array>(wasm: ExperimentsWasm, fn: string, result: WasmResult<T>): T {
  if (typeof result === 'string') refuse(wasm, fn, result);
  try {
    return copyOf(result);
  } finally {
    wasm.releaseResult();
  }
}

/** Seeded normal samples, with the seed and std named as the caller's options. */
export function sample(
  wasm: ExperimentsWasm,
  fn: string,
  s: { seed: number; stream: number; count: number; std: number; seedName: string; stdName: string },
): Float32Array {
  return takeResult(wasm, fn, wasm.normalSamples(s.seed, s.stream, s.count, s.std, s.seedName, s.stdName));
}

/** An option holding numbers (Float64Array, Float32Array or an array of numbers), copied; undefined when absent and not required. */
export function numbersOption(o: OptionReader, fn: string, key: string, required: boolean, maxLength: number): Float64Array | undefined {
  if (o.raw(key) === undefined) {
    if (required) throw new TypeError(`phasor.${fn}: option '${key}' is required (an array of numbers)`);
    return undefined;
  }
  return readNumbers(fn, key, o.raw(key), maxLength);
}

/** A plain Float32Array option, or undefined when absent (null, strings and anything else are refused). */
export function float32Option(o: OptionReader, fn: string, key: string, what: string): Float32Array | undefined {
  if (o.raw(key) === undefined) return undefined;
  return plainFloatArray(fn, key, o.raw(key), ['Float32Array'], what) as Float32Array;
}

const SCALING_KEYS = [
  'type',
  'factor',
  'originalLength',
  'sequenceLength',
  'betaFast',
  'betaSlow',
  'truncate',
  'attentionFactor',
  'lowFreqFactor',
  'highFreqFactor',
] as const;

/** The scaling option as the bindings' record (no scaling when absent). */
export function scalingRecord(wasm: ExperimentsWasm, fn: string, o: OptionReader): WasmScalingRecord {
  const codes = enumsOf(wasm).ropeScalingType;
  const s = o.object('scaling', SCALING_KEYS, "{ type: 'linear', factor: 4 }");
  const record: WasmScalingRecord = {
    type: codes.indexOf('none'),
    factor: 1,
    originalLength: 0,
    sequenceLength: 0,
    betaFast: 32,
    betaSlow: 1,
    truncate: true,
    lowFreqFactor: 1,
    highFreqFactor: 4,
    hasAttentionFactor: false,
    attentionFactor: 0,
  };
  if (!s) return record;
  if (s.raw('type') === undefined) {
    throw new TypeError(`phasor.${fn}: option 'scaling.type' is required (${ROPE_SCALING_TYPES.map((t) => `'${t}'`).join(', ')})`);
  }
  const type = s.choice('type', ROPE_SCALING_TYPES, 'none', codes);
  const required = (key: string): number => {
    if (s.raw(key) === undefined) {
      throw new TypeError(`phasor.${fn}: option 'scaling.${key}' is required for scaling.type '${type.name}' (a number)`);
    }
    return s.number(key);
  };
  const needsLength = type.name === 'dynamic-ntk' || type.name === 'yarn' || type.name === 'llama3';
  record.type = type.code;
  record.factor = type.name === 'none' ? 1 : required('factor');
  record.originalLength = needsLength ? required('originalLength') : 0;
  record.sequenceLength = type.name === 'dynamic-ntk' ? s.number('sequenceLength', record.factor * record.originalLength) : 0;
  record.betaFast = s.number('betaFast', 32);
  record.betaSlow = s.number('betaSlow', 1);
  record.truncate = s.boolean('truncate', true);
  record.lowFreqFactor = s.number('lowFreqFactor', 1);
  record.highFreqFactor = s.number('highFreqFactor', 4);
  record.hasAttentionFactor = s.raw('attentionFactor') !== undefined;
  record.attentionFactor = s.number('attentionFactor', 0);
  return record;
}
