/**
 * phasor/lean: the same API as `phasor`, with the wasm fetched as .wasm files
 * next to this module (`new URL('./wasm/phasor.wasm', import.meta.url)`),
 * which Vite, webpack and Parcel emit; elsewhere pass
 * `createPhasor({ wasmUrl })`. Importing it makes every phasor entry on the
 * page (the elements too) load the files instead of the inlined bytes.
 *
 * @module phasor/lean
 */
import { useWasmSource, type LoadOptions } from './load.js';
import { createPhasor as createShared, type Phasor } from './phasor.js';
import { urlSource } from './wasm-url.js';

useWasmSource(urlSource, true);

/**
 * Loads the wasm and returns the API, shared as `phasor`'s createPhasor is;
 * the bytes come from the .wasm files next to this module (or `wasmUrl`).
 */
export function createPhasor(options?: LoadOptions): Promise<Phasor> {
  useWasmSource(urlSource, true);
  return createShared(options);
}

export * from './api.js';
