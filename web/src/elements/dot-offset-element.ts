// <phasor-dot-offset>: PE(p)·PE(p + k) against the offset k, measured on
// encoded rows for several starting positions p and drawn over the closed
// form Σ_i cos(ω_i k): the curves coincide, because the dot product depends
// on k alone. With `normalize` it is the cosine similarity (÷ |PE|² = d/2).
// Zoom and pan k; both come from the core at one bin of offsets per device
// pixel (each the exact mean over its offsets), whatever the range.
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import type { Phasor } from '../core/index.js';
import { renderAxes, renderGrid, tickCount } from '../charts/axes.js';
import { binsFor, type Bins } from '../charts/bins.js';
import { showCursor } from '../charts/cursor.js';
import { exact, integer as formatInteger, scientific } from '../charts/format.js';
import { ChartFrame } from '../charts/frame.js';
import { devicePixelRatioNow } from '../charts/hidpi-canvas.js';
import { renderSeriesLegend } from '../charts/legend.js';
import { drawLine } from '../charts/line-plot.js';
import { attachReadout, type Point } from '../charts/readout.js';
import { drawHighlight } from '../charts/highlight-layer.js';
import { ZoomWindow } from '../charts/zoom.js';
import { setContent } from '../charts/drawn.js';
import { DrawCache } from '../charts/draw-cache.js';
import { flag, integer, integerList, number, spec } from './attributes/attributes.js';
import * as common from './attributes/common-attributes.js';
import { PhasorElement } from './base/phasor-element.js';
import { type CsvTable } from './base/csv-table.js';
import { strong } from './caption.js';
import type { Theme } from './base/theme.js';
import { positionTicks, withinPixel } from './views.js';

export interface DotOffsetOptions {
  dModel: number;
  base: number;
  maxOffset: number;
  /** Starting positions whose measured curves are overlaid. */
  p: number[];
  normalize: boolean;
  /** An offset to mark, or null. */
  k: number | null;
}

export interface DotOffsetData extends Bins {
  /** closedForm[r] = mean over the offsets k of bin r of Σ_i cos(ω_i k) (÷ d/2 when normalized). */
  closedForm: Float32Array;
  /** measured[n].values[r] = PE(p_n)·PE(p_n + k) on encoded rows, bin r (÷ d/2 when normalized). */
  measured: { p: number; values: Float64Array }[];
  /** max over n, r of |measured − closedForm|. */
  largestGap: number;
  maxOffset: number;
  dModel: number;
  normalize: boolean;
}

const MARGIN = { top: 14, right: 14, bottom: 44, left: 60 };
/** Offsets k shown: p + k stays within ±2^31 for every p the attribute allows (|p| ≤ 2^30). */
const OFFSET_LIMITS = { lo: -(2 ** 30), hi: 2 ** 30, minSpan: 4 };

export class PhasorDotOffsetElement extends PhasorElement<DotOffsetOptions, null, DotOffsetData> {
  static override readonly tag = 'phasor-dot-offset';
  static override readonly title = 'Dot product of two encodings against their offset';
  static override attributeSpecs = [
    common.dModel(128),
    common.base,
    spec('max-offset', integer(1, 1 << 20), 100),
    spec('p', integerList(-(2 ** 30), 2 ** 30, 8), [0, 100, 1000]),
    spec('normalize', flag, false),
    spec<number | null>('k', number(-(2 ** 30), 2 ** 30), null),
  ];
  static override highlightTerms = ['k'];
  static override playable = ['k'];

  private readonly frame = new ChartFrame();
  private readonly legend = document.createElement('ul');
  private readonly caption = document.createElement('p');
  private readonly zoom: ZoomWindow;
  private x = scaleLinear();
  private y = scaleLinear();
  private shown: DotOffsetData | null = null;
  /** The curves of the last draw: a redraw for a new k reuses them. */
  private readonly curves = new DrawCache();

  /** Shows the read-out again where it was, after a redraw. */
  private readonly refreshReadout: () => void;

