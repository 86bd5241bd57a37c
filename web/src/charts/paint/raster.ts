// A matrix of values drawn as coloured cells on canvas. The cells are written
// into an ImageData through a colour lookup table; when there are more cells
// than device pixels, each pixel shows the mean of the block of cells it
// covers (a box filter), so fine stripes average out instead of aliasing
// into false patterns.
import type { ColourLut } from './colour-lut.js';
import type { Context2D } from './context.js';

export interface Grid {
  /** rows × cols values, row-major. */
  values: Float32Array;
  rows: number;
  cols: number;
}

export interface Raster {
  /** width × height packed RGBA pixels (ImageData byte order), row-major. */
  pixels: Uint32Array<ArrayBuffer>;
  width: number;
  height: number;
  /** true when the image has fewer columns or rows than the grid (cells were averaged). */
  downsampled: boolean;
}

/**
 * The lookup-table entry of y (in entries from the first): Math.round(y)
 * clamped to [0, last], as floor(y + 0.5) with branches that stay predicted.
 * Math.round's own test of the fraction is mispredicted on noisy tables,
 * where it would be most of a raster's time. (y within one ulp below a half
 * may round up: a colour one entry of 256 away, where none can see it.)
 */
export function lutIndex(y: number, last: number): number {
  const x = y + 0.5;
  return x >= 1 ? (x < last ? x | 0 : last) : 0;
}

/** The size of the image rasterize() makes of a rows × cols grid within maxCols × maxRows pixels, without making it. */
export function rasterShape(rows: number, cols: number, maxCols: number, maxRows: number): Omit<Raster, 'pixels'> {
  const width = Math.max(1, Math.min(cols, Math.floor(maxCols)));
  const height = Math.max(1, Math.min(rows, Math.floor(maxRows)));
  return { width, height, downsampled: width < cols || height < rows };
}

/** A float64 row of column sums, kept between calls (grown to the widest grid). */
let columnSums = new Float64Array(0);

/**
 * Colours a grid into an image of at most maxCols × maxRows pixels; values
 * outside `domain` are clamped. `reuse`: a raster no longer shown, whose
 * pixels are written over when they are the size needed (no new megabytes a
 * frame for the garbage collector during a drag).
 */
export function rasterize(
  grid: Grid,
  lut: ColourLut,
  domain: readonly [number, number],
  maxCols: number,
  maxRows: number,
  reuse?: Raster,
): Raster {
  const { values, rows, cols } = grid;
  const { width: outCols, height: outRows } = rasterShape(rows, cols, maxCols, maxRows);
  const pixels = reuse?.pixels.length === outCols * outRows ? reuse.pixels : new Uint32Array(outCols * outRows);
  const [lo, hi] = domain;
  const toIndex = (lut.size - 1) / (hi - lo || 1);
  const last = lut.size - 1;
  const colours = lut.pixels;

  // Output column b averages grid columns colStart[b] … colStart[b + 1] − 1
  // (every b gets at least one: outCols ≤ cols). For each pixel row, the grid
  // columns are first summed down its rows (one tight loop over the row, in a
  // scratch row of float64), then each pixel adds up its columns' sums: each
  // cell is read once, in order, where summing a block cell by cell reads
  // across rows for every pixel. The sums of a few float32 values
  // are exact in float64, so the order does not change a mean.
  const colStart = new Int32Array(outCols + 1);
  for (let c = cols - 1; c >= 0; c--) colStart[Math.floor((c * outCols) / cols)] = c;
  colStart[outCols] = cols;
  if (columnSums.length < cols) columnSums = new Float64Array(cols);
  const sums = columnSums;
  for (let r = 0; r < outRows; r++) {
    const r0 = Math.floor((r * rows) / outRows);
    const r1 = Math.floor(((r + 1) * rows) / outRows);
    let start = r0 * cols;
    for (let c = 0; c < cols; c++) sums[c] = values[start + c];
    for (let gr = r0 + 1; gr < r1; gr++) {
      start = gr * cols;
      for (let c = 0; c < cols; c++) sums[c] += values[start + c];
    }
    const out = r * outCols;
    for (let b = 0; b < outCols; b++) {
      const c0 = colStart[b];
      const c1 = colStart[b + 1];
      let sum = sums[c0];
      for (let c = c0 + 1; c < c1; c++) sum += sums[c];
      const y = (sum / ((r1 - r0) * (c1 - c0)) - lo) * toIndex;
      pixels[out + b] = y === y ? colours[lutIndex(y, last)] : 0; // NaN: transparent
    }
  }
  return { pixels, width: outCols, height: outRows, downsampled: outCols < cols || outRows < rows };
}

