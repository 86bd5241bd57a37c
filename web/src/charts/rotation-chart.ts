// The rotation chart: left, one pair's phasor on the unit circle (PE(p),
// PE(p + k) and where M_k lands PE(p), the arc it turns by); right, a window
// of M_k as the block-diagonal matrix it is, with its dimension labels and a
// read-out of the entry under the pointer. Highlights: the whole window, one
// pair's block and points, a point, the arc.
import { sheet } from './chart-styles.js';
import { setAttr, setAttrs } from './drawn.js';
import { svgElement } from './frame.js';
import { drawHighlight, parseTerm, type HighlightShape } from './highlight-layer.js';
import { MatrixView } from './matrix-view.js';
import { attachReadout, type Point } from './readout.js';
import { drawMatrixLabels, matrixSheet } from './rotation-matrix.js';
import { drawUnitCircle } from './unit-circle.js';

const CSS = `
.panels { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: flex-start; }
.panel { display: block; flex: none; overflow: visible; }
.unit { stroke: var(--_muted); stroke-width: 1.25; fill: none; }
.axis-line { stroke: var(--_grid); stroke-width: 1; shape-rendering: crispEdges; }
.spoke { stroke-width: 1.5; }
.arc { stroke: var(--_accent); stroke-width: 3; fill: none; stroke-linecap: round; }
.arrow { fill: var(--_accent); }
.image-ring { stroke: var(--_accent); stroke-width: 2; fill: none; }
.point-label { font-size: 12px; font-weight: 600; }
.angle-label { fill: var(--_accent); font-size: 12px; font-weight: 600; }
.dim-label { fill: var(--_muted); font-size: 10px; font-variant-numeric: tabular-nums; }
.facts { margin: 8px 0 0; padding: 0; list-style: none; font-size: 13px; font-variant-numeric: tabular-nums; }
.facts li { margin: 2px 0; }
.facts .error-value { font-weight: 600; white-space: nowrap; }
`;

/** The chart's stylesheets. */
export const rotationSheets = (): CSSStyleSheet[] => [sheet(CSS), matrixSheet()];

/** One pair on its circle: (cos, sin) of PE(p), of PE(p + k) and of M_k·PE(p), and the arc between. */
export interface PairOnCircle {
  p: readonly [number, number];
  pPlusK: readonly [number, number];
  rotated: readonly [number, number];
  /** Where the arc starts (PE(p)'s angle) and how far it turns (radians). */
  angle: number;
  sweep: number;
  notes: { text: string; className: string }[];
  colours: readonly [string, string];
  label: string;
}

/** The window of M_k drawn: size × size entries from row and column `start` (interleaved layout). */
export interface MatrixWindow {
  values: Float32Array;
  start: number;
  size: number;
  dModel: number;
  pair: number;
}

export class RotationChart {
  readonly root = document.createElement('div');
  private readonly circle = svgElement('svg');
  private readonly matrix = new MatrixView('frame matrix');
  private window: MatrixWindow | null = null;
  private cell = 1;

  /** @param read the read-out's lines for entry (row, col) of the window, or null when the pointer left */
  constructor(read: (entry: { row: number; col: number } | null) => string[] | null) {
    this.root.className = 'panels';
    this.circle.setAttribute('class', 'panel');
    this.root.append(this.circle, this.matrix.frame.root);
    attachReadout(
      {
        frame: this.matrix.frame,
        show: (point) => this.showCell(point, read),
        step: () => ({ x: this.cell, y: this.cell }),
      },
      'The rotation matrix Mₖ',
    );
  }

  /** Draws the circle and the window at `width` CSS px, side by side from 600 px. */
  draw(width: number, pair: PairOnCircle, window: MatrixWindow): void {
    const sideBySide = width >= 600;
    const circleSize = Math.round(sideBySide ? Math.min(360, (width - 24) * 0.48) : Math.min(360, width));
    this.drawCircle(pair, circleSize);
    const matrixWidth = sideBySide ? width - circleSize - 24 : width;
    const margin = { top: 44, right: 8, bottom: 8, left: 34 };
    const side = Math.max(120, Math.min(480, matrixWidth - margin.left - margin.right));
    this.matrix.layout(
      Math.min(matrixWidth, side + margin.left + margin.right),
      side + margin.top + margin.bottom,
      margin,
    );
    // Exact zeros are drawn transparent, so the block diagonal stands out on the page.
    const values = window.values.map((v) => (v === 0 ? NaN : v));
    this.matrix.draw(
      { values, rows: window.size, cols: window.size },
      { map: 'diverging', domain: [-1, 1], label: 'Mₖ' },
      undefined,
      false,
    );
    this.window = window;
    this.cell = this.matrix.frame.box.width / window.size;
    drawMatrixLabels(this.matrix.frame, values, window.start, window.size, window.dModel, window.pair);
  }

