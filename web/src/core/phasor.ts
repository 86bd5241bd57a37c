// Over 300 lines: the Phasor class is the API's one object; each method is a documented delegation to the module that computes it, and its TSDoc is the reference (docs/reference).
// The compute API. Each call validates its options, runs one wasm function and
// copies the result out of wasm memory before returning: results are ordinary
// JavaScript typed arrays that stay correct when later calls grow the wasm
// memory (which detaches every view into it), and the wasm side frees its
// buffer at once, so a long-lived page holds no wasm memory for old results.
import { copyInto, copyOf, plainFloatArray, typedLength } from './caller-arrays.js';
import { loadCore, loadExperiments, readLoadOptions, resolveKernels, type Kernels, type LoadOptions } from './load.js';
import { enumsOf, limitsOf } from './module-tables.js';
import { readTableOptions, type ResolvedTable } from './encode-options.js';
import { OptionReader } from './options.js';
import {
  LAYOUTS,
  METRICS,
  SPACINGS,
  type DotByOffsetOptions,
  type EncodeOptions,
  type Encoding,
  type FrequencyOptions,
  type OffsetMatrixOptions,
  type PairwiseOptions,
  type Rotation,
  type RotationOptions,
  type SimilarityMatrixOptions,
} from './types.js';
import type { CoreWasm, ExperimentsWasm, WasmEnums, WasmLimits, WasmResult } from './wasm-module.js';
import type * as ExperimentsApi from './experiments-api.js';
import type { Identification, IdentifyOptions } from './identify-types.js';
import type * as R from './rope-types.js';
import type * as A from './attention-types.js';
import type * as X from './experiment-types.js';
import type { IdentifyRopeOptions, RopeIdentification } from './rope-identify-types.js';
import type * as Decay from './rope-decay.js';
import type { RopeConfig } from './rope-config-types.js';
import type * as Pattern from './attention-patterns.js';
import * as windowApi from './window.js';
import type * as W from './window-types.js';

const DEFAULT_BASE = 10000;

export class Phasor {
  /**
   * The bounds the core enforces (sizes, work caps, bytes per result; the
   * table of cpp/include/phasor/limits.hpp) and whether SIMD kernels are in use.
   */
  readonly limits: Readonly<WasmLimits>;
  /** The names each enum option takes, in the order of the core's codes. */
  private readonly enums: Readonly<WasmEnums>;

  private experimentsWasm: ExperimentsWasm | null = null;
  /** The experiments' TypeScript, loaded with their wasm (experiments-api.ts). */
  private experimentsApi: typeof ExperimentsApi | null = null;
  private experimentsLoading: Promise<this> | null = null;

  /**
   * createPhasor() makes the one instance per build; the wasm module is not part of the API.
   * @internal
   */
  constructor(
    private readonly wasm: CoreWasm,
    private readonly loadOptions: LoadOptions = {},
  ) {
    this.limits = limitsOf(wasm);
    this.enums = enumsOf(wasm);
  }

  /**
   * Loads the second wasm module, with RoPE, attention, shiftFit and the other
   * experiments (once; later calls share it). Their methods need it; the PE
   * methods do not, so an app that only encodes never downloads it.
   * `options` (experimentsWasmUrl, experimentsWasmBinary) say where to get
   * it if no copy of phasor on the page has loaded it yet.
   */
  loadExperiments(options: LoadOptions = this.loadOptions): Promise<this> {
    this.experimentsLoading ??= Promise.all([
      loadExperiments(this.simd ? 'simd' : 'scalar', options),
      import('./experiments-api.js'),
    ]).then(
      ([wasm, api]) => {
        this.experimentsWasm = wasm;
        this.experimentsApi = api;
        return this;
      },
      (error: unknown) => {
        this.experimentsLoading = null;
        throw error;
      },
    );
    return this.experimentsLoading;
  }

