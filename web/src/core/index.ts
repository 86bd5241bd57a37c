/**
 * phasor: sinusoidal positional encodings and RoPE computed by a C++ core in
 * WebAssembly SIMD. Results are plain typed arrays owned by JavaScript.
 *
 * This entry carries the wasm inside JavaScript modules, so it works in every
 * bundler and runtime with no configuration; `phasor/lean` fetches the .wasm
 * files instead (see docs/npm.md, "Bundlers").
 *
 * @example
 * import { createPhasor } from 'phasor';
 * const ph = await createPhasor();
 * const { table } = ph.encode({ positions: 2048, dModel: 512 });
 */
import { useWasmSource, type LoadOptions } from './load.js';
import { createPhasor as createShared, type Phasor } from './phasor.js';
import { inlineSource } from './wasm-inline.js';

/**
 * Loads the wasm and returns the API. Every call with the same kernels
 * (automatic: SIMD where the engine has it) returns the same instance, loaded
 * once, whichever entry or element asked first; wasmUrl and wasmBinary say
 * where to get the bytes if that build is not loaded yet. Here the bytes are
 * inlined, unless the page imports `phasor/lean`.
 */
export function createPhasor(options?: LoadOptions): Promise<Phasor> {
  // Registered on call, not on import, so no bundler can tree-shake it away.
  useWasmSource(inlineSource, false);
  return createShared(options);
}

export * from './api.js';
