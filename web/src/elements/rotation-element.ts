// <phasor-rotation>: the proof that PE(p + k) = M_k·PE(p). Left, the phasor
// of pair i on the unit circle: PE(p) and PE(p + k) are ω_i·k apart, and
// M_k·PE(p) lands on PE(p + k). Right, M_k as the block-diagonal matrix it is
// (a window of dimensions around pair i, read out by pointer or keyboard).
// Below, the measured max |M_k·PE(p) − PE(p + k)| over every p, checked a
// few milliseconds at a time. Everything numeric comes from the core: the
// window of M_k (never the d × d matrix), M_k·PE(p) and the errors.
import type { Phasor } from '../core/index.js';
import { divergingInterpolator } from '../charts/colour-schemes.js';
import { exact, integer as formatInteger, scientific } from '../charts/format.js';
import { svgElement } from '../charts/frame.js';
import { MatrixView } from '../charts/matrix-view.js';
import { attachReadout, type Point } from '../charts/readout.js';
import { drawUnitCircle } from '../charts/unit-circle.js';
import { drawHighlight, parseTerm, type HighlightShape } from '../charts/highlight-layer.js';
import { setContent } from '../charts/drawn.js';
import { AttributeError, integer, number, spec } from './attributes/attributes.js';
import * as common from './attributes/common-attributes.js';
import { subscript } from './dimensions.js';
import { PhasorElement } from './base/phasor-element.js';
import { matrixTable, type CsvTable } from './base/csv-table.js';
import { drawMatrixLabels, matrixSheet, matrixWindow } from './rotation-matrix.js';
import { SlicedMax, type SlicedResult } from './base/sliced-max.js';
import { sheet } from '../charts/chart-styles.js';
import type { Theme } from './base/theme.js';
import type { CodeConfig } from '../code/code-config.js';

export interface RotationChartOptions {
  dModel: number;
  base: number;
  /** The shift. */
  k: number;
  /** The position whose phasor is drawn. */
  p: number;
  /** The pair i drawn on the circle and outlined in the matrix. */
  pair: number;
  /** The error is measured over p = 0 … positions − 1. */
  positions: number;
}

export interface RotationChartData {
  /** The window of M_k drawn: size × size entries from row and column `start` (interleaved layout). */
  window: Float32Array;
  start: number;
  size: number;
  /** max over p = 0 … positions − 1 of |M_k·PE(p) − PE(p + k)|; null while it is being checked. */
  maxError: number | null;
  /** max over dimensions of |M_k·PE(p) − PE(p + k)| at the chosen p. */
  errorAtP: number;
  /** PE(p), PE(p + k) and M_k·PE(p). */
  peP: Float32Array;
  pePlusK: Float32Array;
  rotated: Float64Array;
  frequencies: Float64Array;
  options: RotationChartOptions;
}

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

const TAU = 2 * Math.PI;

export class PhasorRotationElement extends PhasorElement<RotationChartOptions, RotationChartData> {
  static override readonly tag = 'phasor-rotation';
  static override readonly title = 'Shifting an encoding is a rotation';
  static override attributeSpecs = [
    spec('d-model', integer(2, 2048, 2), 64),
    common.base,
    spec('k', number(-(2 ** 30), 2 ** 30), 3),
    spec('p', number(-(2 ** 30), 2 ** 30), 10),
    spec('pair', integer(0, 1023), 0),
    common.positions(1000, 1 << 20),
  ];
  static override highlightTerms = ['mk', 'pair', 'p', 'p+k', 'k'];
  static override playable = ['p', 'k'];

  private readonly panels = document.createElement('div');
  private readonly circle = svgElement('svg');
  private readonly matrix = new MatrixView('frame matrix');
  private readonly facts = document.createElement('ul');
  private readonly maxError = new SlicedMax();
  private cell = 1;

  constructor() {
    super();
    this.panels.className = 'panels';
    this.circle.setAttribute('class', 'panel');
    this.facts.className = 'facts';
    this.panels.append(this.circle, this.matrix.frame.root);
    this.content.append(this.panels, this.facts);
    attachReadout(
      { frame: this.matrix.frame, show: (point) => this.showCell(point), step: () => ({ x: this.cell, y: this.cell }) },
      'The rotation matrix Mₖ',
    );
  }

  protected override styleSheets(): CSSStyleSheet[] {
    return [sheet(CSS), matrixSheet()];
  }

  /** The whole d × d matrix, computed when asked. */
  protected override csvTable(data: RotationChartData): CsvTable {
    const { dModel: d, base, k } = data.options;
    return matrixTable(this.core.rotation({ dModel: d, base, k, positions: 1 }).matrix, d, d, 'row \\ column of M_k');
  }

