// <phasor-heatmap>: the whole table PE(p, j), positions down, dimensions
// across, on a diverging colour map; fluid at 4096 × 1024 because the cells
// go to canvas through a colour lookup table and are averaged down to the
// pixels there are.
import { scaleLinear } from 'd3-scale';
import type { Encoding, Layout, Phasor, Spacing } from '../core/index.js';
import { renderAxes, tickCount } from '../charts/axes.js';
import { divergingInterpolator } from '../charts/colour-schemes.js';
import { exact, integer as formatInteger } from '../charts/format.js';
import * as common from './common-attributes.js';
import { describeDimension, subscript } from './dimensions.js';
import type { Raster } from '../charts/heatmap.js';
import { MatrixView } from './matrix-view.js';
import { PhasorElement } from './phasor-element.js';
import { matrixTable, type CsvTable } from './export.js';

export interface HeatmapOptions {
  dModel: number;
  base: number;
  positions: number;
  offset: number;
  layout: Layout;
  spacing: Spacing;
}

const MARGIN = { top: 44, right: 14, bottom: 44, left: 56 };

export class PhasorHeatmapElement extends PhasorElement<HeatmapOptions, Encoding> {
  static override attributeSpecs = [common.dModel(128), common.base, common.positions(100), common.offset, common.layout, common.spacing];

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
      'Heatmap of the encoding table',
    );
  }

  protected override csvTable(data: Encoding): CsvTable {
    return matrixTable(data.table, data.positions, data.dModel, 'position \\ dimension', data.offset);
  }

  protected computeKey(o: HeatmapOptions): unknown {
    return o;
  }

  protected compute(ph: Phasor, o: HeatmapOptions): Encoding {
    common.checkCells(o.positions, o.dModel);
    return ph.encode(o);
  }

  protected draw(data: Encoding, o: HeatmapOptions, width: number): void {
    const plotWidth = width - MARGIN.left - MARGIN.right;
    const plotHeight = Math.round(Math.min(520, Math.max(180, plotWidth * 0.6)));
    const ctx = this.view.frame.layout(width, plotHeight + MARGIN.top + MARGIN.bottom, MARGIN);
    const { box } = this.view.frame;
    this.x = scaleLinear().domain([0, o.dModel]).range([0, box.width]);
    this.y = scaleLinear().domain([o.offset, o.offset + o.positions]).range([0, box.height]);
    const raster = this.view.draw(ctx, { values: data.table, rows: o.positions, cols: o.dModel }, divergingInterpolator, [-1, 1], 'PE(p, j)');
    const integerTicks = (scale: typeof this.x, pixels: number) => scale.ticks(tickCount(pixels, 70)).filter(Number.isInteger);
    renderAxes(this.view.frame.front, box, {
      bottom: { scale: this.x, label: 'dimension j', values: integerTicks(this.x, box.width), format: formatInteger },
      left: { scale: this.y, label: 'position p', values: integerTicks(this.y, box.height), format: formatInteger },
    });
    this.caption.textContent =
      `${formatInteger(o.positions)} positions × ${formatInteger(o.dModel)} dimensions` +
      (raster.downsampled ? ` — each pixel shows the mean of ${averagedCells(o, raster)} cells` : '');
    this.view.frame.root.setAttribute('aria-label', `Heatmap of PE(p, j) for ${o.positions} positions and ${o.dModel} dimensions. Use the arrow keys to read values.`);
    this.showReadout(null);
  }

  private showReadout(point: { x: number; y: number } | null): void {
    const data = this.data();
    const o = this.drawnOptions;
    if (!point || !data || !o) {
      this.view.markCell(null, this.x, this.y);
      this.view.frame.tooltip.hide();
      return;
    }
    const col = Math.min(o.dModel - 1, Math.max(0, Math.floor(this.x.invert(point.x))));
    const row = Math.min(o.positions - 1, Math.max(0, Math.floor(this.y.invert(point.y) - o.offset)));
    const anchor = this.view.markCell({ row, col }, this.x, this.y, 0, o.offset);
    const d = describeDimension(col, o.dModel, o.layout);
    const p = o.offset + row;
    this.view.frame.tooltip.show(
      [
        `p = ${formatInteger(p)}, j = ${col}`,
        `PE(p, j) = ${d.fn}(p·ω${subscript(d.pair)}) = ${exact(data.table[row * o.dModel + col])}`,
        `pair i = ${d.pair}: ω = ${exact(data.frequencies[d.pair])} rad/position`,
        `wavelength λ = ${exact(data.wavelengths[d.pair])} positions`,
      ],
      anchor!.x,
      anchor!.y,
    );
  }
}

function averagedCells(o: HeatmapOptions, raster: Raster): string {
  const perPixel = (o.positions / raster.height) * (o.dModel / raster.width);
  return perPixel >= 10 ? formatInteger(Math.round(perPixel)) : perPixel.toFixed(1);
}
