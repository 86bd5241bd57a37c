// What the heatmap, the distance matrix and M_k share: a grid of values drawn
// as a raster under axes, a colour bar above, and a read-out of the cell under
// the pointer (outlined when cells are large enough to see). The grid may be
// given whole or, for a Toeplitz matrix, by its diagonals. The raster is
// coloured and drawn on the data canvas (data-canvas.ts: in the paint worker
// where one runs).
import type { ScaleLinear } from 'd3-scale';
import { marks } from './cursor.js';
import { DataCanvas } from './data-canvas.js';
import { setAttr } from './drawn.js';
import { ChartFrame, type Margin } from './frame.js';
import { devicePixelRatioNow } from './hidpi-canvas.js';
import { renderColourBar } from './legend.js';
import { COLOUR_MAPS, type ColourMapName } from './paint/colour-schemes.js';
import type { MatrixPaint, Placement } from './paint/matrix-painter.js';
import { rasterShape, type Grid, type Raster, type ToeplitzGrid } from './paint/raster.js';

/** Half the width of a colour bar's widest end label ("−2,000" in the axis font). */
const BAR_LABEL_HALF = 20;

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

/** The image a matrix picture becomes (what rasterize() or rasterizeToeplitz() makes of it), without making it. */
function shapeOf({ cells, place, ratio }: MatrixPaint): RasterShape {
  return 'diagonals' in cells
    ? { width: cells.cols, height: cells.rows, downsampled: false }
    : rasterShape(
        cells.rows,
        cells.cols,
        Math.round(Math.abs(place.width) * ratio),
        Math.round(Math.abs(place.height) * ratio),
      );
}

export class MatrixView {
  readonly frame: ChartFrame;
  private readonly canvas: DataCanvas;

  constructor(className = 'frame') {
    this.frame = new ChartFrame(className);
    this.canvas = new DataCanvas(this.frame);
  }

  /** The page's time for the last draw()'s raster: colouring it here, or copying it to the worker. */
  get paintMs(): number {
    return this.canvas.paintMs;
  }

  /** Sizes the chart (the plot box inside `margin`); call before draw(). */
  layout(width: number, height: number, margin: Margin): void {
    this.frame.sizeLayers(width, height, margin);
    this.canvas.size();
  }

  /** Draws `cells` over `at` (default: the plot box, after layout) and the colour bar above it. */
  draw(cells: Grid | ToeplitzGrid, colour: ColourSpec, at?: Placement, bar = true): RasterShape {
    const { box } = this.frame;
    const place = at ?? { x: 0, y: 0, width: box.width, height: box.height };
    const matrix: MatrixPaint = { cells, map: colour.map, domain: colour.domain, place, ratio: devicePixelRatioNow() };
    this.canvas.paint({ kind: 'matrix', matrix });
    if (bar) {
      // The bar sits at the top right; its title, right-aligned, needs about 90 px to its left. Its end
      // labels are centred on its ends: it stops half a label short of the SVG's right edge.
      const right = Math.min(box.left + box.width, this.frame.width - BAR_LABEL_HALF);
      const barWidth = Math.max(60, Math.min(240, right - box.left - 90));
      renderColourBar(this.frame.front, {
        interpolator: COLOUR_MAPS[colour.map],
        domain: colour.domain,
        label: colour.label,
        format: colour.format,
        x: right - barWidth,
        y: 6,
        width: barWidth,
      });
    }
    return shapeOf(matrix);
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
    const g = this.frame.readoutLayer().node()!;
    const big = Math.abs(x1 - x0) >= 4 && Math.abs(y1 - y0) >= 4;
    // A cell of 4 px or more is outlined; a smaller one is found by a cross through it.
    // Each mark over its halo (a wider copy in the background colour), made first so it lies beneath.
    const cellMarks = [
      ...marks(g, 'rect', 'cursor-halo cell', big ? 1 : 0),
      ...marks(g, 'rect', 'cursor on-image', big ? 1 : 0),
    ];
    for (const rect of cellMarks) {
      setAttr(rect, 'x', String(Math.min(x0, x1)));
      setAttr(rect, 'y', String(Math.min(y0, y1)));
      setAttr(rect, 'width', String(Math.abs(x1 - x0)));
      setAttr(rect, 'height', String(Math.abs(y1 - y0)));
    }
    const cx = Math.min(box.width, Math.max(0, (x0 + x1) / 2));
    const cy = Math.min(box.height, Math.max(0, (y0 + y1) / 2));
    const cross = [
      [cx, cx, 0, box.height],
      [0, box.width, cy, cy],
    ];
    const crossLines = [
      ...marks(g, 'line', 'cursor-halo cross', big ? 0 : 2),
      ...marks(g, 'line', 'cursor cross on-image', big ? 0 : 2),
    ];
    crossLines.forEach((line, i) => {
      const [lx1, lx2, ly1, ly2] = cross[i % 2];
      setAttr(line, 'x1', String(lx1));
      setAttr(line, 'x2', String(lx2));
      setAttr(line, 'y1', String(ly1));
      setAttr(line, 'y2', String(ly2));
    });
    return { x: box.left + cx, y: box.top + Math.max(0, Math.min(y0, y1)) };
  }
}
