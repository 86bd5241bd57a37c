// <phasor-frequencies>: the wavelength λ_i = 2π/ω_i of every pair i on a log
// axis (ω_i on the right-hand axis, the same curve read the other way). The
// geometric spacing is a straight line from 2π to just under 2π·base; beside
// it, what linear spacing between the same end points would give. Zoom and
// pan the pairs (at large d_model, to read the ones in a region).
import { scaleLinear, scaleLog } from 'd3-scale';
import { select } from 'd3-selection';
import type { Phasor, Spacing } from '../core/index.js';
import { renderAxes, renderGrid, tickCount } from '../charts/axes.js';
import { exact, integer as formatInteger, powerOfTen } from '../charts/format.js';
import { showCursor } from '../charts/cursor.js';
import { ChartFrame } from '../charts/frame.js';
import { renderSeriesLegend, type LegendEntry } from '../charts/legend.js';
import { drawLine } from '../charts/line-plot.js';
import { drawHighlight, parseTerm, type HighlightShape } from '../charts/highlight-layer.js';
import { attachReadout, type Point } from '../charts/readout.js';
import { ZoomWindow } from '../charts/zoom.js';
import { choice, integer, spec } from './attributes/attributes.js';
import * as common from './attributes/common-attributes.js';
import { subscript } from './dimensions.js';
import { PhasorElement } from './base/phasor-element.js';
import type { Theme } from './base/theme.js';
import type { CodeConfig } from '../code/code-config.js';

export type Comparison = 'both' | 'wavelength' | 'frequency' | 'none';

export interface FrequenciesOptions {
  dModel: number;
  base: number;
  spacing: Spacing;
  /** Marks the sequence length on the wavelength axis, or null. */
  positions: number | null;
  /** Which linear spacing to draw beside the geometric one. */
  compare: Comparison;
}

export interface FrequenciesData {
  /** ω_i = base^(−2i/d), rad per position. */
  frequencies: Float64Array;
  /** λ_i = 2π/ω_i, positions. */
  wavelengths: Float64Array;
  /** λ spaced linearly from λ_0 to λ_last. */
  linearWavelengths: Float64Array;
  /** 2π/ω with ω spaced linearly from ω_0 to ω_last. */
  linearFrequencyWavelengths: Float64Array;
  dModel: number;
  base: number;
}

const MARGIN = { top: 12, right: 58, bottom: 44, left: 62 };
const TAU = 2 * Math.PI;

export class PhasorFrequenciesElement extends PhasorElement<FrequenciesOptions, FrequenciesData> {
  static override readonly tag = 'phasor-frequencies';
  static override readonly title = 'Frequencies and wavelengths of the sinusoidal encoding';
  static override attributeSpecs = [
    common.dModel(512),
    common.base,
    common.spacing,
    spec<number | null>('positions', integer(1, common.maxAbsPosition), null),
    spec<Comparison>('compare', choice(['both', 'wavelength', 'frequency', 'none'] as const), 'both'),
  ];
  static override highlightTerms = ['pair', 'omega', 'lambda'];

  private readonly frame = new ChartFrame();
  private readonly legend = document.createElement('ul');
  private readonly zoom: ZoomWindow;
  private x = scaleLinear();
  private y = scaleLog();

  /** Shows the read-out again where it was, after a redraw. */
  private readonly refreshReadout: () => void;

  constructor() {
    super();
    this.legend.className = 'legend';
    this.content.append(this.frame.root, this.legend);
    this.zoom = new ZoomWindow(
      this.frame.front,
      'x',
      () => this.scheduleRender(),
      () => this.frame.root.matches(':focus'),
    );
    this.refreshReadout = attachReadout(
      {
        frame: this.frame,
        show: (point) => this.showReadout(point),
        step: () => ({ x: Math.max(1, this.x(1) - this.x(0)), y: 10 }),
      },
      'Frequencies and wavelengths',
      this.zoom,
    );
  }

  /** "Copy as code": the table this chart draws. */
  override codeConfig(): CodeConfig | null {
    const o = this.drawnOptions;
    return o && { kind: 'table', positions: o.positions ?? 100, dModel: o.dModel, base: o.base, spacing: o.spacing };
  }

