// Runs every workload for every peer (timings, then accuracy against float64)
// and returns the result object that run.mjs writes as JSON and report.ts
// renders. It knows nothing about Node or the browser: the caller hands in
// the peers it could load and a description of the machine.
import { maxAbsError, referenceAndNaive, toSplitLayout } from './accuracy.js';
import { measureAll, type Timing, type TimingOptions } from './measure.js';
import { PEER_ORDER, type Peer, type PeerId } from './peers/peer.js';
import { timeIdentify, type IdentifyCall, type IdentifyRow } from './identify.js';
import { timeIdentifyRope, type IdentifyRopeCall, type IdentifyRopeRow, type RopeCacheSpec } from './identify-rope.js';
import { checkTargets, type TargetResult } from './targets.js';
import { arbitraryRows, sizeLabel, workloads, type Workload, type WorkloadId } from './workloads.js';

export const SCHEMA = 'phasor-bench/1';

/** Said under every report. */
export const COMMON_NOTES = [
  "TF.js W2/W5 use the matMul form |a|² + |b|² − 2a·b: the seeds' (n,1,d) − (1,n,d) broadcast needs a 4 GB temporary and fails in the wasm heap.",
];

/** Accuracy columns: the peers, plus the naive float32 formula (not a timed peer). */
export type AccuracyColumn = PeerId | 'naive-float32';
export const ACCURACY_ORDER: readonly AccuracyColumn[] = [
  'phasor-simd',
  'phasor-scalar',
  'plain-ts',
  'naive-float32',
  'tfjs-wasm',
];

const KERNEL_ONLY = 'phasor-kernel-only';

export interface Environment {
  runtime: string;
  cpu: string;
  cores: number;
  os: string;
  date: string;
  /** Load average (1 min) when the run started, where the platform reports it. */
  loadAverage?: number;
  loadAverageAtEnd?: number;
  phasorSimd: boolean;
  tfjs?: { version: string; backend: string; binary: string; simd: boolean; threads: boolean };
  notes?: string[];
}

export interface BenchResult {
  schema: typeof SCHEMA;
  mode: 'full' | 'quick';
  environment: Environment;
  workloads: (Workload & { size: string })[];
  peers: { id: PeerId; label: string }[];
  /** timings[workload][peer]: medians in ms. */
  timings: Record<string, Partial<Record<PeerId, Timing>>>;
  /** ratios[workload][peer] = median(phasor SIMD) ÷ median(peer). */
  ratios: Record<string, Partial<Record<PeerId, number>>>;
  /** accuracy[workload][column] = max |value − float64 reference|; the floor has none. */
  accuracy: Record<string, Partial<Record<AccuracyColumn, number>>>;
  /** kernelOnly[workload]: phasor's wasm call alone, result left in wasm memory (not a peer: a diagnosis). */
  kernelOnly: Record<string, Timing>;
  /** The largest value of each workload's reference output (the scale of the errors). */
  referenceScale: Record<string, number>;
  targets: TargetResult[];
  /** ph.identify on a 4096 × 1024 table (identify.ts), when the runner passed it. */
  identify?: IdentifyRow;
  /** ph.identifyRope on 131072 × 128 caches (identify-rope.ts), when the runner passed it. */
  identifyRope?: IdentifyRopeRow[];
  totalSeconds: number;
}

export interface SuiteOptions {
  quick: boolean;
  peers: Peer[];
  /** phasor SIMD's wasm functions without the copy-out, timed beside the peers. */
  kernelOnly?: (w: Workload, rows: Float32Array) => ArrayLike<number>;
  /** phasor SIMD's identify, timed on its own row. */
  identify?: IdentifyCall;
  /** phasor SIMD's identifyRope and the caches to time it on. */
  identifyRope?: { call: IdentifyRopeCall; caches: RopeCacheSpec[] };
  timing: TimingOptions;
  environment: Environment;
  /** Progress lines (the runner sends them to stderr). */
  log?: (line: string) => void;
}

