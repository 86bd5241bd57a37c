// The n × n matrix of distances ‖PE(p) − PE(q)‖, positions p down and q
// across, zoomed on both axes together. It depends on q − p alone (Toeplitz),
// so it is drawn from one value per diagonal of pixel blocks: layout() says
// which offsets its owner computes, draw() paints them. Row p and column
// p + k are marked; the read-out traces the diagonal of equal offset through
// the cell under the pointer.
import { scaleLinear } from 'd3-scale';
import { positionTicks, renderAxes } from './axes.js';
import { binsFor } from './bins.js';
import { marks } from './cursor.js';
import { setAttr } from './drawn.js';
import { integer as formatInteger } from './format.js';
import { drawHighlight, type HighlightShape } from './highlight-layer.js';
import { devicePixelRatioNow } from './hidpi-canvas.js';
import { MatrixView } from './matrix-view.js';
import { drawPositionMarks, type PositionMark } from './position-marks.js';
import { attachReadout, type Point } from './readout.js';
import { ZoomWindow, type ZoomLimits } from './zoom.js';

const MARGIN = { top: 44, right: 14, bottom: 44, left: 64 };

/** The pixel blocks a view shows: `rows` × `cols` blocks of stride × stride cells from (rowStart, colStart). */
export interface DistanceBlocks {
  stride: number;
  rowStart: number;
  colStart: number;
  rows: number;
  cols: number;
  /** The offsets to compute, one per diagonal of blocks: first, first + stride, …, count of them. */
  offsets: { first: number; stride: number; count: number };
}

/** The cell under the pointer: row p, column q. */
export interface DistanceCell {
  p: number;
  q: number;
}

export class DistanceMatrix {
  readonly view = new MatrixView();
  readonly zoom: ZoomWindow;
  private x = scaleLinear();
  private y = scaleLinear();
  private blocks: DistanceBlocks | null = null;
  /** p and the k that marks p + k, as drawn; null before a draw with p. */
  private marked: { p: number; k: number } | null = null;
  private readonly refreshReadout: () => void;

  /**
   * @param zoomed the view moved (draw again)
   * @param read the read-out's lines for a cell, or null when the pointer left or nothing is drawn
   */
  constructor(zoomed: () => void, read: (cell: DistanceCell | null) => string[] | null) {
    const { frame } = this.view;
    this.zoom = new ZoomWindow(frame.front, 'xy', zoomed, () => frame.root.matches(':focus'));
    this.refreshReadout = attachReadout(
      {
        frame,
        show: (point) => this.showReadout(point, read),
        step: () => ({ x: Math.max(1, this.x(1) - this.x(0)), y: Math.max(1, this.y(1) - this.y(0)) }),
      },
      'Distance matrix',
      this.zoom,
    );
  }

  /** Lays the chart out at `width` for positions 0 … n − 1; returns the blocks the view shows and the window on each axis. */
  layout(
    width: number,
    n: number,
    limits: ZoomLimits,
  ): { blocks: DistanceBlocks; p: readonly [number, number]; q: readonly [number, number] } {
    const side = Math.max(120, Math.min(520, width - MARGIN.left - MARGIN.right));
    const margin = { ...MARGIN, right: width - MARGIN.left - side };
    const { frame } = this.view;
    this.view.layout(width, side + MARGIN.top + MARGIN.bottom, margin);
    const { box } = frame;
    this.zoom.configure({ x: [0, n], y: [0, n] }, box, limits);
    const { x: qView, y: pView } = this.zoom.current;
    this.x = scaleLinear().domain(qView).range([0, box.width]);
    this.y = scaleLinear().domain(pView).range([0, box.height]);
    const pixels = box.width * devicePixelRatioNow();
    const rowsBins = binsFor(pView, pixels, 0, limits);
    const colsBins = binsFor(qView, pixels, 0, limits, rowsBins.stride); // one stride: the blocks are square
    const s = rowsBins.stride;
    const rows = rowsBins.count;
    const cols = colsBins.count;
    // Block (r, c) has offsets q − p centred on colStart − rowStart + (c − r)·s.
    const first = colsBins.first - rowsBins.first - (rows - 1) * s;
    this.blocks = {
      stride: s,
      rowStart: rowsBins.first,
      colStart: colsBins.first,
      rows,
      cols,
      offsets: { first, stride: s, count: rows + cols - 1 },
    };
    return { blocks: this.blocks, p: pView, q: qView };
  }