  /** true once loadExperiments() has finished. */
  get hasExperiments(): boolean {
    return this.experimentsWasm !== null;
  }

  private experiments(fn: string): { wasm: ExperimentsWasm; api: typeof ExperimentsApi } {
    if (this.experimentsWasm && this.experimentsApi) return { wasm: this.experimentsWasm, api: this.experimentsApi };
    throw new Error(
      `phasor.${fn}: RoPE, attention and the shift-fit experiments live in a second wasm module; ` +
        'call `await ph.loadExperiments()` once first, or create with createPhasor({ experiments: true })',
    );
  }

  /** true when the wasm SIMD kernels are in use, false for the scalar build. */
  get simd(): boolean {
    return this.limits.simd;
  }

  /** Bytes of wasm memory reserved now by both modules (it grows, never shrinks). */
  get memoryBytes(): number {
    return this.wasm.HEAPU8.buffer.byteLength + (this.experimentsWasm?.HEAPU8.buffer.byteLength ?? 0);
  }

  /**
   * The PE table for `positions` rows, with its frequencies and wavelengths:
   * by the general options, or a framework's convention by name with that
   * framework's own parameters (conventions.ts). `options` in the result are
   * the general options used.
   */
  encode(options: EncodeOptions): Encoding {
    const fn = 'encode';
    const { reader: o, table } = readTableOptions(fn, options, this.enums);
    const into = o.has('into')
      ? (plainFloatArray(fn, 'into', o.raw('into'), ['Float32Array'], 'positions × dModel values') as Float32Array)
      : undefined;
    const r = table.options;
    const c = table.codes;
    const result = this.wasm.encode({
      positions: r.positions,
      dModel: r.dModel,
      base: r.base,
      offset: r.offset,
      layout: c.layout,
      spacing: c.spacing,
      order: c.order,
      oddWidth: c.oddWidth,
      maxFrequency: r.maxFrequency,
      scale: r.scale,
      hasPadding: r.paddingIdx !== null,
      paddingIdx: r.paddingIdx ?? 0,
      buffer: r.buffer,
    });
    if (typeof result === 'string') {
      this.wasm.releaseResult();
      throw new RangeError(`phasor.${fn}: ${table.explain(result)}`);
    }
    const tableValues = this.take(fn, result, into && { array: into, what: 'positions × dModel' });
    const { frequencies, wavelengths } = this.tableFrequencies(fn, table);
    return {
      table: tableValues,
      frequencies,
      wavelengths,
      positions: r.positions,
      dModel: r.dModel,
      base: r.base,
      offset: r.offset,
      layout: r.layout,
      spacing: r.spacing,
      options: { ...r },
      ...(table.convention ? { convention: table.convention } : {}),
    };
  }

  /**
   * The table's sine frequencies ω_i (radians per position) and wavelengths
   * λ_i = 2π/ω_i (float64): dModel/2 of them, one more with oddWidth
   * 'extraSine'. Takes the same frequency options and conventions as encode.
   */
  frequencies(options: FrequencyOptions): { frequencies: Float64Array; wavelengths: Float64Array } {
    return this.tableFrequencies('frequencies', readTableOptions('frequencies', options, this.enums).table);
  }

  private tableFrequencies(fn: string, table: ResolvedTable): { frequencies: Float64Array; wavelengths: Float64Array } {
    const r = table.options;
    const c = table.codes;
    const read = (asWavelengths: boolean) => {
      const result = this.wasm.frequencies(r.dModel, r.base, asWavelengths, c.spacing, c.oddWidth, r.maxFrequency);
      if (typeof result === 'string') {
        this.wasm.releaseResult();
        throw new RangeError(`phasor.${fn}: ${table.explain(result)}`);
      }
      return this.take(fn, result);
    };
    return { frequencies: read(false), wavelengths: read(true) };
  }

