// A maximum over many parts computed a few milliseconds at a time (the
// rotation chart's max error over every position): one part in the frame
// that asked for it, the rest in idle moments between frames, so the check
// never holds the main thread past a frame and, during a drag (a new key
// every frame), takes no time from the frames that show the drag. A new key
// abandons the job in progress.
import { cancelIdle, idle } from './idle.js';

/** Time for parts in the frame that asks (at least one part runs). */
const FIRST_SLICE_MS = 1;
/** Most time for parts in one idle callback. */
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
  private handle = 0;

  /**
   * Starts (or continues, for the same key) max over part(first, count) for
   * first = 0, chunk, 2·chunk, … < total; `progress` hears each later slice.
   * Returns where it stands after the first slice.
   */
  run(
    key: string,
    total: number,
    chunk: number,
    part: (first: number, count: number) => number,
    progress: (r: SlicedResult) => void,
  ): SlicedResult {
    if (key === this.key) return this.state;
    cancelIdle(this.handle);
    this.key = key;
    this.state = { max: 0, done: 0, total };
    const slice = (budget: number) => {
      const started = performance.now();
      const s = this.state;
      do {
        const count = Math.min(chunk, s.total - s.done);
        s.max = Math.max(s.max, part(s.done, count));
        s.done += count;
      } while (s.done < s.total && performance.now() - started < budget);
      if (s.done < s.total) {
        this.handle = idle((deadline) => {
          slice(Math.min(SLICE_MS, deadline?.timeRemaining() ?? SLICE_MS));
          progress({ ...this.state });
        });
      }
    };
    if (total > 0) slice(FIRST_SLICE_MS);
    return { ...this.state };
  }

  cancel(): void {
    cancelIdle(this.handle);
    this.key = '';
  }
}