/** A Toeplitz grid by its diagonals: cell (r, c) = diagonals[c − r + rows − 1]. */
export interface ToeplitzGrid {
  diagonals: Float32Array;
  rows: number;
  cols: number;
}

/** Colours a Toeplitz grid cell for cell (it is computed at the resolution drawn, so no averaging). */
export function rasterizeToeplitz(grid: ToeplitzGrid, lut: ColourLut, domain: readonly [number, number]): Raster {
  const { diagonals, rows, cols } = grid;
  const [lo, hi] = domain;
  const toIndex = (lut.size - 1) / (hi - lo || 1);
  const last = lut.size - 1;
  // Colour each diagonal once, then copy runs of them into the rows.
  const colours = new Uint32Array(diagonals.length);
  for (let n = 0; n < diagonals.length; n++) {
    const v = diagonals[n];
    colours[n] = v === v ? lut.pixels[lutIndex((v - lo) * toIndex, last)] : 0;
  }
  const pixels = new Uint32Array(rows * cols);
  for (let r = 0; r < rows; r++) pixels.set(colours.subarray(rows - 1 - r, rows - 1 - r + cols), r * cols);
  return { pixels, width: cols, height: rows, downsampled: false };
}

/**
 * Draws a raster stretched over a rectangle (CSS pixels, mapped to device
 * pixels by the context's transform), with hard cell edges: each device
 * pixel takes the cell under its centre, and the whole canvas is written at
 * once (putImageData; pixels outside the rectangle transparent). Scaling
 * with drawImage instead cost a worker's OffscreenCanvas several times the
 * colouring itself. `image` is reused when it is the canvas's size.
 */
export function drawRaster(
  ctx: Context2D,
  raster: Raster,
  x: number,
  y: number,
  width: number,
  height: number,
  image?: ImageData,
): ImageData {
  const { a, d, e, f } = ctx.getTransform();
  const canvasWidth = ctx.canvas.width;
  const canvasHeight = ctx.canvas.height;
  const out =
    image?.width === canvasWidth && image.height === canvasHeight ? image : new ImageData(canvasWidth, canvasHeight);
  const pixels = new Uint32Array(out.data.buffer);
  pixels.fill(0);
  // Device-pixel edges of the rectangle, and for each device column the raster column under its centre.
  const left = e + a * x;
  const right = e + a * (x + width);
  const top = f + d * y;
  const bottom = f + d * (y + height);
  const columnOf = new Int32Array(canvasWidth);
  for (let px = 0; px < canvasWidth; px++) {
    const t = (px + 0.5 - left) / (right - left);
    columnOf[px] = t >= 0 && t < 1 ? Math.floor(t * raster.width) : -1;
  }
  const source = raster.pixels;
  for (let py = 0; py < canvasHeight; py++) {
    const t = (py + 0.5 - top) / (bottom - top);
    if (!(t >= 0 && t < 1)) continue;
    const from = Math.floor(t * raster.height) * raster.width;
    const row = py * canvasWidth;
    for (let px = 0; px < canvasWidth; px++) {
      const c = columnOf[px];
      if (c >= 0) pixels[row + px] = source[from + c];
    }
  }
  ctx.putImageData(out, 0, 0);
  return out;
}
