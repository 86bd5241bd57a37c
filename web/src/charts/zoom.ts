// The data window a zoomable chart shows, in data units, and how it moves:
// zoomBy and panBy (the keyboard), reset, and the pointer gestures of
// d3-zoom (wheel with Ctrl/⌘, which is also what a trackpad pinch sends, or
// once the chart has focus; drag; touch pinch), which zoom-gestures.ts
// attaches the first time a pointer comes near the chart, so a page whose
// reader never points at a chart does not load them.
//
// One axis ('x' or 'y') or both with the same scale ('xy', a square matrix).
// The view is the source of truth: a resize keeps what is shown, and a new
// base window (the element's options changed) resets it.
import type { PlotBox } from './frame.js';
import type { Range, View, ZoomAxes, ZoomLimits, ZoomModel } from './zoom-model.js';

export type { Range, View, ZoomAxes, ZoomLimits, ZoomModel } from './zoom-model.js';

type Gestures = { sync(): void };

export class ZoomWindow implements ZoomModel {
  base: View = { x: [0, 1], y: [0, 1] };
  box: PlotBox = { left: 0, top: 0, width: 1, height: 1 };
  limits: ZoomLimits = { lo: -Infinity, hi: Infinity, minSpan: 0 };
  private view: View = { x: [0, 1], y: [0, 1] };
  private gestures: Gestures | null = null;

  /**
   * @param target the layer that receives pointer input (the frame's front SVG)
   * @param focused whether the chart has keyboard focus (then the wheel zooms without a modifier)
   */
  constructor(
    target: SVGSVGElement,
    readonly axes: ZoomAxes,
    private readonly onChange: () => void,
    focused: () => boolean,
  ) {
    const attach = () => {
      for (const type of ['pointerenter', 'touchstart'] as const) target.removeEventListener(type, attach);
      void import('./zoom-gestures.js').then(({ attachGestures }) => {
        this.gestures = attachGestures(target, this, focused);
        this.gestures.sync();
      });
    };
    for (const type of ['pointerenter', 'touchstart'] as const)
      target.addEventListener(type, attach, { passive: true });
  }

  /**
   * Sets the window the options define (`base`), the plot box and the limits.
   * A changed base resets the view to it; otherwise the view stays as zoomed.
   */
  configure(base: View, box: PlotBox, limits: ZoomLimits): void {
    if (!same(base, this.base)) this.view = base;
    this.base = base;
    this.box = box;
    this.limits = limits;
    this.view = this.clamp(this.view);
    this.gestures?.sync();
  }

  /** The window now shown, in data units. */
  get current(): View {
    return this.view;
  }

  /** true when the view differs from the base window. */
  get zoomed(): boolean {
    return !same(this.view, this.base);
  }

  /** Shows `view` (clamped to the limits); the gestures call this. */
  setView(view: View): void {
    this.view = this.clamp(view);
    this.onChange();
  }

  /** Zooms by `factor` (> 1: in) around a point of the plot box (default its centre). */
  zoomBy(factor: number, at?: { x: number; y: number }): void {
    const one = (r: Range, fraction: number): Range => {
      const { lo, hi, minSpan } = this.limits;
      const span = Math.min(hi - lo, Math.max(minSpan, (r[1] - r[0]) / factor));
      const anchor = r[0] + fraction * (r[1] - r[0]);
      const start = anchor - fraction * span;
      return [start, start + span];
    };
    const fx = at ? at.x / this.box.width : 0.5;
    const fy = at ? at.y / this.box.height : 0.5;
    this.move({
      x: this.axes === 'y' ? this.view.x : one(this.view.x, fx),
      y: this.axes === 'x' ? this.view.y : one(this.view.y, fy),
    });
  }

  /** Pans by a fraction of the view along `axis` (default: the zoomed one, y for 'xy'), positive towards larger values. */
  panBy(fraction: number, axis: 'x' | 'y' = this.axes === 'x' ? 'x' : 'y'): void {
    if (this.axes !== 'xy' && axis !== this.axes) return;
    const r = this.view[axis];
    const moved: Range = [r[0] + fraction * (r[1] - r[0]), r[1] + fraction * (r[1] - r[0])];
    this.move(axis === 'x' ? { x: moved, y: this.view.y } : { x: this.view.x, y: moved });
  }

  /** Back to the base window. */
  reset(): void {
    this.move(this.base);
  }

  private move(view: View): void {
    this.setView(view);
    this.gestures?.sync();
  }

  /** The view moved and shrunk into the limits. */
  private clamp(view: View): View {
    const one = (r: Range): Range => {
      const { lo, hi, minSpan } = this.limits;
      const span = Math.min(hi - lo, Math.max(minSpan, r[1] - r[0]));
      const start = Math.min(hi - span, Math.max(lo, r[0]));
      return [start, start + span];
    };
    return { x: this.axes === 'y' ? view.x : one(view.x), y: this.axes === 'x' ? view.y : one(view.y) };
  }
}

function same(a: View, b: View): boolean {
  return a.x[0] === b.x[0] && a.x[1] === b.x[1] && a.y[0] === b.y[0] && a.y[1] === b.y[1];
}
