// One line chart with a title and a caption, as the RoPE and "why this
// design" elements draw them (alone or several side by side): series over a
// common index i = 0 … n − 1 placed at x = xAt(i), so a log or uneven x axis
// needs no resampling; d3 axes and grid; dashed reference marks; and a
// read-out that snaps to the nearest index, with a dot on every series.
import { scaleLinear, scaleLog, type ScaleContinuousNumeric } from 'd3-scale';
import { renderAxes, renderGrid, tickCount } from './axes.js';
import { DataCanvas } from './data-canvas.js';
import { drawnAlready, setAttrs, setStyle, setTexts } from './drawn.js';
import { showCursor } from './cursor.js';
import { ChartFrame, type Margin } from './frame.js';
import { drawHighlight } from './highlight-layer.js';
import { devicePixelRatioNow } from './hidpi-canvas.js';
import type { LegendEntry } from './legend.js';
import { plainScale } from './plain-scales.js';
import { attachReadout, type Point, type Readout } from './readout.js';
import { plotGroup } from './plot-group.js';

export type NumberScale = ScaleContinuousNumeric<number, number>;

export interface PanelAxis {
  /** A linear (default) or log axis over `domain`, made nice when asked; the panel sets the range. */
  kind?: 'linear' | 'log';
  domain: readonly [number, number];
  nice?: boolean;
  /** Title with units. */
  label: string;
  format?: (value: number) => string;
  values?: number[];
}

export interface PanelLine extends LegendEntry {
  y: ArrayLike<number>;
  alpha?: number;
  /** Shifts the dash pattern, so that coinciding dashed curves take turns. */
  dashOffset?: number;
}

export interface PanelMark {
  /** 'x': a vertical line at x = value; 'y': a horizontal one. */
  axis: 'x' | 'y';
  value: number;
  label: string;
}

export interface PanelSpec {
  width: number;
  height: number;
  margin: Margin;
  count: number;
  xAt: (i: number) => number;
  x: PanelAxis;
  y: PanelAxis;
  lines: PanelLine[];
  marks?: PanelMark[];
  /** Read-out lines for index i; the first is the heading. */
  describe: (i: number) => string[];
  /** What the chart shows, for screen readers. */
  label: string;
}

/** The d3 scale of an axis (its range is set where it is drawn). */
function axisScale(axis: PanelAxis): NumberScale {
  const scale: NumberScale = axis.kind === 'log' ? scaleLog().domain(axis.domain) : scaleLinear().domain(axis.domain);
  return axis.nice ? scale.nice() : scale;
}

/** How many panels of at least `minWidth` px fit side by side in `width` (never 3 + 1), and the width of each. */
export function panelWidths(
  width: number,
  count: number,
  minWidth: number,
  gap = 20,
): { columns: number; panelWidth: number } {
  let columns = Math.max(1, Math.min(count, Math.floor((width + gap) / (minWidth + gap))));
  if (count === 4 && columns === 3) columns = 2;
  return { columns, panelWidth: Math.floor((width - gap * (columns - 1)) / columns) };
}

/** Ticks that fit `pixels`; powers of ten only on a log scale with room for them. */
export function axisTicks(scale: NumberScale, pixels: number, spacing: number): number[] {
  const count = tickCount(pixels, spacing);
  const all = scale.ticks(count);
  if (!('base' in scale)) return all;
  const decades = all.filter((v) => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9);
  const pool = decades.length >= 2 ? decades : all;
  const every = Math.ceil(pool.length / count);
  return pool.filter((_, n) => n % every === 0);
}

export class LinePanel implements Readout {
  readonly root = document.createElement('div');
  readonly heading = document.createElement('p');
  readonly frame = new ChartFrame();
  /** Filled by the element (renderSeriesLegend); hidden while empty. */
  readonly legend = document.createElement('ul');
  readonly caption = document.createElement('p');
  private readonly canvas = new DataCanvas(this.frame);
  private spec: PanelSpec | null = null;
  private x: NumberScale = scaleLinear();
  private y: NumberScale = scaleLinear();

  constructor() {
    this.root.className = 'panel';
    this.heading.className = 'panel-title';
    this.legend.className = 'legend';
    this.caption.className = 'caption';
    this.root.append(this.heading, this.frame.root, this.legend, this.caption);
  }

  draw(spec: PanelSpec): void {
    this.spec = spec;
    setStyle(this.root, 'width', `${spec.width}px`);
    this.frame.sizeLayers(spec.width, spec.height, spec.margin);
    this.canvas.size();
    const { box } = this.frame;
    const x = (this.x = axisScale(spec.x).range([0, box.width]));
    const y = (this.y = axisScale(spec.y).range([box.height, 0]));
    const xValues = spec.x.values ?? axisTicks(x, box.width, 70);
    const yValues = spec.y.values ?? axisTicks(y, box.height, 45);
    renderGrid(this.frame.back, box, { x: { scale: x, values: xValues }, y: { scale: y, values: yValues } });
    renderAxes(this.frame.front, box, {
      bottom: { scale: x, label: spec.x.label, values: xValues, format: spec.x.format },
      left: { scale: y, label: spec.y.label, values: yValues, format: spec.y.format },
    });
    const xs = Float64Array.from({ length: spec.count }, (_, i) => spec.xAt(i));
    const lines = {
      x: plainScale(x),
      y: plainScale(y),
      lines: spec.lines.map((line) => ({
        y: line.y,
        xs,
        colour: line.colour,
        width: line.width ?? 1.75,
        dash: line.dash,
        alpha: line.alpha,
        dotsAbove: 0,
        dashOffset: line.dashOffset,
      })),
    };
    this.canvas.paint({ kind: 'lines', layers: [{ lines }], ratio: devicePixelRatioNow() });
    this.drawMarks(spec.marks ?? []);
    this.frame.describe(`${spec.label}; across: ${spec.x.label}, up: ${spec.y.label}`);
    this.show(null);
  }

