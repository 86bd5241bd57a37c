// Curves over a zoomable axis of positions or offsets, computed one bin per
// device pixel column (layout() says which bins; its owner computes them and
// hands them to draw()): grid, axes, the curves (a curve that would alias is
// drawn as the band it fills), an optional marker across the axis with its
// highlight, a legend, and a read-out that snaps to the whole position under
// the pointer, with a dot on each curve.
import { scaleLinear } from 'd3-scale';
import { positionTicks, renderAxes, renderGrid, tickCount } from './axes.js';
import { binsFor, type Bins } from './bins.js';
import { DataCanvas } from './data-canvas.js';
import { showCursor } from './cursor.js';
import { setAttrs, setTexts } from './drawn.js';
import { ChartFrame, type Margin } from './frame.js';
import { integer as formatInteger } from './format.js';
import { drawHighlight } from './highlight-layer.js';
import { devicePixelRatioNow } from './hidpi-canvas.js';
import { renderSeriesLegend, type LegendEntry } from './legend.js';
import type { PaintedLine } from './paint/lines.js';
import type { LinesLayer } from './paint/picture.js';
import { plainScale } from './plain-scales.js';
import { attachReadout, type Point } from './readout.js';
import { ZoomWindow, type ZoomLimits } from './zoom.js';
import { plotGroup } from './plot-group.js';

export interface CurvesLayout {
  margin: Margin;
  /** The window the options define, before any zoom, and where bins are aligned from. */
  base: readonly [number, number];
  origin: number;
  limits: ZoomLimits;
}

/** A curve over the bins (x0, dx: the first bin's centre and the stride), or the band from −1 to 1 one fills. */
export type Curve = { line: PaintedLine } | { band: string };

export interface CurvesSpec {
  x: { label: string };
  /** The value axis: its domain (made nice when asked) and label; ticks about `tickSpacing` px apart unless given. */
  y: { domain: readonly [number, number]; nice?: boolean; label: string; ticks?: number[]; tickSpacing?: number };
  /** Painted in order. */
  curves: Curve[];
  legend: LegendEntry[];
  /** A value marked across the axis (labelled), or null; a chart without markers leaves it out. */
  marker?: { at: number; label: string } | null;
}

/** A domain around [lo, hi] with 6 % of its span to spare each side (1 when it has none), from 0 when `fromZero` and lo is above it. */
export function paddedDomain([lo, hi]: readonly [number, number], fromZero = false): [number, number] {
  const pad = (hi - lo) * 0.06 || 1;
  return [(fromZero ? Math.min(0, lo) : lo) - pad, hi + pad];
}

/** What the read-out shows at a whole position x: its lines, and a dot on each curve. */
export interface CurvesReading {
  lines: string[];
  dots: { value: number; colour: string }[];
}

export class BinnedCurves {
  readonly frame = new ChartFrame();
  readonly legend = document.createElement('ul');
  readonly zoom: ZoomWindow;
  private x = scaleLinear();
  private y = scaleLinear();
  private readonly canvas = new DataCanvas(this.frame);
  /** Bins are aligned from here; the read-out snaps to whole positions counted from it. */
  private origin = 0;
  private marker: CurvesSpec['marker'] = null;
  private readonly refreshReadout: () => void;

  /**
   * @param label what the chart is, for the read-out's screen-reader name
   * @param zoomed the view moved (draw again)
   * @param read the read-out at whole position x (near the marker or not), or null when the pointer left
   */
  constructor(
    label: string,
    zoomed: () => void,
    read: (x: number | null, nearMarker: boolean) => CurvesReading | null,
  ) {
    this.legend.className = 'legend';
    this.zoom = new ZoomWindow(this.frame.front, 'x', zoomed, () => this.frame.root.matches(':focus'));
    this.refreshReadout = attachReadout(
      {
        frame: this.frame,
        show: (point) => this.showReadout(point, read),
        step: () => ({ x: Math.max(1, Math.abs(this.x(1) - this.x(0))), y: 10 }),
      },
      label,
      this.zoom,
    );
  }

