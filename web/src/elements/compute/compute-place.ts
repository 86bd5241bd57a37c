// Where a chart's next computation runs, from what its computations have
// cost on this device (measured, not guessed from the device; the least of
// the last SAMPLES, so one slow computation, a garbage collection, moves
// nothing):
// - on the page while they fit a frame, PAGE_COMPUTE_MS: the answer comes
//   in the input's own frame;
// - in the compute worker, when the page has one, once each of the last
//   SAMPLES took longer on the page: there it would make the frame that
//   answers a long one, and in the worker it leaves the page free for the
//   input and the other charts (its answer comes a frame later);
// - back on the page once the least of the last SAMPLES in the worker took
//   less than half a frame, BACK_MS. A chart's first computations pay for the
//   code's first runs (the engine compiles hot wasm again, faster, after a
//   few calls), and computations that were slow then may be quick now; the
//   margin below PAGE_COMPUTE_MS keeps a chart near it from going back and
//   forth.

/** A 60 Hz frame: a computation longer than this on the page makes the frame that answers a long one. */
const PAGE_COMPUTE_MS = 16;
/** A computation this quick in the worker goes back to the page. */
const BACK_MS = PAGE_COMPUTE_MS / 2;
/** Computations the decision looks at (the least of them counts). */
const SAMPLES = 3;

export class ComputePlace {
  /** The last computations' times where they ran now (the page's, or the worker's once remote). */
  private recent: number[] = [];
  private heavy = false;

  /** Whether the next computation should go to the worker. */
  get remote(): boolean {
    return this.heavy;
  }

  /**
   * Whether the chart may move to the worker soon: on the page, one of its
   * last computations took more than a frame. The worker can start then, so
   * that it has loaded its core by the time it is first asked.
   */
  get mayMove(): boolean {
    return !this.heavy && this.recent.some((ms) => ms > PAGE_COMPUTE_MS);
  }

  /**
   * A computation finished: `pageMs` of the page's time, `workerMs` of the
   * worker's (0 when the page did the core's part).
   */
  record(pageMs: number, workerMs: number): void {
    const inWorker = workerMs > 0;
    // (one that started before the place changed says nothing of the new place)
    if (inWorker !== this.heavy) return;
    this.recent.push(inWorker ? workerMs : pageMs);
    if (this.recent.length > SAMPLES) this.recent.shift();
    if (this.recent.length < SAMPLES) return;
    const least = Math.min(...this.recent);
    if (inWorker ? least < BACK_MS : least > PAGE_COMPUTE_MS) {
      this.heavy = !this.heavy;
      this.recent = [];
    }
  }
}
