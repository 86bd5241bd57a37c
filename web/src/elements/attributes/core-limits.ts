// The core's bounds for attribute ranges: the limits table of the page's
// shared wasm instance (cpp/include/phasor/limits.hpp), never a copy. It is
// filled when the instance loads; elements parse their attributes after
// that (phasor-element.ts), so a range is always the core's.
import type { WasmLimits } from '../../core/index.js';

type LimitName = Exclude<keyof WasmLimits, 'simd'>;

let table: Readonly<WasmLimits> | null = null;

/** Called with the shared instance's limits once it has loaded. */
export function useLimits(limits: Readonly<WasmLimits>): void {
  table = limits;
}

/** A bound of the core (times `scale`, plus `plus`), read when an attribute is parsed. */
export function limit(name: LimitName, scale = 1, plus = 0): () => number {
  return () => {
    if (!table)
      throw new Error(`the core's limits are known once the WebAssembly core has loaded (needed for ${name})`);
    return table[name] * scale + plus;
  };
}
