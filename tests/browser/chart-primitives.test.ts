// The drawing primitives in Node: rasterize (colour lookup and the box filter
// that averages cells down to pixels), the colour lookup table, the min/max
// reduction of dense lines, and the number formats of the read-outs.
import { interpolateRdBu } from 'd3-scale-chromatic';
import { describe, expect, test } from 'vitest';
import { colourLut, parseColour } from '../../web/src/charts/paint/colour-lut.js';
import { fitTickLabels, estimatedTextWidth } from '../../web/src/charts/axis-units.js';
import { powerOfTen, scientific, superscript } from '../../web/src/charts/format.js';
import { lutIndex, rasterize } from '../../web/src/charts/paint/raster.js';
import { drawLine } from '../../web/src/charts/paint/line-plot.js';

/** A lookup table whose entry n is the packed pixel with red = n, so a pixel tells which entry coloured it. */
function indexLut(size: number) {
  return colourLut((t) => `rgb(${Math.round(t * (size - 1))}, 0, 0)`, size);
}
const entry = (pixel: number) => pixel & 0xff;

describe('rasterize', () => {
  test('colours every cell through the lookup table when the grid is smaller than the pixels', () => {
    const grid = { values: Float32Array.from([-1, 0, 1, 1, 0.5, -1]), rows: 2, cols: 3 };
    const raster = rasterize(grid, indexLut(5), [-1, 1], 100, 100);
    expect([raster.width, raster.height, raster.downsampled]).toEqual([3, 2, false]);
    expect(Array.from(raster.pixels, entry)).toEqual([0, 2, 4, 4, 3, 0]);
    expect(raster.pixels[0] >>> 24).toBe(255); // opaque
  });

  test('averages each block of cells when there are more cells than pixels', () => {
    // 4 × 4 → 2 × 2: each pixel is the mean of a 2 × 2 block.
    const values = Float32Array.from([0, 2, 4, 4, 2, 0, 4, 4, 1, 1, 3, 1, 1, 1, 1, 3]);
    const raster = rasterize({ values, rows: 4, cols: 4 }, indexLut(5), [0, 4], 2, 2);
    expect([raster.width, raster.height, raster.downsampled]).toEqual([2, 2, true]);
    expect(Array.from(raster.pixels, entry)).toEqual([1, 4, 1, 2]);
  });

  test('averages uneven blocks by their own cell counts', () => {
    // 5 columns into 2 pixels: columns 0–2 and 3–4.
    const values = Float32Array.from([3, 3, 0, 4, 2]);
    const raster = rasterize({ values, rows: 1, cols: 5 }, indexLut(5), [0, 4], 2, 1);
    expect(Array.from(raster.pixels, entry)).toEqual([2, 3]);
  });

  test("each pixel is the lookup of its block's mean, at sizes that divide unevenly", () => {
    // A reference written plainly: the block of pixel (r, b) is rows ⌊r·rows/outRows⌋ … up to the next
    // pixel's, and the columns c with ⌊c·outCols/cols⌋ = b (from ⌈b·cols/outCols⌉), summed in reading order.
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (const [rows, cols, maxCols, maxRows] of [
      [7, 1000, 842, 7],
      [500, 1000, 842, 500],
      [37, 53, 10, 9],
      [64, 9, 9, 5],
      [300, 50, 7, 11],
    ]) {
      const values = Float32Array.from({ length: rows * cols }, random);
      const lut = indexLut(257);
      const raster = rasterize({ values, rows, cols }, lut, [-1, 1], maxCols, maxRows);
      const rowEdge = (n: number) => Math.floor((n * rows) / raster.height);
      const colEdge = (n: number) => Math.ceil((n * cols) / raster.width);
      const want: number[] = [];
      for (let r = 0; r < raster.height; r++) {
        for (let b = 0; b < raster.width; b++) {
          const [r0, r1, c0, c1] = [rowEdge(r), rowEdge(r + 1), colEdge(b), colEdge(b + 1)];
          let sum = 0;
          for (let gr = r0; gr < r1; gr++) for (let c = c0; c < c1; c++) sum += values[gr * cols + c];
          want.push(lut.pixels[lutIndex((sum / ((r1 - r0) * (c1 - c0)) + 1) * 128, 256)]);
        }
      }
      expect(Array.from(raster.pixels), `${rows} × ${cols} → ${maxRows} × ${maxCols}`).toEqual(want);
    }
  });

  test('clamps values outside the domain to the end colours and leaves NaN transparent', () => {
    const raster = rasterize(
      { values: Float32Array.from([-7, 9, NaN]), rows: 1, cols: 3 },
      indexLut(5),
      [0, 4],
      10,
      10,
    );
    expect(entry(raster.pixels[0])).toBe(0);
    expect(entry(raster.pixels[1])).toBe(4);
    expect(raster.pixels[2]).toBe(0);
  });
});