  /** PE(p)·PE(p+k) for k = 0..maxOffset, which is Σ_i cos(ω_i k) whatever p is. */
  dotByOffset(options: DotByOffsetOptions): Float32Array {
    const o = new OptionReader('dotByOffset', options, ['dModel', 'base', 'maxOffset', 'normalize', 'spacing']);
    const dModel = o.number('dModel');
    const base = o.number('base', DEFAULT_BASE);
    const maxOffset = o.number('maxOffset');
    const normalize = o.boolean('normalize', false);
    const spacing = o.choice('spacing', SPACINGS, 'paper', this.enums.spacing).code;
    const dots = this.take('dotByOffset', this.wasm.dotByOffset(dModel, base, maxOffset, spacing));
    if (normalize) {
      const half = dModel / 2;
      for (let k = 0; k < dots.length; k++) dots[k] /= half;
    }
    return dots;
  }

  /** n × n matrix of |PE(p) − PE(q)| for p, q < positions. */
  distanceMatrix(options: OffsetMatrixOptions): Float32Array {
    const o = new OptionReader('distanceMatrix', options, ['positions', 'dModel', 'base', 'spacing']);
    return this.offsetMatrix('distanceMatrix', o, this.enums.metric.indexOf('l2'));
  }

  /** n × n matrix of PE(p)·PE(q) (metric 'dot') or the cosine similarity (metric 'cosine'). */
  similarityMatrix(options: SimilarityMatrixOptions): Float32Array {
    const o = new OptionReader('similarityMatrix', options, ['positions', 'dModel', 'base', 'metric', 'spacing']);
    const metric = o.choice('metric', ['dot', 'cosine'] as const, 'dot', this.enums.metric);
    return this.offsetMatrix('similarityMatrix', o, metric.code);
  }

  /**
   * The general kernel: metric between every pair of arbitrary rows (PE added
   * to token embeddings, RoPE-rotated queries, ...). float32 sums.
   */
  pairwise(options: PairwiseOptions): Float32Array {
    const fn = 'pairwise';
    const o = new OptionReader(fn, options, ['rows', 'dim', 'metric']);
    const rows = plainFloatArray(fn, 'rows', o.raw('rows'), ['Float32Array'], 'count × dim values') as Float32Array;
    const dim = o.number('dim');
    const metric = o.choice('metric', METRICS, 'l2', this.enums.metric);
    const length = typedLength(rows);
    if (!Number.isInteger(dim) || dim < 1 || length % dim !== 0 || length === 0) {
      throw new RangeError(
        `phasor.${fn}: rows.length (${length}) must be a positive multiple of dim (${dim}), dim an integer ≥ 1`,
      );
    }
    const count = length / dim;
    const input = this.wasm.pairwiseInput(count, dim);
    if (typeof input === 'string') throw new RangeError(`phasor.${fn}: ${input}`);
    copyInto(input, rows); // the view is used before any further call can grow memory
    return this.take(fn, this.wasm.pairwise(count, dim, metric.code));
  }

  /** M_k and the measured max |M_k·PE(p) − PE(p+k)| over positions offset..offset+positions−1. */
  rotation(options: RotationOptions): Rotation {
    const o = new OptionReader('rotation', options, [
      'dModel',
      'base',
      'k',
      'positions',
      'offset',
      'layout',
      'spacing',
    ]);
    const dModel = o.number('dModel');
    const base = o.number('base', DEFAULT_BASE);
    const k = o.number('k');
    const positions = o.number('positions');
    const offset = o.number('offset', 0);
    const layout = o.choice('layout', LAYOUTS, 'interleaved', this.enums.layout).code;
    const spacing = o.choice('spacing', SPACINGS, 'paper', this.enums.spacing).code;
    const maxError = this.wasm.rotationMaxError(positions, dModel, base, offset, k, layout, spacing);
    if (typeof maxError === 'string') throw new RangeError(`phasor.rotation: ${maxError}`);
    const matrix = this.take('rotation', this.wasm.rotationMatrix(positions, dModel, base, offset, k, layout, spacing));
    return { matrix, maxError };
  }

