// <phasor-encoding>: PE(p, j) against the position p for chosen dimensions j
// (charts/binned-curves.ts), with a read-out of the exact value at the
// position under the pointer. Zoom and pan p across everything phasor
// accepts; only the points drawn are computed (one bin per device pixel, each
// the exact mean of PE over its positions). A dimension whose wavelength is
// under four bins is drawn as the band its values fill, not as a curve: its
// mean is flattened and its samples would alias.
import type { Layout, Phasor, Spacing } from '../core/index.js';
import { defaultDimensions, describeDimension } from '../core/pe-dimensions.js';
import { BinnedCurves, type Curve, type CurvesReading } from '../charts/binned-curves.js';
import { binOf, binRange, type Bins } from '../charts/bins.js';
import { setText } from '../charts/drawn.js';
import { exact, integer as formatInteger, subscript } from '../charts/format.js';
import { AttributeError, integerList, spec } from './attributes/attributes.js';
import * as common from './attributes/common-attributes.js';
import { MOST_DIMENSIONS } from './attributes/ui-caps.js';
import type { CsvTable } from './base/csv-table.js';
import { PhasorElement } from './base/phasor-element.js';
import type { Theme } from './base/theme.js';
import { withinPixel } from './captions.js';
import { positionRange } from './view-limits.js';
import type { CodeConfig } from '../code/code-config.js';

export interface EncodingChartOptions {
  dModel: number;
  base: number;
  positions: number;
  offset: number;
  layout: Layout;
  spacing: Spacing;
  /** null: every dimension for d ≤ 8, else pairs 0 and d/4. */
  dims: number[] | null;
}

export interface EncodingChartData extends Bins {
  /** The options' window and the frequencies. */
  encoding: { positions: number; offset: number; dModel: number; frequencies: Float64Array; wavelengths: Float64Array };
  dims: number[];
  /** series[n][r] = mean of PE(p, dims[n]) over the positions of bin r (PE(first + r, dims[n]) when stride is 1). */
  series: Float32Array[];
}

const MARGIN = { top: 10, right: 14, bottom: 44, left: 52 };

export class PhasorEncodingElement extends PhasorElement<
  EncodingChartOptions,
  { dims: number[]; frequencies: Float64Array; wavelengths: Float64Array },
  EncodingChartData
