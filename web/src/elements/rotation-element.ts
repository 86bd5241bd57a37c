// <phasor-rotation>: the proof that PE(p + k) = M_k·PE(p)
// (charts/rotation-chart.ts). Left, the phasor of pair i on the unit circle:
// PE(p) and PE(p + k) are ω_i·k apart, and M_k·PE(p) lands on PE(p + k).
// Right, M_k as the block-diagonal matrix it is (a window of dimensions around
// pair i, read out by pointer or keyboard). Below, the measured
// max |M_k·PE(p) − PE(p + k)| over every p, checked a few milliseconds at a
// time. Everything numeric comes from the core: the window of M_k (never the
// d × d matrix), M_k·PE(p), the pair's angles and the errors.
import type { PairTurn, Phasor } from '../core/index.js';
import { setContent } from '../charts/drawn.js';
import { exact, integer as formatInteger, scientific, subscript } from '../charts/format.js';
import { RotationChart, rotationSheets } from '../charts/rotation-chart.js';
import { matrixWindow } from '../charts/rotation-matrix.js';
import { AttributeError, integer, number, spec } from './attributes/attributes.js';
import * as common from './attributes/common-attributes.js';
import { ROTATION_D_MODEL, ROTATION_POSITIONS } from './attributes/ui-caps.js';
import { matrixTable, type CsvTable } from './base/csv-table.js';
import { PhasorElement } from './base/phasor-element.js';
import { SlicedMax, type SlicedResult } from './base/sliced-max.js';
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
  /** Pair i of PE(p) on its circle: its angle, M_k's turn and the arc (ph.pairTurn). */
  turn: PairTurn;
  options: RotationChartOptions;
}

export class PhasorRotationElement extends PhasorElement<RotationChartOptions, RotationChartData> {
  static override readonly tag = 'phasor-rotation';
  static override readonly title = 'Shifting an encoding is a rotation';
  static override attributeSpecs = [
    spec('d-model', integer(2, ROTATION_D_MODEL, 2), 64),
    common.base,
    spec('k', number(common.minusHalfPosition, common.halfPosition), 3),
    spec('p', number(common.minusHalfPosition, common.halfPosition), 10),
    spec('pair', integer(0, ROTATION_D_MODEL / 2 - 1), 0),
    common.positions(1000, ROTATION_POSITIONS),
  ];
  static override highlightTerms = ['mk', 'pair', 'p', 'p+k', 'k'];
  static override playable = ['p', 'k'];

  private readonly chart = new RotationChart((entry) => this.readout(entry));
  private readonly facts = document.createElement('ul');
  private readonly maxError = new SlicedMax();

  constructor() {
    super();
    this.facts.className = 'facts';
    this.content.append(this.chart.root, this.facts);
  }

  protected override styleSheets(): CSSStyleSheet[] {
    return rotationSheets();
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
      turn: ph.pairTurn({ dModel: d, base: o.base, pair: o.pair, p: o.p, k: o.k }),
      options: o,
    };
  }

  protected draw(data: RotationChartData, o: RotationChartOptions, width: number, theme: Theme): void {
    const i = o.pair;
    // Dimension 2i holds sin, 2i + 1 cos (interleaved): x = cos, y = sin.
    const at = (row: ArrayLike<number>) => [row[2 * i + 1], row[2 * i]] as const;
    const { angle, turn, sweep } = data.turn;
    const turns = turn / (2 * Math.PI);
    const angleText =
      `rotation ω${subscript(i)}·k = ${exact(+turn.toPrecision(4))} rad ` +
      (Math.abs(turns) >= 1 ? `(${exact(+turns.toPrecision(3))} turns)` : `(${exact(+(turns * 360).toPrecision(4))}°)`);
    this.chart.draw(
      width,
      {
        p: at(data.peP),
        pPlusK: at(data.pePlusK),
        rotated: at(data.rotated),
        angle,
        sweep,
        colours: [theme.series[0], theme.series[1]],
        notes: [
          { text: angleText, className: 'angle-label' },
          { text: `across: cos, j = ${2 * i + 1} · up: sin, j = ${2 * i}`, className: 'dim-label axes-note' },
        ],
        label: `Pair ${i} on the unit circle: PE(p) at angle ${exact(angle)} rad, rotated by ${exact(turn)} rad onto PE(p+k).`,
      },
      { values: data.window, start: data.start, size: data.size, dModel: o.dModel, pair: o.pair },
    );
    this.writeFacts(data, null);
  }

  /**
   * mk: the whole window of M_k; pair: pair i's block and its two points; p,
   * p+k: that point on the circle; k: the arc it turns by.
   */
  protected override drawHighlight(term: string | null): void {
    this.chart.highlight(term);
  }

  /** The read-out of entry (row, col) of the window: its value and what it is. */
  private readout(entry: { row: number; col: number } | null): string[] | null {
    const data = this.data();
    if (!entry || !data) {
      this.pointAt(null);
      return null;
    }
    const r = data.start + entry.row;
    const c = data.start + entry.col;
    this.pointAt(r >> 1 === c >> 1 && r >> 1 === data.options.pair ? `pair:${data.options.pair}` : 'mk');
    const lines = [`Mₖ[${r}, ${c}] = ${exact(data.window[entry.row * data.size + entry.col])}`];
    if (r >> 1 === c >> 1) {
      const i = r >> 1;
      const what =
        r === c ? `cos(ω${subscript(i)}·k)` : r % 2 === 0 ? `sin(ω${subscript(i)}·k)` : `−sin(ω${subscript(i)}·k)`;
      lines.push(`= ${what}, the rotation of pair ${i}`);
    } else lines.push('outside the 2 × 2 blocks: 0');
    return lines;
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
