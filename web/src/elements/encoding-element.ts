// <phasor-encoding>: PE(p, j) against the position p for chosen dimensions j,
// with a read-out of the exact stored values under the pointer.
import { scaleLinear } from 'd3-scale';
import type { Encoding, Layout, Phasor, Spacing } from '../core/index.js';
import { renderAxes, renderGrid, tickCount } from '../charts/axes.js';
import { exact, integer as formatInteger } from '../charts/format.js';
import { ChartFrame } from '../charts/frame.js';
import { renderSeriesLegend } from '../charts/legend.js';
import { drawLine } from '../charts/line-plot.js';
import { AttributeError, integerList, spec } from './attributes.js';
import * as common from './common-attributes.js';
import { defaultDimensions, describeDimension, subscript } from './dimensions.js';
import { PhasorElement } from './phasor-element.js';
import { type CsvTable } from './export.js';
import type { Theme } from './theme.js';

export interface EncodingChartOptions {
  dModel: number;
  base: number;
  positions: number;
  offset: number;
  layout: Layout;
  spacing: Spacing;
  /** null: every dimension for d ≤ 8, else pairs 0 and d/4. */
  dims: number[] | null;
}

export interface EncodingChartData {
  encoding: Encoding;
  dims: number[];
  /** series[n][r] = PE(offset + r, dims[n]). */
  series: Float32Array[];
}

const MARGIN = { top: 10, right: 14, bottom: 44, left: 52 };

export class PhasorEncodingElement extends PhasorElement<EncodingChartOptions, EncodingChartData> {
  static override attributeSpecs = [
    common.dModel(4),
    common.base,
    common.positions(100),
    common.offset,
    common.layout,
    spec<number[] | null>('dims', integerList(0, () => common.maxDModel() - 1, 12), null),
  ];

  private readonly frame = new ChartFrame();
  private readonly legend = document.createElement('ul');
  private x = scaleLinear();
  private y = scaleLinear();

  constructor() {
    super();
    this.legend.className = 'legend';
    this.content.append(this.frame.root, this.legend);
    this.attachReadout(
      this.frame,
      (point) => this.showReadout(point),
      () => ({ x: Math.max(1, Math.abs(this.x(1) - this.x(0))), y: 10 }),
      'Encoding curves',
    );
  }

  protected override csvTable(data: EncodingChartData): CsvTable {
    const { offset, positions } = data.encoding;
    return {
      columns: ['position', ...data.dims.map((j) => `PE(p, ${j})`)],
      rows: positions,
      value: (r, c) => (c === 0 ? offset + r : data.series[c - 1][r]),
    };
  }

  protected computeKey(o: EncodingChartOptions): unknown {
    return o;
  }

  protected compute(ph: Phasor, o: EncodingChartOptions): EncodingChartData {
    common.checkCells(o.positions, o.dModel);
    const dims = o.dims ?? defaultDimensions(o.dModel, o.layout);
    const tooWide = dims.find((j) => j >= o.dModel);
    if (tooWide !== undefined) throw new AttributeError(`dims: dimension ${tooWide} is not below d-model (${o.dModel})`);
    const encoding = ph.encode({ positions: o.positions, dModel: o.dModel, base: o.base, offset: o.offset, layout: o.layout, spacing: o.spacing });
    const series = dims.map((j) => {
      const column = new Float32Array(o.positions);
      for (let r = 0; r < o.positions; r++) column[r] = encoding.table[r * o.dModel + j];
      return column;
    });
    return { encoding, dims, series };
  }

  protected draw(data: EncodingChartData, o: EncodingChartOptions, width: number, theme: Theme): void {
    const height = Math.round(Math.min(360, Math.max(220, width * 0.48)));
    const ctx = this.frame.layout(width, height, MARGIN);
    const { box } = this.frame;
    const last = o.offset + Math.max(1, o.positions - 1);
    this.x = scaleLinear().domain([o.offset, last]).range([0, box.width]);
    this.y = scaleLinear().domain([-1.08, 1.08]).range([box.height, 0]);
    const xTicks = this.x.ticks(tickCount(box.width)).filter(Number.isInteger);
    const yTicks = [-1, -0.5, 0, 0.5, 1];
    renderGrid(this.frame.back, box, { x: { scale: this.x, values: xTicks }, y: { scale: this.y, values: yTicks } });
    renderAxes(this.frame.front, box, {
      bottom: { scale: this.x, label: 'position p', values: xTicks, format: formatInteger },
      left: { scale: this.y, label: 'PE(p, j)', values: yTicks },
    });
    data.series.forEach((values, n) => {
      drawLine(ctx, { y: values, x0: o.offset, colour: theme.series[n % theme.series.length], width: 1.75 }, this.x, this.y);
    });
    const w = data.encoding.wavelengths;
    renderSeriesLegend(
      this.legend,
      data.dims.map((j, n) => {
        const d = describeDimension(j, o.dModel, o.layout);
        return {
          label: `j = ${j}: ${d.fn}(p·ω${subscript(d.pair)}), λ = ${exact(+w[d.pair].toPrecision(4))}`,
          colour: theme.series[n % theme.series.length],
        };
      }),
    );
    this.frame.root.setAttribute(
      'aria-label',
      `PE(p, j) for p from ${o.offset} to ${last} and dimensions ${data.dims.join(', ')} of ${o.dModel}. Use the arrow keys to read values.`,
    );
    this.showReadout(null);
  }

  private showReadout(point: { x: number; y: number } | null): void {
    const data = this.data();
    const o = this.drawnOptions;
    if (!point || !data || !o) {
      this.frame.clearReadout();
      return;
    }
    const { box } = this.frame;
    const row = Math.min(o.positions - 1, Math.max(0, Math.round(this.x.invert(point.x) - o.offset)));
    const p = o.offset + row;
    const px = this.x(p);
    const colours = this.drawnTheme?.series ?? [];
    const g = this.frame.readoutLayer();
    g.selectAll('line').data([px]).join('line').attr('class', 'cursor').attr('x1', (d) => d).attr('x2', (d) => d).attr('y1', 0).attr('y2', box.height);
    g.selectAll('circle')
      .data(data.series.map((s, n) => ({ v: s[row], n })))
      .join('circle')
      .attr('class', 'cursor-dot')
      .attr('r', 3.5)
      .attr('cx', px)
      .attr('cy', (d) => this.y(d.v))
      .attr('fill', (d) => colours[d.n % colours.length] ?? 'currentColor');
    const lines = [`p = ${formatInteger(p)}`];
    data.dims.forEach((j, n) => {
      const d = describeDimension(j, o.dModel, o.layout);
      lines.push(`PE(p, ${j}) = ${d.fn}(p·ω${subscript(d.pair)}) = ${exact(data.series[n][row])}`);
    });
    this.frame.tooltip.show(lines, box.left + px, box.top + Math.min(...data.series.map((s) => this.y(s[row]))));
  }
}
