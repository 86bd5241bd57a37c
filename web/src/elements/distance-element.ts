// <phasor-distance>: ‖PE(p) − PE(q)‖ for every pair of positions. It depends
// on q − p alone (the matrix is Toeplitz), which the read-out shows by tracing
// the diagonal of equal offset through the cell under the pointer, and which
// is how it is drawn: the core computes one value per diagonal of pixels
// (offsetRowBins: the root mean square distance over the block of cells a
// pixel holds), never the n² matrix. Zoom and pan both axes together over
// positions 0 … 2^31.
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import type { Phasor } from '../core/index.js';
import { renderAxes } from '../charts/axes.js';
import { binsFor } from '../charts/bins.js';
import { sequentialInterpolator } from '../charts/colour-schemes.js';
import { exact, integer as formatInteger } from '../charts/format.js';
import { devicePixelRatioNow } from '../charts/hidpi-canvas.js';
import { MatrixView } from '../charts/matrix-view.js';
import { attachReadout, type Point } from '../charts/readout.js';
import { ZoomWindow, type ZoomLimits } from '../charts/zoom.js';
import * as common from './attributes/common-attributes.js';
import { PhasorElement } from './base/phasor-element.js';
import { matrixTable, type CsvTable } from './base/csv-table.js';
import { positionTicks } from './views.js';
import { drawHighlight, type HighlightShape } from '../charts/highlight-layer.js';
import { setText } from '../charts/drawn.js';
import { DrawCache } from '../charts/draw-cache.js';
import { drawPositionMarks, markedPositions } from './position-marks.js';
import type { CodeConfig } from '../code/code-config.js';

export interface DistanceOptions {
  dModel: number;
  base: number;
  positions: number;
  /** The row p marked (none: no mark). */
  p: number | null;
  /** With p: the column q = p + k marked, and the cell (p, p + k) ringed. */
  k: number | null;
}

export interface DistanceData {
  /** The drawn blocks by diagonal: block (r, c) = diagonals[c − r + rows − 1]. */
  diagonals: Float32Array;
  /** Positions per block side (a power of two; 1: one cell per block). */
  stride: number;
  /** First position p of block row 0 and q of block column 0, and how many of each. */
  rowStart: number;
  colStart: number;
  rows: number;
  cols: number;
  /** The options' window (0 … positions − 1 on both axes before any zoom). */
  positions: number;
  dModel: number;
  base: number;
  /** The largest value drawn (the colour scale's top). */
  max: number;
}

const MARGIN = { top: 44, right: 14, bottom: 44, left: 64 };
/** Positions 0 … 2^31 on both axes, so every offset q − p is one phasor accepts. */
const LIMITS: ZoomLimits = { lo: 0, hi: 2 ** 31, minSpan: 4 };

export class PhasorDistanceElement extends PhasorElement<DistanceOptions, null, DistanceData> {
  static override readonly tag = 'phasor-distance';
  static override readonly title = 'Distance between the encodings of two positions';
  static override attributeSpecs = [
    common.dModel(1000),
    common.base,
    common.positions(1000, 4096),
    common.marker('p'),
    common.marker('k'),
  ];
  static override highlightTerms = ['p', 'p+k', 'k'];
  static override playable = ['p', 'k'];

  private readonly view = new MatrixView();
  private readonly caption = document.createElement('p');
  private readonly zoom: ZoomWindow;
  private x = scaleLinear();
  private y = scaleLinear();
  private shown: DistanceData | null = null;
  /** The last draw's matrix. */
  private readonly matrices = new DrawCache();

  /** Shows the read-out again where it was, after a redraw. */
  private readonly refreshReadout: () => void;

  constructor() {
    super();
    this.caption.className = 'caption';
    this.content.append(this.view.frame.root, this.caption);
    const { frame } = this.view;
    this.zoom = new ZoomWindow(
      frame.front,
      'xy',
      () => this.scheduleRender(),
      () => frame.root.matches(':focus'),
    );
    this.refreshReadout = attachReadout(
      {
        frame,
        show: (point) => this.showReadout(point),
        step: () => ({ x: Math.max(1, this.x(1) - this.x(0)), y: Math.max(1, this.y(1) - this.y(0)) }),
      },
      'Distance matrix',
      this.zoom,
    );
  }

  /** The blocks drawn now, or null before the first draw. */
  override data(): DistanceData | null {
    return this.shown;
  }

