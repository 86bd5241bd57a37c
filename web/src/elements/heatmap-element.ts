// <phasor-heatmap>: the table PE(p, j), positions down, dimensions across, on
// a diverging colour map. Zoom and pan the positions from a few rows to the
// whole range phasor accepts (|p| ≤ 2^31). Only the rows drawn are computed:
// one bin of positions per device pixel, each the exact mean of PE over the
// positions it holds (encodeBins), so any size or zoom costs about the same
// and a dimension faster than a pixel row averages out instead of aliasing
// into false stripes; the caption says which.
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import type { Layout, Phasor, Spacing } from '../core/index.js';
import { renderAxes, tickCount } from '../charts/axes.js';
import { estimatedTextWidth } from '../charts/axis-units.js';
import { binOf, binRange, binsFor, type Bins } from '../charts/bins.js';
import { divergingInterpolator } from '../charts/colour-schemes.js';
import { exact, integer as formatInteger } from '../charts/format.js';
import { devicePixelRatioNow } from '../charts/hidpi-canvas.js';
import { MatrixView } from '../charts/matrix-view.js';
import { attachReadout, type Point } from '../charts/readout.js';
import { ZoomWindow } from '../charts/zoom.js';
import { drawHighlight, parseTerm, type HighlightShape } from '../charts/highlight-layer.js';
import { drawnAlready, setText } from '../charts/drawn.js';
import { DrawCache } from '../charts/draw-cache.js';
import { drawPositionMarks, markedPositions } from './position-marks.js';
import * as common from './attributes/common-attributes.js';
import { describeDimension, subscript } from './dimensions.js';
import { PhasorElement } from './base/phasor-element.js';
import { matrixTable, type CsvTable } from './base/csv-table.js';
import { fastPairs, POSITION_LIMITS, positionTicks, withinPixel } from './views.js';
import type { CodeConfig } from '../code/code-config.js';

/** The note over the veiled columns, and its short form for a narrow plot. */
const NOTE_LONG = 'a pixel row holds ½ period or more: its mean';
const NOTE_SHORT = '½ period or more a pixel: mean';

export interface HeatmapOptions {
  dModel: number;
  base: number;
  positions: number;
  offset: number;
  layout: Layout;
  spacing: Spacing;
  /** A position marked by a line across the table (none: no mark). */
  p: number | null;
  /** With p: the position p + k marked too. */
  k: number | null;
}

export interface HeatmapData extends Bins {
  /** count × dModel values: row r is the mean of PE(p) over the positions of bin r (one position when stride is 1). */
  table: Float32Array;
  frequencies: Float64Array;
  wavelengths: Float64Array;
  dModel: number;
  /** The options' window (the view before any zoom). */
  positions: number;
  offset: number;
}

const MARGIN = { top: 44, right: 14, bottom: 44, left: 64 };
const COLOURS = { interpolator: divergingInterpolator, domain: [-1, 1] as const, label: 'PE(p, j)' };

export class PhasorHeatmapElement extends PhasorElement<
  HeatmapOptions,
  { frequencies: Float64Array; wavelengths: Float64Array },
  HeatmapData
