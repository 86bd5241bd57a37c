// The heatmap of table − ph.encode(best candidate): where a table departs
// from the convention it resembles (a column, a shifted row, float32 drift).
// Drawn with the charts' primitives (MatrixView, axes, read-out) in a shadow
// root that adopts the charts' stylesheet, so it looks like the charts
// around it and follows their light and dark colours.
import { scaleLinear } from 'd3-scale';
import { renderAxes, tickCount } from '../charts/axes.js';
import { divergingInterpolator } from '../charts/paint/colour-schemes.js';
import { exact, integer } from '../charts/format.js';
import { MatrixView } from '../charts/matrix-view.js';
import { attachReadout, type Point } from '../charts/readout.js';
import { chartSheet } from '../charts/chart-styles.js';
import { largestMagnitude, type DrawnGrid } from './difference-grid.js';

const MARGIN = { top: 44, right: 14, bottom: 44, left: 64 };

export interface Difference {
  /** positions × dModel values: table − candidate (the read-out shows them). */
  values: Float32Array;
  positions: number;
  dModel: number;
  /** What the candidate is, for the colour bar's title. */
  label: string;
  /** The grid drawn and the largest |value|, when made elsewhere (difference-grid.ts); else from `values` here. */
  drawn?: DrawnGrid;
  largest?: number;
}

export class DifferenceChart {
  readonly host: HTMLDivElement;
  private readonly view = new MatrixView();
  private readonly caption = document.createElement('p');
  private shown: Difference | null = null;
  private x = scaleLinear();
  private y = scaleLinear();
  private width = 0;
  private drawing = false;

  constructor() {
    this.host = document.createElement('div');
    this.host.className = 'difference-chart';
    const shadow = this.host.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = [chartSheet()];
    const content = document.createElement('div');
    content.className = 'content';
    this.caption.className = 'caption';
    content.append(this.view.frame.root, this.caption);
    shadow.append(content);
    attachReadout(
      {
        frame: this.view.frame,
        show: (p) => this.readout(p),
        step: () => ({ x: Math.max(1, this.x(1) - this.x(0)), y: Math.max(1, this.y(1) - this.y(0)) }),
      },
      'Heatmap of the table minus the best candidate',
    );
    new ResizeObserver((entries) => {
      const w = Math.floor(entries[entries.length - 1].contentRect.width);
      if (w !== this.width) {
        this.width = w;
        this.drawSoon();
      }
    }).observe(this.host);
  }

  show(difference: Difference): void {
    this.shown = difference;
    this.drawSoon();
  }

  /**
   * Draws in a task of its own: the frame that lays out a newly shown result
   * (its width known from then) and the drawing are each a task, not one long
   * one.
   */
  private drawSoon(): void {
    if (this.drawing) return;
    this.drawing = true;
    setTimeout(() => {
      this.drawing = false;
      this.draw();
    });
  }

  private draw(): void {
    const d = this.shown;
    if (!d || this.width <= 0) return;
    const plotWidth = this.width - MARGIN.left - MARGIN.right;
    const plotHeight = Math.round(Math.min(420, Math.max(160, plotWidth * 0.5)));
    const { frame } = this.view;
    this.view.layout(this.width, plotHeight + MARGIN.top + MARGIN.bottom, MARGIN);
    const { box } = frame;
    const largest = d.largest ?? largestMagnitude(d.values);
    // Symmetric about 0 (white); a perfect match still gets a scale of one float32 step.
    const m = Math.max(largest, 2 ** -24);
    this.x = scaleLinear().domain([0, d.dModel]).range([0, box.width]);
    this.y = scaleLinear().domain([0, d.positions]).range([0, box.height]);
    this.view.draw(d.drawn ?? { values: d.values, rows: d.positions, cols: d.dModel }, {
      map: 'diverging',
      domain: [-m, m],
      label: `table − ${d.label}`,
      format: exact,
    });
    const ticks = (s: typeof this.x, px: number) => s.ticks(tickCount(px, 70)).filter(Number.isInteger);
    renderAxes(frame.front, box, {
      bottom: { scale: this.x, label: 'column j', values: ticks(this.x, box.width), format: integer },
      left: { scale: this.y, label: 'row r', values: ticks(this.y, box.height), format: integer },
    });
    frame.describe(
      `Heatmap of the table minus ${d.label}: column j across, row r down, from −${exact(m)} (blue) through 0 (white) to +${exact(m)} (red)`,
    );
    this.caption.textContent = `${integer(d.positions)} rows × ${integer(d.dModel)} columns; largest |difference| ${exact(largest)}`;
  }

  private readout(point: Point | null): void {
    const d = this.shown;
    if (!point || !d) {
      this.view.markCell(null, this.x, this.y);
      return;
    }
    const col = Math.min(d.dModel - 1, Math.max(0, Math.floor(this.x.invert(point.x))));
    const row = Math.min(d.positions - 1, Math.max(0, Math.floor(this.y.invert(point.y))));
    const anchor = this.view.markCell({ row, col }, this.x, this.y)!;
    this.view.frame.tooltip.show(
      [`row ${integer(row)}, column ${col}`, `table − candidate = ${exact(d.values[row * d.dModel + col])}`],
      anchor.x,
      anchor.y,
    );
  }
}
