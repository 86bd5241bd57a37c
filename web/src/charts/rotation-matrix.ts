// The labels over the rotation chart's window of M_k: its title, the cell
// grid, the dimension numbers, the outline of pair i's 2 × 2 block and, when
// the cells are large, each entry's value.
import { select } from 'd3-selection';
import { drawnAlready, setAttr, setAttrs, setStyle, setText, setTexts } from './drawn.js';
import type { ChartFrame } from './frame.js';
import { sheet } from './chart-styles.js';
import { plotGroup } from './plot-group.js';

const WINDOW = 12; // dimensions of M_k shown

const CSS = `
.matrix { flex: 1 1 240px; min-width: 0; }
.matrix-title { font-size: 12px; }
.cell-line { stroke: var(--_grid); shape-rendering: crispEdges; }
.block { stroke: var(--_accent); stroke-width: 2; fill: none; }
.cell-value { font-size: 10px; font-variant-numeric: tabular-nums; }
`;

export const matrixSheet = (): CSSStyleSheet => sheet(CSS);

/** The window shown: WINDOW dimensions (fewer when d is smaller), pair i's block a quarter of the way in. */
export function matrixWindow(dModel: number, pair: number): { start: number; size: number } {
  const size = Math.min(dModel, WINDOW);
  const startPair = Math.max(0, Math.min(dModel / 2 - size / 2, pair - Math.floor(size / 4)));
  return { start: 2 * startPair, size };
}

/** Two decimals, never "−0.00". */
export function twoDecimals(v: number): string {
  const text = v.toFixed(2);
  return Number(text) === 0 ? '0.00' : text.replace('-', '−');
}

export function drawMatrixLabels(
  frame: ChartFrame,
  values: Float32Array,
  start: number,
  size: number,
  dModel: number,
  pair: number,
): void {
  const { box } = frame;
  const cell = box.width / size;
  const front = select(frame.front);
  const title = `Mₖ, dimensions ${start}–${start + size - 1} of ${dModel}`;
  drawMatrixGrid(frame, title, start, size, pair);
  const g = front.select<SVGGElement>('g.cells');
  const entries: { r: number; c: number; v: number }[] = [];
  if (cell >= 36) {
    for (let r = 0; r < size; r++)
      for (let c = 0; c < size; c++) {
        const v = values[r * size + c];
        if (v === v) entries.push({ r, c, v });
      }
  }
  // Moving k changes the numbers, not where they stand: only the changed ones are written.
  g.selectAll<SVGTextElement, unknown>('text.cell-value')
    .data(entries)
    .join((enter) => enter.append('text').attr('class', 'cell-value').attr('text-anchor', 'middle'))
    .each(function (q) {
      setAttr(this, 'x', String((q.c + 0.5) * cell));
      setAttr(this, 'y', String((q.r + 0.5) * cell + 3.5));
      const fill = Math.abs(q.v) > 0.55 ? '#fff' : '#1f2328';
      setStyle(this, 'fill', fill);
      setText(this, twoDecimals(q.v));
    });
  frame.describe(`${title}: 2 × 2 rotation blocks on the diagonal, zeros elsewhere`);
}

/** The matrix's title, cell lines, dimension labels and the ringed block: drawn again only when they change. */
function drawMatrixGrid(frame: ChartFrame, title: string, start: number, size: number, pair: number): void {
  const { box } = frame;
  if (drawnAlready(frame.front, 'matrix-grid', [box, title, start, size, pair])) return;
  const cell = box.width / size;
  const front = select(frame.front);
  front
    .selectAll('text.matrix-title')
    .data([title])
    .join('text')
    .call(setAttrs, { class: 'matrix-title', x: box.left, y: 12 })
    .call(setTexts, (t) => t);
  const g = plotGroup(frame.front, 'cells', box);
  const lines = Array.from({ length: size + 1 }, (_, n) => n * cell);
  g.selectAll('line.v')
    .data(lines)
    .join('line')
    .call(setAttrs, { class: 'cell-line v', x1: (x) => x, x2: (x) => x, y1: 0, y2: box.height });
  g.selectAll('line.h')
    .data(lines)
    .join('line')
    .call(setAttrs, { class: 'cell-line h', y1: (y) => y, y2: (y) => y, x1: 0, x2: box.width });
  const labels = Array.from({ length: size }, (_, n) => n).filter((n) => cell >= 14 || n % 2 === 0);
  g.selectAll('text.col')
    .data(labels)
    .join('text')
    .call(setAttrs, { class: 'dim-label col', x: (n) => (n + 0.5) * cell, y: -6, 'text-anchor': 'middle' })
    .call(setTexts, (n) => start + n);
  g.selectAll('text.row')
    .data(labels)
    .join('text')
    .call(setAttrs, { class: 'dim-label row', x: -6, y: (n) => (n + 0.5) * cell + 3.5, 'text-anchor': 'end' })
    .call(setTexts, (n) => start + n);
  const local = pair * 2 - start;
  g.selectAll('rect.block')
    .data([local])
    .join('rect')
    .call(setAttrs, { class: 'block', x: (n) => n * cell, y: (n) => n * cell, width: 2 * cell, height: 2 * cell });
}
