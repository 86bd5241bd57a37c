// <phasor-rotation>: the proof that PE(p + k) = M_k·PE(p). Left, the phasor
// of pair i on the unit circle: PE(p) and PE(p + k) are ω_i·k apart, and
// M_k·PE(p) lands on PE(p + k). Right, M_k as the block-diagonal matrix it is
// (a window of dimensions around pair i). Below, the measured
// max |M_k·PE(p) − PE(p + k)| over every p: M_k is built from k alone, so
// moving p moves the points and leaves the matrix as it is.
import { select } from 'd3-selection';
import type { Phasor } from '../core/index.js';
import { divergingInterpolator } from '../charts/colour-schemes.js';
import { colourLut } from '../charts/colour-lut.js';
import { exact, integer as formatInteger, scientific } from '../charts/format.js';
import { ChartFrame, svgElement } from '../charts/frame.js';
import { drawRaster, rasterize } from '../charts/heatmap.js';
import { devicePixelRatioNow } from '../charts/hidpi-canvas.js';
import { AttributeError, integer, number, spec } from './attributes.js';
import * as common from './common-attributes.js';
import { subscript } from './dimensions.js';
import { PhasorElement } from './phasor-element.js';
import { matrixTable, type CsvTable } from './export.js';
import { sheet } from './styles.js';
import type { Theme } from './theme.js';

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
  /** M_k, dModel × dModel, row-major (interleaved layout). */
  matrix: Float32Array;
  /** max over p = 0 … positions − 1 of |M_k·PE(p) − PE(p + k)|. */
  maxError: number;
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
.matrix { flex: 1 1 240px; min-width: 0; }
.unit { stroke: var(--_muted); stroke-width: 1.25; fill: none; }
.axis-line { stroke: var(--_grid); stroke-width: 1; shape-rendering: crispEdges; }
.spoke { stroke-width: 1.5; }
.arc { stroke: var(--_accent); stroke-width: 3; fill: none; stroke-linecap: round; }
.arrow { fill: var(--_accent); }
.image-ring { stroke: var(--_accent); stroke-width: 2; fill: none; }
.point-label { font-size: 12px; font-weight: 600; }
.angle-label { fill: var(--_accent); font-size: 12px; font-weight: 600; }
.matrix-title { font-size: 12px; }
.cell-line { stroke: var(--_grid); shape-rendering: crispEdges; }
.block { stroke: var(--_accent); stroke-width: 2; fill: none; }
.cell-value { font-size: 10px; font-variant-numeric: tabular-nums; }
.dim-label { fill: var(--_muted); font-size: 10px; font-variant-numeric: tabular-nums; }
.facts { margin: 8px 0 0; padding: 0; list-style: none; font-size: 13px; font-variant-numeric: tabular-nums; }
.facts li { margin: 2px 0; }
.facts .error-value { font-weight: 600; white-space: nowrap; }
`;

const TAU = 2 * Math.PI;
const WINDOW = 12; // dimensions of M_k shown

export class PhasorRotationElement extends PhasorElement<RotationChartOptions, RotationChartData> {
  static override attributeSpecs = [
    spec('d-model', integer(2, 2048, 2), 64),
    common.base,
    spec('k', number(-(2 ** 30), 2 ** 30), 3),
    spec('p', number(-(2 ** 30), 2 ** 30), 10),
    spec('pair', integer(0, 1023), 0),
    common.positions(1000, 1 << 20),
  ];

  private readonly panels = document.createElement('div');
  private readonly circle = svgElement('svg');
  private readonly matrixFrame = new ChartFrame('frame matrix');
  private readonly facts = document.createElement('ul');
  private matrixMemo: { key: string; matrix: Float32Array; maxError: number } | null = null;
  /** The window of M_k drawn: first dimension, how many, cell size in CSS pixels. */
  private matrixView: { start: number; shown: number; cell: number } | null = null;
  private matrixDrawn: { matrix: Float32Array; width: number; pair: number; scheme: string; ratio: number } | null = null;

  constructor() {
    super();
    this.panels.className = 'panels';
    this.circle.setAttribute('class', 'panel');
    this.circle.setAttribute('role', 'img');
    this.facts.className = 'facts';
    this.facts.setAttribute('aria-live', 'polite');
    this.panels.append(this.circle, this.matrixFrame.root);
    this.content.append(this.panels, this.facts);
    this.matrixFrame.front.addEventListener('pointermove', (event) => this.showCell(this.matrixFrame.plotPoint(event)));
    this.matrixFrame.front.addEventListener('pointerleave', () => this.showCell(null));
  }

  protected override styleSheets(): CSSStyleSheet[] {
    return [sheet(CSS)];
  }

  protected override csvTable(data: RotationChartData): CsvTable {
    const d = Math.round(Math.sqrt(data.matrix.length));
    return matrixTable(data.matrix, d, d, 'row \\ column of M_k');
  }

  protected computeKey(o: RotationChartOptions): unknown {
    return o;
  }

  protected compute(ph: Phasor, o: RotationChartOptions): RotationChartData {
    const d = o.dModel;
    if (o.pair >= d / 2) throw new AttributeError(`pair: ${o.pair} is not below d-model / 2 (${d / 2})`);
    // The core's work cap, named by this element's attributes.
    const work = ph.limits.maxRotationWork;
    if (o.positions * d > work) throw new AttributeError(`positions × d-model must be at most ${work} (the work of one chart); got ${o.positions} × ${d}`);
    const key = JSON.stringify([d, o.base, o.k, o.positions]);
    if (this.matrixMemo?.key !== key) {
      const { matrix, maxError } = ph.rotation({ dModel: d, base: o.base, k: o.k, positions: o.positions });
      this.matrixMemo = { key, matrix, maxError };
    }
    const { matrix, maxError } = this.matrixMemo;
    const peP = ph.encode({ positions: 1, dModel: d, base: o.base, offset: o.p }).table;
    const pePlusK = ph.encode({ positions: 1, dModel: d, base: o.base, offset: o.p + o.k }).table;
    // M_k·PE(p) with the matrix as drawn, accumulated in float64.
    const rotated = new Float64Array(d);
    let errorAtP = 0;
    for (let r = 0; r < d; r++) {
      let sum = 0;
      const row = r * d;
      for (let c = 0; c < d; c++) sum += matrix[row + c] * peP[c];
      rotated[r] = sum;
      errorAtP = Math.max(errorAtP, Math.abs(sum - pePlusK[r]));
    }
    const { frequencies } = ph.frequencies({ dModel: d, base: o.base });
    return { matrix, maxError, errorAtP, peP, pePlusK, rotated, frequencies, options: o };
  }

  protected draw(data: RotationChartData, o: RotationChartOptions, width: number, theme: Theme): void {
    const sideBySide = width >= 600;
    const circleSize = Math.round(sideBySide ? Math.min(360, (width - 24) * 0.48) : Math.min(360, width));
    this.drawCircle(data, o, circleSize, theme);
    const matrixWidth = sideBySide ? width - circleSize - 24 : width;
    const drawn = this.matrixDrawn;
    // M_k depends on k (not p): redraw it only when it or its view changed.
    const ratio = devicePixelRatioNow();
    if (!drawn || drawn.matrix !== data.matrix || drawn.width !== matrixWidth || drawn.pair !== o.pair || drawn.scheme !== theme.scheme || drawn.ratio !== ratio) {
      this.drawMatrix(data, o, matrixWidth);
      this.matrixDrawn = { matrix: data.matrix, width: matrixWidth, pair: o.pair, scheme: theme.scheme, ratio };
    }
    this.writeFacts(data, o);
  }

  private drawCircle(data: RotationChartData, o: RotationChartOptions, width: number, theme: Theme): void {
    // Room around the circle: 62 px each side for the point labels, 30 above
    // and below; two lines of text under it.
    const radius = Math.max(40, Math.min(150, width / 2 - 62));
    const cx = width / 2;
    const cy = radius + 30;
    const height = Math.round(cy + radius + 30 + 36);
    const svg = select(this.circle).attr('width', width).attr('height', height).attr('viewBox', `0 0 ${width} ${height}`);
    const i = o.pair;
    const sinDim = 2 * i;
    const cosDim = 2 * i + 1;
    // x = cos (dimension 2i+1), y = sin (dimension 2i): the angle is ω_i·p.
    const at = (cos: number, sin: number) => ({ x: cx + radius * cos, y: cy - radius * sin });
    const a = at(data.peP[cosDim], data.peP[sinDim]);
    const b = at(data.pePlusK[cosDim], data.pePlusK[sinDim]);
    const m = at(data.rotated[cosDim], data.rotated[sinDim]);
    const angleP = Math.atan2(data.peP[sinDim], data.peP[cosDim]);
    const turn = data.frequencies[i] * o.k;
    // The arc shows the net rotation; whole turns are in the label.
    let sweep = turn % TAU;
    if (Math.abs(sweep) < 1e-9) sweep = 0;
    this.circle.setAttribute('aria-label', `Pair ${i} on the unit circle: PE(p) at angle ${exact(angleP)} rad, rotated by ${exact(turn)} rad onto PE(p+k).`);

    const layer = (name: string) => svg.selectAll<SVGGElement, number>(`g.${name}`).data([0]).join('g').attr('class', name);
    const frameLayer = layer('circle-frame');
    frameLayer
      .selectAll('line')
      .data([
        [cx - radius, cy, cx + radius, cy],
        [cx, cy - radius, cx, cy + radius],
      ])
      .join('line')
      .attr('class', 'axis-line')
      .attr('x1', (d) => d[0])
      .attr('y1', (d) => d[1])
      .attr('x2', (d) => d[2])
      .attr('y2', (d) => d[3]);
    frameLayer.selectAll('circle').data([radius]).join('circle').attr('class', 'unit').attr('cx', cx).attr('cy', cy).attr('r', (r) => r);

    const arcLayer = layer('rotation-arc');
    const steps = Math.max(2, Math.ceil(Math.abs(sweep) / 0.05));
    const points: string[] = [];
    for (let s = 0; s <= steps; s++) {
      const t = angleP + (sweep * s) / steps;
      points.push(`${(cx + radius * Math.cos(t)).toFixed(2)},${(cy - radius * Math.sin(t)).toFixed(2)}`);
    }
    arcLayer.selectAll('polyline').data(sweep !== 0 ? [points.join(' ')] : []).join('polyline').attr('class', 'arc').attr('points', (d) => d);
    // An arrowhead at the end of the arc, pointing along the direction of rotation.
    const end = angleP + sweep;
    const dir = Math.sign(sweep);
    const tip = { x: cx + radius * Math.cos(end), y: cy - radius * Math.sin(end) };
    const tangent = { x: -Math.sin(end) * dir, y: -Math.cos(end) * dir };
    const normal = { x: Math.cos(end), y: -Math.sin(end) };
    const head =
      Math.abs(sweep) > 0.25
        ? [
            [tip.x + tangent.x * 2, tip.y + tangent.y * 2],
            [tip.x - tangent.x * 10 + normal.x * 5, tip.y - tangent.y * 10 + normal.y * 5],
            [tip.x - tangent.x * 10 - normal.x * 5, tip.y - tangent.y * 10 - normal.y * 5],
          ]
        : [];
    arcLayer.selectAll('polygon').data(head.length ? [head] : []).join('polygon').attr('class', 'arrow').attr('points', (d) => d.map((q) => q.join(',')).join(' '));

    const spokes = layer('spokes');
    const pointData = [
      { ...a, colour: theme.series[0], label: 'PE(p)' },
      { ...b, colour: theme.series[1], label: 'PE(p+k)' },
    ];
    spokes
      .selectAll('line')
      .data(pointData)
      .join('line')
      .attr('class', 'spoke')
      .attr('stroke', (d) => d.colour)
      .attr('x1', cx)
      .attr('y1', cy)
      .attr('x2', (d) => d.x)
      .attr('y2', (d) => d.y);
    spokes
      .selectAll('circle.point')
      .data(pointData)
      .join('circle')
      .attr('class', 'point cursor-dot')
      .attr('r', 6)
      .attr('cx', (d) => d.x)
      .attr('cy', (d) => d.y)
      .attr('fill', (d) => d.colour);
    spokes.selectAll('circle.image-ring').data([m]).join('circle').attr('class', 'image-ring').attr('r', 10).attr('cx', (d) => d.x).attr('cy', (d) => d.y);
    // Labels sit outside the circle along each point's radius, anchored away
    // from the centre; when the points are close the second label moves one
    // line further out.
    const close = Math.hypot(a.x - b.x, a.y - b.y) < 36;
    const labelAt = (point: { x: number; y: number }, extra: number) => {
      const ux = (point.x - cx) / radius;
      const uy = (point.y - cy) / radius;
      const r = radius + 16 + extra;
      return { x: cx + ux * r, y: cy + uy * r + 4, anchor: ux > 0.35 ? 'start' : ux < -0.35 ? 'end' : 'middle' };
    };
    const labels = pointData.map((d, n) => ({ ...d, ...labelAt(d, n === 1 && close ? 16 : 0) }));
    spokes
      .selectAll('text.point-label')
      .data(labels)
      .join('text')
      .attr('class', 'point-label')
      // style, not the fill attribute: the stylesheet's text fill would win over an attribute
      .style('fill', (d) => d.colour)
      .attr('x', (d) => d.x)
      .attr('y', (d) => d.y)
      .attr('text-anchor', (d) => d.anchor)
      .text((d) => d.label);
    for (const text of spokes.selectAll<SVGTextElement, unknown>('text.point-label').nodes()) {
      const box = text.getBBox();
      const shift = box.x < 2 ? 2 - box.x : box.x + box.width > width - 2 ? width - 2 - box.x - box.width : 0;
      if (shift) text.setAttribute('x', String(Number(text.getAttribute('x')) + shift));
    }
    const turns = turn / TAU;
    const angleText =
      `rotation ω${subscript(i)}·k = ${exact(+turn.toPrecision(4))} rad ` +
      (Math.abs(turns) >= 1 ? `(${exact(+turns.toPrecision(3))} turns)` : `(${exact(+(turns * 360).toPrecision(4))}°)`);
    const notes = [
      { text: angleText, className: 'angle-label' },
      { text: `across: cos, j = ${cosDim} · up: sin, j = ${sinDim}`, className: 'dim-label axes-note' },
    ];
    layer('angle')
      .selectAll('text')
      .data(notes)
      .join('text')
      .attr('class', (d) => d.className)
      .attr('x', cx)
      .attr('text-anchor', 'middle')
      .attr('y', (_, n) => height - 24 + n * 16)
      .text((d) => d.text);
  }

  private drawMatrix(data: RotationChartData, o: RotationChartOptions, width: number): void {
    const d = o.dModel;
    const shown = Math.min(d, WINDOW);
    const startPair = Math.max(0, Math.min(d / 2 - shown / 2, o.pair - Math.floor(shown / 4)));
    const start = 2 * startPair;
    const margin = { top: 44, right: 8, bottom: 8, left: 34 };
    const side = Math.max(120, Math.min(480, width - margin.left - margin.right));
    const ctx = this.matrixFrame.layout(Math.min(width, side + margin.left + margin.right), side + margin.top + margin.bottom, margin);
    const { box } = this.matrixFrame;
    const cell = box.width / shown;
    // The window of M_k; exact zeros become NaN, drawn transparent, so the
    // block-diagonal structure stands out on the page background.
    const windowValues = new Float32Array(shown * shown);
    for (let r = 0; r < shown; r++) {
      for (let col = 0; col < shown; col++) {
        const v = data.matrix[(start + r) * d + start + col];
        windowValues[r * shown + col] = v === 0 ? NaN : v;
      }
    }
    const raster = rasterize({ values: windowValues, rows: shown, cols: shown }, colourLut(divergingInterpolator, 256), [-1, 1], shown, shown);
    drawRaster(ctx, raster, 0, 0, box.width, box.height);

    const front = select(this.matrixFrame.front);
    const title = `Mₖ, dimensions ${start}–${start + shown - 1} of ${d}`;
    front.selectAll('text.matrix-title').data([title]).join('text').attr('class', 'matrix-title').attr('x', box.left).attr('y', 12).text((t) => t);
    const g = front.selectAll('g.cells').data([0]).join('g').attr('class', 'cells').attr('transform', `translate(${box.left},${box.top})`);
    const lines = Array.from({ length: shown + 1 }, (_, n) => n * cell);
    g.selectAll('line.v').data(lines).join('line').attr('class', 'cell-line v').attr('x1', (x) => x).attr('x2', (x) => x).attr('y1', 0).attr('y2', box.height);
    g.selectAll('line.h').data(lines).join('line').attr('class', 'cell-line h').attr('y1', (y) => y).attr('y2', (y) => y).attr('x1', 0).attr('x2', box.width);
    const labels = Array.from({ length: shown }, (_, n) => n).filter((n) => cell >= 14 || n % 2 === 0);
    g.selectAll('text.col')
      .data(labels)
      .join('text')
      .attr('class', 'dim-label col')
      .attr('x', (n) => (n + 0.5) * cell)
      .attr('y', -6)
      .attr('text-anchor', 'middle')
      .text((n) => start + n);
    g.selectAll('text.row')
      .data(labels)
      .join('text')
      .attr('class', 'dim-label row')
      .attr('x', -6)
      .attr('y', (n) => (n + 0.5) * cell + 3.5)
      .attr('text-anchor', 'end')
      .text((n) => start + n);
    const local = 2 * (o.pair - startPair);
    g.selectAll('rect.block').data([local]).join('rect').attr('class', 'block').attr('x', (n) => n * cell).attr('y', (n) => n * cell).attr('width', 2 * cell).attr('height', 2 * cell);
    const values: { r: number; c: number; v: number }[] = [];
    if (cell >= 36) {
      for (let r = 0; r < shown; r++) for (let col = 0; col < shown; col++) {
        const v = windowValues[r * shown + col];
        if (v === v) values.push({ r, c: col, v });
      }
    }
    g.selectAll('text.cell-value')
      .data(values)
      .join('text')
      .attr('class', 'cell-value')
      .attr('x', (q) => (q.c + 0.5) * cell)
      .attr('y', (q) => (q.r + 0.5) * cell + 3.5)
      .attr('text-anchor', 'middle')
      .style('fill', (q) => (Math.abs(q.v) > 0.55 ? '#fff' : '#1f2328'))
      .text((q) => q.v.toFixed(2).replace('-', '−'));
    this.matrixFrame.root.setAttribute('aria-label', `${title}: 2 × 2 rotation blocks on the diagonal, zeros elsewhere.`);
    this.matrixView = { start, shown, cell };
  }

  private showCell(point: { x: number; y: number } | null): void {
    const data = this.data();
    const view = this.matrixView;
    if (!point || !data || !view) {
      this.matrixFrame.tooltip.hide();
      return;
    }
    const col = Math.min(view.shown - 1, Math.floor(point.x / view.cell));
    const row = Math.min(view.shown - 1, Math.floor(point.y / view.cell));
    const r = view.start + row;
    const c = view.start + col;
    const d = data.options.dModel;
    const v = data.matrix[r * d + c];
    const lines = [`Mₖ[${r}, ${c}] = ${exact(v)}`];
    if (r >> 1 === c >> 1) {
      const i = r >> 1;
      const what = r === c ? `cos(ω${subscript(i)}·k)` : r % 2 === 0 ? `sin(ω${subscript(i)}·k)` : `−sin(ω${subscript(i)}·k)`;
      lines.push(`= ${what}, the rotation of pair ${i}`);
    } else lines.push('outside the 2 × 2 blocks: 0');
    const { box } = this.matrixFrame;
    this.matrixFrame.tooltip.show(lines, box.left + (col + 0.5) * view.cell, box.top + row * view.cell);
  }

  private writeFacts(data: RotationChartData, o: RotationChartOptions): void {
    const i = o.pair;
    const omega = data.frequencies[i];
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
    this.facts.replaceChildren(
      item(`Pair i = ${i}: ω${subscript(i)} = ${exact(omega)} rad/position; p = ${formatNumber(o.p)}, k = ${formatNumber(o.k)}.`),
      item(`max |Mₖ·PE(p) − PE(p+k)| over p = 0 … ${formatInteger(o.positions - 1)}: `, value(scientific(data.maxError))),
      item(`at p = ${formatNumber(o.p)}: `, value(scientific(data.errorAtP)), ' — float32 rounding only.'),
      item('The ring marks Mₖ·PE(p), computed with the matrix drawn here: it sits on PE(p+k).'),
      item('Mₖ is built from k alone: moving p turns both points together and leaves the matrix as drawn.'),
    );
  }
}

function formatNumber(v: number): string {
  return Number.isInteger(v) ? formatInteger(v) : exact(v);
}