  /**
   * Which convention made this table? The options `encode` reproduces it
   * with (candidates best first, frameworks by name), or what departs from the
   * nearest one. In the experiments module (loadExperiments first): identify.ts,
   * the analysis in cpp/src/identify.cpp.
   */
  identify(options: IdentifyOptions): Identification {
    const { wasm, api } = this.experiments('identify');
    return api.identify(wasm, options);
  }

  // Views at pixel resolution and the rotation chart's pieces: window.ts
  // (types in window-types.ts). Each bin is the exact mean over its positions.

  /** Bin r = mean of PE(p) over positions first + r·stride …: count × dModel values. */
  encodeBins(options: W.EncodeBinsOptions): Float32Array {
    return windowApi.encodeBins(this.wasm, options);
  }

  /** The chosen dimensions of encodeBins, one column of count values each. */
  encodeBinColumns(options: W.EncodeColumnsOptions): Float32Array {
    return windowApi.encodeBinColumns(this.wasm, options);
  }

  /** Bin r = mean over its offsets k of Σ_i cos(ω_i k), the dot product PE(p)·PE(p+k). */
  dotByOffsetBins(options: W.DotBinsOptions): Float32Array {
    return windowApi.dotByOffsetBins(this.wasm, options);
  }

  /** PE(p)·PE(p+k) measured on encoded float32 rows, bin by bin. */
  measuredDotBins(options: W.MeasuredDotBinsOptions): Float64Array {
    return windowApi.measuredDotBins(this.wasm, options);
  }

  /** The distance or similarity matrix over a window at pixel resolution, as its Toeplitz row of blocks. */
  offsetRowBins(options: W.OffsetRowBinsOptions): Float32Array {
    return windowApi.offsetRowBins(this.wasm, options);
  }

  /** A window of M_k (rows × cols from row0, col0) without building the d × d matrix. */
  rotationWindow(options: W.RotationWindowOptions): Float32Array {
    return windowApi.rotationWindow(this.wasm, options);
  }

  /** M_k·PE(p), float32 factors and float64 sums. */
  rotateEncoding(options: W.RotateOptions): Float64Array {
    return windowApi.rotateEncoding(this.wasm, options);
  }

  /** Where pair i of PE(p) sits on its unit circle and how far M_k turns it (radians, float64). */
  pairTurn(options: W.PairTurnOptions): W.PairTurn {
    return windowApi.pairTurn(this.wasm, options);
  }

  /** max |M_k·PE(p) − PE(p+k)| over the positions, without building M_k. */
  rotationMaxError(options: RotationOptions): number {
    return windowApi.rotationMaxError(this.wasm, options);
  }

  // RoPE, attention and the "why this design" experiments: rope.ts,
  // attention.ts, shift-fit.ts, embedding-scale.ts (types in rope-types.ts,
  // attention-types.ts, experiment-types.ts).

  /** Rows turned by RoPE at their positions, in either pairing, with optional frequency scaling. */
  rope(options: R.RopeOptions): Float32Array {
    const { wasm, api } = this.experiments('rope');
    return api.rope(wasm, options);
  }

  /** RoPE's frequencies and wavelengths before and after a scaling scheme. */
  ropeFrequencies(options: R.RopeFrequencyOptions): R.RopeFrequencies {
    const { wasm, api } = this.experiments('ropeFrequencies');
    return api.ropeFrequencies(wasm, options);
  }

  /**
   * A model's RoPE from its parsed config.json (Hugging Face's v4 and v5
   * spellings, nested text_config), per layer type: layers covered, θ,
   * scaling and attention factor, head and rotary dims, pairing and output
   * layout, NoPE, M-RoPE sections, the inverse frequencies, and the
   * ropeFrequencies / rope options that reproduce them; every key read and
   * every RoPE-looking key not understood (rope-config.ts, docs/rope-config.md).
   */
  ropeFromConfig(config: unknown): RopeConfig {
    const { wasm, api } = this.experiments('ropeFromConfig');
    return api.ropeFromConfig(wasm, config);
  }

