// <phasor-heatmap>: the table PE(p, j), positions down, dimensions across, on
// a diverging colour map (charts/encoding-heatmap.ts). Zoom and pan the
// positions from a few rows to the whole range phasor accepts. Only the rows
// drawn are computed: one bin of positions per device pixel, each the exact
// mean of PE over the positions it holds (encodeBins), so any size or zoom
// costs about the same and a dimension faster than a pixel row averages out
// instead of aliasing into false stripes; the caption says which.
import type { Layout, Phasor, Spacing } from '../core/index.js';
import { describeDimension } from '../core/pe-dimensions.js';
import { binOf, binRange, fastPairs } from '../charts/bins.js';
import { DrawCache } from '../charts/draw-cache.js';
import { setText } from '../charts/drawn.js';
import { EncodingHeatmap, type HeatmapCell } from '../charts/encoding-heatmap.js';
import { exact, integer as formatInteger, subscript } from '../charts/format.js';
import { markedPositions } from '../charts/position-marks.js';
import * as common from './attributes/common-attributes.js';
import { matrixTable, type CsvTable } from './base/csv-table.js';
import { PhasorElement } from './base/phasor-element.js';
import { coarseWhileMoving, withinPixel } from './captions.js';
import { positionRange } from './view-limits.js';
import type { CodeConfig } from '../code/code-config.js';

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

export interface HeatmapData {
  /** count × dModel values: row r is the mean of PE(p) over the positions of bin r (one position when stride is 1). */
  table: Float32Array;
  /** Position where bin 0 starts, positions per bin (a power of two) and how many bins. */
  first: number;
  stride: number;
  count: number;
  frequencies: Float64Array;
  wavelengths: Float64Array;
  dModel: number;
  /** The options' window (the view before any zoom). */
  positions: number;
  offset: number;
}

type Frequencies = { frequencies: Float64Array; wavelengths: Float64Array };

export class PhasorHeatmapElement extends PhasorElement<HeatmapOptions, Frequencies, HeatmapData> {
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
  static override progressive = true;

  private readonly chart = new EncodingHeatmap(
    () => this.scheduleRender(),
    (cell) => this.readout(cell),
  );
  private readonly caption = document.createElement('p');
  private shown: HeatmapData | null = null;
  /** The last draw's table. */
  private readonly tables = new DrawCache();
  /** Two buffers the tables take in turn (the one drawn last stays whole while the next is made). */
  private readonly tableBuffers = [new Float32Array(0), new Float32Array(0)];
  private tableTurn = 0;

  constructor() {
    super();
    this.caption.className = 'caption';
    this.caption.textContent = '\u00a0'; // its line, kept until the first drawing writes it
    this.content.append(this.chart.view.frame.root, this.caption);
  }

  protected override reserveSpace(width: number): void {
    this.chart.reserve(width);
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

  protected compute(ph: Phasor, o: HeatmapOptions): Frequencies {
    return ph.frequencies({ dModel: o.dModel, base: o.base, spacing: o.spacing });
  }

  protected draw(data: Frequencies, o: HeatmapOptions, width: number): void {
    const { bins, view } = this.chart.layout(width, o, positionRange(this.core.limits), this.coarseness);
    // The same table (and grid object, whose raster the view keeps) when only the marks p and p + k moved.
    this.tables.begin();
    const inputs = { ...bins, dModel: o.dModel, base: o.base, layout: o.layout, spacing: o.spacing };
    const started = performance.now();
    const table = this.tables.get(inputs, () =>
      this.core.encodeBins({ ...inputs, into: this.tableBuffer(bins.count * o.dModel) }),
    );
    const valuesMs = performance.now() - started;
    this.shown = { ...bins, table, ...data, dModel: o.dModel, positions: o.positions, offset: o.offset };
    const raster = this.chart.draw({
      values: table,
      bins,
      fastPairs: fastPairs(bins.stride, data.wavelengths),
      marks: markedPositions(o),
    });
    this.noteScalableWork(valuesMs + this.chart.view.paintMs);
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
        coarseWhileMoving(this.coarseness, 'row') +
        (this.chart.zoom.zoomed ? ' (zoomed: 0 resets)' : ''),
    );
    this.chart.describe(
      `Heatmap of PE(p, j): dimension j from 0 to ${o.dModel - 1} across, position p from ${formatInteger(Math.floor(v0))} to ${formatInteger(Math.ceil(v1) - 1)} down, colour from −1 (blue) through 0 (white) to +1 (red)`,
    );
  }

  /**
   * A table's room, from the buffer not drawn last: a d_model drag would
   * otherwise allocate a table a frame, and collecting them costs frames.
   * Grown by a quarter more than asked, so a few steps up fit.
   */
  private tableBuffer(length: number): Float32Array {
    this.tableTurn ^= 1;
    const t = this.tableTurn;
    if (this.tableBuffers[t].length < length) this.tableBuffers[t] = new Float32Array(Math.ceil(length * 1.25));
    return this.tableBuffers[t].subarray(0, length);
  }

  /** p and p + k: the rows marked, tinted; a pair: its two columns. */
  protected override drawHighlight(term: string | null): void {
    this.chart.highlight(term);
  }

  /** The read-out of the cell under the pointer: the exact value there, computed for it alone. */
  private readout(cell: HeatmapCell | null): string[] | null {
    const shown = this.shown;
    const o = this.drawnOptions;
    if (!cell || !shown || !o) {
      this.pointAt(null);
      return null;
    }
    const { p, col } = cell;
    const d = describeDimension(col, o.dModel, o.layout);
    // On a marked row the pointer is on p or p + k; elsewhere on the column's pair.
    this.pointAt(cell.mark ? cell.mark.term : `pair:${d.pair}`);
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
    return lines;
  }
}
