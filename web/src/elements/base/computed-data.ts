// What a chart computed, kept until the options it depends on change (a key),
// and computations split into Parts run a slice at a time between frames or
// in the compute worker (parts.ts): the chart keeps showing its last picture
// meanwhile (dimmed once that takes longer than BUSY_AFTER_MS), and a
// computation under way finishes before the newest options start theirs.
import { Parts, PartsJob } from './parts.js';

/** A computation that outlasts this says so (the element dims its picture); a quicker one does not flicker it. */
const BUSY_AFTER_MS = 150;

/** What get() hands the chart: the data, and the time computing it took (the page's, and a worker's) the first time it is drawn. */
export interface Computed<D> {
  data: D;
  computeMs: number;
  workerMs: number;
}

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
  /** The times of a computation finished in the background, reported with its first drawing. */
  private unreported: { computeMs: number; workerMs: number } | null = null;
  private busyTimer = 0;

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
   * slices or in the worker runs (events.done() follows). Returns how long
   * computing took (0 when kept).
   */
  get(key: string, compute: () => D | Parts<D>): Computed<D> | null {
    if (this.cached && this.cached.key === key) {
      const times = this.unreported ?? { computeMs: 0, workerMs: 0 };
      this.unreported = null;
      return { data: this.cached.data, ...times };
    }
    if (this.job) return null;
    this.unreported = null;
    const started = performance.now();
    const data = compute();
    if (data instanceof Parts) {
      if (!this.start(key, data)) return null;
    } else {
      this.cached = { key, data };
    }
    return { data: this.cached!.data, computeMs: performance.now() - started, workerMs: 0 };
  }

  /**
   * Computes the data for `key` ahead of its drawing, which the next get()
   * then hands over with the time it took; false when it is kept already or
   * a computation is under way (nothing was done).
   */
  prepare(key: string, compute: () => D | Parts<D>): boolean {
    if (this.job || this.cached?.key === key) return false;
    const computed = this.get(key, compute);
    if (computed) this.unreported = { computeMs: computed.computeMs, workerMs: computed.workerMs };
    return true;
  }

  /** Drops a computation under way (the element left the page). */
  cancel(): void {
    this.job?.cancel();
    this.job = null;
    this.setBusy(false);
  }

  private setBusy(running: boolean): void {
    clearTimeout(this.busyTimer);
    if (running) this.busyTimer = window.setTimeout(() => this.events.busy(true), BUSY_AFTER_MS);
    else this.events.busy(false);
  }

  /** Starts computing in slices; true when the first slice finished it (then the data is kept). */
  private start(key: string, parts: Parts<D>): boolean {
    let running = false;
    const job: PartsJob<D> = new PartsJob<D>(
      key,
      parts,
      (data, computeMs, workerMs) => {
        this.cached = { key, data };
        if (!running || this.job !== job) return;
        this.unreported = { computeMs, workerMs };
        this.job = null;
        this.setBusy(false);
        this.events.done();
      },
      (error) => {
        if (running && this.job !== job) return;
        this.job = null;
        this.setBusy(false);
        this.events.failed(error);
      },
    );
    if (job.start()) return this.cached?.key === key;
    running = true;
    this.job = job;
    this.setBusy(true);
    return false;
  }
}
