// The wasm as files next to this module (`phasor/lean`): each URL is written
// out literally so that Vite, webpack, Parcel and Rollup's URL plugins see
// `new URL('…wasm', import.meta.url)` and emit the file. The file is fetched
// (read from disk for a file: URL, in Node) only when its build is first used.
import type { WasmSource } from './load.js';

export const urlSource: WasmSource = {
  name: 'url',
  locate: async (module, kernels) => {
    if (module === 'phasor') {
      return kernels === 'simd'
        ? new URL('./wasm/phasor.wasm', import.meta.url)
        : new URL('./wasm/phasor-scalar.wasm', import.meta.url);
    }
    return kernels === 'simd'
      ? new URL('./wasm/phasor-experiments.wasm', import.meta.url)
      : new URL('./wasm/phasor-experiments-scalar.wasm', import.meta.url);
  },
};