export async function runSuite(o: SuiteOptions): Promise<BenchResult> {
  const started = performance.now();
  const log = o.log ?? (() => {});
  const peers = PEER_ORDER.map((id) => o.peers.find((p) => p.id === id)).filter((p): p is Peer => p !== undefined);
  const result: BenchResult = {
    schema: SCHEMA,
    mode: o.quick ? 'quick' : 'full',
    environment: o.environment,
    workloads: [],
    peers: peers.map((p) => ({ id: p.id, label: p.label })),
    timings: {},
    ratios: {},
    accuracy: {},
    kernelOnly: {},
    referenceScale: {},
    targets: [],
    totalSeconds: 0,
  };
  for (const w of workloads(o.quick)) {
    result.workloads.push({ ...w, size: sizeLabel(w) });
    const rows = w.id === 'W5' ? arbitraryRows(w.n, w.d) : new Float32Array(0);
    log(`${w.id} ${w.title} (${sizeLabel(w)}): timing ${peers.map((p) => p.id).join(', ')}`);
    const contenders = peers.map((p) => ({ key: p.id as string, call: (): unknown => p.run(w, rows) }));
    const kernelOnly = o.kernelOnly;
    if (kernelOnly) contenders.push({ key: KERNEL_ONLY, call: () => kernelOnly(w, rows) });
    const timings = measureAll(contenders, o.timing);
    const kernel = timings.get(KERNEL_ONLY);
    if (kernel) result.kernelOnly[w.id] = kernel;
    timings.delete(KERNEL_ONLY);
    result.timings[w.id] = Object.fromEntries(timings) as Partial<Record<PeerId, Timing>>;
    result.ratios[w.id] = ratiosOf(result.timings[w.id]);
    log(`${w.id}: ${[...timings].map(([k, t]) => `${k} ${t.medianMs.toPrecision(3)} ms`).join(', ')}`);
    // Let a browser page paint and the event loop breathe between workloads.
    await new Promise((resolve) => setTimeout(resolve, 0));
    log(`${w.id}: accuracy against float64`);
    const { errors, scale } = accuracyOf(w, rows, peers);
    result.accuracy[w.id] = errors;
    result.referenceScale[w.id] = scale;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (o.identify) {
    log('identify: timing a fairseq table');
    result.identify = timeIdentify(o.identify, o.quick, o.timing);
    log(`identify: ${result.identify.timing.medianMs.toPrecision(3)} ms`);
  }
  if (o.identifyRope) {
    log('identifyRope: timing caches at the maximum input');
    result.identifyRope = timeIdentifyRope(o.identifyRope.call, o.identifyRope.caches, o.quick, o.timing);
    for (const row of result.identifyRope)
      log(`identifyRope ${row.name}: ${row.timing.medianMs.toPrecision(3)} ms, ${row.answer}`);
  }
  result.targets = checkTargets(result.ratios as Record<WorkloadId, Partial<Record<PeerId, number>>>);
  result.totalSeconds = (performance.now() - started) / 1000;
  return result;
}

function ratiosOf(timings: Partial<Record<PeerId, Timing>>): Partial<Record<PeerId, number>> {
  const phasor = timings['phasor-simd']?.medianMs;
  const ratios: Partial<Record<PeerId, number>> = {};
  if (phasor === undefined) return ratios;
  for (const [id, t] of Object.entries(timings) as [PeerId, Timing][]) ratios[id] = phasor / t.medianMs;
  return ratios;
}

function accuracyOf(w: Workload, rows: Float32Array, peers: Peer[]) {
  const { reference, naive } = referenceAndNaive(w, rows);
  const errors: Partial<Record<AccuracyColumn, number>> = {};
  for (const p of peers) {
    // The floor computes nothing; the hoisted loop's values equal plain TS's.
    if (!(ACCURACY_ORDER as readonly string[]).includes(p.id)) continue;
    const isTable = w.id === 'W1' || w.id === 'W3';
    const expected = isTable && p.tableLayout === 'split' ? toSplitLayout(reference, w.n, w.d) : reference;
    errors[p.id] = maxAbsError(p.run(w, rows), expected);
  }
  errors['naive-float32'] = maxAbsError(naive, reference);
  const scale = reference.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  return { errors, scale };
}
