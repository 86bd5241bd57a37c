// Zoom and pan of a chart's data window with d3-zoom: wheel (with Ctrl/⌘,
// which is also what a trackpad pinch sends, or once the chart has focus, so
// that scrolling the page past a chart does not zoom it), drag, pinch, and
// the keyboard through zoomBy / panBy. One axis ('x' or 'y') or both with
// the same scale ('xy', for a square matrix).
//
// The view is kept in data units, the source of truth: d3-zoom's transform is
// derived from it for the current plot box, so a resize keeps what is shown,
// and a new base window (the element's options changed) resets it.
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type D3ZoomEvent, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import type { PlotBox } from './frame.js';

export type ZoomAxes = 'x' | 'y' | 'xy';
export type Range = readonly [number, number];

export interface ZoomLimits {
  /** The data range the view may cover (e.g. the positions phasor accepts). */
  lo: number;
  hi: number;
  /** The narrowest view, in data units. */
  minSpan: number;
}

export interface View {
  x: Range;
  y: Range;
}

export class ZoomWindow {
  private readonly behaviour: ZoomBehavior<SVGSVGElement, unknown>;
  private base: View = { x: [0, 1], y: [0, 1] };
  private view: View = { x: [0, 1], y: [0, 1] };
  private box: PlotBox = { left: 0, top: 0, width: 1, height: 1 };
  private limits: ZoomLimits = { lo: -Infinity, hi: Infinity, minSpan: 0 };
  private silent = false;

  /**
   * @param target the layer that receives pointer input (the frame's front SVG)
   * @param focused whether the chart has keyboard focus (then the wheel zooms without a modifier)
   */
  constructor(
    private readonly target: SVGSVGElement,
    private readonly axes: ZoomAxes,
    private readonly onChange: () => void,
    focused: () => boolean,
  ) {
    this.behaviour = zoom<SVGSVGElement, unknown>()
      .filter((event: Event) => {
        if (event.type === 'wheel') {
          const wheel = event as WheelEvent;
          return wheel.ctrlKey || wheel.metaKey || focused();
        }
        return !(event as MouseEvent).ctrlKey && !(event as MouseEvent).button;
      })
      .on('zoom', (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
        if (this.silent) return;
        this.view = this.viewOf(event.transform);
        this.onChange();
      });
    select(target).call(this.behaviour).on('dblclick.zoom', null);
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
    const span = (r: Range) => r[1] - r[0];
    const baseSpan = this.axes === 'x' ? span(base.x) : span(base.y);
    this.behaviour
      .extent([
        [0, 0],
        [box.width, box.height],
      ])
      .scaleExtent([baseSpan / (limits.hi - limits.lo), baseSpan / Math.max(limits.minSpan, 1e-9)])
      .translateExtent([
        this.axes === 'y' ? [0, this.toWorld('y', limits.lo)] : [this.toWorld('x', limits.lo), this.axes === 'x' ? 0 : this.toWorld('y', limits.lo)],
        this.axes === 'y' ? [box.width, this.toWorld('y', limits.hi)] : [this.toWorld('x', limits.hi), this.axes === 'x' ? box.height : this.toWorld('y', limits.hi)],
      ]);
    this.view = this.clamp(this.view);
    this.apply();
  }

  /** The window now shown, in data units. */
  get current(): View {
    return this.view;
  }

  /** true when the view differs from the base window. */
  get zoomed(): boolean {
    return !same(this.view, this.base);
  }

  /** Zooms by `factor` (> 1 in) around a point of the plot box (default its centre). */
  zoomBy(factor: number, at?: { x: number; y: number }): void {
    const point: [number, number] = at ? [at.x, at.y] : [this.box.width / 2, this.box.height / 2];
    select(this.target).call(this.behaviour.scaleBy, factor, point);
  }

  /** Pans by a fraction of the plot box along the zoomed axes (positive: towards larger values). */
  panBy(fraction: number): void {
    const dx = this.axes === 'y' ? 0 : -fraction * this.box.width;
    const dy = this.axes === 'x' ? 0 : -fraction * this.box.height;
    const t = select(this.target).property('__zoom') as ZoomTransform;
    select(this.target).call(this.behaviour.translateBy, dx / t.k, dy / t.k);
  }

  /** Back to the base window. */
  reset(): void {
    this.view = this.base;
    this.apply();
    this.onChange();
  }

  /** Base data value → world pixels (the untransformed plot). */
  private toWorld(axis: 'x' | 'y', v: number): number {
    const [b0, b1] = this.base[axis];
    const pixels = axis === 'x' ? this.box.width : this.box.height;
    return ((v - b0) / (b1 - b0)) * pixels;
  }

  private fromWorld(axis: 'x' | 'y', w: number): number {
    const [b0, b1] = this.base[axis];
    const pixels = axis === 'x' ? this.box.width : this.box.height;
    return b0 + (w / pixels) * (b1 - b0);
  }

  private viewOf(t: ZoomTransform): View {
    const x: Range = this.axes === 'y' ? this.base.x : [this.fromWorld('x', t.invertX(0)), this.fromWorld('x', t.invertX(this.box.width))];
    const y: Range = this.axes === 'x' ? this.base.y : [this.fromWorld('y', t.invertY(0)), this.fromWorld('y', t.invertY(this.box.height))];
    return { x, y };
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

  /** Sets d3-zoom's transform to show the view, without reporting a change. */
  private apply(): void {
    const axis = this.axes === 'x' ? 'x' : 'y';
    const [v0, v1] = this.view[axis];
    const [b0, b1] = this.base[axis];
    const k = (b1 - b0) / (v1 - v0);
    const tx = this.axes === 'y' ? 0 : -k * this.toWorld('x', this.view.x[0]);
    const ty = this.axes === 'x' ? 0 : -k * this.toWorld('y', this.view.y[0]);
    this.silent = true;
    try {
      select(this.target).call(this.behaviour.transform, zoomIdentity.translate(tx, ty).scale(k));
    } finally {
      this.silent = false;
    }
  }
}

function same(a: View, b: View): boolean {
  return a.x[0] === b.x[0] && a.x[1] === b.x[1] && a.y[0] === b.y[0] && a.y[1] === b.y[1];
}
