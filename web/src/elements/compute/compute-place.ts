// Where a chart's next computation runs: on the page until one of its
// computations there has taken more than PAGE_COMPUTE_MS of the page's time
// on this device (measured, not guessed from the device), then in the
// compute worker, when the page has one. A light computation answers in the
// input's own frame on the page; one past the budget would not leave that
// frame room to draw anyway, and in the worker it leaves the page free for
// the input and the other charts (its answer comes a frame later).

/** Most of a 60 Hz frame's 16.7 ms: a computation longer than this on the page makes the answer's frame a long one. */
const PAGE_COMPUTE_MS = 12;

export class ComputePlace {
  private heavy = false;

  /** Whether the next computation should go to the worker. */
  get remote(): boolean {
    return this.heavy;
  }

  /** A computation finished: `pageMs` of the page's time, `inWorker` whether the worker did the core's part. */
  record(pageMs: number, inWorker: boolean): void {
    if (!inWorker && pageMs > PAGE_COMPUTE_MS) this.heavy = true;
  }
}