  protected computeKey(o: FrequenciesOptions): unknown {
    return { dModel: o.dModel, base: o.base };
  }

  protected compute(ph: Phasor, o: FrequenciesOptions): FrequenciesData {
    const { frequencies, wavelengths } = ph.frequencies({ dModel: o.dModel, base: o.base, spacing: o.spacing });
    const n = frequencies.length;
    const linearWavelengths = new Float64Array(n);
    const linearFrequencyWavelengths = new Float64Array(n);
    const w0 = frequencies[0];
    const wLast = frequencies[n - 1];
    const l0 = wavelengths[0];
    const lLast = wavelengths[n - 1];
    for (let i = 0; i < n; i++) {
      const t = n > 1 ? i / (n - 1) : 0;
      linearWavelengths[i] = l0 + (lLast - l0) * t;
      linearFrequencyWavelengths[i] = TAU / (w0 + (wLast - w0) * t);
    }
    return { frequencies, wavelengths, linearWavelengths, linearFrequencyWavelengths, dModel: o.dModel, base: o.base };
  }

  private series(data: FrequenciesData, o: FrequenciesOptions, theme: Theme): (LegendEntry & { y: Float64Array })[] {
    const out: (LegendEntry & { y: Float64Array })[] = [
      {
        label:
          o.spacing === 'paper'
            ? 'geometric: λᵢ = 2π·base^(2i/d)'
            : 'geometric (tensor2tensor): λᵢ = 2π·base^(i/(d/2−1))',
        colour: theme.series[0],
        width: 2.25,
        y: data.wavelengths,
      },
    ];
    if (o.compare === 'both' || o.compare === 'wavelength') {
      out.push({
        label: 'if λ were spaced linearly',
        colour: theme.series[1],
        dash: [6, 4],
        y: data.linearWavelengths,
      });
    }
    if (o.compare === 'both' || o.compare === 'frequency') {
      out.push({
        label: 'if ω were spaced linearly',
        colour: theme.series[3],
        dash: [2, 3],
        y: data.linearFrequencyWavelengths,
      });
    }
    return out;
  }

  protected draw(data: FrequenciesData, o: FrequenciesOptions, width: number, theme: Theme): void {
    const narrow = width < 480;
    const margin = narrow ? { ...MARGIN, left: 54, right: 46 } : MARGIN;
    const height = Math.round(Math.min(380, Math.max(240, width * 0.5)));
    const ctx = this.frame.layout(width, height, margin);
    const { box } = this.frame;
    const n = data.frequencies.length;
    const top = TAU * o.base;
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
    const xTicks = this.x.ticks(tickCount(box.width)).filter(Number.isInteger);
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
    this.drawBand(o, box.width);
    const all = this.series(data, o, theme);
    for (const s of [...all].reverse()) {
      drawLine(
        ctx,
        { y: s.y, colour: s.colour, width: s.width ?? 1.75, dash: s.dash, dotsAbove: s.dash ? 0 : 7 },
        this.x,
        this.y,
      );
    }
    renderSeriesLegend(this.legend, all);
    const [i0, i1] = this.x.domain();
    this.frame.describe(
      `Wavelengths of pairs ${Math.ceil(i0)} to ${Math.floor(i1)} of ${n} for d_model ${o.dModel} and base ${o.base}: pair index i across, wavelength up on a log scale from 2π to 2π·base`,
    );
    this.refreshReadout();
  }

