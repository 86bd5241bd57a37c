// The precision chart of "Check your table": per row (or per pair of an
// inv_freq vector), how far the input departs from the exact values, with
// the bound its precision allows drawn over it, on a log axis (a float32
// table's departure grows with the position; a bfloat16 cache's bound is
// flat at the storage's half step). Rows above their bound are marked in the
// accent colour. Drawing only: the numbers are the core's verdict
// (ph.identify's or ph.identifyRope's candidate deviation and bound).
import { chartSheet, panelSheet } from './chart-styles.js';
import { exact, integer, powerOfTen } from './format.js';
import { renderSeriesLegend } from './legend.js';
import { LinePanel, type PanelLine } from './line-panel.js';
import { seriesPalette } from './paint/colour-schemes.js';
import { attachReadout } from './readout.js';

const MARGIN = { top: 12, right: 14, bottom: 44, left: 56 };

/** At most this many decades under the top of the y axis: deviations of 0 and tiny ones sit at its floor. */
const DECADES = 9;

export interface PrecisionSeries {
  /** x of each point: the position of each row (or the pair index of inv_freq), increasing. */
  x: ArrayLike<number>;
  /** The measured departure of each row from the exact values (≥ 0). */
  deviation: ArrayLike<number>;
  /** What the precision allows there. */
  bound: ArrayLike<number>;
  /** Title of the x axis, e.g. 'position p' or 'pair i'. */
  xLabel: string;
  /** The precision in words, for the legend: 'float32 arithmetic', 'bfloat16 storage'. */
  precision: string;
}

/** 10^e, exact for negative e too (10 ** -4 at run time is 0.00009999999999999999 in V8). */
const decade = (e: number): number => (e < 0 ? 1 / 10 ** -e : 10 ** e);

/**
 * The y axis: from the power of ten above the largest value down to a tenth
 * of the 5th percentile of the positive bounds (a row or two whose bound is
 * tiny, such as cos 0 = 1, sit at the floor instead of stretching the axis),
 * DECADES at most.
 */
export function precisionDomain(series: Pick<PrecisionSeries, 'deviation' | 'bound'>): [number, number] {
  let top = 0;
  for (const values of [series.deviation, series.bound])
    for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) top = Math.max(top, values[i]);
  const bounds = Array.from(series.bound).filter((v) => v > 0 && Number.isFinite(v));
  if (top <= 0) return [1e-9, 1e-8];
  bounds.sort((a, b) => a - b);
  const low = bounds.length ? bounds[Math.floor(0.05 * (bounds.length - 1))] / 10 : top / 10;
  const hi = decade(Math.ceil(Math.log10(top * 1.05)));
  const lo = Math.max(hi / decade(DECADES), decade(Math.floor(Math.log10(Math.min(low, top / 10)))));
  return [lo, hi];
}

/** Rows per pixel column of the plot at most: groups of rows are drawn as their largest deviation and bound. */
const PIXELS_PER_GROUP = 3;

export interface RowGroups {
  /** Rows per group (the last may hold fewer). */
  size: number;
  /** x of each group's row of largest deviation, and the x of its first and last rows. */
  x: Float64Array;
  first: Float64Array;
  last: Float64Array;
  /** The largest deviation and the largest bound in each group. */
  deviation: Float64Array;
  bound: Float64Array;
  /** Whether a row of the group departs past its own bound. */
  past: boolean[];
}

/**
 * Consecutive rows in at most `groups` groups, each drawn as its largest
 * deviation under its largest bound: a row's deviation and bound are those
 * of its value nearest the bound, so both jump from row to row with that
 * value's size, and the upper envelopes show the trend. A row past its own
 * bound marks its group, whatever the other rows' bounds.
 */
