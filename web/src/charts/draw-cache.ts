// Values a chart computes while drawing, kept for its next draw. A drag of
// one control redraws every chart it drives, and most of what a chart
// computes for a draw does not depend on that control (the dot-product
// curves do not depend on the offset k marked on them, the heatmap's table
// not on the rows p and p + k it marks). Each value is asked for by the
// inputs it is computed from; what one draw did not ask for is dropped at
// the next, so the cache holds one draw's values at most.

export class DrawCache {
  private previous = new Map<string, unknown>();
  private current = new Map<string, unknown>();

  /** Starts a draw: values the last draw did not ask for are dropped. */
  begin(): void {
    this.previous = this.current;
    this.current = new Map();
  }

  /** The value computed from `inputs` (JSON: numbers, strings, arrays, plain objects) by `make`, made only when not kept. */
  get<T>(inputs: unknown, make: () => T): T {
    const key = JSON.stringify(inputs);
    const value = (
      this.current.has(key) ? this.current.get(key) : this.previous.has(key) ? this.previous.get(key) : make()
    ) as T;
    this.current.set(key, value);
    return value;
  }
}