describe('colourLut', () => {
  test('samples the interpolator from t = 0 to t = 1 into packed RGBA pixels', () => {
    const lut = colourLut(interpolateRdBu, 256);
    const unpack = (p: number) => [p & 0xff, (p >> 8) & 0xff, (p >> 16) & 0xff, p >>> 24];
    expect(unpack(lut.pixels[0])).toEqual([...parseColour(interpolateRdBu(0)), 255]);
    expect(unpack(lut.pixels[255])).toEqual([...parseColour(interpolateRdBu(1)), 255]);
  });

  test('parseColour reads the hex and rgb() forms d3 returns and refuses anything else', () => {
    expect(parseColour('#440154')).toEqual([0x44, 0x01, 0x54]);
    expect(parseColour('rgb(103, 0, 31)')).toEqual([103, 0, 31]);
    expect(() => parseColour('steelblue')).toThrow(RangeError);
  });
});

describe('drawLine', () => {
  /** A canvas context that records the path, and the rectangles filled. */
  function recorder() {
    const points: [number, number][] = [];
    const rects: [number, number, number, number][] = [];
    const ctx = {
      save() {},
      restore() {},
      beginPath() {},
      closePath() {},
      stroke() {},
      fill() {},
      arc() {},
      setLineDash() {},
      lineWidth: 1,
      lineDashOffset: 0,
      moveTo: (x: number, y: number) => points.push([x, y]),
      lineTo: (x: number, y: number) => points.push([x, y]),
      fillRect: (x: number, y: number, w: number, h: number) => rects.push([x, y, w, h]),
    } as unknown as CanvasRenderingContext2D;
    return { ctx, points, rects };
  }

  test('draws every point when they are at least a pixel apart', () => {
    const { ctx, points, rects } = recorder();
    drawLine(
      ctx,
      { y: [1, 2, 3], colour: 'red', dotsAbove: 0 },
      (x) => x * 10,
      (y) => y,
    );
    expect(points).toEqual([
      [0, 1],
      [10, 2],
      [20, 3],
    ]);
    expect(rects).toEqual([]);
  });

  test("draws more points than pixel columns as each column's band from its lowest to its highest value, joined to the column before", () => {
    const { ctx, points, rects } = recorder();
    const y = Float64Array.from({ length: 1000 }, (_, n) => Math.sin(n * 0.37) * (1 + n / 1000));
    drawLine(
      ctx,
      { y, colour: 'red', dotsAbove: 0, width: 2 },
      (x) => x / 100,
      (v) => v,
    ); // 1000 points over 10 px, line 2 px wide
    expect(points).toEqual([]);
    expect(rects.length).toBe(10);
    for (let column = 0; column < 10; column++) {
      const values = [...(column > 0 ? [y[column * 100 - 1]] : []), ...y.slice(column * 100, column * 100 + 100)];
      const [lo, hi] = [Math.min(...values) - 1, Math.max(...values) + 1];
      expect(rects[column]).toEqual([column, lo, 1, hi - lo]);
    }
  });

  test('fills a zig-zag of points 1 to 2 px apart too, each band reaching the next column with a value (no gaps)', () => {
    const { ctx, rects } = recorder();
    drawLine(
      ctx,
      { y: [0, 100, 0, 100], colour: 'red', dotsAbove: 0, width: 2 },
      (x) => x * 1.5,
      (v) => v,
    ); // columns 0, 1, 3, 4; 300 px up and down over 6 px
    expect(rects).toEqual([
      [0, -1, 1, 2],
      [1, -1, 2, 102],
      [3, -1, 1, 102],
      [4, -1, 1, 102],
    ]);
  });

  test('breaks the band at a NaN: the column before does not reach across the gap', () => {
    const { ctx, rects } = recorder();
    // Columns 0, 1, 3, 4, 6 (points 1.5 px apart, zig-zagging): column 3 holds the step from 100 and then the NaN, so it
    // does not reach column 4, while every other band reaches the next column.
    drawLine(
      ctx,
      { y: [0, 100, NaN, 0, 100], colour: 'red', dotsAbove: 0, width: 2 },
      (x) => x * 1.5,
      (v) => v,
    );
    expect(rects).toEqual([
      [0, -1, 1, 2],
      [1, -1, 2, 102],
      [3, 99, 1, 2],
      [4, -1, 2, 2],
      [6, -1, 1, 102],
    ]);
  });

  test('strokes a smooth curve of points 1 to 2 px apart (antialiased, as drawn)', () => {
    const { ctx, points } = recorder();
    const y = Array.from({ length: 100 }, (_, n) => 40 * Math.sin(n / 30));
    drawLine(
      ctx,
      { y, colour: 'red', dotsAbove: 0 },
      (x) => x * 1.5,
      (v) => v,
    );
    expect(points).toEqual(y.map((v, n) => [n * 1.5, v]));
  });

  test('keeps a dense dashed series dashed: only the columns in the dashes along x, from the dash offset', () => {
    const { ctx, rects } = recorder();
    Object.assign(ctx, { lineDashOffset: 1 });
    drawLine(
      ctx,
      { y: new Float64Array(1000), colour: 'red', dotsAbove: 0, dash: [2, 3] },
      (x) => x / 100,
      (v) => v,
    );
    // The pattern starts at column 0 − offset 1: on over [−1, 1), [4, 6), [9, 11); column centres 0.5, 4.5, 5.5, 9.5 are on.
    expect(rects.map(([x]) => x)).toEqual([0, 4, 5, 9]);
  });
});

