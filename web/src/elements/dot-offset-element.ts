// <phasor-dot-offset>: PE(p)·PE(p + k) against the offset k, measured on
// encoded rows for several starting positions p and drawn over the closed
// form Σ_i cos(ω_i k) (charts/binned-curves.ts): the curves coincide,
// because the dot product depends on k alone. With `normalize` it is the
// cosine similarity (÷ |PE|² = d/2). Zoom and pan k; both come from the core
// at one bin of offsets per device pixel (each the exact mean over its
// offsets), whatever the range.
import type { Phasor } from '../core/index.js';
import { extent, largestGap } from '../core/series-stats.js';
import { BinnedCurves, paddedDomain, type CurvesReading } from '../charts/binned-curves.js';
import type { Bins } from '../charts/bins.js';
import { DrawCache } from '../charts/draw-cache.js';
import { setContent } from '../charts/drawn.js';
import { exact, integer as formatInteger, scientific } from '../charts/format.js';
import { flag, integer, integerList, number, spec } from './attributes/attributes.js';
import * as common from './attributes/common-attributes.js';
import { DOT_MAX_OFFSET, MOST_CURVES } from './attributes/ui-caps.js';
import type { CsvTable } from './base/csv-table.js';
import { PhasorElement } from './base/phasor-element.js';
import type { Theme } from './base/theme.js';
import { strong, withinPixel } from './captions.js';
import { offsetRange } from './view-limits.js';

export interface DotOffsetOptions {
  dModel: number;
  base: number;
  maxOffset: number;
  /** Starting positions whose measured curves are overlaid. */
  p: number[];
  normalize: boolean;
  /** An offset to mark, or null. */
  k: number | null;
}

export interface DotOffsetData extends Bins {
  /** closedForm[r] = mean over the offsets k of bin r of Σ_i cos(ω_i k) (÷ d/2 when normalized). */
  closedForm: Float32Array;
  /** measured[n].values[r] = PE(p_n)·PE(p_n + k) on encoded rows, bin r (÷ d/2 when normalized). */
  measured: { p: number; values: Float64Array }[];
  /** max over n, r of |measured − closedForm|. */
  largestGap: number;
  maxOffset: number;
  dModel: number;
  normalize: boolean;
}

const MARGIN = { top: 14, right: 14, bottom: 44, left: 60 };
/** The measured curves' dashes: each colour takes its turn along one dash pattern. */
const DASH = 6;

export class PhasorDotOffsetElement extends PhasorElement<DotOffsetOptions, null, DotOffsetData> {
  static override readonly tag = 'phasor-dot-offset';
  static override readonly title = 'Dot product of two encodings against their offset';
  static override attributeSpecs = [
    common.dModel(128),
    common.base,
    spec('max-offset', integer(1, DOT_MAX_OFFSET), 100),
    spec('p', integerList(common.minusHalfPosition, common.halfPosition, MOST_CURVES), [0, 100, 1000]),
    spec('normalize', flag, false),
    spec<number | null>('k', number(common.minusHalfPosition, common.halfPosition), null),
  ];
  static override highlightTerms = ['k'];
  static override playable = ['k'];

  private readonly chart = new BinnedCurves(
    'Dot product against offset',
    () => this.scheduleRender(),
    (k, nearMarker) => this.readout(k, nearMarker),
  );
  private readonly caption = document.createElement('p');
  private shown: DotOffsetData | null = null;
  /** The curves of the last draw: a redraw for a new k reuses them. */
  private readonly curves = new DrawCache();

  constructor() {
    super();
    this.caption.className = 'caption';
    this.content.append(this.chart.frame.root, this.chart.legend, this.caption);
  }

  /** The points drawn now (bins of the zoomed view), or null before the first draw. */
  override data(): DotOffsetData | null {
    return this.shown;
  }

  /** k = 0 … max-offset at full resolution, computed when asked. */
  protected override csvTable(): CsvTable {
    const o = this.drawnOptions!;
    const full = this.series(o, { first: 0, stride: 1, count: o.maxOffset + 1 });
    const what = o.normalize ? 'cosine' : 'dot';
    return {
      columns: [
        'k',
        `closed form sum cos(w_i k)${o.normalize ? ' / (d/2)' : ''}`,
        ...full.measured.map((m) => `${what} PE(${m.p})·PE(${m.p}+k)`),
      ],
      rows: full.closedForm.length,
      value: (r, c) => (c === 0 ? r : c === 1 ? full.closedForm[r] : full.measured[c - 2].values[r]),
    };
  }

  protected computeKey(): unknown {
    return null;
  }

  protected compute(): null {
    return null;
  }

