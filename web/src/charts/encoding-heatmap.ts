// The encoding table as a heatmap: positions down (zoomable, one bin of
// positions per device pixel row), dimensions across, on a diverging colour
// map; the columns of pairs that turn half a period or more within a pixel
// row veiled, with a note; rows p and p + k marked; a highlighted term tinted;
// a read-out of the cell under the pointer. Its owner computes the rows the
// view asks for (layout() says which) and hands them to draw().
import { scaleLinear } from 'd3-scale';
import { positionTicks, renderAxes } from './axes.js';
import { estimatedTextWidth } from './axis-units.js';
import { binsFor, type Bins } from './bins.js';
import { drawnAlready, setAttrs, setTexts } from './drawn.js';
import { integer as formatInteger } from './format.js';
import { drawHighlight, parseTerm, type HighlightShape } from './highlight-layer.js';
import { devicePixelRatioNow } from './hidpi-canvas.js';
import { MatrixView, type RasterShape } from './matrix-view.js';
import { drawPositionMarks, type PositionMark } from './position-marks.js';
import { attachReadout, type Point } from './readout.js';
import { ZoomWindow, type ZoomLimits } from './zoom.js';
import { plotGroup } from './plot-group.js';

const MARGIN = { top: 44, right: 14, bottom: 44, left: 64 };
const COLOURS = { map: 'diverging' as const, domain: [-1, 1] as const, label: 'PE(p, j)' };
/** The note over the veiled columns, and its short form for a narrow plot. */
const NOTE_LONG = 'a pixel row holds ½ period or more: its mean';
const NOTE_SHORT = '½ period or more a pixel: mean';

/** The table the options define: positions offset … offset + positions − 1 of dModel dimensions. */
export interface TableWindow {
  offset: number;
  positions: number;
  dModel: number;
  /** Interleaved (sin at 2i) or split (the sines, then the cosines): where a pair's columns are. */
  layout: 'interleaved' | 'split';
}

export interface HeatmapRows {
  /** bins.count × dModel values, row r the rows of bin r. */
  values: Float32Array;
  bins: Bins;
  /** Pairs 0 … fastPairs − 1 turn half a period or more within a pixel row: their columns are veiled. */
  fastPairs: number;
  marks: readonly PositionMark[];
}

/** The cell under the pointer: position p, dimension `col`, and the mark it is on, if any. */
export interface HeatmapCell {
  p: number;
  col: number;
  mark: PositionMark | undefined;
}

/** The chart's height at `width` (CSS px): the plot 0.6 of its width, within 180 … 520 px, and the margins. */
function frameHeight(width: number): number {
  const plotWidth = width - MARGIN.left - MARGIN.right;
  return Math.round(Math.min(520, Math.max(180, plotWidth * 0.6))) + MARGIN.top + MARGIN.bottom;
}

export class EncodingHeatmap {
  readonly view = new MatrixView();
  readonly zoom: ZoomWindow;
  private x = scaleLinear();
  private y = scaleLinear();
  private table: TableWindow | null = null;
  private marks: readonly PositionMark[] = [];
  private readonly refreshReadout: () => void;

  /**
   * @param zoomed the view moved (draw again)
   * @param read the read-out's lines for a cell, or null when the pointer left (then nothing is shown)
   */
  constructor(zoomed: () => void, read: (cell: HeatmapCell | null) => string[] | null) {
    const { frame } = this.view;
    this.zoom = new ZoomWindow(frame.front, 'y', zoomed, () => frame.root.matches(':focus'));
    this.refreshReadout = attachReadout(
      {
        frame,
        show: (point) => this.showReadout(point, read),
        step: () => ({ x: Math.max(1, this.x(1) - this.x(0)), y: Math.max(1, this.y(1) - this.y(0)) }),
      },
      'Heatmap of the encoding table',
      this.zoom,
    );
  }

  /** Gives the frame the height it will be drawn at `width`, before anything is drawn. */
  reserve(width: number): void {
    this.view.frame.reserveHeight(frameHeight(width));
  }

  /**
   * Lays the chart out at `width` for `table`; returns the bins of positions
   * the view shows: one per device pixel row, or per `coarseness` rows.
   */
  layout(
    width: number,
    table: TableWindow,
    limits: ZoomLimits,
    coarseness = 1,
  ): { bins: Bins; view: readonly [number, number] } {
    const { frame } = this.view;
    this.view.layout(width, frameHeight(width), MARGIN);
    const { box } = frame;
    this.table = table;
    this.zoom.configure({ x: [0, table.dModel], y: [table.offset, table.offset + table.positions] }, box, limits);
    const view = this.zoom.current.y;
    this.x = scaleLinear().domain([0, table.dModel]).range([0, box.width]);
    this.y = scaleLinear().domain(view).range([0, box.height]);
    return { bins: binsFor(view, (box.height * devicePixelRatioNow()) / coarseness, table.offset, limits), view };
  }