describe('number formats', () => {
  test('scientific writes small errors with a superscript exponent', () => {
    expect(scientific(9.2633e-8)).toBe('9.26 × 10⁻⁸');
    expect(scientific(0)).toBe('0');
  });

  test('powerOfTen keeps 1, 10 and 100 as numbers and writes other powers with superscripts', () => {
    expect([1, 10, 100, 1000, 1e5, 0.1, 1e-4].map(powerOfTen)).toEqual([
      '1',
      '10',
      '100',
      '10³',
      '10⁵',
      '10⁻¹',
      '10⁻⁴',
    ]);
  });
});

describe('fitTickLabels', () => {
  test("keeps d3's labels when they fit the room", () => {
    const fitted = fitTickLabels([-20, 0, 20], [-25, 25], 5, 'dot', 36);
    expect([-20, 0, 20].map(fitted.format)).toEqual(['−20', '0', '20']);
    expect(fitted.label).toBe('dot');
  });

  test('writes values too wide for the room in units of the largest power of ten, named in the title', () => {
    const values = [-6e-5, -4e-5, -2e-5, 0, 2e-5, 4e-5, 6e-5];
    expect(estimatedTextWidth('−0.00006')).toBeGreaterThan(36);
    const fitted = fitTickLabels(values, [-6e-5, 6e-5], 5, 'PE(p)·PE(p+k)', 36);
    expect(values.map(fitted.format)).toEqual(['−6', '−4', '−2', '0', '2', '4', '6']);
    expect(fitted.label).toBe('PE(p)·PE(p+k) (×10⁻⁵)');
    const large = fitTickLabels([0, 2e6, 4e6], [0, 4e6], 5, 'n', 36);
    expect([0, 2e6, 4e6].map(large.format)).toEqual(['0', '2', '4']);
    expect(large.label).toBe('n (×10⁶)');
    // Steps finer than the unit keep their decimals.
    const fine = fitTickLabels([0, 2.5e-5, 5e-5], [0, 5e-5], 5, 'v', 36);
    expect([0, 2.5e-5, 5e-5].map(fine.format)).toEqual(['0.0', '2.5', '5.0']);
  });

  test("keeps the caller's format, however wide", () => {
    const fitted = fitTickLabels([1e-9], [0, 1e-9], 5, 'v', 10, (v) => v.toExponential());
    expect(fitted.format(1e-9)).toBe('1e-9');
    expect(fitted.label).toBe('v');
  });

  test('superscript writes signed integer exponents', () => {
    expect([superscript(-5), superscript(12), superscript(0)]).toEqual(['⁻⁵', '¹²', '⁰']);
  });
});

describe('lutIndex', () => {
  test('is Math.round clamped to the table, for values in and out of it', () => {
    const last = 255;
    const ys = [
      -1e300,
      -3,
      -0.5,
      -0.49,
      -0,
      0,
      0.49,
      0.5,
      0.51,
      1.5,
      2.5,
      127.49,
      127.5,
      254.5,
      254.51,
      255,
      255.4,
      255.5,
      1e300,
      Infinity,
      -Infinity,
    ];
    for (let n = 0; n < 2000; n++) ys.push(-20 + n * 0.1487);
    for (const y of ys) expect(lutIndex(y, last), String(y)).toBe(Math.min(last, Math.max(0, Math.round(y))));
  });
});