  /** The range 2π … 2π·base, and the sequence length when given. */
  private drawBand(o: FrequenciesOptions, plotWidth: number): void {
    const { box } = this.frame;
    const lo = this.y(TAU);
    const hi = this.y(TAU * o.base);
    const back = select(this.frame.back)
      .selectAll('g.bands')
      .data([0])
      .join('g')
      .attr('class', 'bands')
      .attr('transform', `translate(${box.left},${box.top})`);
    back
      .selectAll('rect')
      .data([0])
      .join('rect')
      .attr('class', 'band')
      .attr('x', 0)
      .attr('width', plotWidth)
      .attr('y', hi)
      .attr('height', lo - hi);
    const edges = [
      { y: lo, text: '2π' },
      { y: hi, text: `2π·base = ${exact(+(TAU * o.base).toPrecision(5))}` },
    ];
    const g = select(this.frame.front)
      .selectAll('g.edges')
      .data([0])
      .join('g')
      .attr('class', 'edges')
      .attr('transform', `translate(${box.left},${box.top})`);
    g.selectAll('line.band-edge')
      .data(edges)
      .join('line')
      .attr('class', 'band-edge')
      .attr('x1', 0)
      .attr('x2', plotWidth)
      .attr('y1', (d) => d.y)
      .attr('y2', (d) => d.y);
    g.selectAll('text.note')
      .data(edges)
      .join('text')
      .attr('class', 'note')
      .attr('x', plotWidth - 4)
      .attr('text-anchor', 'end')
      .attr('y', (d) => d.y - 5)
      .text((d) => d.text);
    const marks = o.positions !== null ? [o.positions] : [];
    g.selectAll('line.marker')
      .data(marks)
      .join('line')
      .attr('class', 'marker')
      .attr('x1', 0)
      .attr('x2', plotWidth)
      .attr('y1', (v) => this.y(v))
      .attr('y2', (v) => this.y(v));
    g.selectAll('text.marker-label')
      .data(marks)
      .join('text')
      .attr('class', 'marker-label')
      .attr('x', 4)
      .attr('y', (v) => this.y(v) - 5)
      .text((v) => `sequence length ${formatInteger(v)}`);
  }

  /**
   * pair:i, omega:i, lambda:i: pair i's point, ringed, and its column;
   * omega or lambda alone: the axis that reads it (ω right, λ left).
   */
  protected override drawHighlight(term: string | null): void {
    const data = this.data();
    const { box } = this.frame;
    const shapes: HighlightShape[] = [];
    if (data && term) {
      const [name, index] = parseTerm(term);
      if (index !== null || name === 'pair') {
        const i = Math.min(data.wavelengths.length - 1, Math.max(0, index ?? 0));
        const x = this.x(i);
        shapes.push(
          { kind: 'line', x1: x, x2: x, y1: 0, y2: box.height },
          { kind: 'ring', x, y: this.y(data.wavelengths[i]), r: 9 },
        );
      } else if (name === 'omega')
        shapes.push({ kind: 'rect', x: box.width + 2, y: 0, width: 40, height: box.height, fill: true });
      else if (name === 'lambda')
        shapes.push({ kind: 'rect', x: -44, y: 0, width: 42, height: box.height, fill: true });
    }
    drawHighlight(this.frame.front, box, shapes);
  }

  private showReadout(point: Point | null): void {
    const data = this.data();
    const o = this.drawnOptions;
    if (!point || !data || !o) {
      this.frame.clearReadout();
      this.pointAt(null);
      return;
    }
    const n = data.frequencies.length;
    const i = Math.min(n - 1, Math.max(0, Math.round(this.x.invert(point.x))));
    this.pointAt(`pair:${i}`);
    const theme = this.drawnTheme;
    const series = theme ? this.series(data, o, theme) : [];
    const lines = [
      `pair i = ${i} (dimensions ${2 * i}, ${2 * i + 1})`,
      `ω${subscript(i)} = ${exact(data.frequencies[i])} rad/position`,
      `λ${subscript(i)} = ${exact(data.wavelengths[i])} positions`,
    ];
    if (o.compare === 'both' || o.compare === 'wavelength') lines.push(`linear λ: ${exact(data.linearWavelengths[i])}`);
    if (o.compare === 'both' || o.compare === 'frequency')
      lines.push(`linear ω: λ = ${exact(data.linearFrequencyWavelengths[i])}`);
    showCursor(
      this.frame,
      this.x(i),
      series.map((s) => ({ y: this.y(s.y[i]), colour: s.colour })),
      lines,
    );
  }
}

/** Powers of ten inside a log domain (either order). */
function decades(domain: number[]): number[] {
  const lo = Math.min(domain[0], domain[1]);
  const hi = Math.max(domain[0], domain[1]);
  const out: number[] = [];
  for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++) out.push(10 ** e);
  if (out.length > 7) return out.filter((_, n) => n % 2 === 0);
  return out;
}
