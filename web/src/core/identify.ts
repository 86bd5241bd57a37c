// ph.identify: "which convention is this table?" The core reads the table and
// verifies what it fitted (cpp/include/phasor/identify.hpp); this names the
// result as the frameworks do (identify-candidates.ts). It lives in the
// experiments module, so an app that only encodes never downloads it.
import { copyInto, plainFloatArray, typedLength } from './caller-arrays.js';
import { candidatesOf, type WasmFit } from './identify-candidates.js';
import type { Identification, IdentifyOptions } from './identify-types.js';
import { OptionReader } from './options.js';
import type { ExperimentsWasm } from './wasm-module.js';

export function identify(wasm: ExperimentsWasm, options: IdentifyOptions): Identification {
  const fn = 'identify';
  const o = new OptionReader(fn, options, ['table', 'positions', 'dModel']);
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
  const input = wasm.identifyInput(positions, dModel); // checks positions, dModel and their product
  if (typeof input === 'string') throw new RangeError(`phasor.${fn}: ${input}`);
  const length = typedLength(table);
  if (length !== positions * dModel) {
    wasm.identify(0, 0); // frees the input it reserved
    throw new RangeError(
      `phasor.${fn}: table must hold positions × dModel = ${positions * dModel} values; got ${length}`,
    );
  }
  copyInto(input, table); // used before any further call can grow memory
  const fits = wasm.identify(positions, dModel);
  if (typeof fits === 'string') throw new RangeError(`phasor.${fn}: ${fits}`);
  const candidates = candidatesOf(fits, positions, dModel);
  return { match: fits.length > 0 && fits[0].reproduces, candidates };
}

export type { WasmFit };
