// The precision verdict's words and its chart, shared by the table verdict
// (check-table.ts) and the RoPE verdict (rope-verdict.ts): what a precision
// is called, and a figure drawing a candidate's deviation against position
// with its bound over it.
import type { Precision } from '../src/core/index.js';
import { PrecisionChart } from '../src/charts/precision-chart.js';
import { exact } from '../src/charts/format.js';

/** How the input was made, in words ("computed in float32 arithmetic", "stored as bfloat16"). */
export function precisionWords(precision: Precision): string {
  switch (precision) {
    case 'exact':
      return 'exact: the float64 values rounded once';
    case 'float32':
      return 'computed in float32 arithmetic';
    default:
      return `computed in float32 arithmetic, stored as ${precision}`;
  }
}

/** The bound's name in the chart's legend. */
export function boundWords(precision: Precision): string {
  return precision === 'exact'
    ? 'rounding once'
    : precision === 'float32'
      ? 'float32 arithmetic'
      : `${precision} storage`;
}

export interface PrecisionFigureData {
  /** x of each row: its position (inv_freq: the pair index). */
  x: ArrayLike<number>;
  deviation: ArrayLike<number>;
  bound: ArrayLike<number>;
  precision: Precision;
  /** 'position p' or 'pair i'. */
  xLabel: string;
}

/** A figure with a caption and the precision chart; `show` draws a candidate. */
export class PrecisionFigure {
  readonly root = document.createElement('figure');
  private readonly caption = document.createElement('figcaption');
  private readonly chart = new PrecisionChart();

  constructor() {
    this.root.className = 'chart check-precision';
    this.root.append(this.caption, this.chart.host);
  }

  show(data: PrecisionFigureData): void {
    let worst = 0;
    let past = 0;
    for (let i = 0; i < data.deviation.length; i++) {
      if (data.bound[i] > 0) worst = Math.max(worst, data.deviation[i] / data.bound[i]);
      if (data.deviation[i] > data.bound[i]) past++;
    }
    this.caption.textContent =
      past === 0
        ? `Deviation from the exact values, ${data.xLabel.split(' ')[0]} by ${data.xLabel.split(' ')[0]}: within the bound ${boundWords(data.precision)} allows everywhere (at most ${exact(+worst.toPrecision(3))} of it)`
        : `Deviation from the exact values: past the bound ${boundWords(data.precision)} allows at ${past} of ${data.deviation.length} ${data.xLabel.startsWith('pair') ? 'pairs' : 'rows'}`;
    this.chart.show({ ...data, precision: boundWords(data.precision) });
  }
}
