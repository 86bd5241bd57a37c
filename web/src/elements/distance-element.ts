// <phasor-distance>: ‖PE(p) − PE(q)‖ for every pair of positions
// (charts/distance-matrix.ts). It depends on q − p alone (the matrix is
// Toeplitz), which the read-out shows by tracing the diagonal of equal offset
// through the cell under the pointer, and which is how it is drawn: the core
// computes one value per diagonal of pixels (offsetRowBins: the root mean
// square distance over the block of cells a pixel holds), never the n²
// matrix. Zoom and pan both axes together over positions 0 … 2^31.
import type { Phasor } from '../core/index.js';
import { largestValue } from '../core/series-stats.js';
import { DistanceMatrix, type DistanceCell } from '../charts/distance-matrix.js';
import { DrawCache } from '../charts/draw-cache.js';
import { setText } from '../charts/drawn.js';
import { exact, integer as formatInteger } from '../charts/format.js';
import { markedPositions } from '../charts/position-marks.js';
import * as common from './attributes/common-attributes.js';
import { DISTANCE_POSITIONS } from './attributes/ui-caps.js';
import { matrixTable, type CsvTable } from './base/csv-table.js';
import { PhasorElement } from './base/phasor-element.js';
import { matrixRange } from './view-limits.js';
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

export class PhasorDistanceElement extends PhasorElement<DistanceOptions, null, DistanceData> {
  static override readonly tag = 'phasor-distance';
  static override readonly title = 'Distance between the encodings of two positions';
  static override attributeSpecs = [
    common.dModel(1000),
    common.base,
    common.positions(1000, DISTANCE_POSITIONS),
    common.marker('p'),
    common.marker('k'),
  ];
  static override highlightTerms = ['p', 'p+k', 'k'];
  static override playable = ['p', 'k'];

  private readonly chart = new DistanceMatrix(
    () => this.scheduleRender(),
    (cell) => this.readout(cell),
  );
  private readonly caption = document.createElement('p');
  private shown: DistanceData | null = null;
  /** The last draw's diagonals. */
  private readonly matrices = new DrawCache();

  constructor() {
    super();
    this.caption.className = 'caption';
    this.content.append(this.chart.view.frame.root, this.caption);
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
    const n = o.positions;
    const { blocks, p: pView, q: qView } = this.chart.layout(width, n, matrixRange(this.core.limits));
    // The same diagonals and colour domain (whose raster the view keeps) when only the marks p and p + k moved.
    this.matrices.begin();
    const inputs = { ...blocks.offsets, dModel: o.dModel, base: o.base, metric: 'l2' as const };
    const { diagonals, domain, max } = this.matrices.get([inputs, blocks.rows, blocks.cols], () => {
      const diagonals = this.core.offsetRowBins(inputs);
      const max = largestValue(diagonals, 0);
      return { diagonals, domain: [0, max || 1] as const, max };
    });
    this.shown = {
      diagonals,
      stride: blocks.stride,
      rowStart: blocks.rowStart,
      colStart: blocks.colStart,
      rows: blocks.rows,
      cols: blocks.cols,
      positions: n,
      dModel: o.dModel,
      base: o.base,
      max,
    };
    this.chart.draw(diagonals, domain, markedPositions(o));
    const window = (r: readonly [number, number]) =>
      `${formatInteger(Math.floor(r[0]))} … ${formatInteger(Math.ceil(r[1]) - 1)}`;
    const s = blocks.stride;
    setText(
      this.caption,
      `p ${window(pView)} × q ${window(qView)}, d_model = ${o.dModel}; largest distance shown ${exact(max)} (never above √(2·d_model) = ${exact(Math.sqrt(2 * o.dModel))})` +
        (s > 1
          ? `; each pixel is the root mean square distance over its ${formatInteger(s)} × ${formatInteger(s)} cells`
          : '') +
        (this.chart.zoom.zoomed ? ' (zoomed: 0 resets)' : ''),
    );
    this.chart.describe(
      `Distance matrix ‖PE(p) − PE(q)‖ at d_model ${o.dModel}: position q from ${window(qView)} across, position p from ${window(pView)} down, colour from 0 (dark) to ${exact(max)} (yellow)`,
    );
  }

  /** p: its row; p + k: its column; k: the diagonal q − p = k, every cell at that offset. */
  protected override drawHighlight(term: string | null): void {
    this.chart.highlight(term);
  }

  /** The read-out of the cell under the pointer: the exact distance for its pair, computed for it alone. */
  private readout(cell: DistanceCell | null): string[] | null {
    const shown = this.shown;
    const o = this.drawnOptions;
    if (!cell || !shown || !o) {
      this.pointAt(null);
      return null;
    }
    const { p, q } = cell;
    // On row p, column p + k or the diagonal of offset k: that term; elsewhere none.
    const pk = o.p !== null ? o.p + (o.k ?? 0) : null;
    const near = (a: number, b: number | null) => this.chart.near(a, b);
    this.pointAt(near(q - p, o.k) && o.k !== null ? 'k' : near(p, o.p) ? 'p' : near(q, pk) ? 'p+k' : null);
    const k = q - p;
    const exactValue = this.core.offsetRowBins({
      first: k,
      stride: 1,
      count: 1,
      dModel: o.dModel,
      base: o.base,
      metric: 'l2',
    })[0];
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
    return lines;
  }
}
