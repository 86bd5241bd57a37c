// Each base's wavelengths as a row of ticks, one tick per pair, on a shared
// log axis (the base chart's upper panel): the rows painted on canvas
// (paint/tick-rows.ts), the row names and axis as SVG, and a read-out that
// snaps to the tick nearest the pointer in the row under it.
import { scaleLog } from 'd3-scale';
import { renderAxes, renderGrid } from './axes.js';
import { setAttrs, setTexts } from './drawn.js';
import { ChartFrame } from './frame.js';
import { powerOfTen } from './format.js';
import { axisTicks } from './line-panel.js';
import { paintTickRows } from './paint/tick-rows.js';
import { plainScale } from './plain-scales.js';
import { attachReadout } from './readout.js';
import { plotGroup } from './plot-group.js';

const MARGIN = { top: 8, right: 16, bottom: 44, left: 68 };
const ROW = 22;

export interface WavelengthRowsSpec {
  /** Each row's wavelengths, pair by pair. */
  rows: readonly Float64Array[];
  names: readonly string[];
  colours: readonly string[];
  /** The axis runs from 2 to this. */
  longest: number;
}

export class WavelengthRows {
  readonly frame = new ChartFrame();
  private x = scaleLog();
  private spec: WavelengthRowsSpec | null = null;

  /** @param read the read-out's lines for pair i of row b, or null when the pointer left */
  constructor(private readonly read: (row: number, pair: number) => string[] | null) {
    attachReadout(
      { frame: this.frame, show: (point) => this.show(point), step: () => ({ x: 8, y: ROW }) },
      'Wavelengths of each base',
    );
  }

  draw(width: number, spec: WavelengthRowsSpec): void {
    this.spec = spec;
    const height = MARGIN.top + ROW * spec.rows.length + MARGIN.bottom;
    const ctx = this.frame.layout(width, height, MARGIN);
    const { box } = this.frame;
    this.x = scaleLog()
      .domain([2, spec.longest * 1.5])
      .range([0, box.width]);
    const ticks = axisTicks(this.x, box.width, 50);
    renderGrid(this.frame.back, box, { x: { scale: this.x, values: ticks } });
    renderAxes(this.frame.front, box, {
      bottom: { scale: this.x, label: 'wavelength 2π/ωᵢ of each pair (positions)', values: ticks, format: powerOfTen },
    });
    paintTickRows(ctx, { rows: spec.rows, colours: spec.colours, x: plainScale(this.x), rowHeight: ROW });
    const g = plotGroup(this.frame.front, 'rows', box);
    g.selectAll('text.row')
      .data(spec.names)
      .join('text')
      .call(setAttrs, { class: 'row', x: -8, y: (_, b) => (b + 0.5) * ROW, dy: '0.35em', 'text-anchor': 'end' })
      .call(setTexts, (name) => name);
    this.show(null);
  }

  /** What the chart shows, for screen readers. */
  describe(text: string): void {
    this.frame.describe(text);
  }

  private show(point: { x: number; y: number } | null): void {
    const spec = this.spec;
    if (!point || !spec) {
      this.frame.clearReadout();
      return;
    }
    const { box } = this.frame;
    const b = Math.min(spec.rows.length - 1, Math.max(0, Math.floor(point.y / ROW)));
    const w = spec.rows[b];
    let i = 0;
    for (let n = 1; n < w.length; n++) if (Math.abs(this.x(w[n]) - point.x) < Math.abs(this.x(w[i]) - point.x)) i = n;
    const lines = this.read(b, i);
    if (!lines) {
      this.frame.clearReadout();
      return;
    }
    const px = this.x(w[i]);
    const g = this.frame.readoutLayer();
    g.selectAll('line')
      .data([px])
      .join('line')
      .call(setAttrs, { class: 'cursor', x1: (d) => d, x2: (d) => d, y1: b * ROW, y2: (b + 1) * ROW });
    this.frame.tooltip.show(lines, box.left + px, box.top + b * ROW);
  }
}