  /** Which RoPE made an inv_freq vector or a cos/sin cache: theta, scaling, attention factor, pairing, rotary width (rope-identify.ts). */
  identifyRope(options: IdentifyRopeOptions): RopeIdentification {
    const { wasm, api } = this.experiments('identifyRope');
    return api.identifyRope(wasm, options);
  }

  /** RoFormer's relative upper bound of the RoPE score against the distance m − n (rope-decay.ts). */
  ropeDecay(options: Decay.RopeDecayOptions): Float64Array {
    const { wasm, api } = this.experiments('ropeDecay');
    return api.ropeDecay(wasm, options);
  }

  /** Men et al. 2024's bound: the first distance where Σ_i cos(m θ_i) < 0 (the context a θ supports), or null (rope-decay.ts). */
  ropeBaseBound(options: Decay.RopeBaseBoundOptions): number | null {
    const { wasm, api } = this.experiments('ropeBaseBound');
    return api.ropeBaseBound(wasm, options);
  }

  /** Mean |q·k| of seeded random unit vectors against the distance m − n, independent and q = k. */
  ropeRandomScores(options: Decay.RopeRandomScoresOptions): Decay.RopeRandomScores {
    const { wasm, api } = this.experiments('ropeRandomScores');
    return api.ropeRandomScores(wasm, options);
  }

  /** The n × n attention pattern at the rows and columns drawn: scores, softmax rows, additive PE's terms. */
  attentionPattern(options: Pattern.AttentionPatternOptions): Pattern.AttentionPattern {
    const { wasm, api } = this.experiments('attentionPattern');
    return api.attentionPattern(wasm, options);
  }

  /** q_m·k_n over a grid of positions for additive PE (with its four terms), RoPE or ALiBi. */
  attentionScores<K extends A.AttentionKind>(options: A.AttentionOptions & { kind: K }): A.AttentionScoresByKind[K] {
    const { wasm, api } = this.experiments('attentionScores');
    return api.attentionScores(wasm, options);
  }

  /** Score against the offset m − n for several absolute positions m (one shared token). */
  scoreByOffset(options: A.ScoreByOffsetOptions): A.ScoresByOffset {
    const { wasm, api } = this.experiments('scoreByOffset');
    return api.scoreByOffset(wasm, options);
  }

  /** ALiBi's per-head slopes. */
  alibiSlopes(options: { heads: number }): Float64Array {
    const { wasm, api } = this.experiments('alibiSlopes');
    return api.alibiSlopes(wasm, options);
  }

  /** The seeded normal samples behind every random default (reproducible across builds). */
  normalSamples(options: X.NormalSamplesOptions): Float32Array {
    const { wasm, api } = this.experiments('normalSamples');
    return api.normalSamples(wasm, options);
  }

  /** normalSamples' stream in float64 before scaling: normalSamples({ std })[k] = Math.fround(std · standardNormals()[k]). */
  standardNormals(options: X.StandardNormalsOptions): Float64Array {
    const { wasm, api } = this.experiments('standardNormals');
    return api.standardNormals(wasm, options);
  }

  /** The least-squares map from e(p) to e(p + k) and its residual, for PE and the designs it beat. */
  shiftFit(options: X.ShiftFitOptions): X.ShiftFit {
    const { wasm, api } = this.experiments('shiftFit');
    return api.shiftFit(wasm, options);
  }

  /** Two positions one sine-only slot cannot tell apart. */
  sineCollision(options: X.SineCollisionOptions): X.SineCollision {
    const { wasm, api } = this.experiments('sineCollision');
    return api.sineCollision(wasm, options);
  }

