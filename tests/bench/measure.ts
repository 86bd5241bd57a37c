// Timing: a warm-up per peer, then samples taken round-robin across the peers
// of a workload (so a burst of load from elsewhere hits them all alike), and
// the median. Calls shorter than `minSampleMs` are timed in batches, because
// a browser's performance.now() is coarse (100 µs without isolation).

export interface TimingOptions {
  /** Time spent calling each peer before measuring (at least one call). */
  warmupMs: number;
  /** Each peer gets about this much measuring time, within [minRuns, maxRuns] samples. */
  budgetMs: number;
  minRuns: number;
  maxRuns: number;
  /** Peers slower than this per call get `slowMinRuns` samples at least, not `minRuns`. */
  slowMs: number;
  slowMinRuns: number;
  /** A sample lasts at least this long (several calls when one is shorter). */
  minSampleMs: number;
}

export const FULL_TIMING: TimingOptions = {
  warmupMs: 300,
  budgetMs: 1500,
  minRuns: 7,
  maxRuns: 31,
  slowMs: 1000,
  slowMinRuns: 3,
  minSampleMs: 5,
};

/** The tiny run of the unit test: one warm-up call, one sample. */
export const QUICK_TIMING: TimingOptions = {
  warmupMs: 0,
  budgetMs: 0,
  minRuns: 1,
  maxRuns: 1,
  slowMs: Infinity,
  slowMinRuns: 1,
  minSampleMs: 0.2,
};

export interface Timing {
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** Samples taken (each the mean of `batch` calls). */
  runs: number;
  batch: number;
}

export interface Contender<T> {
  key: string;
  call: () => T;
}

/** Keeps results alive so no engine can drop a call as unused. */
let sink = 0;
function consume(result: unknown): void {
  const a = result as ArrayLike<number>;
  sink += a.length > 0 ? a[a.length >> 1] : 0;
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

interface Plan {
  contender: Contender<unknown>;
  batch: number;
  runs: number;
  samples: number[];
}

function warmUp(c: Contender<unknown>, o: TimingOptions): Plan {
  const start = performance.now();
  do consume(c.call());
  while (performance.now() - start < o.warmupMs);
  // Calibrate: double the calls per sample until a sample lasts minSampleMs,
  // which also copes with a clock too coarse to time one call. A borderline
  // sample is retaken (the fastest of three counts), so one hiccup from
  // another process does not leave a fast call unbatched.
  const time = (batch: number) => {
    const t = performance.now();
    for (let b = 0; b < batch; b++) consume(c.call());
    return performance.now() - t;
  };
  let batch = 1;
  let sampleMs = 0;
  for (;;) {
    sampleMs = time(batch);
    if (sampleMs < 10 * o.minSampleMs) sampleMs = Math.min(sampleMs, time(batch), time(batch));
    if (sampleMs >= o.minSampleMs || batch >= 1 << 16) break;
    batch *= 2;
  }
  const perCall = sampleMs / batch;
  const minRuns = perCall >= o.slowMs ? o.slowMinRuns : o.minRuns;
  const runs = Math.max(minRuns, Math.min(o.maxRuns, Math.floor(o.budgetMs / Math.max(sampleMs, 1e-3))));
  // The last calibration sample is a real one: warm, and of the final batch.
  return { contender: c, batch, runs, samples: [perCall] };
}

/** Mean time of one call over a batch; a batch too short for the clock to see is doubled. */
function sample(p: Plan): number {
  for (;;) {
    const t = performance.now();
    for (let b = 0; b < p.batch; b++) consume(p.contender.call());
    const elapsed = performance.now() - t;
    if (elapsed > 0 || p.batch >= 1 << 20) return elapsed / p.batch;
    p.batch *= 2;
  }
}

export function measureAll(contenders: Contender<unknown>[], o: TimingOptions): Map<string, Timing> {
  const plans = contenders.map((c) => warmUp(c, o));
  const rounds = Math.max(...plans.map((p) => p.runs));
  for (let r = 0; r < rounds; r++) {
    for (const p of plans) {
      if (p.samples.length >= p.runs) continue;
      p.samples.push(sample(p));
    }
  }
  const timings = new Map<string, Timing>();
  for (const p of plans) {
    timings.set(p.contender.key, {
      medianMs: median(p.samples),
      minMs: Math.min(...p.samples),
      maxMs: Math.max(...p.samples),
      runs: p.samples.length,
      batch: p.batch,
    });
  }
  return timings;
}
