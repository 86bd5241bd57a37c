// <phasor-rope-scaling>: how the context-extension schemes change RoPE's
// per-pair wavelengths (transformers' formulas), against the training length:
// pairs that turned less than once in training are the ones every scheme
// stretches; linear interpolation stretches them all, NTK-aware and dynamic
// NTK raise the base, YaRN and Llama 3 keep the fast pairs and ramp between.
// With `preset`, one real model's scaling instead (longrope: its short and
// long factors), at its rotary width, theta and lengths.
import {
  ROPE_PRESET_NAMES,
  ROPE_PRESETS,
  type Phasor,
  type RopeFrequencies,
  type RopePresetName,
  type RopeScaling,
  type RopeScalingType,
} from '../../core/index.js';
import { countAbove, stretchCounts } from '../../core/scaled-pairs.js';
import { extent } from '../../core/series-stats.js';
import { panelSheet } from '../../charts/chart-styles.js';
import { setText } from '../../charts/drawn.js';
import { exact, integer as formatInteger, powerOfTen } from '../../charts/format.js';
import { renderSeriesLegend } from '../../charts/legend.js';
import { LinePanel, type PanelLine } from '../../charts/line-panel.js';
import { attachReadout } from '../../charts/readout.js';
import { choice, integer, number, spec } from '../attributes/attributes.js';
import { limit } from '../attributes/core-limits.js';
import { choiceList } from '../attributes/list-attributes.js';
import { CHART_MAX_BASE, ORIGINAL_LENGTH, ROPE_DIM } from '../attributes/ui-caps.js';
import { seriesTable, type CsvTable } from '../base/csv-table.js';
import { PhasorElement } from '../base/phasor-element.js';
import type { Theme } from '../base/theme.js';
import type { CodeConfig } from '../../code/code-config.js';

// longrope's per-pair factors belong to a model, not to one factor: drawn for a preset only.
type Scheme = Exclude<RopeScalingType, 'none'>;
const SCHEMES: readonly Scheme[] = ['linear', 'ntk', 'dynamic-ntk', 'yarn', 'llama3'];
const NAMES: Record<Scheme, string> = {
  linear: 'linear interpolation',
  ntk: 'NTK-aware',
  'dynamic-ntk': 'dynamic NTK',
  yarn: 'YaRN',
  llama3: 'Llama 3',
  longrope: 'LongRoPE',
  proportional: 'proportional (Gemma 4)',
};
const DASHES: Record<Scheme, number[] | undefined> = {
  linear: undefined,
  ntk: [7, 4],
  'dynamic-ntk': [2, 3],
  yarn: [9, 3, 2, 3],
  llama3: undefined,
  longrope: [4, 2],
  proportional: [1, 3],
};

export interface RopeScalingChartOptions {
  dim: number;
  theta: number;
  factor: number;
  originalLength: number;
  /** dynamic NTK's running length; null: factor × originalLength (the chart's choice: at L itself, transformers' default, nothing changes). */
  sequenceLength: number | null;
  types: Scheme[];
  /** A real model's scaling (rope-presets.ts) in place of the schemes above; null: none. */
  preset: RopePresetName | null;
}

export interface RopeScalingChartData {
  original: Float64Array;
  schemes: { type: Scheme; label?: string; frequencies: RopeFrequencies }[];
  /** The factor and training length drawn as marks (the preset's when one is shown). */
  factor: number;
  originalLength: number;
}

const MARGIN = { top: 10, right: 14, bottom: 44, left: 56 };

export class PhasorRopeScalingElement extends PhasorElement<RopeScalingChartOptions, RopeScalingChartData> {
  static override readonly tag = 'phasor-rope-scaling';
  static override readonly title = 'Stretching RoPE past its training length';
  static override needsExperiments = true;
  static override attributeSpecs = [
    spec('dim', integer(2, ROPE_DIM, 2), 128),
    spec('theta', number(1, CHART_MAX_BASE, true), 10000),
    spec('factor', number(1, limit('maxScalingFactor')), 4),
    spec('original-length', integer(1, ORIGINAL_LENGTH), 4096),
    spec<number | null>('sequence-length', integer(1, limit('maxAbsPosition')), null),
    spec<Scheme[]>(
      'types',
      choiceList(SCHEMES.filter((t) => t !== 'longrope')),
      SCHEMES.filter((t) => t !== 'longrope'),
    ),
    spec<RopePresetName | null>('preset', choice(ROPE_PRESET_NAMES), null),
  ];
  static override highlightTerms = ['scheme'];