  /** Draws the rows (after layout()); returns the raster, whose width says whether dimensions were averaged. */
  draw(rows: HeatmapRows): RasterShape {
    const { frame } = this.view;
    const { box } = frame;
    const { bins } = rows;
    this.marks = rows.marks;
    const top = this.y(bins.first);
    const raster = this.view.draw({ values: rows.values, rows: bins.count, cols: this.table!.dModel }, COLOURS, {
      x: 0,
      y: top,
      width: box.width,
      height: this.y(bins.first + bins.count * bins.stride) - top,
    });
    renderAxes(frame.front, box, {
      bottom: {
        scale: this.x,
        label: 'dimension j',
        values: positionTicks(this.x, box.width),
        format: formatInteger,
      },
      left: { scale: this.y, label: 'position p', values: positionTicks(this.y, box.height), format: formatInteger },
    });
    this.shadeFastPairs(rows.fastPairs);
    drawPositionMarks(frame.front, box, this.y, 'h', rows.marks);
    this.refreshReadout();
    return raster;
  }

  /** What the chart shows, for screen readers. */
  describe(text: string): void {
    this.view.frame.describe(text);
  }

  /**
   * Veils the columns of pairs that turn half a period or more within a pixel
   * row: they show their mean there. The note saying so goes at the top of
   * the plot, or at the bottom when p or p + k is marked near the top (their
   * labels would run into it on a narrow chart).
   */
  private shadeFastPairs(fast: number): void {
    const { box, front } = this.view.frame;
    const { dModel, layout } = this.table!;
    const half = dModel / 2;
    const spans =
      fast === 0
        ? []
        : layout === 'split'
          ? [
              [0, fast],
              [half, half + fast],
            ]
          : [[0, 2 * fast]];
    const [lo, hi] = this.y.domain();
    const marksNearTop = this.marks.some((m) => m.at >= lo && m.at < hi && this.y(m.at + 0.5) < 30);
    const noteY = marksNearTop ? box.height - 8 : 14;
    if (drawnAlready(front, 'aliased', [box, spans.map((d) => d.map((v) => this.x(v))), noteY])) return;
    const g = plotGroup(front, 'aliased', box);
    g.selectAll('rect.aliasing')
      .data(spans)
      .join('rect')
      .call(setAttrs, {
        class: 'aliasing',
        x: (d) => this.x(d[0]),
        width: (d) => this.x(d[1]) - this.x(d[0]),
        y: 0,
        height: box.height,
      });
    g.selectAll('text')
      .data(spans.slice(0, 1))
      .join('text')
      .call(setAttrs, { class: 'marker-label', x: (d) => this.x(d[0]) + 4, y: noteY })
      .call(setTexts, (d) => (box.width - this.x(d[0]) - 8 >= estimatedTextWidth(NOTE_LONG) ? NOTE_LONG : NOTE_SHORT));
  }

  /** p and p + k: the rows marked, tinted; a pair ("pair:i"): its two columns. */
  highlight(term: string | null): void {
    const { box, front } = this.view.frame;
    const shapes: HighlightShape[] = [];
    const [name, index] = term ? parseTerm(term) : ['', null];
    const row = name === 'p' ? this.marks[0] : name === 'p+k' ? this.marks[1] : undefined;
    if (row)
      shapes.push({
        kind: 'rect',
        x: 0,
        width: box.width,
        y: this.y(row.at),
        height: Math.max(3, this.y(row.at + 1) - this.y(row.at)),
        fill: true,
      });
    const table = this.table;
    if (name === 'pair' && table) {
      const i = Math.min(table.dModel / 2 - 1, index ?? 0);
      const columns = table.layout === 'split' ? [i, i + table.dModel / 2] : [2 * i, 2 * i + 1];
      for (const j of columns)
        shapes.push({
          kind: 'rect',
          x: this.x(j),
          width: Math.max(3, this.x(j + 1) - this.x(j)),
          y: 0,
          height: box.height,
          fill: true,
        });
    }
    drawHighlight(front, box, shapes);
  }

  private showReadout(point: Point | null, read: (cell: HeatmapCell | null) => string[] | null): void {
    const table = this.table;
    if (!point || !table) {
      this.view.markCell(null, this.x, this.y);
      read(null);
      return;
    }
    const col = Math.min(table.dModel - 1, Math.max(0, Math.floor(this.x.invert(point.x))));
    const p = table.offset + Math.floor(this.y.invert(point.y) - table.offset);
    // Near a marked row (within 3 px) the pointer is on p or p + k.
    const mark = this.marks.find(
      (m) => Math.abs(this.y(m.at + 0.5) - point.y) <= Math.max(3, (this.y(1) - this.y(0)) / 2),
    );
    const lines = read({ p, col, mark });
    if (!lines) {
      this.view.markCell(null, this.x, this.y);
      return;
    }
    const anchor = this.view.markCell({ row: p - table.offset, col }, this.x, this.y, 0, table.offset)!;
    this.view.frame.tooltip.show(lines, anchor.x, anchor.y);
  }
}
