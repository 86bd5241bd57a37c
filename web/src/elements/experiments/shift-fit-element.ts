// <phasor-shift-fit>: why sine and cosine, why linear phase. For the
// sinusoidal encoding and the designs it beat, the best linear map from e(p)
// to e(p + k) over a range of positions (least squares) and how far it
// misses, in the range and beyond it, as bars on a log axis
// (charts/residual-bars.ts); and two positions that one sine-only slot
// cannot tell apart.
import type { Phasor, ShiftEncoding, SineCollision } from '../../core/index.js';
import { panelSheet } from '../../charts/chart-styles.js';
import { setContent } from '../../charts/drawn.js';
import { exact, integer as formatInteger, scientific } from '../../charts/format.js';
import { renderSeriesLegend } from '../../charts/legend.js';
import { ResidualBars } from '../../charts/residual-bars.js';
import { integer, number, spec } from '../attributes/attributes.js';
import * as common from '../attributes/common-attributes.js';
import { limit } from '../attributes/core-limits.js';
import { SHIFT_FIT_STRIDE } from '../attributes/ui-caps.js';
import type { CsvTable } from '../base/csv-table.js';
import { Parts } from '../base/parts.js';
import { attempt, type Maybe } from '../compute/compute-calls.js';
import { PhasorElement } from '../base/phasor-element.js';
import type { Theme } from '../base/theme.js';
import { short, strong } from '../captions.js';

export interface ShiftFitChartOptions {
  dModel: number;
  base: number;
  k: number;
  positions: number;
  offset: number;
  stride: number;
  extrapolate: number;
  /** The position of the sine-only collision. */
  p: number;
}

export interface ShiftFitRow {
  encoding: ShiftEncoding;
  /** NaN where the encoding is not defined for these options (see error). */
  residual: number;
  /** NaN when extrapolate is 0. */
  extrapolationResidual: number;
  rank: number;
  /** Why the encoding cannot be fitted here (log phase needs p + k above −1), when it cannot. */
  error?: string;
}

export interface ShiftFitChartData {
  rows: ShiftFitRow[];
  /** In slot dModel/2 of the sine-only encoding (ν = base^(−1/2)). */
  collision: SineCollision;
  dimension: number;
}

const ENCODINGS: { encoding: ShiftEncoding; label: string; formula: string }[] = [
  { encoding: 'sinusoidal', label: 'sin + cos', formula: 'sin, cos of ωᵢp, ωᵢ geometric (the paper)' },
  { encoding: 'sine-only', label: 'sine only', formula: 'sin(νⱼp), one frequency per slot' },
  { encoding: 'linear-frequencies', label: 'linear ωᵢ', formula: 'sin, cos of ωᵢp, ωᵢ evenly spaced' },
  { encoding: 'quadratic-phase', label: 'quadratic phase', formula: 'sin, cos of ωᵢp²' },
  { encoding: 'log-phase', label: 'log phase', formula: 'sin, cos of ωᵢ·ln(1 + p)' },
];

/** Rows × d² of a fit up to which all five are computed in one part (see compute). */
const SMALL_FITS = 2048 * 16 ** 2;
/** Below this the map is exact but for float64 rounding. */
const EXACT = 1e-9;
export class PhasorShiftFitElement extends PhasorElement<ShiftFitChartOptions, ShiftFitChartData> {
  static override readonly tag = 'phasor-shift-fit';
  static override readonly title = 'Why sine and cosine: the best linear shift map';
  static override needsExperiments = true;
  static override attributeSpecs = [
    spec('d-model', integer(2, limit('maxShiftFitDModel'), 2), 16),
    common.base,
    spec('k', number(common.minusHalfPosition, common.halfPosition), 8),
    spec('positions', integer(2, limit('maxShiftFitPositions')), 1024),
    spec('offset', number(common.minusHalfPosition, common.halfPosition), 0),
    spec('stride', integer(1, SHIFT_FIT_STRIDE), 1),
    spec('extrapolate', integer(0, limit('maxShiftFitPositions')), 1024),
    spec('p', number(common.minusHalfPosition, common.halfPosition), 10),
  ];

  private readonly chart = new ResidualBars('Residual of the best shift map per encoding', (n) => this.readout(n));
  private readonly legend = document.createElement('ul');
  private readonly caption = document.createElement('p');
  private readonly collision = document.createElement('p');

  constructor() {
    super();
    this.legend.className = 'legend';
    this.caption.className = 'caption';
    this.collision.className = 'caption';
    this.content.append(this.chart.frame.root, this.legend, this.caption, this.collision);
  }

  protected override styleSheets(): CSSStyleSheet[] {
    return [panelSheet()];
  }

  protected override csvTable(data: ShiftFitChartData): CsvTable {
    const keys = ['encoding', 'residual', 'extrapolationResidual', 'rank'] as const;
    return { columns: [...keys], rows: data.rows.length, value: (r, c) => data.rows[r][keys[c]] };
  }

  protected computeKey(o: ShiftFitChartOptions): unknown {
    return o;
  }