export function groupRows(series: Pick<PrecisionSeries, 'x' | 'deviation' | 'bound'>, groups: number): RowGroups {
  const n = series.x.length;
  const size = Math.max(1, Math.ceil(n / Math.max(1, groups)));
  const count = Math.ceil(n / size);
  const out: RowGroups = {
    size,
    x: new Float64Array(count),
    first: new Float64Array(count),
    last: new Float64Array(count),
    deviation: new Float64Array(count),
    bound: new Float64Array(count),
    past: new Array<boolean>(count).fill(false),
  };
  for (let k = 0; k < count; k++) {
    const a = k * size;
    const b = Math.min(n, a + size);
    let top = a;
    for (let i = a; i < b; i++) {
      if (series.deviation[i] > series.deviation[top]) top = i;
      out.bound[k] = Math.max(out.bound[k], series.bound[i]);
      if (series.deviation[i] > series.bound[i]) out.past[k] = true;
    }
    out.x[k] = series.x[top];
    out.first[k] = series.x[a];
    out.last[k] = series.x[b - 1];
    out.deviation[k] = series.deviation[top];
  }
  return out;
}

export class PrecisionChart {
  readonly host: HTMLDivElement;
  private readonly panel = new LinePanel();
  private shown: PrecisionSeries | null = null;
  private width = 0;

  constructor() {
    this.host = document.createElement('div');
    this.host.className = 'precision-chart';
    const shadow = this.host.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = [chartSheet(), panelSheet()];
    shadow.append(this.panel.root);
    attachReadout(this.panel, 'Deviation from the exact values and the bound, by position');
    new ResizeObserver((entries) => {
      const w = Math.floor(entries[entries.length - 1].contentRect.width);
      if (w !== this.width) {
        this.width = w;
        this.draw();
      }
    }).observe(this.host);
  }

  show(series: PrecisionSeries): void {
    this.shown = series;
    this.draw();
  }

  private draw(): void {
    const s = this.shown;
    if (!s || this.width <= 0) return;
    const style = getComputedStyle(this.host.shadowRoot!.firstElementChild ?? this.host);
    const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    const dark = read('--_scheme', 'light') === 'dark';
    const accent = read('--_accent', '#cf222e');
    const palette = seriesPalette(dark ? 'dark' : 'light');
    const [lo, hi] = precisionDomain(s);
    const plotWidth = this.width - MARGIN.left - MARGIN.right;
    const g = groupRows(s, Math.max(1, Math.floor(plotWidth / PIXELS_PER_GROUP)));
    const floor = (v: number) => (v > lo ? Math.min(v, hi) : lo);
    const deviation = g.deviation.map(floor);
    const bound = g.bound.map(floor);
    // Groups with a row past its bound, again in the accent colour (NaN elsewhere leaves gaps).
    const over = deviation.map((v, i) => (g.past[i] ? v : NaN));
    const outside = g.past.some(Boolean);
    const largest = g.size > 1 ? ` (largest in each ${g.size} ${s.xLabel.startsWith('pair') ? 'pairs' : 'rows'})` : '';
    // The bound is drawn over the deviation, a little transparent so the deviation shows where they meet.
    const lines: PanelLine[] = [
      { label: `measured deviation${largest}`, y: deviation, colour: palette[0], width: 1.5 },
      ...(outside ? [{ label: 'past the bound', y: over, colour: accent, width: 2.5 }] : []),
      { label: `bound (${s.precision})`, y: bound, colour: palette[1], width: 1.5, alpha: 0.85 },
    ];
    const n = s.x.length;
    const x0 = n > 0 ? s.x[0] : 0;
    const x1 = n > 1 ? s.x[n - 1] : x0 + 1;
    const name = s.xLabel.split(' ').pop();
    this.panel.draw({
      width: this.width,
      height: Math.round(Math.min(320, Math.max(200, this.width * 0.4))),
      margin: MARGIN,
      count: g.x.length,
      xAt: (i) => g.x[i],
      x: { domain: [x0, x1 > x0 ? x1 : x0 + 1], label: s.xLabel, format: integer },
      y: { kind: 'log', domain: [lo, hi], label: '|value − exact| (log)', format: powerOfTen },
      lines,
      describe: (i) => [
        g.first[i] === g.last[i]
          ? `${name} = ${integer(g.first[i])}`
          : `${name} = ${integer(g.first[i])} … ${integer(g.last[i])}`,
        `deviation ${exact(g.deviation[i])}`,
        `bound ${exact(g.bound[i])}`,
      ],
      label: `Deviation from the exact values against ${s.xLabel}, with the bound ${s.precision} allows`,
    });
    renderSeriesLegend(this.panel.legend, lines);
  }
}