  /** The options' n × n matrix at full resolution, computed when asked. */
  protected override csvTable(): CsvTable {
    const { dModel, base, positions } = this.drawnOptions!;
    return matrixTable(this.core.distanceMatrix({ dModel, base, positions }), positions, positions, 'p \\ q');
  }

  /** "Copy as code": the table this chart draws. */
  override codeConfig(): CodeConfig | null {
    const o = this.drawnOptions;
    return o && { kind: 'table', positions: o.positions, dModel: o.dModel, base: o.base };
  }

  protected computeKey(): unknown {
    return null;
  }

  protected compute(): null {
    return null;
  }

  protected draw(_: null, o: DistanceOptions, width: number): void {
    const side = Math.max(120, Math.min(520, width - MARGIN.left - MARGIN.right));
    const margin = { ...MARGIN, right: width - MARGIN.left - side };
    const { frame } = this.view;
    const ctx = frame.layout(width, side + MARGIN.top + MARGIN.bottom, margin);
    const { box } = frame;
    const n = o.positions;
    this.zoom.configure({ x: [0, n], y: [0, n] }, box, LIMITS);
    const { x: qView, y: pView } = this.zoom.current;
    this.x = scaleLinear().domain(qView).range([0, box.width]);
    this.y = scaleLinear().domain(pView).range([0, box.height]);
    const pixels = box.width * devicePixelRatioNow();
    const rowsBins = binsFor(pView, pixels, 0, LIMITS);
    const colsBins = binsFor(qView, pixels, 0, LIMITS, rowsBins.stride); // one stride: the blocks are square
    const s = rowsBins.stride;
    const rows = rowsBins.count;
    const cols = colsBins.count;
    // Block (r, c) has offsets q − p centred on colStart − rowStart + (c − r)·s.
    const firstOffset = colsBins.first - rowsBins.first - (rows - 1) * s;
    // The same diagonals, grid and colour domain (whose raster the view keeps) when only the marks p and p + k moved.
    this.matrices.begin();
    const inputs = {
      first: firstOffset,
      stride: s,
      count: rows + cols - 1,
      dModel: o.dModel,
      base: o.base,
      metric: 'l2' as const,
    };
    const { grid, domain, max } = this.matrices.get([inputs, rows, cols], () => {
      const diagonals = this.core.offsetRowBins(inputs);
      let max = 0;
      for (const v of diagonals) if (v > max) max = v;
      return { grid: { diagonals, rows, cols }, domain: [0, max || 1] as const, max };
    });
    this.shown = {
      diagonals: grid.diagonals,
      stride: s,
      rowStart: rowsBins.first,
      colStart: colsBins.first,
      rows,
      cols,
      positions: n,
      dModel: o.dModel,
      base: o.base,
      max,
    };
    const x0 = this.x(colsBins.first);
    const y0 = this.y(rowsBins.first);
    this.view.draw(
      ctx,
      grid,
      { interpolator: sequentialInterpolator, domain, label: '‖PE(p) − PE(q)‖' },
      { x: x0, y: y0, width: this.x(colsBins.first + cols * s) - x0, height: this.y(rowsBins.first + rows * s) - y0 },
    );
    renderAxes(frame.front, box, {
      bottom: { scale: this.x, label: 'position q', values: positionTicks(this.x, box.width), format: formatInteger },
      left: { scale: this.y, label: 'position p', values: positionTicks(this.y, box.height), format: formatInteger },
    });
    const [rowMark, colMark] = markedPositions(o);
    drawPositionMarks(frame.front, box, this.y, 'h', rowMark ? [rowMark] : []);
    // p's row near the bottom: its label is there, so p + k's goes at the top.
    const rowNearBottom = rowMark !== undefined && this.y(rowMark.at + 0.5) > box.height - 24;
    drawPositionMarks(frame.front, box, this.x, 'v', colMark ? [colMark] : [], rowNearBottom);
    const window = (r: readonly [number, number]) =>
      `${formatInteger(Math.floor(r[0]))} … ${formatInteger(Math.ceil(r[1]) - 1)}`;
    setText(
      this.caption,
      `p ${window(pView)} × q ${window(qView)}, d_model = ${o.dModel}; largest distance shown ${exact(max)} (never above √(2·d_model) = ${exact(Math.sqrt(2 * o.dModel))})` +
        (s > 1
          ? `; each pixel is the root mean square distance over its ${formatInteger(s)} × ${formatInteger(s)} cells`
          : '') +
        (this.zoom.zoomed ? ' (zoomed: 0 resets)' : ''),
    );
    frame.describe(
      `Distance matrix ‖PE(p) − PE(q)‖ at d_model ${o.dModel}: position q from ${window(qView)} across, position p from ${window(pView)} down, colour from 0 (dark) to ${exact(max)} (yellow)`,
    );
    this.refreshReadout();
  }

