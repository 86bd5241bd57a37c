// Wavelengths per pair on a log axis, pair index i across (zoomable), the
// frequency ω = 2π/λ read on a right-hand axis: the band 2π … 2π·base shaded,
// its edges labelled, a sequence length marked, one or more series of
// wavelengths as lines, a read-out snapping to the pair under the pointer,
// and highlights of a pair or of either axis.
import { scaleLinear, scaleLog } from 'd3-scale';
import { decades, positionTicks, renderAxes, renderGrid } from './axes.js';
import { showCursor } from './cursor.js';
import { DataCanvas } from './data-canvas.js';
import { setAttrs, setTexts } from './drawn.js';
import { ChartFrame } from './frame.js';
import { devicePixelRatioNow } from './hidpi-canvas.js';
import { drawHighlight, parseTerm, type HighlightShape } from './highlight-layer.js';
import { renderSeriesLegend, type LegendEntry } from './legend.js';
import { integer as formatInteger, powerOfTen } from './format.js';
import { plainScale } from './plain-scales.js';
import { attachReadout, type Point } from './readout.js';
import { ZoomWindow } from './zoom.js';
import { plotGroup } from './plot-group.js';

const MARGIN = { top: 12, right: 58, bottom: 44, left: 62 };
const TAU = 2 * Math.PI;

export interface WavelengthSeries extends LegendEntry {
  /** λ_i per pair i. */
  y: Float64Array;
  /** Dots on the points when they are at least this many pixels apart (0: never). */
  dotsAbove: number;
}

export interface WavelengthSpec {
  /** The first series is the encoding's own (its pairs are the ones read out and highlighted). */
  series: WavelengthSeries[];
  base: number;
  /** Labels of the band's edges and of the marked length (null: none). */
  bandLabels: { low: string; high: string };
  marked: { length: number; label: string } | null;
}

export class WavelengthChart {
  readonly frame = new ChartFrame();
  readonly legend = document.createElement('ul');
  readonly zoom: ZoomWindow;
  private readonly canvas = new DataCanvas(this.frame);
  private x = scaleLinear();
  private y = scaleLog();
  private spec: WavelengthSpec | null = null;
  private readonly refreshReadout: () => void;

  /**
   * @param zoomed the view moved (draw again)
   * @param read the read-out's lines for pair i, or null when the pointer left
   */
  constructor(zoomed: () => void, read: (pair: number | null) => string[] | null) {
    this.legend.className = 'legend';
    this.zoom = new ZoomWindow(this.frame.front, 'x', zoomed, () => this.frame.root.matches(':focus'));
    this.refreshReadout = attachReadout(
      {
        frame: this.frame,
        show: (point) => this.showReadout(point, read),
        step: () => ({ x: Math.max(1, this.x(1) - this.x(0)), y: 10 }),
      },
      'Frequencies and wavelengths',
      this.zoom,
    );
  }

  /** Draws `spec` at `width`; returns the pairs in view. */
  draw(width: number, spec: WavelengthSpec): readonly [number, number] {
    this.spec = spec;
    const narrow = width < 480;
    const margin = narrow ? { ...MARGIN, left: 54, right: 46 } : MARGIN;
    const height = Math.round(Math.min(380, Math.max(240, width * 0.5)));
    this.frame.sizeLayers(width, height, margin);
    this.canvas.size();
    const { box } = this.frame;
    const n = spec.series[0].y.length;
    const top = TAU * spec.base;
    const base: [number, number] = n > 1 ? [0, n - 1] : [-0.5, 0.5];
    this.zoom.configure({ x: base, y: [0, 1] }, box, {
      lo: base[0],
      hi: base[1],
      minSpan: Math.min(4, base[1] - base[0]),
    });
    this.x = scaleLinear().domain(this.zoom.current.x).range([0, box.width]);
    this.y = scaleLog()
      .domain([TAU / 2, top * 2])
      .range([box.height, 0]);
    const omega = scaleLog()
      .domain([TAU / (TAU / 2), TAU / (top * 2)])
      .range([box.height, 0]);
    const xTicks = positionTicks(this.x, box.width, 80);
    const yTicks = decades(this.y.domain());
    renderGrid(this.frame.back, box, { x: { scale: this.x, values: xTicks }, y: { scale: this.y, values: yTicks } });
    renderAxes(this.frame.front, box, {
      bottom: { scale: this.x, label: 'pair index i (dimensions 2i, 2i+1)', values: xTicks, format: formatInteger },
      left: { scale: this.y, label: 'wavelength λᵢ (positions)', values: yTicks, format: powerOfTen },
      right: {
        scale: omega,
        label: 'frequency ωᵢ (rad/position)',
        values: decades(omega.domain()),
        format: powerOfTen,
      },
    });
    this.drawBand(spec, box.width);
    const lines = {
      x: plainScale(this.x),
      y: plainScale(this.y),
      lines: [...spec.series].reverse().map((s) => ({
        y: s.y,
        colour: s.colour,
        width: s.width ?? 1.75,
        dash: s.dash,
        dotsAbove: s.dotsAbove,
      })),
    };
    this.canvas.paint({ kind: 'lines', layers: [{ lines }], ratio: devicePixelRatioNow() });
    renderSeriesLegend(this.legend, spec.series);
    this.refreshReadout();
    return this.x.domain() as [number, number];
  }