  private readonly panel = new LinePanel();

  constructor() {
    super();
    this.content.append(this.panel.root);
    attachReadout(this.panel, 'RoPE wavelengths before and after scaling');
  }

  protected override styleSheets(): CSSStyleSheet[] {
    return [panelSheet()];
  }

  protected override csvTable(data: RopeScalingChartData): CsvTable {
    return seriesTable('pair i', data.original.length, (i) => i, [
      ['original wavelength', data.original],
      ...data.schemes.map(({ type, label, frequencies }): [string, Float64Array] => [
        `${label ?? NAMES[type]} wavelength`,
        frequencies.wavelengths,
      ]),
    ]);
  }

  /**
   * "Copy as code": the cos/sin cache of each scheme drawn over the extended
   * length (factor × the training length), or the preset model's over its context.
   */
  override codeConfig(): CodeConfig | null {
    const o = this.drawnOptions;
    if (!o) return null;
    if (o.preset !== null) {
      const p = ROPE_PRESETS[o.preset];
      return {
        kind: 'rope',
        dim: p.headDim,
        rotaryDim: p.rotaryDim,
        theta: p.theta,
        pairing: p.pairing,
        positions: p.maxPositionEmbeddings,
        scalings: p.scaling ? [p.scaling] : [],
      };
    }
    return {
      kind: 'rope',
      dim: o.dim,
      theta: o.theta,
      positions: Math.round(o.factor * o.originalLength),
      scalings: o.types.map((type) => ({
        type,
        factor: o.factor,
        originalLength: o.originalLength,
        ...(type === 'dynamic-ntk' ? { sequenceLength: o.sequenceLength ?? o.factor * o.originalLength } : {}),
      })),
    };
  }

  protected computeKey(o: RopeScalingChartOptions): unknown {
    return o;
  }

  protected compute(ph: Phasor, o: RopeScalingChartOptions): RopeScalingChartData {
    if (o.preset !== null) return presetData(ph, o.preset);
    const schemes = o.types.map((type) => ({
      type,
      frequencies: ph.ropeFrequencies({
        dim: o.dim,
        theta: o.theta,
        scaling: {
          type,
          factor: o.factor,
          originalLength: o.originalLength,
          ...(type === 'dynamic-ntk' ? { sequenceLength: o.sequenceLength ?? o.factor * o.originalLength } : {}),
        },
      }),
    }));
    return {
      original: schemes[0].frequencies.originalWavelengths,
      schemes,
      factor: o.factor,
      originalLength: o.originalLength,
    };
  }

  /** scheme:name (linear, ntk, dynamic-ntk, yarn, llama3): that scheme's wavelengths traced over its curve, and its legend entry. */
  protected override drawHighlight(term: string | null): void {
    const type = term?.startsWith('scheme:') ? term.slice(7) : null;
    const scheme = this.data()?.schemes.find((s) => s.type === type);
    this.panel.highlightCurves(scheme ? [scheme.frequencies.wavelengths] : []);
    this.panel.highlightLegendEntry('scheme', scheme ? type : null);
  }

