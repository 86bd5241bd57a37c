// <phasor-dot-offset>: PE(p)·PE(p + k) against the offset k, measured from
// encoded rows for several starting positions p and drawn over the closed
// form Σ_i cos(ω_i k): the curves coincide, because the dot product depends
// on k alone. With `normalize` it is the cosine similarity.
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import type { Phasor } from '../core/index.js';
import { renderAxes, renderGrid, tickCount } from '../charts/axes.js';
import { exact, integer as formatInteger, scientific } from '../charts/format.js';
import { ChartFrame } from '../charts/frame.js';
import { renderSeriesLegend } from '../charts/legend.js';
import { drawLine } from '../charts/line-plot.js';
import { flag, integer, integerList, number, spec } from './attributes.js';
import * as common from './common-attributes.js';
import { PhasorElement } from './phasor-element.js';
import { type CsvTable } from './export.js';
import type { Theme } from './theme.js';

export interface DotOffsetOptions {
  dModel: number;
  base: number;
  maxOffset: number;
  /** Starting positions whose measured curves are overlaid. */
  p: number[];
  normalize: boolean;
  /** An offset to mark, or null. */
  k: number | null;
}

export interface DotOffsetData {
  /** closedForm[k] = Σ_i cos(ω_i k) (÷ d/2 when normalized), k = 0..maxOffset. */
  closedForm: Float32Array;
  /** measured[n][k] = PE(p_n)·PE(p_n + k) from the encoded table (cosine similarity when normalized). */
  measured: { p: number; values: Float64Array }[];
  /** max over n, k of |measured − closedForm|. */
  largestGap: number;
  maxOffset: number;
  dModel: number;
  normalize: boolean;
}

const MARGIN = { top: 14, right: 14, bottom: 44, left: 60 };

export class PhasorDotOffsetElement extends PhasorElement<DotOffsetOptions, DotOffsetData> {
  static override attributeSpecs = [
    common.dModel(128),
    common.base,
    spec('max-offset', integer(1, 1 << 20), 100),
    spec('p', integerList(-(2 ** 30), 2 ** 30, 8), [0, 100, 1000]),
    spec('normalize', flag, false),
    spec<number | null>('k', number(-(2 ** 30), 2 ** 30), null),
  ];

  private readonly frame = new ChartFrame();
  private readonly legend = document.createElement('ul');
  private readonly caption = document.createElement('p');
  private x = scaleLinear();
  private y = scaleLinear();

  constructor() {
    super();
    this.legend.className = 'legend';
    this.caption.className = 'caption';
    this.content.append(this.frame.root, this.legend, this.caption);
    this.attachReadout(
      this.frame,
      (point) => this.showReadout(point),
      () => ({ x: Math.max(1, this.x(1) - this.x(0)), y: 10 }),
      'Dot product against offset',
    );
  }

  protected override csvTable(data: DotOffsetData): CsvTable {
    const what = data.normalize ? 'cosine' : 'dot';
    return {
      columns: ['k', `closed form sum cos(w_i k)${data.normalize ? ' / (d/2)' : ''}`, ...data.measured.map((m) => `${what} PE(${m.p})·PE(${m.p}+k)`)],
      rows: data.closedForm.length,
      value: (r, c) => (c === 0 ? r : c === 1 ? data.closedForm[r] : data.measured[c - 2].values[r]),
    };
  }

  protected computeKey(o: DotOffsetOptions): unknown {
    return { ...o, k: null };
  }

  protected compute(ph: Phasor, o: DotOffsetOptions): DotOffsetData {
    const rows = o.maxOffset + 1;
    common.checkCells(rows, o.dModel, 'max-offset + 1');
    const closedForm = ph.dotByOffset({ dModel: o.dModel, base: o.base, maxOffset: o.maxOffset, normalize: o.normalize });
    let largestGap = 0;
    const measured = o.p.map((p) => {
      const { table } = ph.encode({ positions: rows, dModel: o.dModel, base: o.base, offset: p });
      const values = new Float64Array(rows);
      const d = o.dModel;
      let norm0 = 0;
      for (let j = 0; j < d; j++) norm0 += table[j] * table[j];
      for (let k = 0; k < rows; k++) {
        const at = k * d;
        let dot = 0;
        for (let j = 0; j < d; j++) dot += table[j] * table[at + j];
        if (o.normalize) {
          let normK = 0;
          for (let j = 0; j < d; j++) normK += table[at + j] * table[at + j];
          dot /= Math.sqrt(norm0 * normK);
        }
        values[k] = dot;
        largestGap = Math.max(largestGap, Math.abs(dot - closedForm[k]));
      }
      return { p, values };
    });
    return { closedForm, measured, largestGap, maxOffset: o.maxOffset, dModel: o.dModel, normalize: o.normalize };
  }