  /** p: its row; p + k: its column; k: the diagonal q − p = k, every cell at that offset. */
  protected override drawHighlight(term: string | null): void {
    const o = this.drawnOptions;
    const { box, front } = this.view.frame;
    const shapes: HighlightShape[] = [];
    if (o && o.p !== null && term) {
      const k = o.k ?? 0;
      const band = (scale: typeof this.x, at: number) => ({
        from: scale(at),
        size: Math.max(3, scale(at + 1) - scale(at)),
      });
      if (term === 'p') {
        const b = band(this.y, o.p);
        shapes.push({ kind: 'rect', x: 0, width: box.width, y: b.from, height: b.size, fill: true });
      } else if (term === 'p+k') {
        const b = band(this.x, o.p + k);
        shapes.push({ kind: 'rect', y: 0, height: box.height, x: b.from, width: b.size, fill: true });
      } else if (term === 'k') {
        // The diagonal q − p = k through the cells' corners, clipped to the view.
        const [q0, q1] = this.x.domain();
        const [p0, p1] = this.y.domain();
        const from = Math.max(q0, p0 + k);
        const to = Math.min(q1, p1 + k);
        if (from < to)
          shapes.push({ kind: 'line', x1: this.x(from), y1: this.y(from - k), x2: this.x(to), y2: this.y(to - k) });
      }
      if (term === 'k' || term === 'p' || term === 'p+k')
        shapes.push({ kind: 'ring', x: this.x(o.p + k + 0.5), y: this.y(o.p + 0.5), r: 7 });
    }
    drawHighlight(front, box, shapes);
  }

  private showReadout(point: Point | null): void {
    const shown = this.shown;
    const o = this.drawnOptions;
    const front = select(this.view.frame.front);
    if (!point || !shown || !o) {
      this.view.markCell(null, this.x, this.y);
      front.selectAll('line.diagonal').remove();
      this.pointAt(null);
      return;
    }
    const q = Math.floor(this.x.invert(point.x));
    const p = Math.floor(this.y.invert(point.y));
    // On row p, column p + k or the diagonal of offset k: that term; elsewhere none.
    const near = (a: number, b: number | null) =>
      b !== null && Math.abs(a - b) <= Math.max(1, 3 / Math.max(1e-9, this.x(1) - this.x(0)));
    const pk = o.p !== null ? o.p + (o.k ?? 0) : null;
    this.pointAt(near(q - p, o.k) && o.k !== null ? 'k' : near(p, o.p) ? 'p' : near(q, pk) ? 'p+k' : null);
    const anchor = this.view.markCell({ row: p, col: q }, this.x, this.y)!;
    const k = q - p;
    // The exact distance for this pair, computed for it alone.
    const exactValue = this.core.offsetRowBins({
      first: k,
      stride: 1,
      count: 1,
      dModel: o.dModel,
      base: o.base,
      metric: 'l2',
    })[0];
    // The cells with the same offset q − p = k: a diagonal through the cell, across the view.
    const [q0, q1] = this.x.domain();
    const diagonal = [{ x1: this.x(q0), y1: this.y(q0 - k), x2: this.x(q1), y2: this.y(q1 - k) }];
    front
      .select('g.readout')
      .selectAll('line.diagonal')
      .data(diagonal)
      .join('line')
      .attr('class', 'cursor diagonal on-image')
      .attr('stroke-dasharray', '4 3')
      .attr('x1', (d) => d.x1)
      .attr('y1', (d) => d.y1)
      .attr('x2', (d) => d.x2)
      .attr('y2', (d) => d.y2);
    const lines = [
      `p = ${formatInteger(p)}, q = ${formatInteger(q)}`,
      `offset |q − p| = ${formatInteger(Math.abs(k))}`,
      `‖PE(p) − PE(q)‖ = ${exact(exactValue)}`,
      `same on the whole dashed diagonal`,
    ];
    if (shown.stride > 1) {
      const r = Math.floor((p - shown.rowStart) / shown.stride);
      const c = Math.floor((q - shown.colStart) / shown.stride);
      const v = shown.diagonals[c - r + shown.rows - 1];
      if (v !== undefined) lines.push(`pixel (${formatInteger(shown.stride)}² cells), root mean square: ${exact(v)}`);
    }
    this.view.frame.tooltip.show(lines, anchor.x, anchor.y);
  }
}
