// A maximum over many parts computed a few milliseconds at a time: as much as
// fits in SLICE_MS now, the rest in later tasks of at most SLICE_MS each, so a
// long check (the rotation chart's max error over every position) never holds
// the main thread past a frame. A new key abandons the job in progress.

const SLICE_MS = 4;

export interface SlicedResult {
  /** The maximum over the parts done so far. */
  max: number;
  /** Parts done, of `total`. */
  done: number;
  total: number;
}

export class SlicedMax {
  private key = '';
  private state: SlicedResult = { max: 0, done: 0, total: 0 };
  private timer = 0;

  /**
   * Starts (or continues, for the same key) max over part(first, count) for
   * first = 0, chunk, 2·chunk, … < total; `progress` hears each later slice.
   * Returns where it stands after the first slice.
   */
  run(key: string, total: number, chunk: number, part: (first: number, count: number) => number, progress: (r: SlicedResult) => void): SlicedResult {
    if (key === this.key) return this.state;
    clearTimeout(this.timer);
    this.key = key;
    this.state = { max: 0, done: 0, total };
    const slice = () => {
      const started = performance.now();
      const s = this.state;
      while (s.done < s.total && performance.now() - started < SLICE_MS) {
        const count = Math.min(chunk, s.total - s.done);
        s.max = Math.max(s.max, part(s.done, count));
        s.done += count;
      }
      if (s.done < s.total) this.timer = window.setTimeout(() => (slice(), progress({ ...this.state })), 0);
    };
    slice();
    return { ...this.state };
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.key = '';
  }
}
