/**
 * phasor: sinusoidal positional encodings and RoPE computed by a C++ core in
 * WebAssembly SIMD. Results are plain typed arrays owned by JavaScript.
 *
 * @example
 * import { createPhasor } from 'phasor';
 * const ph = await createPhasor();
 * const { table } = ph.encode({ positions: 2048, dModel: 512 });
 */
export { createPhasor, Phasor, setDefaultLoadOptions } from './phasor.js';
export { supportsSimd, type LoadOptions } from './load.js';
export type * from './types.js';
export { LAYOUTS, METRICS, SPACINGS } from './types.js';
export type { WasmLimits } from './wasm-module.js';
export type * from './rope-types.js';
export type * from './window-types.js';
export { ATTENTION_KINDS, PAIRINGS, ROPE_SCALING_TYPES, SHIFT_ENCODINGS } from './rope-types.js';
