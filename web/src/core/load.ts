// Loads the wasm once per page (or Node process) and hands out the shared
// instance. Browsers fetch the .wasm next to the glue (bundlers see the
// `new URL(..., import.meta.url)` in the glue and emit the file); Node reads
// it from disk, because the web-only glue cannot fetch file: URLs.
import { OptionReader } from './options.js';
import type { CoreWasm, ExperimentsWasm, ModuleCommon, ModuleFactory, ModuleOptions } from './wasm-module.js';

export interface LoadOptions {
  /** 'simd' (default where the engine supports wasm SIMD) or 'scalar'. */
  kernels?: 'simd' | 'scalar';
  /** Where phasor.wasm (or phasor-scalar.wasm) is served, when it is not next to the glue. */
  wasmUrl?: string | URL;
  /** The bytes of phasor.wasm, when you have them (or will: a promise is awaited). */
  wasmBinary?: WasmBytes | Promise<WasmBytes>;
  /** Also load the RoPE and attention module now (see Phasor.loadExperiments). */
  experiments?: boolean;
  /** Where phasor-experiments.wasm is served, when it is not next to its glue. */
  experimentsWasmUrl?: string | URL;
  /** The bytes of phasor-experiments.wasm (or a promise of them). */
  experimentsWasmBinary?: WasmBytes | Promise<WasmBytes>;
}

export type WasmBytes = ArrayBuffer | Uint8Array;

const LOAD_OPTIONS = ['kernels', 'wasmUrl', 'wasmBinary', 'experiments', 'experimentsWasmUrl', 'experimentsWasmBinary'] as const;

/** The caller's load options read once into a plain object (TypeError for a non-object, null or a misspelt key). */
export function readLoadOptions(given: unknown): LoadOptions {
  const o = new OptionReader('createPhasor', given, LOAD_OPTIONS);
  const options: Record<string, unknown> = {};
  for (const key of LOAD_OPTIONS) if (o.has(key)) options[key] = key === 'experiments' ? o.boolean(key, false) : o.raw(key);
  return options as LoadOptions;
}

export type Kernels = 'simd' | 'scalar';

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

// Each import names its file literally, so bundlers split the four glues into
// chunks and fetch only the one a page uses.
async function coreGlue(kernels: Kernels): Promise<ModuleFactory<CoreWasm>> {
  return (kernels === 'simd' ? await import('./wasm/phasor.js') : await import('./wasm/phasor-scalar.js')).default;
}

async function experimentsGlue(kernels: Kernels): Promise<ModuleFactory<ExperimentsWasm>> {
  return (
    kernels === 'simd' ? await import('./wasm/phasor-experiments.js') : await import('./wasm/phasor-experiments-scalar.js')
  ).default;
}

// Built by concatenation so bundlers do not emit the .wasm a second time (the
// glue's own `new URL` already does); only Node uses it.
function wasmFileUrl(name: string, kernels: Kernels): URL {
  return new URL('./wasm/' + name + (kernels === 'scalar' ? '-scalar' : '') + '.wasm', import.meta.url);
}

async function readFileBytes(url: URL): Promise<Uint8Array> {
  // Hidden from bundlers: browser builds never reach this branch.
  const fsModule = 'node:fs/promises';
  const fs = (await import(/* @vite-ignore */ /* webpackIgnore: true */ fsModule)) as {
    readFile(path: URL): Promise<Uint8Array>;
  };
  return fs.readFile(url);
}

export function resolveKernels(options: LoadOptions): Kernels {
  const kernels = options.kernels ?? (supportsSimd() ? 'simd' : 'scalar');
  if (kernels !== 'simd' && kernels !== 'scalar') {
    throw new RangeError(`phasor: kernels must be 'simd' or 'scalar'; got ${String(kernels)}`);
  }
  return kernels;
}

async function instantiate<W extends ModuleCommon>(
  factory: ModuleFactory<W>,
  file: URL,
  url: string | URL | undefined,
  binary: WasmBytes | Promise<WasmBytes> | undefined,
): Promise<W> {
  const moduleOptions: ModuleOptions = {};
  if (binary) {
    moduleOptions.wasmBinary = await binary;
  } else if (url !== undefined) {
    const href = String(url);
    if (isNode) moduleOptions.wasmBinary = await readFileBytes(new URL(href, `file://${nodeProcess!.cwd()}/`));
    else moduleOptions.locateFile = () => href;
  } else if (isNode) {
    moduleOptions.wasmBinary = await readFileBytes(file);
  }
  return factory(moduleOptions);
}

/** The PE core module (phasor.wasm). */
export async function loadCore(options: LoadOptions = {}): Promise<CoreWasm> {
  const kernels = resolveKernels(options);
  return instantiate(await coreGlue(kernels), wasmFileUrl('phasor', kernels), options.wasmUrl, options.wasmBinary);
}

/** The RoPE and attention module (phasor-experiments.wasm). */
export async function loadExperiments(kernels: Kernels, options: LoadOptions = {}): Promise<ExperimentsWasm> {
  return instantiate(
    await experimentsGlue(kernels),
    wasmFileUrl('phasor-experiments', kernels),
    options.experimentsWasmUrl,
    options.experimentsWasmBinary,
  );
}