  /** "Copy as code": the table this chart draws. */
  override codeConfig(): CodeConfig | null {
    const o = this.drawnOptions;
    return o && { kind: 'table', positions: o.positions, dModel: o.dModel, base: o.base };
  }

  protected computeKey(o: RotationChartOptions): unknown {
    return o;
  }

  protected compute(ph: Phasor, o: RotationChartOptions): RotationChartData {
    const d = o.dModel;
    if (o.pair >= d / 2) throw new AttributeError(`pair: ${o.pair} is not below d-model / 2 (${d / 2})`);
    // The core's work cap, named by this element's attributes.
    const work = ph.limits.maxRotationWork;
    if (o.positions * d > work)
      throw new AttributeError(
        `positions × d-model must be at most ${work} (the work of one chart); got ${o.positions} × ${d}`,
      );
    const { start, size } = matrixWindow(d, o.pair);
    const window = ph.rotationWindow({
      dModel: d,
      base: o.base,
      k: o.k,
      row0: start,
      col0: start,
      rows: size,
      cols: size,
    });
    const encodeAt = (p: number) => ph.encode({ positions: 1, dModel: d, base: o.base, offset: p }).table;
    const model = { dModel: d, base: o.base, k: o.k };
    const errorAtP = ph.rotationMaxError({ ...model, positions: 1, offset: o.p });
    // The check over every position, a few milliseconds at a time; its later slices update the facts.
    const chunk = Math.max(1, Math.floor(2 ** 16 / d));
    const check = this.maxError.run(
      JSON.stringify([d, o.base, o.k, o.positions]),
      o.positions,
      chunk,
      (offset, count) => ph.rotationMaxError({ ...model, positions: count, offset }),
      (r) => {
        const data = this.data();
        if (!data || data.options !== o) return;
        data.maxError = r.done === r.total ? r.max : null;
        this.writeFacts(data, r);
      },
    );
    return {
      window,
      start,
      size,
      maxError: check.done === check.total ? check.max : null,
      errorAtP,
      peP: encodeAt(o.p),
      pePlusK: encodeAt(o.p + o.k),
      rotated: ph.rotateEncoding({ ...model, p: o.p }),
      frequencies: ph.frequencies({ dModel: d, base: o.base }).frequencies,
      options: o,
    };
  }

  protected draw(data: RotationChartData, o: RotationChartOptions, width: number, theme: Theme): void {
    const sideBySide = width >= 600;
    const circleSize = Math.round(sideBySide ? Math.min(360, (width - 24) * 0.48) : Math.min(360, width));
    this.drawCircle(data, o, circleSize, theme);
    const matrixWidth = sideBySide ? width - circleSize - 24 : width;
    const margin = { top: 44, right: 8, bottom: 8, left: 34 };
    const side = Math.max(120, Math.min(480, matrixWidth - margin.left - margin.right));
    const ctx = this.matrix.frame.layout(
      Math.min(matrixWidth, side + margin.left + margin.right),
      side + margin.top + margin.bottom,
      margin,
    );
    // Exact zeros are drawn transparent, so the block diagonal stands out on the page.
    const values = data.window.map((v) => (v === 0 ? NaN : v));
    this.matrix.draw(
      ctx,
      { values, rows: data.size, cols: data.size },
      { interpolator: divergingInterpolator, domain: [-1, 1], label: 'Mₖ' },
      undefined,
      false,
    );
    this.cell = this.matrix.frame.box.width / data.size;
    drawMatrixLabels(this.matrix.frame, values, data.start, data.size, o.dModel, o.pair);
    this.writeFacts(data, null);
  }

  private drawCircle(data: RotationChartData, o: RotationChartOptions, width: number, theme: Theme): void {
    const i = o.pair;
    const sinDim = 2 * i;
    const cosDim = 2 * i + 1;
    // x = cos (dimension 2i+1), y = sin (dimension 2i): the angle is ω_i·p.
    const angleP = Math.atan2(data.peP[sinDim], data.peP[cosDim]);
    const turn = data.frequencies[i] * o.k;
    // The arc shows the net rotation; whole turns are in the label.
    let sweep = turn % TAU;
    if (Math.abs(sweep) < 1e-9) sweep = 0;
    const turns = turn / TAU;
    const angleText =
      `rotation ω${subscript(i)}·k = ${exact(+turn.toPrecision(4))} rad ` +
      (Math.abs(turns) >= 1 ? `(${exact(+turns.toPrecision(3))} turns)` : `(${exact(+(turns * 360).toPrecision(4))}°)`);
    drawUnitCircle(this.circle, {
      width,
      points: [
        { cos: data.peP[cosDim], sin: data.peP[sinDim], colour: theme.series[0], label: 'PE(p)' },
        { cos: data.pePlusK[cosDim], sin: data.pePlusK[sinDim], colour: theme.series[1], label: 'PE(p+k)' },
      ],
      ring: { cos: data.rotated[cosDim], sin: data.rotated[sinDim] },
      arc: { start: angleP, sweep },
      notes: [
        { text: angleText, className: 'angle-label' },
        { text: `across: cos, j = ${cosDim} · up: sin, j = ${sinDim}`, className: 'dim-label axes-note' },
      ],
    });
    this.circle.setAttribute('role', 'img');
    this.circle.setAttribute(
      'aria-label',
      `Pair ${i} on the unit circle: PE(p) at angle ${exact(angleP)} rad, rotated by ${exact(turn)} rad onto PE(p+k).`,
    );
  }

