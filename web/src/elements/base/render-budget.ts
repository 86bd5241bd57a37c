// How finely a chart that can draw coarser (a heatmap's rows) draws the next
// picture, from what its drawings have cost on this device: the coarseness
// at which the part of a drawing that scales with its pixels (its values
// and their raster) fits BUDGET_MS, that cost taken as proportional to the
// pixels drawn. A
// coarse picture holds the core's exact values for the coarser pixels (bins
// of more positions), never an interpolation; once the input pauses for
// SHARPEN_MS, the chart draws at full resolution again.

/** The page's share of a frame one chart's values may take (a phone's frame has room for little more than the browser's own work). */
const BUDGET_MS = 6;
/** Coarseness steps: 2 × 2 … 8 × 8 device pixels per value at most. */
const COARSEST = 8;
/** After this long with no new drawing, a coarse picture is drawn again in full. */
const SHARPEN_MS = 150;
/** The cost is the least of the last few drawings': one slow drawing (a garbage collection) makes no picture coarse. */
const SAMPLES = 3;

export class RenderBudget {
  /** The page's time of a full-resolution drawing, as estimated from each of the last few drawings. */
  private readonly recent: number[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sharpening = false;
  /** The coarseness of the last drawing: kept until the input pauses (a drag's pictures do not flicker between two). */
  private last = 1;

  /** @param sharpen asks for a drawing (at full resolution: next() says 1 then) */
  constructor(private readonly sharpen: () => void) {}

  /** The coarseness of the next drawing: 1 (full), 2, 4 or 8 (device pixels per value along the chart's long axis). */
  next(): number {
    if (this.sharpening) return 1;
    const fullMs = this.recent.length ? Math.min(...this.recent) : 0;
    let coarseness = this.last;
    while (coarseness < COARSEST && fullMs / coarseness > BUDGET_MS) coarseness *= 2;
    return coarseness;
  }

  /** A drawing at `coarseness` took `ms` of the page's time; a coarse one is sharpened once the input pauses. */
  record(ms: number, coarseness: number): void {
    this.recent.push(ms * coarseness);
    if (this.recent.length > SAMPLES) this.recent.shift();
    this.last = coarseness;
    this.sharpening = false;
    clearTimeout(this.timer);
    if (coarseness > 1)
      this.timer = setTimeout(() => {
        this.sharpening = true;
        this.sharpen();
      }, SHARPEN_MS);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.sharpening = false;
    this.last = 1;
  }
}
