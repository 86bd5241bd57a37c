// <phasor-distance>: ‖PE(p) − PE(q)‖ for every pair of positions. It depends
// on |p − q| alone (the matrix is Toeplitz), which the read-out shows by
// tracing the diagonal of equal offset through the cell under the pointer.
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import type { Phasor } from '../core/index.js';
import { renderAxes, tickCount } from '../charts/axes.js';
import { sequentialInterpolator } from '../charts/colour-schemes.js';
import { exact, integer as formatInteger } from '../charts/format.js';
import * as common from './common-attributes.js';
import { MatrixView } from './matrix-view.js';
import { PhasorElement } from './phasor-element.js';
import { matrixTable, type CsvTable } from './export.js';

export interface DistanceOptions {
  dModel: number;
  base: number;
  positions: number;
}

export interface DistanceData {
  /** positions × positions, row-major: matrix[p·n + q] = ‖PE(p) − PE(q)‖. */
  matrix: Float32Array;
  positions: number;
  dModel: number;
  base: number;
  /** The largest distance (found in row 0, which holds every offset). */
  max: number;
}

const MARGIN = { top: 44, right: 14, bottom: 44, left: 56 };

export class PhasorDistanceElement extends PhasorElement<DistanceOptions, DistanceData> {
  static override attributeSpecs = [common.dModel(1000), common.base, common.positions(1000, 4096)];

  private readonly view = new MatrixView();
  private readonly caption = document.createElement('p');
  private x = scaleLinear();
  private y = scaleLinear();

  constructor() {
    super();
    this.caption.className = 'caption';
    this.content.append(this.view.frame.root, this.caption);
    this.attachReadout(
      this.view.frame,
      (point) => this.showReadout(point),
      () => ({ x: Math.max(1, this.x(1) - this.x(0)), y: Math.max(1, this.y(1) - this.y(0)) }),
      'Distance matrix',
    );
  }

  protected override csvTable(data: DistanceData): CsvTable {
    return matrixTable(data.matrix, data.positions, data.positions, 'p \\ q');
  }

  protected computeKey(o: DistanceOptions): unknown {
    return o;
  }

  protected compute(ph: Phasor, o: DistanceOptions): DistanceData {
    const matrix = ph.distanceMatrix(o);
    let max = 0;
    for (let q = 0; q < o.positions; q++) if (matrix[q] > max) max = matrix[q];
    return { matrix, positions: o.positions, dModel: o.dModel, base: o.base, max };
  }

  protected draw(data: DistanceData, o: DistanceOptions, width: number): void {
    const side = Math.max(120, Math.min(520, width - MARGIN.left - MARGIN.right));
    const margin = { ...MARGIN, right: width - MARGIN.left - side };
    const ctx = this.view.frame.layout(width, side + MARGIN.top + MARGIN.bottom, margin);
    const { box } = this.view.frame;
    this.x = scaleLinear().domain([0, o.positions]).range([0, box.width]);
    this.y = scaleLinear().domain([0, o.positions]).range([0, box.height]);
    const domain: [number, number] = [0, data.max || 1];
    this.view.draw(ctx, { values: data.matrix, rows: o.positions, cols: o.positions }, sequentialInterpolator, domain, '‖PE(p) − PE(q)‖');
    const ticks = (scale: typeof this.x) => scale.ticks(tickCount(box.width, 70)).filter(Number.isInteger);
    renderAxes(this.view.frame.front, box, {
      bottom: { scale: this.x, label: 'position q', values: ticks(this.x), format: formatInteger },
      left: { scale: this.y, label: 'position p', values: ticks(this.y), format: formatInteger },
    });
    this.caption.textContent = `${formatInteger(o.positions)} × ${formatInteger(o.positions)} positions, d_model = ${o.dModel}; largest distance ${exact(data.max)} (never above √(2·d_model) = ${exact(Math.sqrt(2 * o.dModel))})`;
    this.view.frame.root.setAttribute('aria-label', `Distance matrix of ${o.positions} positions at d_model ${o.dModel}. Use the arrow keys to read values.`);
    this.showReadout(null);
  }

  private showReadout(point: { x: number; y: number } | null): void {
    const data = this.data();
    const o = this.drawnOptions;
    const front = select(this.view.frame.front);
    if (!point || !data || !o) {
      this.view.markCell(null, this.x, this.y);
      front.selectAll('line.diagonal').remove();
      this.view.frame.tooltip.hide();
      return;
    }
    const n = o.positions;
    const q = Math.min(n - 1, Math.max(0, Math.floor(this.x.invert(point.x))));
    const p = Math.min(n - 1, Math.max(0, Math.floor(this.y.invert(point.y))));
    const anchor = this.view.markCell({ row: p, col: q }, this.x, this.y)!;
    const k = q - p;
    // The cells with the same offset q − p = k: a diagonal through the cell.
    const start = k >= 0 ? { x: k, y: 0 } : { x: 0, y: -k };
    const length = n - Math.abs(k);
    const diagonal = [{ x1: this.x(start.x), y1: this.y(start.y), x2: this.x(start.x + length), y2: this.y(start.y + length) }];
    front
      .select('g.readout')
      .selectAll('line.diagonal')
      .data(diagonal)
      .join('line')
      .attr('class', 'cursor diagonal on-image')
      .attr('stroke-dasharray', '4 3')
      .attr('x1', (d) => d.x1)
      .attr('y1', (d) => d.y1)
      .attr('x2', (d) => d.x2)
      .attr('y2', (d) => d.y2);
    this.view.frame.tooltip.show(
      [
        `p = ${formatInteger(p)}, q = ${formatInteger(q)}`,
        `offset |q − p| = ${formatInteger(Math.abs(k))}`,
        `‖PE(p) − PE(q)‖ = ${exact(data.matrix[p * n + q])}`,
        `same on the whole dashed diagonal`,
      ],
      anchor.x,
      anchor.y,
    );
  }
}
