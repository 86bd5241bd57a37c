// What the heatmap, the distance matrix and M_k share: a grid of values drawn
// as a raster under axes, a colour bar above, and a read-out of the cell under
// the pointer (outlined when cells are large enough to see). The grid may be
// given whole or, for a Toeplitz matrix, by its diagonals. The raster is
// coloured and drawn by the page's paint worker where one runs (its canvas
// handed over on the first layout), else on the page.
import type { ScaleLinear } from 'd3-scale';
import { ChartFrame, type Margin } from './frame.js';
import { devicePixelRatioNow, fitCanvas } from './hidpi-canvas.js';
import { renderColourBar } from './legend.js';
import { COLOUR_MAPS, type ColourMapName } from './paint/colour-schemes.js';
import { MatrixPainter, type MatrixPaint, type Placement } from './paint/matrix-painter.js';
import { paintWorker, type PaintWorkerClient } from './worker/paint-worker-client.js';
import { notePaint } from './worker/pending-paints.js';
import { rasterShape, type Grid, type Raster, type ToeplitzGrid } from './paint/raster.js';

export type { Placement } from './paint/matrix-painter.js';

export interface Cell {
  row: number;
  col: number;
}

export interface ColourSpec {
  map: ColourMapName;
  domain: readonly [number, number];
  label: string;
  format?: (v: number) => string;
}

/** The image drawn: its size in device pixels, and whether cells were averaged into it. */
export type RasterShape = Omit<Raster, 'pixels'>;

/** A collected view's canvas is let go in the worker too. */
const released = new FinalizationRegistry<{ client: PaintWorkerClient; id: number }>(({ client, id }) =>
  client.detach(id),
);

export class MatrixView {
  readonly frame: ChartFrame;
  private painter: MatrixPainter | null = null;
  private context: CanvasRenderingContext2D | null = null;
  /** The paint worker holding the canvas, and the canvas's id there. */
  private worker: { client: PaintWorkerClient; id: number } | null = null;
  /** The page's time for the last draw()'s raster: colouring it here, or copying it to the worker. */
  paintMs = 0;
  /** What the worker last drew: the same again (a mark moved, not the data) is not sent. */
  private sent: { paint: MatrixPaint; width: number; height: number } | null = null;

  constructor(className = 'frame') {
    this.frame = new ChartFrame(className);
  }

  /** Sizes the chart (the plot box inside `margin`); call before draw(). */
  layout(width: number, height: number, margin: Margin): void {
    const { frame } = this;
    frame.sizeLayers(width, height, margin);
    const { box, canvas } = frame;
    if (!this.worker && !this.context) {
      const client = paintWorker();
      if (client) {
        // The worker holds the view only weakly: a chart gone from the page is collected, and its canvas let go.
        const view = new WeakRef(this);
        this.worker = { client, id: client.attach(canvas, () => view.deref()?.workerLost()) };
        released.register(this, this.worker);
      }
    }
    if (this.worker) {
      canvas.style.setProperty('width', `${box.width}px`);
      canvas.style.setProperty('height', `${box.height}px`);
    } else {
      this.context = fitCanvas(canvas, box.width, box.height);
    }
  }

  /** Draws `cells` over `at` (default: the plot box, after layout) and the colour bar above it. */
  draw(cells: Grid | ToeplitzGrid, colour: ColourSpec, at?: Placement, bar = true): RasterShape {
    const { box } = this.frame;
    const place = at ?? { x: 0, y: 0, width: box.width, height: box.height };
    const paint: MatrixPaint = { cells, map: colour.map, domain: colour.domain, place, ratio: devicePixelRatioNow() };
    const started = performance.now();
    const raster = this.worker ? this.paintInWorker(this.worker, paint) : this.paintHere(paint);
    this.paintMs = performance.now() - started;
    if (bar) {
      // The bar sits at the top right; its title, right-aligned, needs about 90 px to its left.
      const barWidth = Math.max(60, Math.min(240, box.width - 90));
      renderColourBar(this.frame.front, {
        interpolator: COLOUR_MAPS[colour.map],
        domain: colour.domain,
        label: colour.label,
        format: colour.format,
        x: box.left + box.width - barWidth,
        y: 6,
        width: barWidth,
      });
    }
    return raster;
  }

