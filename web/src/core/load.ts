// Loads each wasm build once per page (or process) and hands out the shared
// instance, however phasor was entered: the `phasor` entry, `phasor/lean`,
// the elements, the embed script, or two copies of the package (its ES
// module and CommonJS builds, the embed beside an npm import) all meet in one
// registry on globalThis, keyed by version, module and kernels.
//
// phasor takes the compiling over from the Emscripten glue (its
// `instantiateWasm` hook): the bytes come from where the entry says (inlined
// in `phasor`, a file next to the module in `phasor/lean`, or the caller's
// wasmUrl / wasmBinary), and a failed load names the URL it tried and the fix.
// Nothing here asks which environment it is in: a file: URL is read from
// disk (only Node has one), anything else is fetched.
import { OptionReader } from './options.js';
import { VERSION } from './version.js';
import type { CoreWasm, ExperimentsWasm, ModuleCommon, ModuleFactory } from './wasm-module.js';

export interface LoadOptions {
  /** 'simd' (default where the engine supports wasm SIMD) or 'scalar'. */
  kernels?: 'simd' | 'scalar';
  /** Where phasor.wasm (or phasor-scalar.wasm) is served, if this build is not loaded yet. */
  wasmUrl?: string | URL;
  /** The bytes of phasor.wasm (or a promise of them), if this build is not loaded yet. */
  wasmBinary?: WasmBytes | Promise<WasmBytes>;
  /** Also load the RoPE and attention module now (see Phasor.loadExperiments). */
  experiments?: boolean;
  /** Where phasor-experiments.wasm is served, if it is not loaded yet. */
  experimentsWasmUrl?: string | URL;
  /** The bytes of phasor-experiments.wasm (or a promise of them). */
  experimentsWasmBinary?: WasmBytes | Promise<WasmBytes>;
}

export type WasmBytes = ArrayBuffer | Uint8Array;

const LOAD_OPTIONS = [
  'kernels',
  'wasmUrl',
  'wasmBinary',
  'experiments',
  'experimentsWasmUrl',
  'experimentsWasmBinary',
] as const;

/** The caller's load options read once into a plain object (TypeError for a non-object, null or a misspelt key). */
export function readLoadOptions(given: unknown): LoadOptions {
  const o = new OptionReader('createPhasor', given, LOAD_OPTIONS);
  const options: Record<string, unknown> = {};
  for (const key of LOAD_OPTIONS)
    if (o.has(key)) options[key] = key === 'experiments' ? o.boolean(key, false) : o.raw(key);
  return options as LoadOptions;
}

export type Kernels = 'simd' | 'scalar';

export type ModuleName = 'phasor' | 'phasor-experiments';

/**
 * Where an entry gets a build's bytes when the caller names none: the
 * inlined bytes (wasm-inline.ts) or a URL next to the module (wasm-url.ts).
 */
export interface WasmSource {
  readonly name: 'inline' | 'url';
  locate(module: ModuleName, kernels: Kernels): Promise<WasmBytes | URL>;
}

// The smallest module that uses a v128 instruction: validates only where the
// engine has wasm SIMD.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

export function supportsSimd(): boolean {
  return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
}

export function resolveKernels(options: LoadOptions): Kernels {
  const kernels = options.kernels ?? (supportsSimd() ? 'simd' : 'scalar');
  if (kernels !== 'simd' && kernels !== 'scalar') {
    throw new RangeError(`phasor: kernels must be 'simd' or 'scalar'; got ${String(kernels)}`);
  }
  return kernels;
}

// The entry's source. `phasor/lean` asks for URLs whatever else the page
// imports (the `phasor` entry and the elements only fill in a default).
let preferredSource: WasmSource | null = null;
let fallbackSource: WasmSource | null = null;

export function useWasmSource(source: WasmSource, preferred: boolean): void {
  if (preferred) preferredSource = source;
  else fallbackSource ??= source;
}

function currentSource(): WasmSource {
  const source = preferredSource ?? fallbackSource;
  if (!source)
    throw new Error("phasor: no wasm source; import from 'phasor' or 'phasor/lean', not from files inside the package");
  return source;
}

// Each import names its file literally, so bundlers split the four glues into
// chunks and fetch only the one a page uses.
async function glue(module: ModuleName, kernels: Kernels): Promise<ModuleFactory<ModuleCommon>> {
  if (module === 'phasor') {
    return (kernels === 'simd' ? await import('./wasm/phasor.js') : await import('./wasm/phasor-scalar.js')).default;
  }
  return (
    kernels === 'simd'
      ? await import('./wasm/phasor-experiments.js')
      : await import('./wasm/phasor-experiments-scalar.js')
  ).default;
}

// One registry per page, shared by every copy of this version of phasor.
const REGISTRY_KEY = Symbol.for('phasor.wasm');
type Registry = Map<string, Promise<ModuleCommon>>;
const registry: Registry = ((globalThis as Record<symbol, Registry | undefined>)[REGISTRY_KEY] ??= new Map());