> {
  static override readonly tag = 'phasor-encoding';
  static override readonly title = 'The positional encoding, dimension by dimension';
  static override attributeSpecs = [
    common.dModel(4),
    common.base,
    common.positions(100),
    common.offset,
    common.layout,
    common.spacing,
    spec<number[] | null>(
      'dims',
      integerList(0, () => common.maxDModel() - 1, MOST_DIMENSIONS),
      null,
    ),
  ];

  private readonly chart = new BinnedCurves(
    'Encoding curves',
    () => this.scheduleRender(),
    (p) => this.readout(p),
  );
  private readonly caption = document.createElement('p');
  private shown: EncodingChartData | null = null;

  constructor() {
    super();
    this.caption.className = 'caption';
    this.content.append(this.chart.frame.root, this.chart.legend, this.caption);
  }

  /** The points drawn now (bins of the zoomed view), or null before the first draw. */
  override data(): EncodingChartData | null {
    return this.shown;
  }

  protected override csvTable(): CsvTable {
    const o = this.drawnOptions!;
    const dims = this.shown!.dims;
    common.checkCells(o.positions, dims.length, 'positions × dims');
    const columns = this.core.encodeBinColumns({
      first: o.offset,
      stride: 1,
      count: o.positions,
      dModel: o.dModel,
      base: o.base,
      layout: o.layout,
      spacing: o.spacing,
      dims,
    });
    return {
      columns: ['position', ...dims.map((j) => `PE(p, ${j})`)],
      rows: o.positions,
      value: (r, c) => (c === 0 ? o.offset + r : columns[(c - 1) * o.positions + r]),
    };
  }

  /** "Copy as code": the table this chart draws. */
  override codeConfig(): CodeConfig | null {
    const o = this.drawnOptions;
    return (
      o && {
        kind: 'table',
        positions: o.positions,
        dModel: o.dModel,
        base: o.base,
        offset: o.offset,
        layout: o.layout,
        spacing: o.spacing,
      }
    );
  }

  protected computeKey(o: EncodingChartOptions): unknown {
    return [o.dModel, o.base, o.spacing, o.layout, o.dims];
  }

  protected compute(ph: Phasor, o: EncodingChartOptions) {
    const dims = o.dims ?? defaultDimensions(o.dModel, o.layout);
    const tooWide = dims.find((j) => j >= o.dModel);
    if (tooWide !== undefined)
      throw new AttributeError(`dims: dimension ${tooWide} is not below d-model (${o.dModel})`);
    return { dims, ...ph.frequencies({ dModel: o.dModel, base: o.base, spacing: o.spacing }) };
  }

  protected draw(
    data: { dims: number[]; frequencies: Float64Array; wavelengths: Float64Array },
    o: EncodingChartOptions,
    width: number,
    theme: Theme,
  ): void {
    const last = o.offset + Math.max(1, o.positions - 1);
    const { bins, view } = this.chart.layout(width, {
      margin: MARGIN,
      base: [o.offset, last],
      origin: o.offset,
      limits: positionRange(this.core.limits),
    });
    const { dims, wavelengths } = data;
    const columns = this.core.encodeBinColumns({
      ...bins,
      dModel: o.dModel,
      base: o.base,
      layout: o.layout,
      spacing: o.spacing,
      dims,
    });
    const series = dims.map((_, n) => columns.subarray(n * bins.count, (n + 1) * bins.count));
    this.shown = {
      ...bins,
      dims,
      series,
      encoding: {
        positions: o.positions,
        offset: o.offset,
        dModel: o.dModel,
        frequencies: data.frequencies,
        wavelengths,
      },
    };
    const centre = bins.first + (bins.stride - 1) / 2;
    const aliased = (j: number) => wavelengths[describeDimension(j, o.dModel, o.layout).pair] < 4 * bins.stride;
    const colour = (n: number) => theme.series[n % theme.series.length];
    this.chart.draw({
      x: { label: 'position p' },
      y: { domain: [-1.08, 1.08], label: 'PE(p, j)', ticks: [-1, -0.5, 0, 0.5, 1] },
      curves: dims.map((j, n): Curve =>
        aliased(j)
          ? { band: colour(n) }
          : { line: { y: series[n], x0: centre, dx: bins.stride, colour: colour(n), width: 1.75 } },
      ),
      legend: dims.map((j, n) => {
        const d = describeDimension(j, o.dModel, o.layout);
        const band = aliased(j) ? ' — wavelength under 4 pixels: the band it fills' : '';
        return {
          label: `j = ${j}: ${d.fn}(p·ω${subscript(d.pair)}), λ = ${exact(+wavelengths[d.pair].toPrecision(4))}${band}`,
          colour: colour(n),
        };
      }),
    });
    setText(
      this.caption,
      this.chart.zoom.zoomed || bins.stride > 1
        ? `positions ${formatInteger(Math.ceil(view[0]))} … ${formatInteger(Math.floor(view[1]))}${withinPixel(bins.stride, [], 'column')}${this.chart.zoom.zoomed ? ' (zoomed: 0 resets)' : ''}`
        : '',
    );
    this.chart.describe(
      `PE(p, j) for dimensions ${dims.join(', ')} of ${o.dModel}: position p from ${formatInteger(Math.ceil(view[0]))} to ${formatInteger(Math.floor(view[1]))} across, value from −1 to 1 up`,
    );
  }

  /** The exact values at position p, computed for it alone. */
  private readout(p: number | null): CurvesReading | null {
    const shown = this.shown;
    const o = this.drawnOptions;
    if (p === null || !shown || !o) return null;
    const values = this.core.encodeBinColumns({
      first: p,
      stride: 1,
      count: 1,
      dModel: o.dModel,
      base: o.base,
      layout: o.layout,
      spacing: o.spacing,
      dims: shown.dims,
    });
    const colours = this.drawnTheme?.series ?? [];
    const lines = [`p = ${formatInteger(p)}`];
    shown.dims.forEach((j, n) => {
      const d = describeDimension(j, o.dModel, o.layout);
      lines.push(`PE(p, ${j}) = ${d.fn}(p·ω${subscript(d.pair)}) = ${exact(values[n])}`);
    });
    const r = binOf(shown, p);
    if (shown.stride > 1 && r >= 0) {
      const [a, b] = binRange(shown, r);
      lines.push(`pixel: mean over p = ${formatInteger(a)} … ${formatInteger(b)}`);
    }
    return {
      lines,
      dots: shown.dims.map((_, n) => ({ value: values[n], colour: colours[n % colours.length] ?? 'currentColor' })),
    };
  }
}