  private paintHere(paint: MatrixPaint): RasterShape {
    this.painter ??= new MatrixPainter();
    const { pixels: _pixels, ...shape } = this.painter.paint(this.context!, paint);
    return shape;
  }

  private paintInWorker(worker: { client: PaintWorkerClient; id: number }, paint: MatrixPaint): RasterShape {
    const { box } = this.frame;
    const { cells, place, ratio } = paint;
    const shape =
      'diagonals' in cells
        ? { width: cells.cols, height: cells.rows, downsampled: false }
        : rasterShape(
            cells.rows,
            cells.cols,
            Math.round(Math.abs(place.width) * ratio),
            Math.round(Math.abs(place.height) * ratio),
          );
    if (!this.sameAsSent(paint)) {
      this.sent = { paint, width: box.width, height: box.height };
      notePaint(worker.client.paint(worker.id, box.width, box.height, paint));
    }
    return shape;
  }

  private sameAsSent(paint: MatrixPaint): boolean {
    const sent = this.sent;
    if (!sent) return false;
    const a = sent.paint;
    const values = (p: MatrixPaint) => ('diagonals' in p.cells ? p.cells.diagonals : p.cells.values);
    return (
      sent.width === this.frame.box.width &&
      sent.height === this.frame.box.height &&
      values(a) === values(paint) &&
      a.cells.rows === paint.cells.rows &&
      a.cells.cols === paint.cells.cols &&
      a.map === paint.map &&
      a.domain[0] === paint.domain[0] &&
      a.domain[1] === paint.domain[1] &&
      a.ratio === paint.ratio &&
      JSON.stringify(a.place) === JSON.stringify(paint.place)
    );
  }

  /** The worker failed: a new canvas on the page, and the chart asked to draw again. */
  private workerLost(): void {
    this.worker = null;
    this.sent = null;
    this.frame.replaceCanvas();
    this.frame.root.dispatchEvent(new Event('phasor-repaint', { bubbles: true, composed: true }));
  }

  /** Outlines `cell` (x: columns, y: rows scales over cell edges) or clears the outline when null; returns the cell centre. */
  markCell(
    cell: Cell | null,
    x: ScaleLinear<number, number>,
    y: ScaleLinear<number, number>,
    colOrigin = 0,
    rowOrigin = 0,
  ): { x: number; y: number } | null {
    if (!cell) {
      this.frame.clearReadout();
      return null;
    }
    const { box } = this.frame;
    const x0 = x(colOrigin + cell.col);
    const x1 = x(colOrigin + cell.col + 1);
    const y0 = y(rowOrigin + cell.row);
    const y1 = y(rowOrigin + cell.row + 1);
    const g = this.frame.readoutLayer();
    const big = Math.abs(x1 - x0) >= 4 && Math.abs(y1 - y0) >= 4;
    const rect = big ? [{ x: Math.min(x0, x1), y: Math.min(y0, y1), w: Math.abs(x1 - x0), h: Math.abs(y1 - y0) }] : [];
    g.selectAll('rect')
      .data(rect)
      .join('rect')
      .attr('class', 'cursor on-image')
      .attr('x', (d) => d.x)
      .attr('y', (d) => d.y)
      .attr('width', (d) => d.w)
      .attr('height', (d) => d.h);
    const cx = Math.min(box.width, Math.max(0, (x0 + x1) / 2));
    const cy = Math.min(box.height, Math.max(0, (y0 + y1) / 2));
    const cross = big
      ? []
      : [
          { x1: cx, x2: cx, y1: 0, y2: box.height },
          { x1: 0, x2: box.width, y1: cy, y2: cy },
        ];
    g.selectAll('line.cross')
      .data(cross)
      .join('line')
      .attr('class', 'cursor cross on-image')
      .attr('x1', (d) => d.x1)
      .attr('x2', (d) => d.x2)
      .attr('y1', (d) => d.y1)
      .attr('y2', (d) => d.y2);
    return { x: box.left + cx, y: box.top + Math.max(0, Math.min(y0, y1)) };
  }
}