  /**
   * Draws the blocks by diagonal (block (r, c) = diagonals[c − r + rows − 1])
   * on the colour scale [0, top], and the marks of row p and column p + k.
   */
  draw(diagonals: Float32Array, domain: readonly [number, number], marks: readonly PositionMark[]): void {
    const { frame } = this.view;
    const { box } = frame;
    const b = this.blocks!;
    const x0 = this.x(b.colStart);
    const y0 = this.y(b.rowStart);
    this.view.draw(
      { diagonals, rows: b.rows, cols: b.cols },
      { map: 'sequential', domain, label: '‖PE(p) − PE(q)‖' },
      {
        x: x0,
        y: y0,
        width: this.x(b.colStart + b.cols * b.stride) - x0,
        height: this.y(b.rowStart + b.rows * b.stride) - y0,
      },
    );
    renderAxes(frame.front, box, {
      bottom: { scale: this.x, label: 'position q', values: positionTicks(this.x, box.width), format: formatInteger },
      left: { scale: this.y, label: 'position p', values: positionTicks(this.y, box.height), format: formatInteger },
    });
    const [rowMark, colMark] = marks;
    this.marked = rowMark ? { p: rowMark.at, k: colMark ? colMark.at - rowMark.at : 0 } : null;
    drawPositionMarks(frame.front, box, this.y, 'h', rowMark ? [rowMark] : []);
    // p's row near the bottom: its label is there, so p + k's goes at the top.
    const rowNearBottom = rowMark !== undefined && this.y(rowMark.at + 0.5) > box.height - 24;
    drawPositionMarks(frame.front, box, this.x, 'v', colMark ? [colMark] : [], rowNearBottom);
    this.refreshReadout();
  }

  /** What the chart shows, for screen readers. */
  describe(text: string): void {
    this.view.frame.describe(text);
  }

  /** Whether a position or offset `a` is within 3 px (at least one cell) of `b`. */
  near(a: number, b: number | null): boolean {
    return b !== null && Math.abs(a - b) <= Math.max(1, 3 / Math.max(1e-9, this.x(1) - this.x(0)));
  }

  /** p: its row; p + k: its column; k: the diagonal q − p = k, every cell at that offset. */
  highlight(term: string | null): void {
    const { box, front } = this.view.frame;
    const shapes: HighlightShape[] = [];
    const m = this.marked;
    if (m && term) {
      const { p, k } = m;
      const band = (scale: typeof this.x, at: number) => ({
        from: scale(at),
        size: Math.max(3, scale(at + 1) - scale(at)),
      });
      if (term === 'p') {
        const b = band(this.y, p);
        shapes.push({ kind: 'rect', x: 0, width: box.width, y: b.from, height: b.size, fill: true });
      } else if (term === 'p+k') {
        const b = band(this.x, p + k);
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
        shapes.push({ kind: 'ring', x: this.x(p + k + 0.5), y: this.y(p + 0.5), r: 7 });
    }
    drawHighlight(front, box, shapes);
  }

  private showReadout(point: Point | null, read: (cell: DistanceCell | null) => string[] | null): void {
    const lines =
      point && this.blocks
        ? read({ p: Math.floor(this.y.invert(point.y)), q: Math.floor(this.x.invert(point.x)) })
        : read(null);
    if (!point || !lines) {
      this.view.markCell(null, this.x, this.y);
      return;
    }
    const q = Math.floor(this.x.invert(point.x));
    const p = Math.floor(this.y.invert(point.y));
    const anchor = this.view.markCell({ row: p, col: q }, this.x, this.y)!;
    // The cells with the same offset q − p = k: a diagonal through the cell, across the view.
    const k = q - p;
    // The part of it inside the view: q within the columns shown, q − k within the rows shown.
    const [qa, qb] = this.x.domain();
    const [pa, pb] = this.y.domain();
    const from = Math.max(Math.min(qa, qb), Math.min(pa, pb) + k);
    const to = Math.min(Math.max(qa, qb), Math.max(pa, pb) + k);
    const shown = from < to ? 1 : 0;
    const g = this.view.frame.readoutLayer().node()!;
    // Over its halo, as the cell's mark (matrix-view.ts).
    for (const line of [
      ...marks(g, 'line', 'cursor-halo diagonal', shown),
      ...marks(g, 'line', 'cursor diagonal on-image', shown),
    ]) {
      setAttr(line, 'stroke-dasharray', '4 3');
      setAttr(line, 'x1', String(this.x(from)));
      setAttr(line, 'y1', String(this.y(from - k)));
      setAttr(line, 'x2', String(this.x(to)));
      setAttr(line, 'y2', String(this.y(to - k)));
    }
    this.view.frame.tooltip.show(lines, anchor.x, anchor.y);
  }
}
