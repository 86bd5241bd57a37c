// A matrix of values painted as coloured cells over a rectangle: coloured
// through a lookup table of the named colour map, averaged down to the device
// pixels it covers when there are more cells (raster.ts), and kept as a
// raster, so a redraw of the same values (the same array) at the same size,
// when only a mark moved, repaints without colouring a cell again. Plain inputs: a Worker can run it.
import { colourLut, type ColourLut } from './colour-lut.js';
import { COLOUR_MAPS, type ColourMapName } from './colour-schemes.js';
import type { Context2D } from './context.js';
import { drawRaster, rasterize, rasterizeToeplitz, type Grid, type Raster, type ToeplitzGrid } from './raster.js';

/** Where the cells go, in plot coordinates (CSS px); it may reach past the plot box, which clips it. */
export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MatrixPaint {
  cells: Grid | ToeplitzGrid;
  map: ColourMapName;
  /** Values at or past the ends take the end colours. */
  domain: readonly [number, number];
  place: Placement;
  /** Device pixels per CSS pixel. */
  ratio: number;
}

export class MatrixPainter {
  private readonly luts = new Map<ColourMapName, ColourLut>();
  private kept: {
    values: Float32Array;
    rows: number;
    cols: number;
    width: number;
    height: number;
    map: ColourMapName;
    domain: readonly [number, number];
    raster: Raster;
  } | null = null;

  /** The canvas-sized image the last raster was written into (reused while the size holds). */
  private image: ImageData | undefined;

  /** Paints `spec` on `ctx`; returns the raster drawn (its size says whether cells were averaged). */
  paint(ctx: Context2D, spec: MatrixPaint): Raster {
    const { cells, place, map, domain } = spec;
    const deviceWidth = Math.max(1, Math.round(Math.abs(place.width) * spec.ratio));
    const deviceHeight = Math.max(1, Math.round(Math.abs(place.height) * spec.ratio));
    const values = 'diagonals' in cells ? cells.diagonals : cells.values;
    const k = this.kept;
    let raster: Raster;
    if (
      k &&
      k.values === values &&
      k.rows === cells.rows &&
      k.cols === cells.cols &&
      k.width === deviceWidth &&
      k.height === deviceHeight &&
      k.domain === domain &&
      k.map === map
    ) {
      raster = k.raster;
    } else {
      let lut = this.luts.get(map);
      if (!lut) this.luts.set(map, (lut = colourLut(COLOUR_MAPS[map], 512)));
      raster =
        'diagonals' in cells
          ? rasterizeToeplitz(cells, lut, domain)
          : rasterize(cells, lut, domain, deviceWidth, deviceHeight, k?.raster);
      this.kept = {
        values,
        rows: cells.rows,
        cols: cells.cols,
        width: deviceWidth,
        height: deviceHeight,
        map,
        domain,
        raster,
      };
    }
    this.image = drawRaster(ctx, raster, place.x, place.y, place.width, place.height, this.image);
    return raster;
  }
}