  constructor() {
    super();
    this.legend.className = 'legend';
    this.caption.className = 'caption';
    this.content.append(this.frame.root, this.legend, this.caption);
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
      'Dot product against offset',
      this.zoom,
    );
  }

  /** The points drawn now (bins of the zoomed view), or null before the first draw. */
  override data(): DotOffsetData | null {
    return this.shown;
  }

  /** k = 0 … max-offset at full resolution, computed when asked. */
  protected override csvTable(): CsvTable {
    const o = this.drawnOptions!;
    const full = this.series(o, { first: 0, stride: 1, count: o.maxOffset + 1 });
    const what = o.normalize ? 'cosine' : 'dot';
    return {
      columns: [
        'k',
        `closed form sum cos(w_i k)${o.normalize ? ' / (d/2)' : ''}`,
        ...full.measured.map((m) => `${what} PE(${m.p})·PE(${m.p}+k)`),
      ],
      rows: full.closedForm.length,
      value: (r, c) => (c === 0 ? r : c === 1 ? full.closedForm[r] : full.measured[c - 2].values[r]),
    };
  }

  protected computeKey(): unknown {
    return null;
  }

  protected compute(): null {
    return null;
  }

  /**
   * The closed form and the measured curves over `bins`, from the core; with
   * `cache`, each curve whose inputs the last draw had is taken from it.
   */
  private series(
    o: DotOffsetOptions,
    bins: Bins,
    cache?: DrawCache,
  ): Pick<DotOffsetData, 'closedForm' | 'measured' | 'largestGap'> {
    const model = {
      dModel: o.dModel,
      base: o.base,
      normalize: o.normalize,
      first: bins.first,
      stride: bins.stride,
      count: bins.count,
    };
    const kept = <T>(inputs: unknown, make: () => T): T => (cache ? cache.get(inputs, make) : make());
    const closedForm = kept(['closed form', model], () => this.core.dotByOffsetBins(model));
    let largestGap = 0;
    const measured = o.p.map((p) => {
      const values = kept(['measured', model, p], () => this.core.measuredDotBins({ ...model, p }));
      for (let r = 0; r < values.length; r++) largestGap = Math.max(largestGap, Math.abs(values[r] - closedForm[r]));
      return { p, values };
    });
    return { closedForm, measured, largestGap };
  }

  protected draw(_: null, o: DotOffsetOptions, width: number, theme: Theme): void {
    const height = Math.round(Math.min(360, Math.max(220, width * 0.48)));
    const ctx = this.frame.layout(width, height, MARGIN);
    const { box } = this.frame;
    this.zoom.configure({ x: [0, o.maxOffset], y: [0, 1] }, box, OFFSET_LIMITS);
    const view = this.zoom.current.x;
    const bins = binsFor(view, box.width * devicePixelRatioNow(), 0, OFFSET_LIMITS);
    this.curves.begin();
    const data: DotOffsetData = {
      ...bins,
      ...this.series(o, bins, this.curves),
      maxOffset: o.maxOffset,
      dModel: o.dModel,
      normalize: o.normalize,
    };
    this.shown = data;
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of data.closedForm) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const pad = (hi - lo) * 0.06 || 1;
    this.x = scaleLinear().domain(view).range([0, box.width]);
    this.y = scaleLinear()
      .domain([Math.min(0, lo) - pad, hi + pad])
      .range([box.height, 0])
      .nice();
    const xTicks = positionTicks(this.x, box.width, 80);
    const yTicks = this.y.ticks(tickCount(box.height, 50));
    renderGrid(this.frame.back, box, { x: { scale: this.x, values: xTicks }, y: { scale: this.y, values: yTicks } });
    const yLabel = o.normalize ? 'cos∠(PE(p), PE(p+k))' : 'PE(p)·PE(p+k)';
    renderAxes(this.frame.front, box, {
      bottom: { scale: this.x, label: 'offset k (positions)', values: xTicks, format: formatInteger },
      left: { scale: this.y, label: yLabel, values: yTicks },
    });
    // The closed form underneath, thick and pale; the measured curves on top
    // in short dashes that take turns, so every colour stays visible where
    // the curves coincide.
    const at = { x0: bins.first + (bins.stride - 1) / 2, dx: bins.stride };
    drawLine(ctx, { y: data.closedForm, ...at, colour: theme.fg, width: 5, alpha: 0.22, dotsAbove: 0 }, this.x, this.y);
    const count = data.measured.length;
    const dash = 6;
    data.measured.forEach((m, n) => {
      ctx.lineDashOffset = -n * dash;
      const style = {
        colour: theme.series[n % theme.series.length],
        width: 1.75,
        dash: count > 1 ? [dash, dash * (count - 1)] : [],
        dotsAbove: 0,
      };
      drawLine(ctx, { y: m.values, ...at, ...style }, this.x, this.y);
    });
    ctx.lineDashOffset = 0;
    renderSeriesLegend(this.legend, [
      {
        label: o.normalize ? 'Σᵢ cos(ωᵢk) / (d/2), closed form' : 'Σᵢ cos(ωᵢk), closed form',
        colour: theme.fg,
        width: 5,
        dash: undefined,
      },
      ...data.measured.map((m, n) => ({
        label: `measured from p = ${formatInteger(m.p)}`,
        colour: theme.series[n % theme.series.length],
        dash: count > 1 ? [4, 3] : undefined,
      })),
    ]);
    const frequencies = this.core.frequencies({ dModel: o.dModel, base: o.base });
    setContent(
      this.caption,
      'Largest gap between a measured curve and the closed form: ',
      strong(scientific(data.largestGap)),
      data.normalize ? '' : ` (float32 rounding in a sum of ${o.dModel} products)`,
      bins.stride > 1 || this.zoom.zoomed
        ? `. Offsets ${formatInteger(Math.ceil(view[0]))} … ${formatInteger(Math.floor(view[1]))}`
        : '',
      withinPixel(bins.stride, frequencies.wavelengths, 'column').replace(/positions/g, 'offsets'),
      this.zoom.zoomed ? ' (zoomed: 0 resets).' : '',
    );
    this.drawMarker(o);
    this.frame.describe(
      `${yLabel} for d_model ${o.dModel}: offset k from ${formatInteger(Math.ceil(view[0]))} to ${formatInteger(Math.floor(view[1]))} across, the product up`,
    );
    this.refreshReadout();
  }

  private drawMarker(o: DotOffsetOptions): void {
    const { box } = this.frame;
    const [k0, k1] = this.x.domain();
    const marks = o.k !== null && o.k >= k0 && o.k <= k1 ? [o.k] : [];
    const g = select(this.frame.front)
      .selectAll('g.marks')
      .data([0])
      .join('g')
      .attr('class', 'marks')
      .attr('transform', `translate(${box.left},${box.top})`);
    g.selectAll('line')
      .data(marks)
      .join('line')
      .attr('class', 'marker')
      .attr('x1', (k) => this.x(k))
      .attr('x2', (k) => this.x(k))
      .attr('y1', 0)
      .attr('y2', box.height);
    g.selectAll('text')
      .data(marks)
      .join('text')
      .attr('class', 'marker-label')
      .attr('x', (k) => this.x(k) + (this.x(k) > box.width - 50 ? -4 : 4))
      .attr('text-anchor', (k) => (this.x(k) > box.width - 50 ? 'end' : 'start'))
      .attr('y', 12)
      .text((k) => `k = ${formatInteger(k)}`);
  }

  /** k: the offset's line, in the accent colour. */
  protected override drawHighlight(term: string | null): void {
    const o = this.drawnOptions;
    const { box } = this.frame;
    const [k0, k1] = this.x.domain();
    const at = term === 'k' && o && o.k !== null && o.k >= k0 && o.k <= k1 ? this.x(o.k) : null;
    drawHighlight(this.frame.front, box, at === null ? [] : [{ kind: 'line', x1: at, x2: at, y1: 0, y2: box.height }]);
  }

  private showReadout(point: Point | null): void {
    const o = this.drawnOptions;
    if (!point || !this.shown || !o) {
      this.frame.clearReadout();
      this.pointAt(null);
      return;
    }
    // The exact values at this offset, computed for it alone.
    const k = Math.round(this.x.invert(point.x));
    this.pointAt(o.k !== null && Math.abs(this.x(o.k) - point.x) <= 4 ? 'k' : null);
    const at = this.series(o, { first: k, stride: 1, count: 1 });
    const colours = this.drawnTheme?.series ?? [];
    const what = o.normalize ? 'cos∠' : 'dot';
    showCursor(
      this.frame,
      this.x(k),
      at.measured.map((m, n) => ({ y: this.y(m.values[0]), colour: colours[n % colours.length] ?? 'currentColor' })),
      [
        `k = ${formatInteger(k)}`,
        `closed form: ${exact(at.closedForm[0])}`,
        ...at.measured.map((m) => `p = ${formatInteger(m.p)}: ${what} = ${exact(m.values[0])}`),
      ],
    );
  }
}