  /** Norms of token embeddings (with and without ×√dModel), of PE and of their sums, per position. */
  embeddingScale(options: X.EmbeddingScaleOptions): X.EmbeddingScale {
    const { wasm, api } = this.experiments('embeddingScale');
    return api.embeddingScale(wasm, options);
  }

  /** The closest two distinct positions for each base and sequence length. */
  positionResolution(options: X.PositionResolutionOptions): X.PositionResolution {
    const { wasm, api } = this.experiments('positionResolution');
    return api.positionResolution(wasm, options);
  }

  private offsetMatrix(fn: string, o: OptionReader, metric: number): Float32Array {
    const positions = o.number('positions');
    const dModel = o.number('dModel');
    const base = o.number('base', DEFAULT_BASE);
    const spacing = o.choice('spacing', SPACINGS, 'paper', this.enums.spacing).code;
    const row = this.take(fn, this.wasm.offsetRow(positions, dModel, base, metric, spacing));
    return symmetricToeplitz(row);
  }

  /**
   * Copies a result out of wasm memory (into a caller's array when given,
   * already checked to be a plain one; else a new array) and frees it there,
   * on every path; a string result is a refusal.
   */
  private take<T extends Float32Array | Float64Array>(
    fn: string,
    result: WasmResult<T>,
    into?: { array: T; what: string },
  ): T {
    if (typeof result === 'string') throw new RangeError(`phasor.${fn}: ${result}`);
    try {
      if (!into) return copyOf(result);
      const want = typedLength(result);
      const got = typedLength(into.array);
      if (got !== want) throw new RangeError(`phasor.${fn}: into must hold ${into.what} = ${want} values; got ${got}`);
      copyInto(into.array, result);
      return into.array;
    } finally {
      this.wasm.releaseResult();
    }
  }
}

/**
 * The n × n matrix whose entry (p, q) is row[|p − q|]: row p is the window
 * [n−1−p, 2n−1−p) of (row[n−1], …, row[1], row[0], row[1], …, row[n−1]).
 */
function symmetricToeplitz(row: Float32Array): Float32Array {
  const n = row.length;
  const mirrored = new Float32Array(2 * n - 1);
  mirrored.set(row, n - 1);
  for (let k = 1; k < n; k++) mirrored[n - 1 - k] = row[k];
  const matrix = new Float32Array(n * n);
  for (let p = 0; p < n; p++) matrix.set(mirrored.subarray(n - 1 - p, 2 * n - 1 - p), p * n);
  return matrix;
}

// One Phasor per build in this copy of the package; the wasm under it is
// shared with every other copy on the page (load.ts).
const shared = new Map<Kernels, Promise<Phasor>>();
let defaultLoadOptions: LoadOptions = {};

/**
 * Sets what `createPhasor()` uses where its caller gives no option (a wasm
 * URL, say), before the first load.
 */
export function setDefaultLoadOptions(options: LoadOptions): void {
  defaultLoadOptions = options;
}

/**
 * Loads the wasm and returns the API. Every call with the same kernels
 * (automatic: SIMD where the engine has it) returns the same instance, loaded
 * once, whichever entry or element asked first; wasmUrl and wasmBinary say
 * where to get the bytes if that build is not loaded yet.
 */
export function createPhasor(given?: LoadOptions): Promise<Phasor> {
  let resolved: LoadOptions;
  let kernels: Kernels;
  try {
    resolved = { ...defaultLoadOptions, ...(given === undefined ? {} : readLoadOptions(given)) };
    kernels = resolveKernels(resolved);
  } catch (error) {
    return Promise.reject(error as Error); // a promise either way: never a synchronous throw
  }
  let instance = shared.get(kernels);
  if (!instance) {
    instance = loadCore({ ...resolved, kernels }).then((wasm) => new Phasor(wasm, resolved));
    instance.catch(() => shared.delete(kernels));
    shared.set(kernels, instance);
  }
  return resolved.experiments ? instance.then((ph) => ph.loadExperiments(resolved)) : instance;
}