/** The shared instance of one build, loaded on first use from `url`, `bytes` or the entry's source. */
function shared<W extends ModuleCommon>(
  module: ModuleName,
  kernels: Kernels,
  url: string | URL | undefined,
  bytes: WasmBytes | Promise<WasmBytes> | undefined,
): Promise<W> {
  const key = `${VERSION}/${module}/${kernels}`;
  let instance = registry.get(key);
  if (!instance) {
    const option = module === 'phasor' ? 'wasmUrl' : 'experimentsWasmUrl';
    const locate = async (): Promise<WasmBytes | URL> =>
      bytes !== undefined
        ? bytes
        : url !== undefined
          ? new URL(String(url), baseUrl())
          : currentSource().locate(module, kernels);
    const fix =
      url !== undefined
        ? `check the ${option} you passed to createPhasor`
        : `your bundler may not have copied the .wasm file phasor/lean asks for with new URL(…, import.meta.url): import 'phasor' instead (the wasm is inlined, no bundler support needed), or serve the file and pass createPhasor({ ${option}: '/path/to/${module}${kernels === 'scalar' ? '-scalar' : ''}.wasm' })`;
    // The glue first: where it is missing (the embed's SIMD-only build) the bytes are never asked for.
    instance = glue(module, kernels).then((factory) =>
      instantiate(
        factory,
        locate().then((where) => (where instanceof URL ? fetchWasm(where, fix) : where)),
      ),
    );
    instance.catch(() => registry.delete(key)); // a failed load may be retried
    registry.set(key, instance);
  }
  return instance as Promise<W>;
}

/** Runs the Emscripten factory with phasor compiling the module from `bytes` (once). */
function instantiate(factory: ModuleFactory<ModuleCommon>, bytes: Promise<WasmBytes>): Promise<ModuleCommon> {
  return new Promise((resolve, reject) => {
    factory({
      instantiateWasm(imports, receive) {
        bytes
          .then((b) => WebAssembly.instantiate(b as Uint8Array<ArrayBuffer>, imports))
          .then((result) => receive(result.instance, result.module), reject);
        return {};
      },
    }).then(resolve, reject);
  });
}

/** The base a relative wasmUrl is read against: the page, the worker, or Node's working directory. */
function baseUrl(): string {
  const g = globalThis as { document?: { baseURI?: string }; location?: { href?: string }; process?: NodeProcess };
  return g.document?.baseURI ?? g.location?.href ?? `file://${g.process?.cwd() ?? ''}/`;
}

// Typed locally so the published declarations need no Node types.
interface NodeProcess {
  cwd(): string;
  getBuiltinModule?(id: string): unknown;
}
interface NodeFs {
  readFile(path: URL): Promise<Uint8Array>;
}

async function fetchWasm(url: URL, fix: string): Promise<Uint8Array> {
  const fail = (why: string) =>
    new Error(`phasor: could not load the WebAssembly module from ${url.href} (${why}); ${fix}`);
  let bytes: Uint8Array;
  if (url.protocol === 'file:') {
    try {
      bytes = new Uint8Array(await (await nodeFs()).readFile(url));
    } catch (error) {
      throw fail((error as Error).message);
    }
  } else {
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'same-origin' });
    } catch (error) {
      throw fail((error as Error).message);
    }
    if (!response.ok) throw fail(`HTTP ${response.status}`);
    bytes = new Uint8Array(await response.arrayBuffer());
    // A dev server's HTML fallback answers 200 for a file it does not have.
    if (!isWasm(bytes))
      throw fail(`got ${response.headers.get('content-type') ?? 'something'} that is not WebAssembly`);
  }
  return bytes;
}

function isWasm(bytes: Uint8Array): boolean {
  return bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;
}

async function nodeFs(): Promise<NodeFs> {
  const process = (globalThis as { process?: NodeProcess }).process;
  const builtin = process?.getBuiltinModule?.('node:fs/promises') as NodeFs | undefined;
  if (builtin) return builtin;
  // Node before 20.16: a specifier that depends on a run-time value, so no
  // minifier folds it into a literal that a bundler would then try to resolve.
  const specifier = 'node:fs' + (process ? '/promises' : '');
  return (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as NodeFs;
}

/** The PE core module (phasor.wasm), shared per kernels. */
export function loadCore(options: LoadOptions = {}): Promise<CoreWasm> {
  return shared<CoreWasm>('phasor', resolveKernels(options), options.wasmUrl, options.wasmBinary);
}

/** The RoPE and attention module (phasor-experiments.wasm), shared per kernels. */
export function loadExperiments(kernels: Kernels, options: LoadOptions = {}): Promise<ExperimentsWasm> {
  return shared<ExperimentsWasm>(
    'phasor-experiments',
    kernels,
    options.experimentsWasmUrl,
    options.experimentsWasmBinary,
  );
}
