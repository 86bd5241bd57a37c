// Moving arrays in and results out of the RoPE/attention bindings
// (cpp/bindings/rope_bindings.cpp), and reading their array and scaling
// options. Types and shapes are checked here (TypeError); numeric ranges by
// the core, whose sentence becomes a RangeError.
import { describe, type OptionReader } from './options.js';
import { ROPE_SCALING_TYPES, type RopeScaling } from './rope-types.js';
import type { ExperimentsWasm, WasmResult } from './wasm-module.js';

/** The input slots; the same numbers as enum Slot in rope_bindings.cpp. */
export const SLOT = {
  positions: 0,
  keyPositions: 1,
  tokens: 2,
  keyTokens: 3,
  wq: 4,
  wk: 5,
  scaling: 6,
  bases: 7,
  lengths: 8,
  rows: 9,
} as const;

/** Random streams of one seed; tests/fixtures/make_rope_fixtures.py uses the same. */
export const STREAM = { wq: 1, wk: 2, tokens: 3, embedding: 4 } as const;

function refuse(wasm: ExperimentsWasm, fn: string, message: string): never {
  wasm.releaseInputs();
  throw new RangeError(`phasor.${fn}: ${message}`);
}

/** Copies values into a slot; the view is filled before any other call can grow memory. */
export function putFloat32(wasm: ExperimentsWasm, fn: string, slot: number, values: ArrayLike<number>): void {
  const view = wasm.inputFloat32(slot, values.length);
  if (typeof view === 'string') refuse(wasm, fn, view);
  view.set(values);
}

export function putFloat64(wasm: ExperimentsWasm, fn: string, slot: number, values: ArrayLike<number>): void {
  const view = wasm.inputFloat64(slot, values.length);
  if (typeof view === 'string') refuse(wasm, fn, view);
  view.set(values);
}

/** Copies a result out of wasm memory and frees it there; a string result is a refusal. */
export function takeResult<T extends Float32Array | Float64Array>(wasm: ExperimentsWasm, fn: string, result: WasmResult<T>): T {
  if (typeof result === 'string') refuse(wasm, fn, result);
  const copy = result.slice() as T;
  wasm.releaseResult();
  return copy;
}

/** An option holding numbers: a Float64Array, a Float32Array or an array of numbers. */
export function readNumbers(o: OptionReader, fn: string, key: string, required: boolean): Float64Array | undefined {
  const value = o.raw(key);
  if (value === undefined) {
    if (required) throw new TypeError(`phasor.${fn}: option '${key}' is required (an array of numbers)`);
    return undefined;
  }
  if (value instanceof Float64Array || value instanceof Float32Array) return Float64Array.from(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) return Float64Array.from(value as number[]);
  throw new TypeError(`phasor.${fn}: ${key} must be a Float64Array or an array of numbers; got ${describe(value)}`);
}

/** A Float32Array option, or undefined. */
export function readFloat32(o: OptionReader, fn: string, key: string, what: string): Float32Array | undefined {
  const value = o.raw(key);
  if (value === undefined || typeof value === 'string') return undefined;
  if (!(value instanceof Float32Array)) {
    throw new TypeError(`phasor.${fn}: ${key} must be a Float32Array (${what}); got ${describe(value)}`);
  }
  return value;
}

// The scaling as the bindings take it (kScalingParameterCount doubles, in
// the order of enum RopeScalingParameter in rope_scaling.hpp).
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

export function scalingParameters(fn: string, raw: unknown): Float64Array {
  const out = new Float64Array(11);
  if (raw === undefined) return out; // type 0: none
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new TypeError(`phasor.${fn}: scaling must be an object such as { type: 'linear', factor: 4 }; got ${describe(raw)}`);
  }
  const s = raw as Record<string, unknown>;
  for (const key of Object.keys(s)) {
    if (!(SCALING_KEYS as readonly string[]).includes(key)) {
      throw new TypeError(`phasor.${fn}: unknown option 'scaling.${key}'; allowed: ${SCALING_KEYS.join(', ')}`);
    }
  }
  const type = ROPE_SCALING_TYPES.indexOf(s.type as RopeScaling['type']);
  if (type < 0) {
    throw new RangeError(
      `phasor.${fn}: scaling.type must be one of ${ROPE_SCALING_TYPES.map((t) => `'${t}'`).join(', ')}; got ${describe(s.type)}`,
    );
  }
  const num = (key: string, fallback?: number): number => {
    const v = s[key];
    if (v === undefined) {
      if (fallback !== undefined) return fallback;
      throw new TypeError(`phasor.${fn}: option 'scaling.${key}' is required for scaling.type '${String(s.type)}' (a number)`);
    }
    if (typeof v !== 'number') throw new TypeError(`phasor.${fn}: scaling.${key} must be a number; got ${describe(v)}`);
    return v;
  };
  const t = ROPE_SCALING_TYPES[type];
  if (typeof s.truncate !== 'undefined' && typeof s.truncate !== 'boolean') {
    throw new TypeError(`phasor.${fn}: scaling.truncate must be true or false; got ${describe(s.truncate)}`);
  }
  const needsLength = t === 'dynamic-ntk' || t === 'yarn' || t === 'llama3';
  const factor = t === 'none' ? 1 : num('factor');
  const originalLength = needsLength ? num('originalLength') : 0;
  out.set([
    type,
    factor,
    originalLength,
    t === 'dynamic-ntk' ? num('sequenceLength', factor * originalLength) : 0,
    num('betaFast', 32),
    num('betaSlow', 1),
    s.truncate === false ? 0 : 1,
    num('lowFreqFactor', 1),
    num('highFreqFactor', 4),
    s.attentionFactor === undefined ? 0 : 1,
    s.attentionFactor === undefined ? 0 : num('attentionFactor'),
  ]);
  return out;
}
