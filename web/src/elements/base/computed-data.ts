// What a chart computed, kept until the options it depends on change (a key),
// and computations split into Parts run a slice at a time between frames
// (parts.ts): the chart keeps showing its last picture meanwhile, and a
// computation in slices finishes before the newest options start theirs.
import { Parts, PartsJob } from './parts.js';

export interface ComputedDataEvents {
  /** A computation in slices finished: draw it. */
  done(): void;
  failed(error: unknown): void;
  /** Whether a computation in slices is running (the element dims its picture). */
  busy(running: boolean): void;
}

export class ComputedData<D> {
  private cached: { key: string; data: D } | null = null;
  private job: PartsJob<D> | null = null;

  constructor(private readonly events: ComputedDataEvents) {}

  /** The data last computed, or null. */
  get data(): D | null {
    return this.cached ? this.cached.data : null;
  }

  /** Whether anything was computed yet (a chart that computes when it draws keeps null). */
  get ready(): boolean {
    return this.cached !== null;
  }

  /**
   * The data for `key`: kept, or computed now; null while a computation in
   * slices runs (events.done() follows). Returns how long computing took
   * (0 when kept).
   */
  get(key: string, compute: () => D | Parts<D>): { data: D; computeMs: number } | null {
    if (this.cached && this.cached.key === key) return { data: this.cached.data, computeMs: 0 };
    if (this.job) return null;
    const started = performance.now();
    const data = compute();
    if (data instanceof Parts) {
      if (!this.start(key, data)) return null;
    } else {
      this.cached = { key, data };
    }
    return { data: this.cached!.data, computeMs: performance.now() - started };
  }

  /** Drops a computation in slices (the element left the page). */
  cancel(): void {
    this.job?.cancel();
    this.job = null;
  }

  /** Starts computing in slices; true when the first slice finished it (then the data is kept). */
  private start(key: string, parts: Parts<D>): boolean {
    let running = false;
    const job: PartsJob<D> = new PartsJob<D>(
      key,
      parts,
      (data) => {
        this.cached = { key, data };
        if (!running || this.job !== job) return;
        this.job = null;
        this.events.busy(false);
        this.events.done();
      },
      (error) => {
        this.job = null;
        this.events.busy(false);
        this.events.failed(error);
      },
    );
    if (job.start()) return this.cached?.key === key;
    running = true;
    this.job = job;
    this.events.busy(true);
    return false;
  }
}