  /** Lays the chart out at `width`; returns the bins of the view (one per device pixel column) and the view. */
  layout(width: number, layout: CurvesLayout): { bins: Bins; view: readonly [number, number] } {
    const height = Math.round(Math.min(360, Math.max(220, width * 0.48)));
    this.frame.sizeLayers(width, height, layout.margin);
    this.canvas.size();
    const { box } = this.frame;
    this.origin = layout.origin;
    this.zoom.configure({ x: layout.base, y: [0, 1] }, box, layout.limits);
    const view = this.zoom.current.x;
    this.x = scaleLinear().domain(view).range([0, box.width]);
    return { bins: binsFor(view, box.width * devicePixelRatioNow(), layout.origin, layout.limits), view };
  }

  /** Draws the curves (after layout()). */
  draw(spec: CurvesSpec): void {
    const { box } = this.frame;
    this.y = scaleLinear().domain(spec.y.domain).range([box.height, 0]);
    if (spec.y.nice) this.y.nice();
    const xTicks = positionTicks(this.x, box.width, 80);
    const yTicks = spec.y.ticks ?? this.y.ticks(tickCount(box.height, spec.y.tickSpacing ?? 50));
    renderGrid(this.frame.back, box, { x: { scale: this.x, values: xTicks }, y: { scale: this.y, values: yTicks } });
    renderAxes(this.frame.front, box, {
      bottom: { scale: this.x, label: spec.x.label, values: xTicks, format: formatInteger },
      left: { scale: this.y, label: spec.y.label, values: yTicks },
    });
    const [x, y] = [plainScale(this.x), plainScale(this.y)];
    const layers: LinesLayer[] = spec.curves.map((curve) =>
      'band' in curve
        ? { band: { lo: -1, hi: 1, colour: curve.band, y, width: box.width } }
        : { lines: { x, y, lines: [curve.line] } },
    );
    this.canvas.paint({ kind: 'lines', layers, ratio: devicePixelRatioNow() });
    renderSeriesLegend(this.legend, spec.legend);
    this.marker = spec.marker;
    if (spec.marker !== undefined) this.drawMarker();
    this.refreshReadout();
  }

  /** What the chart shows, for screen readers. */
  describe(text: string): void {
    this.frame.describe(text);
  }

  /** The marker, in a group of its own (emptied when the marker is out of view). */
  private drawMarker(): void {
    const { box } = this.frame;
    const [v0, v1] = this.x.domain();
    const m = this.marker;
    const marks = m && m.at >= v0 && m.at <= v1 ? [m] : [];
    const g = plotGroup(this.frame.front, 'marks', box);
    g.selectAll('line')
      .data(marks)
      .join('line')
      .call(setAttrs, { class: 'marker', x1: (d) => this.x(d.at), x2: (d) => this.x(d.at), y1: 0, y2: box.height });
    g.selectAll('text')
      .data(marks)
      .join('text')
      .call(setAttrs, {
        class: 'marker-label',
        x: (d) => this.x(d.at) + (this.x(d.at) > box.width - 50 ? -4 : 4),
        'text-anchor': (d) => (this.x(d.at) > box.width - 50 ? 'end' : 'start'),
        y: 12,
      })
      .call(setTexts, (d) => d.label);
  }

  /** The marker's line in the accent colour (on), or no highlight. */
  highlightMarker(on: boolean): void {
    const { box } = this.frame;
    const [v0, v1] = this.x.domain();
    const m = this.marker;
    const at = on && m && m.at >= v0 && m.at <= v1 ? this.x(m.at) : null;
    drawHighlight(this.frame.front, box, at === null ? [] : [{ kind: 'line', x1: at, x2: at, y1: 0, y2: box.height }]);
  }

  private showReadout(
    point: Point | null,
    read: (x: number | null, nearMarker: boolean) => CurvesReading | null,
  ): void {
    const x = point ? this.origin + Math.round(this.x.invert(point.x) - this.origin) : null;
    const near = !!point && !!this.marker && Math.abs(this.x(this.marker.at) - point.x) <= 4;
    const reading = read(x, near);
    if (x === null || !reading) {
      this.frame.clearReadout();
      return;
    }
    showCursor(
      this.frame,
      this.x(x),
      reading.dots.map((d) => ({ y: this.y(d.value), colour: d.colour })),
      reading.lines,
    );
  }
}
