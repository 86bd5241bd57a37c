// A chart's computation split into parts (each a wasm call of a few
// milliseconds), run a slice at a time between frames, so a heavy chart never
// holds the main thread for long: the first slice runs at once (a small
// computation finishes in it), the rest in tasks of about SLICE_MS each. The
// chart keeps showing its last picture until the parts are all done.

const SLICE_MS = 6;

export class Parts<D> {
  constructor(
    /** Run in order; each should take a few milliseconds. */
    readonly steps: readonly (() => void)[],
    /** The data, once every step has run. */
    readonly result: () => D,
  ) {}
}

export class PartsJob<D> {
  private next = 0;
  private timer = 0;
  private spent = 0;

  constructor(
    readonly key: string,
    private readonly parts: Parts<D>,
    private readonly done: (data: D, computeMs: number) => void,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Runs the first slice now; true when that finished the job. */
  start(): boolean {
    return this.slice();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.next = this.parts.steps.length + 1;
  }

  private slice(): boolean {
    const started = performance.now();
    try {
      while (this.next < this.parts.steps.length) {
        this.parts.steps[this.next++]();
        if (performance.now() - started > SLICE_MS) break;
      }
      this.spent += performance.now() - started;
      if (this.next < this.parts.steps.length) {
        this.timer = window.setTimeout(() => this.slice(), 0);
        return false;
      }
      if (this.next === this.parts.steps.length) this.done(this.parts.result(), this.spent);
      return true;
    } catch (error) {
      this.failed(error);
      return true;
    }
  }
}