  /**
   * In the compute worker, where the page has one: the five fits and the
   * collision asked at once. On the page: in one part when they are small
   * (the explorer's d 16 over 2 × 1024 positions, so the chart is drawn in
   * the input's frame), else one fit per part (a wasm call each), between frames.
   */
  protected compute(ph: Phasor, o: ShiftFitChartOptions): Parts<ShiftFitChartData> {
    const { p, ...fit } = o;
    // Each encoding on its own: one not defined for these options (log phase
    // at p + k ≤ −1, quadratic phase past 2^26) is reported, the rest drawn.
    // In ENCODINGS' order, whichever answers first (the workers answer side by side).
    const rows: ShiftFitRow[] = [];
    // In the compute worker where the page has one, else on the page.
    const calls = this.computeCalls(ph);
    const fitOf = (encoding: ShiftEncoding, n: number): Maybe<void> =>
      attempt(
        () => calls.call('shiftFit', { encoding, ...fit }),
        (f) =>
          void (rows[n] = {
            encoding,
            residual: f.residual,
            extrapolationResidual: f.extrapolationResidual,
            rank: f.rank,
          }),
        (error) => {
          if (!(error instanceof RangeError)) throw error;
          rows[n] = { encoding, residual: NaN, extrapolationResidual: NaN, rank: 0, error: error.message };
        },
      );
    const fits = ENCODINGS.map((e, n) => () => fitOf(e.encoding, n));
    const dimension = o.dModel / 2;
    // Its error, if any, is reported after the fits' (as a result, not a step).
    let collision: { value: SineCollision } | { error: unknown } | null = null;
    const collisionStep = () =>
      attempt(
        () => calls.call('sineCollision', { dModel: o.dModel, base: o.base, dimension, position: p }),
        (value) => void (collision = { value }),
        (error) => void (collision = { error }),
      );
    // A fit's work grows as its rows × d² (the QR, the residual): up to the
    // explorer's 2048 × 16² all five make one part on the page. The workers
    // are sent every call at once and answer them side by side.
    const small = (o.positions + o.extrapolate) * o.dModel ** 2 <= SMALL_FITS;
    const steps = calls.inParts(
      small && !calls.remote ? [() => [...fits, collisionStep].forEach((call) => call())] : [...fits, collisionStep],
    );
    return new Parts(
      steps,
      () => {
        if (rows.every((r) => r.error)) throw new RangeError(rows[0].error);
        const found = collision!;
        if ('error' in found) throw found.error;
        return { rows, collision: found.value, dimension };
      },
      calls,
    );
  }

  protected draw(data: ShiftFitChartData, o: ShiftFitChartOptions, width: number, theme: Theme): void {
    const bars = o.extrapolate > 0 ? 2 : 1;
    const colours = [theme.series[0], theme.series[1]];
    this.chart.draw(width, {
      rows: data.rows.map((r) => ({
        name: ENCODINGS.find((e) => e.encoding === r.encoding)!.label,
        values: r.error ? null : [r.residual, r.extrapolationResidual],
        missing: 'not defined for these options (see below)',
      })),
      bars,
      colours,
      axisLabel: 'residual |M·e(p) − e(p+k)| / |e(p+k)|',
      format: short,
    });
    const last = o.offset + (o.positions - 1) * o.stride;
    renderSeriesLegend(this.legend, [
      { label: `fitted over p = ${exact(o.offset)} … ${exact(last)}`, colour: colours[0], width: 8 },
      ...(bars === 2
        ? [{ label: `the next ${formatInteger(o.extrapolate)} positions (not fitted)`, colour: colours[1], width: 8 }]
        : []),
    ]);
    this.writeCaptions(data, o);
    this.chart.describe(`Residual of the best linear map from e(p) to e(p + ${o.k}) for five encodings, log scale`);
  }

  private writeCaptions(data: ShiftFitChartData, o: ShiftFitChartOptions): void {
    const name = (e: ShiftEncoding) => ENCODINGS.find((x) => x.encoding === e)!.label;
    const exactIn = data.rows.filter((r) => r.residual < EXACT).map((r) => name(r.encoding));
    const exactOut = data.rows.filter((r) => r.extrapolationResidual < EXACT).map((r) => name(r.encoding));
    const missing = data.rows.filter((r) => r.error);
    const list = (names: string[]) => (names.length ? names.join(', ') : 'none');
    const sinusoidal = data.rows[0];
    setContent(
      this.caption,
      `Exact to rounding (below 10⁻⁹) over the fitted range: `,
      strong(list(exactIn)),
      ...(o.extrapolate > 0 ? ['; beyond it: ', strong(list(exactOut))] : []),
      '.',
      !sinusoidal.error && sinusoidal.rank < o.dModel
        ? ` The fitted positions determine only ${sinusoidal.rank} of the ${o.dModel} directions of sin + cos (its slowest pairs hardly turn over them), so the fitted map is not unique there and need not hold beyond: fit more positions or a larger stride.`
        : '',
      ...missing.map((r) => ` Not drawn: ${name(r.encoding)} (${r.error}).`),
    );
    const c = data.collision;
    setContent(
      this.collision,
      `Sine only, slot j = ${data.dimension} (ν = ${exact(c.frequency)}): p = ${exact(c.position)} and q = π/ν − p = ${exact(c.partner)} give the same `,
      strong(`sin = ${exact(c.sine[0])}`),
      `; a cosine would tell them apart (${exact(c.cosine[0])} vs ${exact(c.cosine[1])}).`,
    );
  }

  /** The read-out of row n: the encoding, its residuals and the rank of its fit. */
  private readout(n: number | null): string[] | null {
    const data = this.data();
    const o = this.drawnOptions;
    if (n === null || !data || !o) return null;
    const row = data.rows[n];
    const info = ENCODINGS[n];
    return [
      `${info.label}: ${info.formula}`,
      ...(row.error
        ? [`not drawn: ${row.error}`]
        : [
            `residual over the fitted range: ${scientific(row.residual)}`,
            ...(o.extrapolate > 0 ? [`beyond it: ${scientific(row.extrapolationResidual)}`] : []),
            `rank of the fit: ${row.rank} of ${o.dModel} dimensions`,
          ]),
    ];
  }
}
