// Node ESM: the inlined entry, the lean one (reads the .wasm from disk), the
// .wasm files reachable through exports, and server-side imports of the
// elements and the embed, which define nothing and throw nothing.
import { existsSync } from 'node:fs';
import { createPhasor } from 'phasor';
import { createPhasor as createLean } from 'phasor/lean';

const ph = await createPhasor({ experiments: true });
const lean = await createLean();
await import('phasor/elements');
await import('phasor/embed');
const wasm = new URL(import.meta.resolve('phasor/wasm/phasor-experiments.wasm'));
console.log(
  JSON.stringify({
    table: Array.from(ph.encode({ positions: 5, dModel: 4 }).table),
    slopes: Array.from(ph.alibiSlopes({ heads: 8 })),
    same: lean === ph,
    wasmFile: existsSync(wasm),
    defined: typeof customElements !== 'undefined',
  }),
);
