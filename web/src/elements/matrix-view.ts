// What the heatmap and the distance matrix share: a grid of values drawn as
// a raster under axes, a colour bar above, and a read-out of the cell under
// the pointer (outlined when cells are large enough to see).
import type { ScaleLinear } from 'd3-scale';
import { colourLut, type ColourLut, type Interpolator } from '../charts/colour-lut.js';
import { ChartFrame } from '../charts/frame.js';
import { drawRaster, rasterize, type Grid, type Raster } from '../charts/heatmap.js';
import { devicePixelRatioNow } from '../charts/hidpi-canvas.js';
import { renderColourBar } from '../charts/legend.js';

export interface Cell {
  row: number;
  col: number;
}

export class MatrixView {
  readonly frame = new ChartFrame();
  private readonly luts = new Map<Interpolator, ColourLut>();
  private raster: { grid: Grid; width: number; height: number; raster: Raster } | null = null;

  /** Draws `grid` into the plot box (after frame.layout) and the colour bar above it. */
  draw(
    ctx: CanvasRenderingContext2D,
    grid: Grid,
    interpolator: Interpolator,
    domain: readonly [number, number],
    barLabel: string,
    barFormat?: (v: number) => string,
  ): Raster {
    const { box } = this.frame;
    const ratio = devicePixelRatioNow();
    const deviceWidth = Math.round(box.width * ratio);
    const deviceHeight = Math.round(box.height * ratio);
    const cached = this.raster;
    let raster: Raster;
    if (cached && cached.grid === grid && cached.width === deviceWidth && cached.height === deviceHeight) {
      raster = cached.raster;
    } else {
      let lut = this.luts.get(interpolator);
      if (!lut) this.luts.set(interpolator, (lut = colourLut(interpolator, 512)));
      raster = rasterize(grid, lut, domain, deviceWidth, deviceHeight);
      this.raster = { grid, width: deviceWidth, height: deviceHeight, raster };
    }
    drawRaster(ctx, raster, 0, 0, box.width, box.height);
    // The bar sits at the top right; its title, right-aligned, needs about 90 px to its left.
    const barWidth = Math.max(60, Math.min(240, box.width - 90));
    renderColourBar(this.frame.front, {
      interpolator,
      domain,
      label: barLabel,
      x: box.left + box.width - barWidth,
      y: 6,
      width: barWidth,
      format: barFormat,
    });
    return raster;
  }

  /** Outlines `cell` (x: columns, y: rows scales over cell edges) or clears the outline when null; returns the cell centre. */
  markCell(cell: Cell | null, x: ScaleLinear<number, number>, y: ScaleLinear<number, number>, colOrigin = 0, rowOrigin = 0): { x: number; y: number } | null {
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
    g.selectAll('rect').data(rect).join('rect').attr('class', 'cursor on-image').attr('x', (d) => d.x).attr('y', (d) => d.y).attr('width', (d) => d.w).attr('height', (d) => d.h);
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    const cross = big ? [] : [{ x1: cx, x2: cx, y1: 0, y2: box.height }, { x1: 0, x2: box.width, y1: cy, y2: cy }];
    g.selectAll('line.cross').data(cross).join('line').attr('class', 'cursor cross on-image').attr('x1', (d) => d.x1).attr('x2', (d) => d.x2).attr('y1', (d) => d.y1).attr('y2', (d) => d.y2);
    return { x: box.left + cx, y: box.top + Math.min(y0, y1) };
  }
}
