// Moving arrays in and results out of the RoPE/attention bindings
// (cpp/bindings/rope_bindings.cpp), and reading their array and scaling
// options. Types and shapes are checked here (TypeError); numeric ranges by
// the core, whose sentence becomes a RangeError. Slot numbers come from the
// module (module-tables.ts); the scaling option is read in rope-scaling-input.ts.
import { copyInto, copyOf, plainFloatArray, readNumbers, typedLength } from './caller-arrays.js';
import { KeptPrefix } from './kept-prefix.js';
import { slotsOf } from './module-tables.js';
import type { OptionReader } from './options.js';
import type { ExperimentsWasm, SlotName, WasmResult } from './wasm-module.js';

/** Random streams of one seed; tests/fixtures/make_rope_fixtures.py uses the same. */
export const STREAM = { wq: 1, wk: 2, tokens: 3, embedding: 4 } as const;

function refuse(wasm: ExperimentsWasm, fn: string, message: string): never {
  wasm.releaseInputs();
  throw new RangeError(`phasor.${fn}: ${message}`);
}

/** A validateOnly call's verdict: '' lets the call go on; any other string is its refusal. */
export function refuseUnlessValid(wasm: ExperimentsWasm, fn: string, verdict: WasmResult<unknown>): void {
  if (typeof verdict === 'string' && verdict !== '') refuse(wasm, fn, verdict);
}

/**
 * Copies values (a plain array: checked, or our own) into a float32 slot (float64 values rounded to float32);
 * the view is filled before any other call can grow memory.
 */
export function putFloat32(
  wasm: ExperimentsWasm,
  fn: string,
  slot: SlotName,
  values: Float32Array | Float64Array,
): void {
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
export function takeResult<T extends Float32Array | Float64Array>(
  wasm: ExperimentsWasm,
  fn: string,
  result: WasmResult<T>,
): T {
  if (typeof result === 'string') refuse(wasm, fn, result);
  try {
    return copyOf(result);
  } finally {
    wasm.releaseResult();
  }
}

/**
 * A result of equal matrices of `size` values each, each copied out of wasm
 * memory into an array of its own (copying the whole and then each part
 * doubled the memory and time of the largest calls).
 */
export function takeMatrices(
  wasm: ExperimentsWasm,
  fn: string,
  result: WasmResult<Float32Array>,
  size: number,
): Float32Array[] {
  if (typeof result === 'string') refuse(wasm, fn, result);
  try {
    return Array.from({ length: typedLength(result) / size }, (_, b) =>
      copyOf(result.subarray(b * size, (b + 1) * size)),
    );
  } finally {
    wasm.releaseResult();
  }
}

/** Seeded normal samples, with the seed and std named as the caller's options. */
export function sample(
  wasm: ExperimentsWasm,
  fn: string,
  s: { seed: number; stream: number; count: number; std: number; seedName: string; stdName: string; first?: number },
): Float32Array {
  return takeResult(
    wasm,
    fn,
    wasm.normalSamples(s.seed, s.stream, s.count, s.std, s.seedName, s.stdName, s.first ?? 0),
  );
}

// Every attention call with the same seed and sizes draws the same random
// weights again (a chart's four panels, each step of a drag), and drawing
// them is most of such a call at large dModel. The last few draws of
// weights are kept per module: the core's own numbers, bit for bit; callers
// only copy them into the wasm, never hand them out.
const keptWeights = new WeakMap<ExperimentsWasm, Map<string, Float32Array>>();
const KEPT_DRAWS = 4;

// And a drag of d_model asks for new sizes every step: the weights of
// dModel × dHead are the first dModel × dHead samples of their stream, each
// Math.fround(std · z) of the stream's standard normal z (normalSamples' own
// arithmetic, bit for bit). So each stream's standard normals drawn so far
// are kept (up to KEPT_NORMALS of them, a few streams per module), and
// weights of any size and std are a multiply each: only a step past the
// longest draw draws normals, and only the new ones.
const keptNormals = new WeakMap<ExperimentsWasm, Map<string, KeptPrefix>>();
const KEPT_NORMALS = 1 << 20;
const drawing = { fn: '' };
const KEPT_STREAMS = 4;

/** The first `count` standard normals of a stream, from those kept (drawing the missing ones); null past KEPT_NORMALS. */
function standardNormalPrefix(
  wasm: ExperimentsWasm,
  fn: string,
  seed: number,
  stream: number,
  count: number,
): Float64Array | null {
  let byStream = keptNormals.get(wasm);
  if (!byStream) keptNormals.set(wasm, (byStream = new Map()));
  const key = `${seed} ${stream}`;
  // A kept stream is drawn further for whichever function asks next: a refusal names that one.
  drawing.fn = fn;
  const kept =
    byStream.get(key) ??
    new KeptPrefix(KEPT_NORMALS, (first, n) =>
      takeResult(wasm, drawing.fn, wasm.standardNormals(seed, stream, n, first)),
    );
  byStream.delete(key); // most recently used last
  byStream.set(key, kept);
  if (byStream.size > KEPT_STREAMS) byStream.delete(byStream.keys().next().value!);
  return kept.slice(0, count);
}

/** Seeded weights (dModel × dHead values) as sample() draws them, kept for the next call with the same seed and sizes. */
export function sampleWeights(
  wasm: ExperimentsWasm,
  fn: string,
  s: { seed: number; stream: number; count: number; std: number },
): Float32Array {
  const key = `${s.seed} ${s.stream} ${s.count} ${s.std}`;
  let kept = keptWeights.get(wasm);
  if (!kept) keptWeights.set(wasm, (kept = new Map()));
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key); // most recently used last
    kept.set(key, hit);
    return hit;
  }
  const z = standardNormalPrefix(wasm, fn, s.seed, s.stream, s.count);
  let drawn: Float32Array;
  if (z) {
    drawn = new Float32Array(s.count);
    for (let k = 0; k < s.count; k++) drawn[k] = s.std * z[k]; // rounded to float32 as the core's static_cast<float>
  } else {
    drawn = sample(wasm, fn, { ...s, seedName: 'seed', stdName: 'std' });
  }
  kept.set(key, drawn);
  if (kept.size > KEPT_DRAWS) kept.delete(kept.keys().next().value!);
  return drawn;
}

/** An option holding numbers (Float64Array, Float32Array or an array of numbers), copied; undefined when absent and not required. */
export function numbersOption(
  o: OptionReader,
  fn: string,
  key: string,
  required: boolean,
  maxLength: number,
): Float64Array | undefined {
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
