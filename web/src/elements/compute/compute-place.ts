// Where a chart's next computation runs: on the page until its computations
// there have each taken more than a frame, PAGE_COMPUTE_MS, of the page's
// time on this device (measured, not guessed from the device; the least of
// the last SAMPLES, so one slow computation, a garbage collection, moves
// nothing), then in the compute worker, when the page has one. A computation
// that fits a frame answers in the input's own frame on the page; one that
// does not would make that frame a long one, and in the worker it leaves the
// page free for the input and the other charts (its answer comes a frame
// later).

/** A 60 Hz frame: a computation longer than this on the page makes the frame that answers a long one. */
const PAGE_COMPUTE_MS = 16;
/** Page computations the decision looks at (the least of them counts). */
const SAMPLES = 3;

export class ComputePlace {
  private readonly recent: number[] = [];
  private heavy = false;

  /** Whether the next computation should go to the worker. */
  get remote(): boolean {
    return this.heavy;
  }

  /** A computation finished: `pageMs` of the page's time, `inWorker` whether the worker did the core's part (its time says nothing of the page's). */
  record(pageMs: number, inWorker: boolean): void {
    if (inWorker) return;
    this.recent.push(pageMs);
    if (this.recent.length > SAMPLES) this.recent.shift();
    if (this.recent.length === SAMPLES && Math.min(...this.recent) > PAGE_COMPUTE_MS) this.heavy = true;
  }
}
