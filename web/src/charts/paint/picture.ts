// What a chart's data canvas shows, as plain data (a Worker can be sent it):
// a matrix of coloured cells (matrix-painter.ts) or lines and shaded bands
// over plain scales (lines.ts). The page and the paint worker draw a picture
// with the same PicturePainter, so where it is drawn never changes a pixel.
import type { Context2D } from './context.js';
import { drawBand } from './line-plot.js';
import { paintLines, type LinesPaint } from './lines.js';
import { MatrixPainter, type MatrixPaint } from './matrix-painter.js';
import { scaleFunction, type PlainScale } from './plain-scale.js';

/** The band between values lo and hi of `y`, across the plot's `width`, in `colour` at low opacity. */
export interface BandPaint {
  lo: number;
  hi: number;
  colour: string;
  y: PlainScale;
  width: number;
}

export type LinesLayer = { lines: LinesPaint } | { band: BandPaint };

export type Picture =
  | { kind: 'matrix'; matrix: MatrixPaint }
  /** Layers painted in order; `ratio`: device pixels per CSS pixel. */
  | { kind: 'lines'; layers: LinesLayer[]; ratio: number };

/** Device pixels per CSS pixel the picture is drawn at. */
export function pictureRatio(picture: Picture): number {
  return picture.kind === 'matrix' ? picture.matrix.ratio : picture.ratio;
}

/** Draws pictures on one canvas; keeps a matrix's colouring for a redraw of the same values. */
export class PicturePainter {
  private matrix: MatrixPainter | null = null;

  /** Paints `picture` on `ctx` (already sized and cleared, in CSS pixels). */
  paint(ctx: Context2D, picture: Picture): void {
    if (picture.kind === 'matrix') {
      this.matrix ??= new MatrixPainter();
      this.matrix.paint(ctx, picture.matrix);
      return;
    }
    for (const layer of picture.layers) {
      if ('band' in layer) {
        const { lo, hi, colour, y, width } = layer.band;
        drawBand(ctx, lo, hi, colour, scaleFunction(y), width);
      } else paintLines(ctx, layer.lines);
    }
  }
}

/**
 * Whether `b` would draw what `a` drew: the same matrix values (the same
 * array) at the same place, colours and resolution. Lines are compared by
 * identity only: a chart draws new lines only when they changed.
 */
export function samePicture(a: Picture, b: Picture): boolean {
  if (a === b) return true;
  if (a.kind !== 'matrix' || b.kind !== 'matrix') return false;
  const [x, y] = [a.matrix, b.matrix];
  const values = (p: MatrixPaint) => ('diagonals' in p.cells ? p.cells.diagonals : p.cells.values);
  return (
    values(x) === values(y) &&
    x.cells.rows === y.cells.rows &&
    x.cells.cols === y.cells.cols &&
    x.map === y.map &&
    x.domain[0] === y.domain[0] &&
    x.domain[1] === y.domain[1] &&
    x.ratio === y.ratio &&
    x.place.x === y.place.x &&
    x.place.y === y.place.y &&
    x.place.width === y.place.width &&
    x.place.height === y.place.height
  );
}
