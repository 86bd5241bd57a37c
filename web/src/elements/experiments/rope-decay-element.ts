// <phasor-rope-decay>: RoPE's long-term decay as RoFormer plots it (its
// Figure 2): the relative upper bound (1/(d/2))·Σ_j |S_j| against the
// distance m − n, beside what random unit vectors measure: |q·k| of one
// vector against itself at two positions (it decays) and of two independent
// vectors (it does not). All three over their value at distance 0, so the
// bound's promise and what it leaves out share one axis.
import type { Phasor, RopeRandomScores, RopeScalingType } from '../../core/index.js';
import { dividedBy, extent } from '../../core/series-stats.js';
import { panelSheet } from '../../charts/chart-styles.js';
import { setText } from '../../charts/drawn.js';
import { exact, integer as formatInteger } from '../../charts/format.js';
import { renderSeriesLegend } from '../../charts/legend.js';
import { LinePanel, type PanelLine } from '../../charts/line-panel.js';
import { attachReadout } from '../../charts/readout.js';
import { integer, spec } from '../attributes/attributes.js';
import * as common from '../attributes/common-attributes.js';
import { limit } from '../attributes/core-limits.js';
import { factor, originalLength, scaling, scalingOption } from '../attributes/scaling-attributes.js';
import { DECAY_MAX_DISTANCE, DECAY_MEASURED_WORK, ROPE_DIM } from '../attributes/ui-caps.js';
import { seriesTable, type CsvTable } from '../base/csv-table.js';
import { PhasorElement } from '../base/phasor-element.js';
import type { Theme } from '../base/theme.js';

export interface RopeDecayChartOptions {
  dModel: number;
  base: number;
  maxDistance: number;
  scaling: RopeScalingType;
  factor: number;
  originalLength: number;
  samples: number;
  seed: number;
}

export interface RopeDecayChartData {
  /** The bound for m − n = 0 … maxDistance (ph.ropeDecay). */
  bound: Float64Array;
  /** Mean |q·k| of random unit vectors (ph.ropeRandomScores). */
  measured: RopeRandomScores;
  /** The first distance where the bound is below half its value at 0 (−1: never within maxDistance). */
  firstBelowHalf: number;
}

const MARGIN = { top: 10, right: 14, bottom: 44, left: 56 };

export class PhasorRopeDecayElement extends PhasorElement<RopeDecayChartOptions, RopeDecayChartData> {
  static override readonly tag = 'phasor-rope-decay';
  static override readonly title = "RoPE's long-term decay of attention with distance";
  static override needsExperiments = true;
  static override attributeSpecs = [
    spec('d-model', integer(2, ROPE_DIM, 2), 128),
    common.base,
    spec('max-distance', integer(1, DECAY_MAX_DISTANCE), 256),
    scaling,
    factor,
    originalLength,
    spec('samples', integer(1, limit('maxRopeDecaySamples')), 256),
    spec('seed', integer(0, limit('maxSeed')), 0),
  ];

  private readonly panel = new LinePanel();

  constructor() {
    super();
    this.content.append(this.panel.root);
    attachReadout(this.panel, "RoPE's relative upper bound and measured |q·k| against distance");
  }

  protected override styleSheets(): CSSStyleSheet[] {
    return [panelSheet()];
  }

  protected override csvTable(data: RopeDecayChartData): CsvTable {
    return seriesTable('distance m - n', data.bound.length, (r) => r, [
      ['relative upper bound', data.bound],
      ['mean |q.q| same vector', data.measured.self],
      ['mean |q.k| independent', data.measured.independent],
    ]);
  }

  protected computeKey(o: RopeDecayChartOptions): unknown {
    return o;
  }

  protected compute(ph: Phasor, o: RopeDecayChartOptions): RopeDecayChartData {
    const model = { dModel: o.dModel, base: o.base, maxDistance: o.maxDistance, ...scalingOption(o) };
    const bound = ph.ropeDecay(model);
    // The measured curves cost samples × distances × d: fewer samples on long axes keep a redraw within a frame.
    const samples = Math.max(
      1,
      Math.min(o.samples, Math.floor(DECAY_MEASURED_WORK / ((o.maxDistance + 1) * o.dModel))),
    );
    const measured = ph.ropeRandomScores({ ...model, samples, seed: o.seed });
    return { bound, measured, firstBelowHalf: bound.findIndex((v) => v < bound[0] / 2) };
  }

  protected draw(data: RopeDecayChartData, o: RopeDecayChartOptions, width: number, theme: Theme): void {
    const b0 = data.bound[0];
    const relative = dividedBy(data.bound, b0);
    const lines: PanelLine[] = [
      {
        label: 'relative upper bound (1/(d/2))·Σ|Sⱼ|, over its value at 0',
        y: relative,
        colour: theme.series[0],
        width: 2,
      },
      {
        label: 'mean |q·q| of one random unit vector at m and n',
        y: data.measured.self,
        colour: theme.series[1],
        dash: [7, 4],
      },
      {
        label: 'mean |q·k| of independent random unit vectors',
        y: data.measured.independent,
        colour: theme.series[2],
        dash: [2, 3],
      },
    ];
    const count = data.bound.length;
    const half = data.firstBelowHalf;
    this.panel.draw({
      width,
      height: Math.round(Math.min(380, Math.max(240, width * 0.5))),
      margin: MARGIN,
      count,
      xAt: (r) => r,
      x: { domain: [0, count - 1], label: 'relative distance m − n', format: formatInteger },
      y: { domain: [0, 1.05], label: 'over the value at distance 0' },
      lines,
      marks: half >= 0 ? [{ axis: 'x', value: half, label: `below half at ${half}` }] : [],
      describe: (r) => [
        `m − n = ${r}`,
        `bound ${exact(data.bound[r])} (${exact(+relative[r].toPrecision(6))} of ${exact(b0)})`,
        `mean |q·q| ${exact(+data.measured.self[r].toPrecision(6))}`,
        `mean |q·k| ${exact(+data.measured.independent[r].toPrecision(6))}`,
      ],
      label: `RoPE's relative upper bound against distance for d ${o.dModel}, base ${o.base}${o.scaling === 'none' ? '' : `, ${o.scaling} scaling ×${o.factor}`}`,
    });
    renderSeriesLegend(this.panel.legend, lines);
    const [min] = extent(data.bound);
    setText(
      this.panel.caption,
      `At m − n = 0 every term is 1, so Sⱼ = j and the bound is (d/2 + 1)/2 = ${exact(b0)}; ` +
        (half >= 0
          ? `it first falls below half of that at m − n = ${half}`
          : `it stays above half of that up to ${formatInteger(count - 1)}`) +
        `, and its lowest value up to ${formatInteger(count - 1)} is ${exact(+min.toPrecision(6))}. ` +
        'The bound multiplies max |hⱼ₊₁ − hⱼ|, which depends on q and k: it says a score whose pair products vary slowly must shrink with distance, ' +
        'not that a given score does. Independent random q and k do not decay at all (their line stays flat); one vector against itself does.',
    );
  }
}