  /**
   * The closed form and the measured curves over `bins`, from the core; with
   * `cache`, each curve whose inputs the last draw had is taken from it.
   */
  private series(
    o: DotOffsetOptions,
    bins: Bins,
    cache?: DrawCache,
  ): Pick<DotOffsetData, 'closedForm' | 'measured' | 'largestGap'> {
    const model = {
      dModel: o.dModel,
      base: o.base,
      normalize: o.normalize,
      first: bins.first,
      stride: bins.stride,
      count: bins.count,
    };
    const kept = <T>(inputs: unknown, make: () => T): T => (cache ? cache.get(inputs, make) : make());
    const closedForm = kept(['closed form', model], () => this.core.dotByOffsetBins(model));
    const measured = o.p.map((p) => ({
      p,
      values: kept(['measured', model, p], () => this.core.measuredDotBins({ ...model, p })),
    }));
    const gaps = measured.map((m) => largestGap(m.values, closedForm));
    return { closedForm, measured, largestGap: Math.max(0, ...gaps) };
  }

  protected draw(_: null, o: DotOffsetOptions, width: number, theme: Theme): void {
    const { bins, view } = this.chart.layout(width, {
      margin: MARGIN,
      base: [0, o.maxOffset],
      origin: 0,
      limits: offsetRange(this.core.limits),
    });
    this.curves.begin();
    const data: DotOffsetData = {
      ...bins,
      ...this.series(o, bins, this.curves),
      maxOffset: o.maxOffset,
      dModel: o.dModel,
      normalize: o.normalize,
    };
    this.shown = data;
    const yLabel = o.normalize ? 'cos∠(PE(p), PE(p+k))' : 'PE(p)·PE(p+k)';
    // The closed form underneath, thick and pale; the measured curves on top
    // in short dashes that take turns, so every colour stays visible where
    // the curves coincide.
    const at = { x0: bins.first + (bins.stride - 1) / 2, dx: bins.stride };
    const count = data.measured.length;
    const colour = (n: number) => theme.series[n % theme.series.length];
    this.chart.draw({
      x: { label: 'offset k (positions)' },
      y: { domain: paddedDomain(extent(data.closedForm), true), nice: true, label: yLabel },
      curves: [
        { line: { y: data.closedForm, ...at, colour: theme.fg, width: 5, alpha: 0.22, dotsAbove: 0 } },
        ...data.measured.map((m, n) => ({
          line: {
            y: m.values,
            ...at,
            colour: colour(n),
            width: 1.75,
            dash: count > 1 ? [DASH, DASH * (count - 1)] : [],
            dashOffset: -n * DASH,
            dotsAbove: 0,
          },
        })),
      ],
      legend: [
        {
          label: o.normalize ? 'Σᵢ cos(ωᵢk) / (d/2), closed form' : 'Σᵢ cos(ωᵢk), closed form',
          colour: theme.fg,
          width: 5,
          dash: undefined,
        },
        ...data.measured.map((m, n) => ({
          label: `measured from p = ${formatInteger(m.p)}`,
          colour: colour(n),
          dash: count > 1 ? [4, 3] : undefined,
        })),
      ],
      marker: o.k !== null ? { at: o.k, label: `k = ${formatInteger(o.k)}` } : null,
    });
    const frequencies = this.core.frequencies({ dModel: o.dModel, base: o.base });
    setContent(
      this.caption,
      'Largest gap between a measured curve and the closed form: ',
      strong(scientific(data.largestGap)),
      data.normalize ? '' : ` (float32 rounding in a sum of ${o.dModel} products)`,
      bins.stride > 1 || this.chart.zoom.zoomed
        ? `. Offsets ${formatInteger(Math.ceil(view[0]))} … ${formatInteger(Math.floor(view[1]))}`
        : '',
      withinPixel(bins.stride, frequencies.wavelengths, 'column').replace(/positions/g, 'offsets'),
      this.chart.zoom.zoomed ? ' (zoomed: 0 resets).' : '',
    );
    this.chart.describe(
      `${yLabel} for d_model ${o.dModel}: offset k from ${formatInteger(Math.ceil(view[0]))} to ${formatInteger(Math.floor(view[1]))} across, the product up`,
    );
  }

  /** k: the offset's line, in the accent colour. */
  protected override drawHighlight(term: string | null): void {
    this.chart.highlightMarker(term === 'k');
  }

  /** The exact values at offset k, computed for it alone. */
  private readout(k: number | null, nearMarker: boolean): CurvesReading | null {
    const o = this.drawnOptions;
    if (k === null || !this.shown || !o) {
      this.pointAt(null);
      return null;
    }
    this.pointAt(o.k !== null && nearMarker ? 'k' : null);
    const at = this.series(o, { first: k, stride: 1, count: 1 });
    const colours = this.drawnTheme?.series ?? [];
    const what = o.normalize ? 'cos∠' : 'dot';
    return {
      lines: [
        `k = ${formatInteger(k)}`,
        `closed form: ${exact(at.closedForm[0])}`,
        ...at.measured.map((m) => `p = ${formatInteger(m.p)}: ${what} = ${exact(m.values[0])}`),
      ],
      dots: at.measured.map((m, n) => ({ value: m.values[0], colour: colours[n % colours.length] ?? 'currentColor' })),
    };
  }
}