> {
  static override readonly tag = 'phasor-heatmap';
  static override readonly title = 'The whole positional encoding table';
  static override attributeSpecs = [
    common.dModel(128),
    common.base,
    common.positions(100),
    common.offset,
    common.layout,
    common.spacing,
    common.marker('p'),
    common.marker('k'),
  ];
  static override highlightTerms = ['p', 'p+k', 'pair'];
  static override playable = ['p'];

  private readonly view = new MatrixView();
  private readonly caption = document.createElement('p');
  private readonly zoom: ZoomWindow;
  private x = scaleLinear();
  private y = scaleLinear();
  private shown: HeatmapData | null = null;
  /** The last draw's table. */
  private readonly tables = new DrawCache();
  /** Two buffers the tables take in turn (the one drawn last stays whole while the next is made). */
  private readonly tableBuffers = [new Float32Array(0), new Float32Array(0)];
  private tableTurn = 0;

  /** Shows the read-out again where it was, after a redraw. */
  private readonly refreshReadout: () => void;

  constructor() {
    super();
    this.caption.className = 'caption';
    this.content.append(this.view.frame.root, this.caption);
    const { frame } = this.view;
    this.zoom = new ZoomWindow(
      frame.front,
      'y',
      () => this.scheduleRender(),
      () => frame.root.matches(':focus'),
    );
    this.refreshReadout = attachReadout(
      {
        frame,
        show: (point) => this.showReadout(point),
        step: () => ({ x: Math.max(1, this.x(1) - this.x(0)), y: Math.max(1, this.y(1) - this.y(0)) }),
      },
      'Heatmap of the encoding table',
      this.zoom,
    );
  }

  /** The rows drawn now (bins of the zoomed view), or null before the first draw. */
  override data(): HeatmapData | null {
    return this.shown;
  }

  protected override csvTable(): CsvTable {
    const { p: _p, k: _k, ...o } = this.drawnOptions!; // the marks are not encode options
    common.checkCells(o.positions, o.dModel);
    const { table } = this.core.encode(o);
    return matrixTable(table, o.positions, o.dModel, 'position \\ dimension', o.offset);
  }

  /** "Copy as code": the table this chart draws. */
  override codeConfig(): CodeConfig | null {
    const o = this.drawnOptions;
    return (
      o && {
        kind: 'table',
        positions: o.positions,
        dModel: o.dModel,
        base: o.base,
        offset: o.offset,
        layout: o.layout,
        spacing: o.spacing,
      }
    );
  }

  protected computeKey(o: HeatmapOptions): unknown {
    return [o.dModel, o.base, o.spacing];
  }

  protected compute(ph: Phasor, o: HeatmapOptions) {
    return ph.frequencies({ dModel: o.dModel, base: o.base, spacing: o.spacing });
  }

  protected draw(
    data: { frequencies: Float64Array; wavelengths: Float64Array },
    o: HeatmapOptions,
    width: number,
  ): void {
    const plotWidth = width - MARGIN.left - MARGIN.right;
    const plotHeight = Math.round(Math.min(520, Math.max(180, plotWidth * 0.6)));
    const { frame } = this.view;
    const ctx = frame.layout(width, plotHeight + MARGIN.top + MARGIN.bottom, MARGIN);
    const { box } = frame;
    this.zoom.configure({ x: [0, o.dModel], y: [o.offset, o.offset + o.positions] }, box, POSITION_LIMITS);
    const view = this.zoom.current.y;
    this.x = scaleLinear().domain([0, o.dModel]).range([0, box.width]);
    this.y = scaleLinear().domain(view).range([0, box.height]);
    const bins = binsFor(view, box.height * devicePixelRatioNow(), o.offset);
    // The same table (and grid object, whose raster the view keeps) when only the marks p and p + k moved.
    this.tables.begin();
    const inputs = { ...bins, dModel: o.dModel, base: o.base, layout: o.layout, spacing: o.spacing };
    const grid = this.tables.get(inputs, () => ({
      values: this.core.encodeBins({ ...inputs, into: this.tableBuffer(bins.count * o.dModel) }),
      rows: bins.count,
      cols: o.dModel,
    }));
    this.shown = { ...bins, table: grid.values, ...data, dModel: o.dModel, positions: o.positions, offset: o.offset };
    const top = this.y(bins.first);
    const raster = this.view.draw(ctx, grid, COLOURS, {
      x: 0,
      y: top,
      width: box.width,
      height: this.y(bins.first + bins.count * bins.stride) - top,
    });
    const integerTicks = (scale: typeof this.x, pixels: number) =>
      scale.ticks(tickCount(pixels, 70)).filter(Number.isInteger);
    renderAxes(frame.front, box, {
      bottom: { scale: this.x, label: 'dimension j', values: integerTicks(this.x, box.width), format: formatInteger },
      left: { scale: this.y, label: 'position p', values: positionTicks(this.y, box.height), format: formatInteger },
    });
    this.shadeFastPairs(fastPairs(bins.stride, data.wavelengths), o);
    drawPositionMarks(frame.front, box, this.y, 'h', markedPositions(o));
    const [v0, v1] = view;
    const across =
      raster.downsampled && raster.width < o.dModel
        ? `; each pixel column averages ${(o.dModel / raster.width).toFixed(1)} dimensions`
        : '';
    setText(
      this.caption,
      `positions ${formatInteger(Math.floor(v0))} … ${formatInteger(Math.ceil(v1) - 1)} × ${formatInteger(o.dModel)} dimensions` +
        withinPixel(bins.stride, data.wavelengths, 'row') +
        across +
        (this.zoom.zoomed ? ' (zoomed: 0 resets)' : ''),
    );
    frame.describe(
      `Heatmap of PE(p, j): dimension j from 0 to ${o.dModel - 1} across, position p from ${formatInteger(Math.floor(v0))} to ${formatInteger(Math.ceil(v1) - 1)} down, colour from −1 (blue) through 0 (white) to +1 (red)`,
    );
    this.refreshReadout();
  }

  /**
   * A table's room, from the buffer not drawn last: a d_model drag at 1000 ×
   * 1000 allocated a 4 MB table a frame, and collecting them cost some frames
   * 5-10 ms. Grown by a quarter more than asked, so a few steps up fit.
   */
  private tableBuffer(length: number): Float32Array {
    this.tableTurn ^= 1;
    const t = this.tableTurn;
    if (this.tableBuffers[t].length < length) this.tableBuffers[t] = new Float32Array(Math.ceil(length * 1.25));
    return this.tableBuffers[t].subarray(0, length);
  }

  /**
   * Veils the columns of pairs that turn half a period or more within a pixel
   * row: they show their mean there. The note saying so goes at the top of
   * the plot, or at the bottom when p or p + k is marked near the top (their
   * labels would run into it on a narrow chart).
   */
  private shadeFastPairs(fast: number, o: HeatmapOptions): void {
    const { box } = this.view.frame;
    const half = o.dModel / 2;
    const spans =
      fast === 0
        ? []
        : o.layout === 'split'
          ? [
              [0, fast],
              [half, half + fast],
            ]
          : [[0, 2 * fast]];
    const [lo, hi] = this.y.domain();
    const marksNearTop = markedPositions(o).some((m) => m.at >= lo && m.at < hi && this.y(m.at + 0.5) < 30);
    const noteY = marksNearTop ? box.height - 8 : 14;
    if (drawnAlready(this.view.frame.front, 'aliased', [box, spans.map((d) => d.map((v) => this.x(v))), noteY])) return;
    const g = select(this.view.frame.front)
      .selectAll('g.aliased')
      .data([0])
      .join('g')
      .attr('class', 'aliased')
      .attr('transform', `translate(${box.left},${box.top})`);
    g.selectAll('rect')
      .data(spans)
      .join('rect')
      .attr('class', 'aliasing')
      .attr('x', (d) => this.x(d[0]))
      .attr('width', (d) => this.x(d[1]) - this.x(d[0]))
      .attr('y', 0)
      .attr('height', box.height);
    g.selectAll('text')
      .data(spans.slice(0, 1))
      .join('text')
      .attr('class', 'marker-label')
      .attr('x', (d) => this.x(d[0]) + 4)
      .attr('y', noteY)
      .text((d) => (box.width - this.x(d[0]) - 8 >= estimatedTextWidth(NOTE_LONG) ? NOTE_LONG : NOTE_SHORT));
  }

  /** p and p + k: the rows marked, tinted; a pair: its two columns. */
  protected override drawHighlight(term: string | null): void {
    const o = this.drawnOptions;
    const { box, front } = this.view.frame;
    const shapes: HighlightShape[] = [];
    const [name, index] = term ? parseTerm(term) : ['', null];
    const rows = markedPositions(o ?? { p: null, k: null });
    const row = name === 'p' ? rows[0] : name === 'p+k' ? rows[1] : undefined;
    if (row)
      shapes.push({
        kind: 'rect',
        x: 0,
        width: box.width,
        y: this.y(row.at),
        height: Math.max(3, this.y(row.at + 1) - this.y(row.at)),
        fill: true,
      });
    if (name === 'pair' && o) {
      const i = Math.min(o.dModel / 2 - 1, index ?? 0);
      const columns = o.layout === 'split' ? [i, i + o.dModel / 2] : [2 * i, 2 * i + 1];
      for (const j of columns)
        shapes.push({
          kind: 'rect',
          x: this.x(j),
          width: Math.max(3, this.x(j + 1) - this.x(j)),
          y: 0,
          height: box.height,
          fill: true,
        });
    }
    drawHighlight(front, box, shapes);
  }

  private showReadout(point: Point | null): void {
    const shown = this.shown;
    const o = this.drawnOptions;
    if (!point || !shown || !o) {
      this.view.markCell(null, this.x, this.y);
      this.pointAt(null);
      return;
    }
    const col = Math.min(o.dModel - 1, Math.max(0, Math.floor(this.x.invert(point.x))));
    const p = o.offset + Math.floor(this.y.invert(point.y) - o.offset);
    // Near a marked row (within 3 px) the pointer is on p or p + k; elsewhere on the column's pair.
    const near = markedPositions(o).find(
      (m) => Math.abs(this.y(m.at + 0.5) - point.y) <= Math.max(3, (this.y(1) - this.y(0)) / 2),
    );
    this.pointAt(near ? near.term : `pair:${describeDimension(col, o.dModel, o.layout).pair}`);
    const anchor = this.view.markCell({ row: p - o.offset, col }, this.x, this.y, 0, o.offset)!;
    const d = describeDimension(col, o.dModel, o.layout);
    // The exact value at this position, computed for it alone.
    const value = this.core.encodeBinColumns({
      first: p,
      stride: 1,
      count: 1,
      dModel: o.dModel,
      base: o.base,
      layout: o.layout,
      spacing: o.spacing,
      dims: [col],
    })[0];
    const lines = [
      `p = ${formatInteger(p)}, j = ${col}`,
      `PE(p, j) = ${d.fn}(p·ω${subscript(d.pair)}) = ${exact(value)}`,
    ];
    const r = binOf(shown, p);
    if (shown.stride > 1 && r >= 0) {
      const [a, b] = binRange(shown, r);
      lines.push(
        `pixel row, mean over p = ${formatInteger(a)} … ${formatInteger(b)}: ${exact(shown.table[r * o.dModel + col])}`,
      );
    }
    lines.push(
      `pair i = ${d.pair}: ω = ${exact(shown.frequencies[d.pair])} rad/position`,
      `wavelength λ = ${exact(shown.wavelengths[d.pair])} positions`,
    );
    this.view.frame.tooltip.show(lines, anchor.x, anchor.y);
  }
}
