// A chart's computation split into parts (each a wasm call of a few
// milliseconds), run a slice at a time between frames, so a heavy chart never
// holds the main thread for long: the first slice runs at once (a small
// computation finishes in it), the rest in tasks of about SLICE_MS each. A
// part computed in the compute worker returns the promise of its answer: the
// next part starts when it has come. The chart keeps showing its last picture
// until the parts are all done.

const SLICE_MS = 6;

export class Parts<D> {
  constructor(
    /** Run in order; each should take a few milliseconds of the page's time, or return the promise of a worker's answer. */
    readonly steps: readonly (() => unknown)[],
    /** The data, once every step has run. */
    readonly result: () => D,
    /** The worker's time spent on these parts, when they called it (compute-calls.ts). */
    readonly worker: { readonly workerMs: number } | null = null,
  ) {}
}

export class PartsJob<D> {
  private next = 0;
  private timer = 0;
  private spent = 0;
  private cancelled = false;

  constructor(
    readonly key: string,
    private readonly parts: Parts<D>,
    private readonly done: (data: D, computeMs: number, workerMs: number) => void,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Runs the first slice now; true when that finished the job. */
  start(): boolean {
    return this.slice();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.cancelled = true;
    this.next = this.parts.steps.length + 1;
  }

  private slice(): boolean {
    const started = performance.now();
    try {
      while (this.next < this.parts.steps.length) {
        const answer = this.parts.steps[this.next++]();
        if (answer instanceof Promise) {
          this.spent += performance.now() - started;
          answer.then(
            () => !this.cancelled && this.slice(),
            (error: unknown) => !this.cancelled && this.failed(error),
          );
          return false;
        }
        if (performance.now() - started > SLICE_MS) break;
      }
      this.spent += performance.now() - started;
      if (this.next < this.parts.steps.length) {
        this.timer = window.setTimeout(() => this.slice(), 0);
        return false;
      }
      if (this.next === this.parts.steps.length) {
        const finishing = performance.now();
        const data = this.parts.result();
        this.spent += performance.now() - finishing;
        this.done(data, this.spent, this.parts.worker?.workerMs ?? 0);
      }
      return true;
    } catch (error) {
      this.failed(error);
      return true;
    }
  }
}