  protected draw(data: DotOffsetData, o: DotOffsetOptions, width: number, theme: Theme): void {
    const height = Math.round(Math.min(360, Math.max(220, width * 0.48)));
    const ctx = this.frame.layout(width, height, MARGIN);
    const { box } = this.frame;
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of data.closedForm) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const pad = (hi - lo) * 0.06 || 1;
    this.x = scaleLinear().domain([0, o.maxOffset]).range([0, box.width]);
    this.y = scaleLinear().domain([Math.min(0, lo) - pad, hi + pad]).range([box.height, 0]).nice();
    const xTicks = this.x.ticks(tickCount(box.width)).filter(Number.isInteger);
    const yTicks = this.y.ticks(tickCount(box.height, 50));
    renderGrid(this.frame.back, box, { x: { scale: this.x, values: xTicks }, y: { scale: this.y, values: yTicks } });
    const yLabel = o.normalize ? 'cos∠(PE(p), PE(p+k))' : 'PE(p)·PE(p+k)';
    renderAxes(this.frame.front, box, {
      bottom: { scale: this.x, label: 'offset k (positions)', values: xTicks, format: formatInteger },
      left: { scale: this.y, label: yLabel, values: yTicks },
    });
    // The closed form underneath, thick and pale; the measured curves on top
    // in short dashes that take turns, so every colour stays visible where
    // the curves coincide.
    drawLine(ctx, { y: data.closedForm, colour: theme.fg, width: 5, alpha: 0.22, dotsAbove: 0 }, this.x, this.y);
    const count = data.measured.length;
    const dash = 6;
    data.measured.forEach((m, n) => {
      ctx.lineDashOffset = -n * dash;
      drawLine(
        ctx,
        { y: m.values, colour: theme.series[n % theme.series.length], width: 1.75, dash: count > 1 ? [dash, dash * (count - 1)] : [], dotsAbove: 0 },
        this.x,
        this.y,
      );
    });
    ctx.lineDashOffset = 0;
    renderSeriesLegend(this.legend, [
      { label: o.normalize ? 'Σᵢ cos(ωᵢk) / (d/2), closed form' : 'Σᵢ cos(ωᵢk), closed form', colour: theme.fg, width: 5, dash: undefined },
      ...data.measured.map((m, n) => ({
        label: `measured from p = ${formatInteger(m.p)}`,
        colour: theme.series[n % theme.series.length],
        dash: count > 1 ? [4, 3] : undefined,
      })),
    ]);
    this.caption.replaceChildren(
      'Largest gap between a measured curve and the closed form: ',
      strong(scientific(data.largestGap)),
      data.normalize ? '' : ` (float32 rounding in a sum of ${o.dModel} products)`,
    );
    this.drawMarker(o);
    this.frame.root.setAttribute('aria-label', `${yLabel} for k from 0 to ${o.maxOffset}, d_model ${o.dModel}. Use the arrow keys to read values.`);
    this.showReadout(null);
  }

  private drawMarker(o: DotOffsetOptions): void {
    const { box } = this.frame;
    const marks = o.k !== null && o.k >= 0 && o.k <= o.maxOffset ? [o.k] : [];
    const g = select(this.frame.front).selectAll('g.marks').data([0]).join('g').attr('class', 'marks').attr('transform', `translate(${box.left},${box.top})`);
    g.selectAll('line').data(marks).join('line').attr('class', 'marker').attr('x1', (k) => this.x(k)).attr('x2', (k) => this.x(k)).attr('y1', 0).attr('y2', box.height);
    g.selectAll('text')
      .data(marks)
      .join('text')
      .attr('class', 'marker-label')
      .attr('x', (k) => this.x(k) + (this.x(k) > box.width - 50 ? -4 : 4))
      .attr('text-anchor', (k) => (this.x(k) > box.width - 50 ? 'end' : 'start'))
      .attr('y', 12)
      .text((k) => `k = ${formatInteger(k)}`);
  }

  private showReadout(point: { x: number; y: number } | null): void {
    const data = this.data();
    const o = this.drawnOptions;
    if (!point || !data || !o) {
      this.frame.clearReadout();
      return;
    }
    const { box } = this.frame;
    const k = Math.min(o.maxOffset, Math.max(0, Math.round(this.x.invert(point.x))));
    const px = this.x(k);
    const colours = this.drawnTheme?.series ?? [];
    const g = this.frame.readoutLayer();
    g.selectAll('line').data([px]).join('line').attr('class', 'cursor').attr('x1', (d) => d).attr('x2', (d) => d).attr('y1', 0).attr('y2', box.height);
    g.selectAll('circle')
      .data(data.measured.map((m, n) => ({ v: m.values[k], n })))
      .join('circle')
      .attr('class', 'cursor-dot')
      .attr('r', 3.5)
      .attr('cx', px)
      .attr('cy', (d) => this.y(d.v))
      .attr('fill', (d) => colours[d.n % colours.length] ?? 'currentColor');
    const what = o.normalize ? 'cos∠' : 'dot';
    this.frame.tooltip.show(
      [
        `k = ${formatInteger(k)}`,
        `closed form: ${exact(data.closedForm[k])}`,
        ...data.measured.map((m) => `p = ${formatInteger(m.p)}: ${what} = ${exact(m.values[k])}`),
      ],
      box.left + px,
      box.top + this.y(data.closedForm[k]),
    );
  }
}

function strong(text: string): HTMLElement {
  const el = document.createElement('strong');
  el.textContent = text;
  return el;
}
