// Loads the wasm once per page (or Node process) and hands out the shared
// instance. Browsers fetch the .wasm next to the glue (bundlers see the
// `new URL(..., import.meta.url)` in the glue and emit the file); Node reads
// it from disk, because the web-only glue cannot fetch file: URLs.
import type { ModuleOptions, PhasorModuleFactory, PhasorWasm } from './wasm-module.js';

export interface LoadOptions {
  /** 'simd' (default where the engine supports wasm SIMD) or 'scalar'. */
  kernels?: 'simd' | 'scalar';
  /** Where the .wasm file is served, when it is not next to the glue. */
  wasmUrl?: string | URL;
  /** The .wasm bytes, when you have them already. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

// The smallest module that uses a v128 instruction: validates only where the
// engine has wasm SIMD.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

export function supportsSimd(): boolean {
  return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
}

// Typed locally so the published declarations need no Node types.
interface NodeProcess {
  versions?: { node?: string };
  cwd(): string;
}
const nodeProcess = (globalThis as { process?: NodeProcess }).process;
const isNode = typeof nodeProcess?.versions?.node === 'string' && typeof window === 'undefined';

async function importGlue(kernels: 'simd' | 'scalar'): Promise<PhasorModuleFactory> {
  const glue = kernels === 'simd' ? await import('./wasm/phasor.js') : await import('./wasm/phasor-scalar.js');
  return glue.default;
}

// Built by concatenation so bundlers do not emit the .wasm a second time (the
// glue's own `new URL` already does); only Node uses it.
function wasmFileUrl(kernels: 'simd' | 'scalar'): URL {
  return new URL('./wasm/' + (kernels === 'simd' ? 'phasor.wasm' : 'phasor-scalar.wasm'), import.meta.url);
}

async function readFileBytes(url: URL): Promise<Uint8Array> {
  // Hidden from bundlers: browser builds never reach this branch.
  const fsModule = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ /* webpackIgnore: true */ fsModule)) as {
    readFile(path: URL): Promise<Uint8Array>;
  };
  return fs.readFile(url);
}

export async function loadWasm(options: LoadOptions = {}): Promise<PhasorWasm> {
  const kernels = options.kernels ?? (supportsSimd() ? 'simd' : 'scalar');
  if (kernels !== 'simd' && kernels !== 'scalar') {
    throw new RangeError(`phasor: kernels must be 'simd' or 'scalar'; got ${String(kernels)}`);
  }
  const factory = await importGlue(kernels);
  const moduleOptions: ModuleOptions = {};
  if (options.wasmBinary) {
    moduleOptions.wasmBinary = options.wasmBinary;
  } else if (options.wasmUrl !== undefined) {
    const url = String(options.wasmUrl);
    if (isNode) moduleOptions.wasmBinary = await readFileBytes(new URL(url, `file://${nodeProcess!.cwd()}/`));
    else moduleOptions.locateFile = () => url;
  } else if (isNode) {
    moduleOptions.wasmBinary = await readFileBytes(wasmFileUrl(kernels));
  }
  return factory(moduleOptions);
}