  /**
   * mk: the whole window of M_k; pair: pair i's block and its two points; p,
   * p+k: that point on the circle; k: the arc it turns by.
   */
  protected override drawHighlight(term: string | null): void {
    const data = this.data();
    const { box, front } = this.matrix.frame;
    const matrix: HighlightShape[] = [];
    const circle: HighlightShape[] = [];
    const points = [...this.circle.querySelectorAll<SVGCircleElement>('circle.point')].map((c) => ({
      x: c.cx.baseVal.value,
      y: c.cy.baseVal.value,
    }));
    const ring = (n: number) => points[n] && circle.push({ kind: 'ring', ...points[n], r: 11 });
    if (data && term) {
      const [name] = parseTerm(term);
      if (name === 'mk') matrix.push({ kind: 'rect', x: -2, y: -2, width: box.width + 4, height: box.height + 4 });
      if (name === 'pair') {
        const local = 2 * data.options.pair - data.start;
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

  private showCell(point: Point | null): void {
    const data = this.data();
    const { frame } = this.matrix;
    if (!point || !data) {
      frame.clearReadout();
      this.pointAt(null);
      return;
    }
    const col = Math.min(data.size - 1, Math.floor(point.x / this.cell));
    const row = Math.min(data.size - 1, Math.floor(point.y / this.cell));
    const r = data.start + row;
    const c = data.start + col;
    this.pointAt(r >> 1 === c >> 1 && r >> 1 === data.options.pair ? `pair:${data.options.pair}` : 'mk');
    const lines = [`Mₖ[${r}, ${c}] = ${exact(data.window[row * data.size + col])}`];
    if (r >> 1 === c >> 1) {
      const i = r >> 1;
      const what =
        r === c ? `cos(ω${subscript(i)}·k)` : r % 2 === 0 ? `sin(ω${subscript(i)}·k)` : `−sin(ω${subscript(i)}·k)`;
      lines.push(`= ${what}, the rotation of pair ${i}`);
    } else lines.push('outside the 2 × 2 blocks: 0');
    const g = frame.readoutLayer();
    g.selectAll('rect')
      .data([0])
      .join('rect')
      .attr('class', 'cursor on-image')
      .attr('x', col * this.cell)
      .attr('y', row * this.cell)
      .attr('width', this.cell)
      .attr('height', this.cell);
    frame.tooltip.show(lines, frame.box.left + (col + 0.5) * this.cell, frame.box.top + row * this.cell);
  }

  private writeFacts(data: RotationChartData, progress: SlicedResult | null): void {
    const o = data.options;
    const i = o.pair;
    const item = (...parts: (string | Node)[]) => {
      const li = document.createElement('li');
      li.append(...parts);
      return li;
    };
    const value = (text: string) => {
      const b = document.createElement('span');
      b.className = 'error-value';
      b.textContent = text;
      return b;
    };
    const checking =
      progress && progress.done < progress.total
        ? `checking… ${Math.floor((100 * progress.done) / progress.total)} %`
        : 'checking…';
    setContent(
      this.facts,
      item(
        `Pair i = ${i}: ω${subscript(i)} = ${exact(data.frequencies[i])} rad/position; p = ${formatNumber(o.p)}, k = ${formatNumber(o.k)}.`,
      ),
      item(
        `max |Mₖ·PE(p) − PE(p+k)| over p = 0 … ${formatInteger(o.positions - 1)}: `,
        value(data.maxError === null ? checking : scientific(data.maxError)),
      ),
      item(`at p = ${formatNumber(o.p)}: `, value(scientific(data.errorAtP)), ' — float32 rounding only.'),
      item('The ring marks Mₖ·PE(p), computed with the matrix drawn here: it sits on PE(p+k).'),
      item('Mₖ is built from k alone: moving p turns both points together and leaves the matrix as drawn.'),
    );
  }
}

function formatNumber(v: number): string {
  return Number.isInteger(v) ? formatInteger(v) : exact(v);
}
