// Square n × n maps side by side (three across, or one above another when
// narrow), each a heatmap with its title, colour bar and axes of positions
// 0 … n − 1, drawn from the entries sampled at the drawn positions, and a
// read-out of the entry under the pointer.
import { scaleLinear } from 'd3-scale';
import { positionTicks, renderAxes } from './axes.js';
import { setText } from './drawn.js';
import { integer as formatInteger } from './format.js';
import { devicePixelRatioNow } from './hidpi-canvas.js';
import { panelWidths } from './line-panel.js';
import { MatrixView, type ColourSpec } from './matrix-view.js';
import { attachReadout, type Point } from './readout.js';

const MARGIN = { top: 44, right: 10, bottom: 40, left: 64 };

export interface PatternPanel {
  title: string;
  /** rows × cols entries at the drawn positions. */
  values: Float32Array;
  colour: ColourSpec;
  label: string;
}

export class PatternPanels {
  readonly root = document.createElement('div');
  private readonly views: MatrixView[];
  private readonly titles: HTMLParagraphElement[];
  private scale = scaleLinear();

  /**
   * @param names each panel's name, for the read-out's screen-reader name
   * @param read the read-out's lines for panel i at query m and key n, or null when the pointer left
   */
  constructor(
    names: readonly string[],
    read: (panel: number, entry: { m: number; n: number } | null) => string[] | null,
  ) {
    this.root.className = 'panels';
    this.views = names.map(() => new MatrixView());
    this.titles = names.map(() => document.createElement('p'));
    names.forEach((name, i) => {
      const panel = document.createElement('div');
      panel.className = 'panel';
      this.titles[i].className = 'panel-title';
      panel.append(this.titles[i], this.views[i].frame.root);
      this.root.append(panel);
      attachReadout(
        {
          frame: this.views[i].frame,
          show: (point) => this.show(i, point, read),
          step: () => ({
            x: Math.max(1, this.scale(1) - this.scale(0)),
            y: Math.max(1, this.scale(1) - this.scale(0)),
          }),
        },
        name,
      );
    });
  }

  /** A panel's plot side in CSS px for a chart `width` wide, and its width. */
  static plotSide(width: number, panels: number): { panelWidth: number; plot: number } {
    const { panelWidth } = panelWidths(width, panels, 240);
    return { panelWidth, plot: Math.max(60, panelWidth - MARGIN.left - MARGIN.right) };
  }

  /** Positions drawn per axis for n positions at `width`: one per device pixel of the plot, all of them when n fits. */
  static drawnCount(n: number, width: number, panels: number): number {
    return Math.min(n, Math.round(PatternPanels.plotSide(width, panels).plot * devicePixelRatioNow()));
  }

  /** Draws each panel's entries (rows × cols at the drawn positions) over positions 0 … n − 1. */
  draw(width: number, n: number, rows: number, cols: number, panels: readonly PatternPanel[]): void {
    const { panelWidth, plot } = PatternPanels.plotSide(width, panels.length);
    this.scale = scaleLinear().domain([0, n]).range([0, plot]);
    panels.forEach((panel, i) => {
      const view = this.views[i];
      (view.frame.root.parentElement as HTMLElement).style.width = `${panelWidth}px`;
      view.layout(panelWidth, plot + MARGIN.top + MARGIN.bottom, MARGIN);
      view.draw({ values: panel.values, rows, cols }, panel.colour);
      const ticks = positionTicks(this.scale, plot);
      renderAxes(view.frame.front, view.frame.box, {
        bottom: { scale: this.scale, label: 'key position n', values: ticks, format: formatInteger },
        left: { scale: this.scale, label: 'query position m', values: ticks, format: formatInteger },
      });
      setText(this.titles[i], panel.title);
      view.frame.describe(panel.label);
    });
  }

  private show(
    i: number,
    point: Point | null,
    read: (panel: number, entry: { m: number; n: number } | null) => string[] | null,
  ): void {
    const view = this.views[i];
    const [, n] = this.scale.domain();
    const clamp = (v: number) => Math.min(n - 1, Math.max(0, Math.floor(this.scale.invert(v))));
    const entry = point ? { m: clamp(point.y), n: clamp(point.x) } : null;
    const lines = read(i, entry);
    if (!entry || !lines) {
      view.markCell(null, this.scale, this.scale);
      return;
    }
    const anchor = view.markCell({ row: entry.m, col: entry.n }, this.scale, this.scale)!;
    view.frame.tooltip.show(lines, anchor.x, anchor.y);
  }
}
