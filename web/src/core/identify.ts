// ph.identify: "which convention is this table, and how was it made?" The
// core reads the table, verifies what it fitted and judges it in each
// precision (cpp/include/phasor/identify.hpp, precision.hpp); this names the
// result as the frameworks do (identify-candidates.ts). It lives in the
// experiments module, so an app that only encodes never downloads it.
import { copyInto, plainFloatArray, readNumbers, typedLength } from './caller-arrays.js';
import { candidatesOf } from './identify-candidates.js';
import type { WasmFit } from './identify-records.js';
import type { Identification, IdentifyOptions } from './identify-types.js';
import { OptionReader } from './options.js';
import type { ExperimentsWasm } from './wasm-module.js';

export function identify(wasm: ExperimentsWasm, options: IdentifyOptions): Identification {
  const fn = 'identify';
  const o = new OptionReader(fn, options, ['table', 'positions', 'dModel', 'rowIndices']);
  if (!o.has('table'))
    throw new TypeError(
      `phasor.${fn}: option 'table' is required (a Float32Array or Float64Array of positions × dModel values)`,
    );
  const table = plainFloatArray(
    fn,
    'table',
    o.raw('table'),
    ['Float32Array', 'Float64Array'],
    'positions × dModel values',
  );
  const positions = o.number('positions');
  const dModel = o.number('dModel');
  // Read before the wasm reserves anything; the core checks the values themselves.
  const indices =
    o.raw('rowIndices') === undefined ? null : readNumbers(fn, 'rowIndices', o.raw('rowIndices'), 2 ** 32);
  const indexed = indices !== null;
  const input = wasm.identifyInput(positions, dModel, indexed); // checks positions, dModel and their product
  if (typeof input === 'string') throw new RangeError(`phasor.${fn}: ${input}`);
  const length = typedLength(table);
  const free = () => wasm.identify(0, 0, false); // frees the input it reserved
  if (length !== positions * dModel) {
    free();
    throw new RangeError(
      `phasor.${fn}: table must hold positions × dModel = ${positions * dModel} values; got ${length}`,
    );
  }
  if (indices !== null && indices.length !== positions) {
    free();
    throw new RangeError(`phasor.${fn}: rowIndices must hold positions = ${positions} values; got ${indices.length}`);
  }
  // Used before any further call can grow memory.
  copyInto(input.subarray(0, length), table);
  if (indices !== null) input.set(indices, length);
  const result = wasm.identify(positions, dModel, indexed);
  if (typeof result === 'string') throw new RangeError(`phasor.${fn}: ${result}`);
  const span = indices !== null ? indices[indices.length - 1] + 1 : positions;
  const candidates = candidatesOf(result.fits, span, dModel);
  const best = candidates[0];
  return {
    match: best?.match ?? false,
    exact: best?.exact ?? false,
    precision: best?.precision ?? 'exact',
    storage: result.storage,
    candidates,
  };
}

export type { WasmFit };