  /** What the chart shows, for screen readers. */
  describe(text: string): void {
    this.frame.describe(text);
  }

  /** The range 2π … 2π·base, and the sequence length when given. */
  private drawBand(spec: WavelengthSpec, plotWidth: number): void {
    const { box } = this.frame;
    const lo = this.y(TAU);
    const hi = this.y(TAU * spec.base);
    const back = plotGroup(this.frame.back, 'bands', box);
    back
      .selectAll('rect.band')
      .data([0])
      .join('rect')
      .call(setAttrs, { class: 'band', x: 0, width: plotWidth, y: hi, height: lo - hi });
    const edges = [
      { y: lo, text: spec.bandLabels.low },
      { y: hi, text: spec.bandLabels.high },
    ];
    const g = plotGroup(this.frame.front, 'edges', box);
    g.selectAll('line.band-edge')
      .data(edges)
      .join('line')
      .call(setAttrs, { class: 'band-edge', x1: 0, x2: plotWidth, y1: (d) => d.y, y2: (d) => d.y });
    g.selectAll('text.note')
      .data(edges)
      .join('text')
      .call(setAttrs, { class: 'note', x: plotWidth - 4, 'text-anchor': 'end', y: (d) => d.y - 5 })
      .call(setTexts, (d) => d.text);
    const marks = spec.marked ? [spec.marked] : [];
    g.selectAll('line.marker')
      .data(marks)
      .join('line')
      .call(setAttrs, {
        class: 'marker',
        x1: 0,
        x2: plotWidth,
        y1: (m) => this.y(m.length),
        y2: (m) => this.y(m.length),
      });
    g.selectAll('text.marker-label')
      .data(marks)
      .join('text')
      .call(setAttrs, { class: 'marker-label', x: 4, y: (m) => this.y(m.length) - 5 })
      .call(setTexts, (m) => m.label);
  }

  /**
   * pair:i, omega:i, lambda:i: pair i's point, ringed, and its column;
   * omega or lambda alone: the axis that reads it (ω right, λ left).
   */
  highlight(term: string | null): void {
    const wavelengths = this.spec?.series[0].y;
    const { box } = this.frame;
    const shapes: HighlightShape[] = [];
    if (wavelengths && term) {
      const [name, index] = parseTerm(term);
      if (index !== null || name === 'pair') {
        const i = Math.min(wavelengths.length - 1, Math.max(0, index ?? 0));
        const x = this.x(i);
        shapes.push(
          { kind: 'line', x1: x, x2: x, y1: 0, y2: box.height },
          { kind: 'ring', x, y: this.y(wavelengths[i]), r: 9 },
        );
      } else if (name === 'omega')
        shapes.push({ kind: 'rect', x: box.width + 2, y: 0, width: 40, height: box.height, fill: true });
      else if (name === 'lambda')
        shapes.push({ kind: 'rect', x: -44, y: 0, width: 42, height: box.height, fill: true });
    }
    drawHighlight(this.frame.front, box, shapes);
  }

  private showReadout(point: Point | null, read: (pair: number | null) => string[] | null): void {
    const spec = this.spec;
    const n = spec ? spec.series[0].y.length : 0;
    const i = point && spec ? Math.min(n - 1, Math.max(0, Math.round(this.x.invert(point.x)))) : null;
    const lines = read(i);
    if (i === null || !lines || !spec) {
      this.frame.clearReadout();
      return;
    }
    showCursor(
      this.frame,
      this.x(i),
      spec.series.map((s) => ({ y: this.y(s.y[i]), colour: s.colour })),
      lines,
    );
  }
}