  protected draw(data: RopeScalingChartData, o: RopeScalingChartOptions, width: number, theme: Theme): void {
    // A preset's lines take the first series colours; the schemes keep one colour each.
    const colour = (type: Scheme, k: number) =>
      theme.series[(data.schemes[0].label ? k : SCHEMES.indexOf(type)) % theme.series.length];
    const lines: PanelLine[] = [
      { label: 'original λᵢ = 2π·θ^(2i/d)', y: data.original, colour: theme.fg, width: 5, alpha: 0.25 },
      ...data.schemes.map(({ type, label, frequencies }, k) => ({
        label: label ?? NAMES[type],
        y: frequencies.wavelengths,
        colour: colour(type, k),
        dash: k > 0 ? undefined : DASHES[type],
      })),
    ];
    const extents = lines.map((l) => extent(l.y));
    const lo = Math.min(...extents.map((e) => e[0]));
    const hi = Math.max(0, ...extents.map((e) => e[1]), data.factor * data.originalLength);
    const count = data.original.length;
    const target = data.factor * data.originalLength;
    this.panel.draw({
      width,
      height: Math.round(Math.min(380, Math.max(240, width * 0.5))),
      margin: MARGIN,
      count,
      xAt: (i) => i,
      x: { domain: count > 1 ? [0, count - 1] : [-0.5, 0.5], label: 'pair index i', format: formatInteger },
      y: { kind: 'log', domain: [lo / 1.5, hi * 2], label: 'wavelength 2π/ωᵢ (positions)', format: powerOfTen },
      lines,
      marks: [
        { axis: 'y', value: data.originalLength, label: `training length L = ${formatInteger(data.originalLength)}` },
        { axis: 'y', value: target, label: `${exact(data.factor)} × L = ${formatInteger(Math.round(target))}` },
      ],
      describe: (i) => [
        `pair i = ${i}: original λ = ${exact(data.original[i])}`,
        ...data.schemes.map(
          ({ type, label, frequencies }) =>
            `${label ?? NAMES[type]}: ${exact(frequencies.wavelengths[i])} (×${exact(+(frequencies.wavelengths[i] / data.original[i]).toPrecision(4))})`,
        ),
      ],
      label: `RoPE wavelengths per pair for ${o.preset ?? `dim ${o.dim}, θ ${o.theta}`}, before and after scaling by ${data.factor}`,
    });
    renderSeriesLegend(this.panel.legend, lines);
    this.panel.nameLegendEntries('scheme', ['original', ...data.schemes.map((s) => s.type)]);
    // What each scheme does to the pairs, counted from the numbers drawn.
    const parts = data.schemes.map(({ type, label, frequencies }) => {
      const { kept, full, between } = stretchCounts(frequencies.wavelengths, data.original, data.factor);
      const factor =
        frequencies.attentionFactor !== 1 ? `, cos and sin ×${exact(+frequencies.attentionFactor.toPrecision(4))}` : '';
      return `${label ?? NAMES[type]}: ${kept} kept, ${full} ×${exact(data.factor)}, ${between} between${factor}`;
    });
    const slow = countAbove(data.original, data.originalLength);
    setText(
      this.panel.caption,
      `${slow} of ${count} pairs turn less than once in L. Pairs kept, stretched by the factor, or in between — ${parts.join('; ')}.`,
    );
  }
}

/** One model's scaling: its frequencies (longrope: short, then long factors) at its own width and lengths. */
function presetData(ph: Phasor, name: RopePresetName): RopeScalingChartData {
  const preset = ROPE_PRESETS[name];
  const s = preset.scaling;
  const type: Scheme = s?.type && s.type !== 'none' ? s.type : 'linear';
  const frequencies = ph.ropeFrequencies({ preset: name });
  const label = s ? `${name}: ${NAMES[type]}` : name;
  const schemes: RopeScalingChartData['schemes'] = [
    { type, label: `${label}${s?.type === 'longrope' ? ', short factors' : ''}`, frequencies },
  ];
  if (s?.type === 'longrope') {
    const long = ph.ropeFrequencies({
      preset: name,
      scaling: { sequenceLength: s.originalLength! + 1 } as RopeScaling,
    });
    schemes.push({ type, label: `${label}, long factors`, frequencies: long });
  }
  const originalLength = s?.originalLength ?? preset.maxPositionEmbeddings;
  return {
    original: frequencies.originalWavelengths,
    schemes,
    factor: s?.factor ?? (s?.maxPositionEmbeddings ?? originalLength) / originalLength,
    originalLength,
  };
}