  private drawMarks(marks: PanelMark[]): void {
    const { box } = this.frame;
    const s = this.spec!;
    const [x0, x1] = this.x.domain();
    const [y0, y1] = this.y.domain();
    const inside = (v: number, a: number, b: number) => v >= Math.min(a, b) && v <= Math.max(a, b);
    const shown = marks
      .filter((m) => (m.axis === 'x' ? inside(m.value, x0, x1) : inside(m.value, y0, y1)))
      .map((m) => ({ ...m, at: m.axis === 'x' ? this.x(m.value) : this.y(m.value) }));
    if (drawnAlready(this.frame.front, 'marks', [box, shown])) return;
    const g = plotGroup(this.frame.front, 'marks', box);
    g.selectAll('line')
      .data(shown)
      .join('line')
      .call(setAttrs, {
        class: 'marker',
        x1: (m) => (m.axis === 'x' ? m.at : 0),
        x2: (m) => (m.axis === 'x' ? m.at : box.width),
        y1: (m) => (m.axis === 'x' ? 0 : m.at),
        y2: (m) => (m.axis === 'x' ? box.height : m.at),
      });
    // Vertical marks are labelled at the top, on the side with room; horizontal ones above their line at the
    // left, clear of curves that rise to the right (the wavelengths of chart 12 reach the marks only there).
    g.selectAll('text')
      .data(shown)
      .join('text')
      .call(setAttrs, {
        class: 'marker-label',
        'text-anchor': (m) => (m.axis === 'x' && m.at > box.width / 2 ? 'end' : 'start'),
        x: (m) => (m.axis === 'x' ? m.at + (m.at > box.width / 2 ? -4 : 4) : 4),
        y: (m) => (m.axis === 'x' ? 12 : m.at - 4),
      })
      .call(setTexts, (m) => m.label);
  }

  /**
   * Traces `curves` (values at the panel's points) in the accent colour above
   * the data; none removes the trace. `clip`: values outside the plot are drawn at its edge.
   */
  highlightCurves(curves: readonly ArrayLike<number>[], clip = false): void {
    const s = this.spec;
    const { box, front } = this.frame;
    const y = (v: number) => {
      const at = this.y(v);
      return clip ? Math.min(box.height, Math.max(0, at)) : at;
    };
    drawHighlight(
      front,
      box,
      s
        ? curves.map((values) => ({
            kind: 'path' as const,
            points: Array.from({ length: s.count }, (_, i) => [this.x(s.xAt(i)), y(values[i])] as const),
          }))
        : [],
    );
  }

  /** Names each entry of the legend (data-`key` on its item), so one can be highlighted by name. */
  nameLegendEntries(key: string, names: readonly string[]): void {
    this.legend.querySelectorAll('li').forEach((li, n) => (li.dataset[key] = names[n]));
  }

  /** Shows the legend entry named `name` (by nameLegendEntries) as highlighted, and no other; null: none. */
  highlightLegendEntry(key: string, name: string | null): void {
    for (const li of this.legend.querySelectorAll('li'))
      li.classList.toggle('highlighted', name !== null && li.dataset[key] === name);
  }

  /** Step of the arrow keys: one index. */
  step(): Point {
    const n = this.spec?.count ?? 2;
    return { x: Math.max(1, this.frame.box.width / Math.max(1, n - 1)), y: 10 };
  }

  show(point: Point | null): void {
    const s = this.spec;
    if (!point || !s || s.count === 0) {
      this.frame.clearReadout();
      return;
    }
    const { x, y } = this;
    let i = 0;
    for (let n = 1; n < s.count; n++) if (Math.abs(x(s.xAt(n)) - point.x) < Math.abs(x(s.xAt(i)) - point.x)) i = n;
    const [lo, hi] = y.domain();
    const dots = s.lines.filter(
      (l) => Number.isFinite(l.y[i]) && l.y[i] >= Math.min(lo, hi) && l.y[i] <= Math.max(lo, hi),
    );
    showCursor(
      this.frame,
      x(s.xAt(i)),
      dots.map((l) => ({ y: y(l.y[i]), colour: l.colour })),
      s.describe(i),
    );
  }
}

/** A row of LinePanels that wraps, as many as the data has (made as needed, each with its read-out). */
export class PanelRow {
  readonly root = document.createElement('div');
  private readonly made: LinePanel[] = [];

  constructor(private readonly readoutLabel: string) {
    this.root.className = 'panels';
  }

  /** The first `count` panels, in the row (put back only when the panels shown change: moving them costs a layout). */
  use(count: number): LinePanel[] {
    while (this.made.length < count) {
      const panel = new LinePanel();
      attachReadout(panel, this.readoutLabel);
      this.made.push(panel);
    }
    const used = this.made.slice(0, count);
    if (used.some((p, n) => this.root.children[n] !== p.root) || this.root.children.length !== used.length)
      this.root.replaceChildren(...used.map((p) => p.root));
    return used;
  }

  /** Panel n of those made, if any. */
  panel(n: number): LinePanel | undefined {
    return this.made[n];
  }
}