  private drawCircle(pair: PairOnCircle, width: number): void {
    drawUnitCircle(this.circle, {
      width,
      points: [
        { cos: pair.p[0], sin: pair.p[1], colour: pair.colours[0], label: 'PE(p)' },
        { cos: pair.pPlusK[0], sin: pair.pPlusK[1], colour: pair.colours[1], label: 'PE(p+k)' },
      ],
      ring: { cos: pair.rotated[0], sin: pair.rotated[1] },
      arc: { start: pair.angle, sweep: pair.sweep },
      notes: pair.notes,
    });
    setAttr(this.circle, 'role', 'img');
    setAttr(this.circle, 'aria-label', pair.label);
  }

  /**
   * mk: the whole window of M_k; pair: pair i's block and its two points; p,
   * p+k: that point on the circle; k: the arc it turns by.
   */
  highlight(term: string | null): void {
    const w = this.window;
    const { box, front } = this.matrix.frame;
    const matrix: HighlightShape[] = [];
    const circle: HighlightShape[] = [];
    const points = [...this.circle.querySelectorAll<SVGCircleElement>('circle.point')].map((c) => ({
      x: c.cx.baseVal.value,
      y: c.cy.baseVal.value,
    }));
    const ring = (n: number) => points[n] && circle.push({ kind: 'ring', ...points[n], r: 11 });
    if (w && term) {
      const [name] = parseTerm(term);
      if (name === 'mk') matrix.push({ kind: 'rect', x: -2, y: -2, width: box.width + 4, height: box.height + 4 });
      if (name === 'pair') {
        const local = 2 * w.pair - w.start;
        matrix.push({
          kind: 'rect',
          x: local * this.cell,
          y: local * this.cell,
          width: 2 * this.cell,
          height: 2 * this.cell,
          fill: true,
        });
        ring(0);
        ring(1);
      }
      if (name === 'p') ring(0);
      if (name === 'p+k') ring(1);
      if (name === 'k') {
        const arc = this.circle.querySelector<SVGGraphicsElement>('.arc');
        const b = arc?.getBBox();
        if (b && b.width + b.height > 0)
          circle.push({ kind: 'rect', x: b.x - 4, y: b.y - 4, width: b.width + 8, height: b.height + 8 });
        ring(1);
      }
    }
    drawHighlight(front, box, matrix);
    drawHighlight(this.circle, { left: 0, top: 0 }, circle);
  }

  private showCell(point: Point | null, read: (entry: { row: number; col: number } | null) => string[] | null): void {
    const w = this.window;
    const { frame } = this.matrix;
    const entry =
      point && w
        ? {
            row: Math.min(w.size - 1, Math.floor(point.y / this.cell)),
            col: Math.min(w.size - 1, Math.floor(point.x / this.cell)),
          }
        : null;
    const lines = read(entry);
    if (!entry || !lines) {
      frame.clearReadout();
      return;
    }
    const g = frame.readoutLayer();
    const cell = { x: entry.col * this.cell, y: entry.row * this.cell, width: this.cell, height: this.cell };
    // Over its halo (a wider copy in the background colour), joined first so it lies beneath.
    g.selectAll('rect.cursor-halo')
      .data([0])
      .join('rect')
      .call(setAttrs, { class: 'cursor-halo cell', ...cell });
    g.selectAll('rect.cursor')
      .data([0])
      .join('rect')
      .call(setAttrs, { class: 'cursor on-image', ...cell });
    frame.tooltip.show(lines, frame.box.left + (entry.col + 0.5) * this.cell, frame.box.top + entry.row * this.cell);
  }
}
