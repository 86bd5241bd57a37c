// <phasor-frequencies>: the wavelength λ_i = 2π/ω_i of every pair i on a log
// axis (ω_i on the right-hand axis, the same curve read the other way;
// charts/wavelength-chart.ts). The geometric spacing is a straight line from
// 2π to just under 2π·base; beside it, what linear spacing between the same
// end points would give. Zoom and pan the pairs (at large d_model, to read
// the ones in a region).
import type { Phasor, Spacing } from '../core/index.js';
import { linearSpacings } from '../core/linear-spacings.js';
import { exact, integer as formatInteger, subscript } from '../charts/format.js';
import { WavelengthChart, type WavelengthSeries } from '../charts/wavelength-chart.js';
import { choice, integer, spec } from './attributes/attributes.js';
import * as common from './attributes/common-attributes.js';
import { PhasorElement } from './base/phasor-element.js';
import type { Theme } from './base/theme.js';
import type { CodeConfig } from '../code/code-config.js';

export type Comparison = 'both' | 'wavelength' | 'frequency' | 'none';

export interface FrequenciesOptions {
  dModel: number;
  base: number;
  spacing: Spacing;
  /** Marks the sequence length on the wavelength axis, or null. */
  positions: number | null;
  /** Which linear spacing to draw beside the geometric one. */
  compare: Comparison;
}

export interface FrequenciesData {
  /** ω_i = base^(−2i/d), rad per position. */
  frequencies: Float64Array;
  /** λ_i = 2π/ω_i, positions. */
  wavelengths: Float64Array;
  /** λ spaced linearly from λ_0 to λ_last. */
  linearWavelengths: Float64Array;
  /** 2π/ω with ω spaced linearly from ω_0 to ω_last. */
  linearFrequencyWavelengths: Float64Array;
  dModel: number;
  base: number;
}

const TAU = 2 * Math.PI;

export class PhasorFrequenciesElement extends PhasorElement<FrequenciesOptions, FrequenciesData> {
  static override readonly tag = 'phasor-frequencies';
  static override readonly title = 'Frequencies and wavelengths of the sinusoidal encoding';
  static override attributeSpecs = [
    common.dModel(512),
    common.base,
    common.spacing,
    spec<number | null>('positions', integer(1, common.maxAbsPosition), null),
    spec<Comparison>('compare', choice(['both', 'wavelength', 'frequency', 'none'] as const), 'both'),
  ];
  static override highlightTerms = ['pair', 'omega', 'lambda'];

  private readonly chart = new WavelengthChart(
    () => this.scheduleRender(),
    (pair) => this.readout(pair),
  );

  constructor() {
    super();
    this.content.append(this.chart.frame.root, this.chart.legend);
  }

  /** "Copy as code": the table this chart draws. */
  override codeConfig(): CodeConfig | null {
    const o = this.drawnOptions;
    return o && { kind: 'table', positions: o.positions ?? 100, dModel: o.dModel, base: o.base, spacing: o.spacing };
  }

  protected computeKey(o: FrequenciesOptions): unknown {
    return { dModel: o.dModel, base: o.base };
  }

  protected compute(ph: Phasor, o: FrequenciesOptions): FrequenciesData {
    const { frequencies, wavelengths } = ph.frequencies({ dModel: o.dModel, base: o.base, spacing: o.spacing });
    return { frequencies, wavelengths, ...linearSpacings(frequencies, wavelengths), dModel: o.dModel, base: o.base };
  }

  private series(data: FrequenciesData, o: FrequenciesOptions, theme: Theme): WavelengthSeries[] {
    const out: WavelengthSeries[] = [
      {
        label:
          o.spacing === 'paper'
            ? 'geometric: λᵢ = 2π·base^(2i/d)'
            : 'geometric (tensor2tensor): λᵢ = 2π·base^(i/(d/2−1))',
        colour: theme.series[0],
        width: 2.25,
        y: data.wavelengths,
        dotsAbove: 7,
      },
    ];
    if (o.compare === 'both' || o.compare === 'wavelength') {
      out.push({
        label: 'if λ were spaced linearly',
        colour: theme.series[1],
        dash: [6, 4],
        y: data.linearWavelengths,
        dotsAbove: 0,
      });
    }
    if (o.compare === 'both' || o.compare === 'frequency') {
      out.push({
        label: 'if ω were spaced linearly',
        colour: theme.series[3],
        dash: [2, 3],
        y: data.linearFrequencyWavelengths,
        dotsAbove: 0,
      });
    }
    return out;
  }

  protected draw(data: FrequenciesData, o: FrequenciesOptions, width: number, theme: Theme): void {
    const [i0, i1] = this.chart.draw(width, {
      series: this.series(data, o, theme),
      base: o.base,
      bandLabels: { low: '2π', high: `2π·base = ${exact(+(TAU * o.base).toPrecision(5))}` },
      marked:
        o.positions !== null ? { length: o.positions, label: `sequence length ${formatInteger(o.positions)}` } : null,
    });
    this.chart.describe(
      `Wavelengths of pairs ${Math.ceil(i0)} to ${Math.floor(i1)} of ${data.frequencies.length} for d_model ${o.dModel} and base ${o.base}: pair index i across, wavelength up on a log scale from 2π to 2π·base`,
    );
  }

  /**
   * pair:i, omega:i, lambda:i: pair i's point, ringed, and its column;
   * omega or lambda alone: the axis that reads it (ω right, λ left).
   */
  protected override drawHighlight(term: string | null): void {
    this.chart.highlight(term);
  }

  private readout(i: number | null): string[] | null {
    const data = this.data();
    const o = this.drawnOptions;
    if (i === null || !data || !o) {
      this.pointAt(null);
      return null;
    }
    this.pointAt(`pair:${i}`);
    const lines = [
      `pair i = ${i} (dimensions ${2 * i}, ${2 * i + 1})`,
      `ω${subscript(i)} = ${exact(data.frequencies[i])} rad/position`,
      `λ${subscript(i)} = ${exact(data.wavelengths[i])} positions`,
    ];
    if (o.compare === 'both' || o.compare === 'wavelength') lines.push(`linear λ: ${exact(data.linearWavelengths[i])}`);
    if (o.compare === 'both' || o.compare === 'frequency')
      lines.push(`linear ω: λ = ${exact(data.linearFrequencyWavelengths[i])}`);
    return lines;
  }
}
