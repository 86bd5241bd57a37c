// Where a chart's next computation runs, from what its computations have
// cost on this device (measured, not guessed from the device; the least of
// the last SAMPLES, so one slow computation, a garbage collection, moves
// nothing, unless it was a long task by itself):
// - on the page while they fit a frame, PAGE_COMPUTE_MS: the answer comes
//   in the input's own frame, or the next, which is as soon as a worker's
//   answer could be painted (it waits for a later frame than the input's),
//   and no task is long;
// - in the compute workers, when the page has them, once each of the last
//   SAMPLES took longer on the page: there it would make the frame that
//   answers a long one, and in the worker it leaves the page free for the
//   input and the other charts (its answer comes a frame later); at once
//   after one computation that was a long task by itself, LONG_TASK_MS;
// - back on the page once its computations have become quick enough there,
//   under BACK_MS (the margin below PAGE_COMPUTE_MS keeps a chart near it
//   from going back and forth): new options that ask less, or the engine's
//   faster code for hot wasm after the first calls. The worker's times are
//   counted at the page's speed, the two compared on the computations around
//   the move: the worker may run on a quicker or a slower core than the page.

/** A 60 Hz frame: a computation longer than this on the page answers no sooner than a worker would. */
const PAGE_COMPUTE_MS = 16;
/** A computation this quick at the page's speed goes back to the page. */
const BACK_MS = PAGE_COMPUTE_MS / 2;
/** Computations the decision looks at (the least of them counts). */
const SAMPLES = 3;
/** A computation this long on the page is a long task by itself: the next one goes to the worker at once. */
const LONG_TASK_MS = 50;

export class ComputePlace {
  /** The last computations' times where they ran now (the page's, or the worker's once remote). */
  private recent: number[] = [];
  private heavy = false;
  /** The least page time of the computations that moved the chart to the worker. */
  private pageMsAtMove = 0;
  /** The page's time for the worker's millisecond, from the first computations in the worker; null until then. */
  private pagePerWorkerMs: number | null = null;

  /** Whether the next computation should go to the worker. */
  get remote(): boolean {
    return this.heavy;
  }

  /**
   * Whether the chart may move to the worker soon: on the page, one of its
   * last computations took more than PAGE_COMPUTE_MS. The worker can start
   * then, so that it has loaded its core by the time it is first asked.
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
    if (!inWorker && pageMs >= LONG_TASK_MS) return this.move(true, pageMs);
    this.recent.push(inWorker ? workerMs : pageMs);
    if (this.recent.length > SAMPLES) this.recent.shift();
    if (this.recent.length < SAMPLES) return;
    const least = Math.min(...this.recent);
    if (!inWorker) {
      if (least > PAGE_COMPUTE_MS) this.move(true, least);
      return;
    }
    if (this.pagePerWorkerMs === null) this.pagePerWorkerMs = this.pageMsAtMove / least;
    else if (least * this.pagePerWorkerMs < BACK_MS) this.move(false);
  }

  /** `pageMs`: the page's time that moved it to the worker (none for a move back). */
  private move(toWorker: boolean, pageMs = 0): void {
    this.heavy = toWorker;
    this.pageMsAtMove = pageMs;
    this.pagePerWorkerMs = null;
    this.recent = [];
  }
}
