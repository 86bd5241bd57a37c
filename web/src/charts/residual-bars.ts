// Residuals as bars on a log axis, one row per encoding and one bar per range
// (fitted, beyond): the bars painted on canvas (paint/bar-rows.ts), their
// values and the row names as SVG in front, a row that could not be fitted
// said in words, and a read-out of the row under the pointer.
import { scaleLog } from 'd3-scale';
import { renderAxes, renderGrid } from './axes.js';
import { drawnAlready, setAttrs, setTexts } from './drawn.js';
import { ChartFrame } from './frame.js';
import { powerOfTen } from './format.js';
import { axisTicks } from './line-panel.js';
import { barPlace, paintBarRows } from './paint/bar-rows.js';
import { plainScale } from './plain-scales.js';
import { attachReadout } from './readout.js';
import { plotGroup } from './plot-group.js';

const MARGIN = { top: 8, right: 16, bottom: 44, left: 112 };

export interface ResidualRow {
  name: string;
  /** The bars' values, or null with `missing`: the row's words instead. */
  values: number[] | null;
  missing?: string;
}

export interface ResidualBarsSpec {
  rows: ResidualRow[];
  /** Bars per row (1 or 2), a colour each. */
  bars: number;
  colours: readonly string[];
  axisLabel: string;
  /** A bar's value as written beside it. */
  format: (value: number) => string;
}

export class ResidualBars {
  readonly frame = new ChartFrame();
  private rowHeight = 1;
  private rows = 0;

  /** @param read the read-out's lines for row n, or null when the pointer left */
  constructor(
    label: string,
    private readonly read: (row: number | null) => string[] | null,
  ) {
    attachReadout(
      { frame: this.frame, show: (point) => this.show(point), step: () => ({ x: 10, y: this.rowHeight }) },
      label,
    );
  }

  draw(width: number, spec: ResidualBarsSpec): void {
    const { bars } = spec;
    this.rowHeight = bars === 2 ? 40 : 26;
    this.rows = spec.rows.length;
    const height = MARGIN.top + MARGIN.bottom + this.rowHeight * spec.rows.length;
    const ctx = this.frame.layout(width, height, MARGIN);
    const { box } = this.frame;
    const values = spec.rows.flatMap((r) => r.values ?? []).filter((v) => v > 0 && Number.isFinite(v));
    const lo = 10 ** (Math.floor(Math.log10(Math.min(1e-15, ...values))) - 1);
    const hi = 10 ** Math.ceil(Math.log10(Math.max(10, ...values)));
    const x = scaleLog().domain([lo, hi]).range([0, box.width]);
    const ticks = axisTicks(x, box.width, 42);
    renderGrid(this.frame.back, box, { x: { scale: x, values: ticks } });
    renderAxes(this.frame.front, box, {
      bottom: { scale: x, label: spec.axisLabel, values: ticks, format: powerOfTen },
    });
    const place = { rowHeight: this.rowHeight };
    paintBarRows(ctx, {
      rows: spec.rows.map((r) => r.values?.slice(0, bars) ?? null),
      colours: spec.colours,
      x: plainScale(x),
      floor: lo,
      rowHeight: this.rowHeight,
    });
    // Each bar's value beside it (inside the bar's end when it reaches the right edge), or the row's words.
    const labels: { x: number; y: number; text: string; inside: boolean }[] = [];
    spec.rows.forEach((row, n) => {
      if (!row.values) {
        labels.push({ x: 4, y: n * this.rowHeight + this.rowHeight / 2 - 2, text: row.missing ?? '', inside: false });
        return;
      }
      row.values.slice(0, bars).forEach((v, b) => {
        const { y, size } = barPlace(place, bars, n, b);
        const end = x(Math.max(lo, v));
        const inside = end > box.width - 70;
        labels.push({ x: inside ? end - 4 : end + 4, y: y + size / 2, text: spec.format(v), inside });
      });
    });
    const rowNames = spec.rows.map((r) => r.name);
    if (!drawnAlready(this.frame.front, 'bars', [box, labels, rowNames, this.rowHeight])) {
      const g = plotGroup(this.frame.front, 'bars', box);
      g.selectAll('text.value')
        .data(labels)
        .join('text')
        .call(setAttrs, {
          class: (d) => (d.inside ? 'value inside' : 'value note'),
          x: (d) => d.x,
          y: (d) => d.y,
          dy: '0.35em',
          'text-anchor': (d) => (d.inside ? 'end' : 'start'),
        })
        .call(setTexts, (d) => d.text);
      g.selectAll('text.row')
        .data(rowNames)
        .join('text')
        .call(setAttrs, {
          class: 'row',
          x: -8,
          y: (_, n) => (n + 0.5) * this.rowHeight - 2,
          dy: '0.35em',
          'text-anchor': 'end',
        })
        .call(setTexts, (name) => name);
    }
    this.show(null);
  }

  /** What the chart shows, for screen readers. */
  describe(text: string): void {
    this.frame.describe(text);
  }

  private show(point: { x: number; y: number } | null): void {
    const n = point ? Math.min(this.rows - 1, Math.max(0, Math.floor(point.y / this.rowHeight))) : null;
    const lines = this.read(n);
    if (!point || n === null || !lines) {
      this.frame.clearReadout();
      return;
    }
    const { box } = this.frame;
    const g = this.frame.readoutLayer();
    g.selectAll('rect.cursor')
      .data([n])
      .join('rect')
      .call(setAttrs, {
        class: 'cursor',
        x: 0,
        width: box.width,
        y: n * this.rowHeight + 1,
        height: this.rowHeight - 6,
      });
    this.frame.tooltip.show(lines, box.left + Math.min(box.width, Math.max(0, point.x)), box.top + n * this.rowHeight);
  }
}
