// <phasor-base-length>: what the base changes. Above, each base's
// wavelengths, one tick per pair, from 2π to just under 2π·base; below, how
// close the two nearest distinct positions of a sequence of length n come
// (|PE(p) − PE(q)|; and for positions at least `min-offset` apart, which a
// short longest wavelength lets come round again), and in the caption how
// that compares with what float32 rounding can move a distance.
import { scaleLinear, scaleLog } from 'd3-scale';
import { select } from 'd3-selection';
import type { Phasor, PositionResolution } from '../../core/index.js';
import { renderAxes, renderGrid } from '../../charts/axes.js';
import { exact, integer as formatInteger, powerOfTen, scientific } from '../../charts/format.js';
import { ChartFrame } from '../../charts/frame.js';
import { renderSeriesLegend } from '../../charts/legend.js';
import { AttributeError, integer, spec } from '../attributes/attributes.js';
import * as common from '../attributes/common-attributes.js';
import { limit } from '../attributes/core-limits.js';
import { strong } from '../caption.js';
import { Parts } from '../base/parts.js';
import { PhasorElement } from '../base/phasor-element.js';
import { axisTicks, LinePanel, type PanelLine } from '../../charts/line-panel.js';
import { panelSheet } from '../../charts/chart-styles.js';
import { seriesTable } from '../base/csv-table.js';
import { numberList } from '../attributes/list-attributes.js';
import type { CsvTable } from '../base/csv-table.js';
import type { Theme } from '../base/theme.js';
import { attachReadout } from '../../charts/readout.js';
import { setContent } from '../../charts/drawn.js';

export interface BaseLengthOptions {
  dModel: number;
  bases: number[];
  /** Longest sequence length n (lengths are the powers of two up to it). */
  maxLength: number;
  /** The far-apart curves count only positions at least this far apart; null: 16, or max-length − 1 when that is smaller. */
  minOffset: number | null;
  /** A sequence length to mark, or null. */
  positions: number | null;
}

export interface BaseLengthData {
  lengths: number[];
  /** Each base's λ_i = 2π/ω_i. */
  wavelengths: Float64Array[];
  /** Any two distinct positions (minOffset 1). */
  nearest: PositionResolution;
  /** Positions at least minOffset apart. */
  far: PositionResolution;
}

const MARGIN = { top: 8, right: 16, bottom: 44, left: 68 };
/** Bases kept computed: the three the explorer compares and a few of the page's. */
const CACHED_BASES = 8;

interface BaseResolution {
  nearest: PositionResolution;
  far: PositionResolution;
}

/** Drops the oldest entries past CACHED_BASES, never one of those in use. */
function forgetOld(cache: Map<string, BaseResolution>, inUse: Set<string>): void {
  for (const key of cache.keys()) {
    if (cache.size <= CACHED_BASES) return;
    if (!inUse.has(key)) cache.delete(key);
  }
}

/** The min-offset used: the attribute, else 16 (or max-length − 1 when that is smaller). */
const minOffsetOf = (o: BaseLengthOptions): number => o.minOffset ?? Math.min(16, o.maxLength - 1);
const ROW = 22;

export class PhasorBaseLengthElement extends PhasorElement<BaseLengthOptions, BaseLengthData> {
  static override readonly tag = 'phasor-base-length';
  static override readonly title = 'What the base changes';
  static override needsExperiments = true;
  static override attributeSpecs = [
    common.dModel(128),
    spec('bases', numberList(1.000001, 1e15, 6), [100, 10000, 1000000]),
    spec('max-length', integer(4, limit('maxPositions')), 2 ** 17),
    spec<number | null>('min-offset', integer(2, 2 ** 20), null),
    spec<number | null>('positions', integer(2, 2 ** 30), null),
  ];

  private readonly rangesTitle = document.createElement('p');
  private readonly ranges = new ChartFrame();
  private readonly panel = new LinePanel();
  private x = scaleLog();
  /** Each base's result, by d-model, base, max-length and min-offset. */
  private readonly resolutions = new Map<string, BaseResolution>();

  constructor() {
    super();
    this.rangesTitle.className = 'panel-title';
    this.rangesTitle.textContent = 'The wavelengths of each base, one tick per pair';
    this.panel.heading.textContent = 'How close two distinct positions come in a sequence of length n';
    this.content.append(this.rangesTitle, this.ranges.root, this.panel.root);
    attachReadout(
      { frame: this.ranges, show: (point) => this.showRange(point), step: () => ({ x: 8, y: ROW }) },
      'Wavelengths of each base',
    );
    attachReadout(this.panel, 'Closest positions against sequence length');
  }

  protected override styleSheets(): CSSStyleSheet[] {
    return [panelSheet()];
  }

  protected override csvTable(data: BaseLengthData): CsvTable {
    const count = data.lengths.length;
    const cases = (r: PositionResolution, b: number) => r.minDistance.subarray(b * count, (b + 1) * count);
    const far = this.drawnOptions && minOffsetOf(this.drawnOptions);
    return seriesTable('n', count, (i) => data.lengths[i], [
      ...Array.from(data.nearest.bases).flatMap((base, b): [string, Float64Array][] => [
        [`base ${base}: closest |PE(p) - PE(q)|`, cases(data.nearest, b)],
        [`base ${base}: closest at least ${far} apart`, cases(data.far, b)],
      ]),
      ['float32 bound', data.nearest.float32Bound],
    ]);
  }

  protected computeKey(o: BaseLengthOptions): unknown {
    return { ...o, positions: null };
  }

  /**
   * One base at a time (a wasm call of a few milliseconds each), between
   * frames. The closest pair over offsets 1 … n − 1 is the closer of the
   * pair over the few offsets below min-offset (a short walk) and the pair
   * at min-offset or more (the long walk the chart needs anyway): one long
   * walk per base, not two. A base already computed for this d-model,
   * max-length and min-offset is taken from the cache: dragging the page's
   * base recomputes that base alone, not 10², 10⁴ and 10⁶ beside it.
   */
  protected compute(ph: Phasor, o: BaseLengthOptions): Parts<BaseLengthData> {
    // Checked here so the messages name the attributes, not the API's options.
    if (o.minOffset !== null && o.minOffset >= o.maxLength) {
      throw new AttributeError(`min-offset must be below max-length (${o.maxLength}); got ${o.minOffset}`);
    }
    const work = o.bases.length * o.maxLength * (o.dModel / 2);
    if (work > ph.limits.maxResolutionWork) {
      throw new AttributeError(
        `bases × max-length × d-model/2 must be at most ${ph.limits.maxResolutionWork} (the work of one chart); got ${o.bases.length} × ${o.maxLength} × ${o.dModel / 2}`,
      );
    }
    const lengths: number[] = [];
    for (let n = 2; n < o.maxLength; n *= 2) lengths.push(n);
    lengths.push(o.maxLength);
    const minOffset = minOffsetOf(o);
    const keyOf = (base: number) => JSON.stringify([o.dModel, base, o.maxLength, minOffset]);
    const resolution = (base: number): BaseResolution => {
      const beyond = ph.positionResolution({ dModel: o.dModel, bases: [base], lengths, minOffset });
      // min-offset is at least 2, so every capped length is one (2 or more).
      const below = ph.positionResolution({
        dModel: o.dModel,
        bases: [base],
        lengths: lengths.map((n) => Math.min(n, minOffset)),
      });
      return { nearest: closerOf(below, beyond), far: beyond };
    };
    const keys = o.bases.map(keyOf);
    const steps = o.bases
      .filter((_, b) => !this.resolutions.has(keys[b]))
      .map((base) => () => this.resolutions.set(keyOf(base), resolution(base)));
    return new Parts(steps, () => {
      const results = keys.map((key) => this.resolutions.get(key)!);
      forgetOld(this.resolutions, new Set(keys));
      return {
        lengths,
        wavelengths: o.bases.map((base) => ph.frequencies({ dModel: o.dModel, base }).wavelengths),
        nearest: joinBases(results.map((r) => r.nearest)),
        far: joinBases(results.map((r) => r.far)),
      };
    });
  }

  protected draw(data: BaseLengthData, o: BaseLengthOptions, width: number, theme: Theme): void {
    const colour = (b: number) => theme.series[b % theme.series.length];
    const longest = Math.max(...data.wavelengths.map((w) => w[w.length - 1]));
    this.x = scaleLog().domain([2, longest * 1.5]);
    const marks =
      o.positions !== null
        ? [{ axis: 'x' as const, value: o.positions, label: `n = ${formatInteger(o.positions)}` }]
        : [];
    this.drawRanges(data, o, width, colour);

    const count = data.lengths.length;
    const cases = (r: PositionResolution, b: number) => r.minDistance.subarray(b * count, (b + 1) * count);
    const lines: PanelLine[] = o.bases.flatMap((base, b) => [
      { label: '', y: cases(data.nearest, b), colour: colour(b), width: 2 },
      { label: '', y: cases(data.far, b), colour: colour(b), dash: [5, 3] },
    ]);
    let hi = 0;
    for (const l of lines) for (const v of l.y as Float64Array) if (v > hi) hi = v;
    this.panel.draw({
      width,
      height: Math.round(Math.min(320, Math.max(220, width * 0.4))),
      margin: MARGIN,
      count,
      xAt: (i) => data.lengths[i],
      x: { scale: scaleLog().domain([2, o.maxLength]), label: 'sequence length n (positions)', format: powerOfTen },
      y: {
        scale: scaleLinear()
          .domain([0, hi * 1.1])
          .nice(),
        label: 'closest |PE(p) − PE(q)|',
      },
      lines,
      marks,
      describe: (i) => [
        `n = ${formatInteger(data.lengths[i])}`,
        ...o.bases.map((base, b) => {
          const at = b * count + i;
          const far = data.far.minDistance[at];
          return `base ${exact(base)}: ${exact(data.nearest.minDistance[at])} (|p − q| = ${data.nearest.atOffset[at]}); ≥ ${minOffsetOf(o)} apart: ${Number.isNaN(far) ? '—' : `${exact(far)} (${formatInteger(data.far.atOffset[at])})`}`;
        }),
        `float32 bound: ${scientific(data.nearest.float32Bound[i])}`,
      ],
      label: `Closest distinct positions against sequence length for bases ${o.bases.join(', ')}`,
    });
    renderSeriesLegend(this.panel.legend, [
      ...o.bases.map((base, b) => ({ label: `base ${powerOfTen(base)}`, colour: colour(b), width: 2 })),
      { label: 'any two distinct positions', colour: theme.muted, width: 2 },
      { label: `positions at least ${formatInteger(minOffsetOf(o))} apart`, colour: theme.muted, dash: [5, 3] },
    ]);
    this.writeCaption(data, o);
  }

  private drawRanges(data: BaseLengthData, o: BaseLengthOptions, width: number, colour: (b: number) => string): void {
    const height = MARGIN.top + ROW * o.bases.length + MARGIN.bottom;
    const ctx = this.ranges.layout(width, height, MARGIN);
    const { box } = this.ranges;
    const x = this.x.range([0, box.width]);
    const ticks = axisTicks(x, box.width, 50);
    renderGrid(this.ranges.back, box, { x: { scale: x, values: ticks } });
    renderAxes(this.ranges.front, box, {
      bottom: { scale: x, label: 'wavelength 2π/ωᵢ of each pair (positions)', values: ticks, format: powerOfTen },
    });
    data.wavelengths.forEach((w, b) => {
      const y = b * ROW + 4;
      ctx.fillStyle = colour(b);
      ctx.globalAlpha = 0.15;
      ctx.fillRect(x(w[0]), y, x(w[w.length - 1]) - x(w[0]), ROW - 8);
      ctx.globalAlpha = 1;
      for (const v of w) ctx.fillRect(Math.round(x(v)) - 0.5, y, 1, ROW - 8);
    });
    const g = select(this.ranges.front)
      .selectAll('g.rows')
      .data([0])
      .join('g')
      .attr('class', 'rows')
      .attr('transform', `translate(${box.left},${box.top})`);
    g.selectAll('text.row')
      .data(o.bases)
      .join('text')
      .attr('class', 'row')
      .attr('x', -8)
      .attr('y', (_, b) => (b + 0.5) * ROW)
      .attr('dy', '0.35em')
      .attr('text-anchor', 'end')
      .text((base) => `base ${powerOfTen(base)}`);
    this.ranges.describe(`Wavelengths of the ${o.dModel / 2} pairs for bases ${o.bases.join(', ')}, log scale`);
    this.showRange(null);
  }

  private showRange(point: { x: number; y: number } | null): void {
    const data = this.data();
    const o = this.drawnOptions;
    if (!point || !data || !o) {
      this.ranges.clearReadout();
      return;
    }
    const { box } = this.ranges;
    const b = Math.min(o.bases.length - 1, Math.max(0, Math.floor(point.y / ROW)));
    const w = data.wavelengths[b];
    let i = 0;
    for (let n = 1; n < w.length; n++) if (Math.abs(this.x(w[n]) - point.x) < Math.abs(this.x(w[i]) - point.x)) i = n;
    const px = this.x(w[i]);
    const g = this.ranges.readoutLayer();
    g.selectAll('line')
      .data([px])
      .join('line')
      .attr('class', 'cursor')
      .attr('x1', (d) => d)
      .attr('x2', (d) => d)
      .attr('y1', b * ROW)
      .attr('y2', (b + 1) * ROW);
    this.ranges.tooltip.show(
      [
        `base ${exact(o.bases[b])}, pair i = ${i}`,
        `wavelength λ = ${exact(w[i])} positions`,
        `longest: 2π·base^((d−2)/d) = ${exact(w[w.length - 1])}`,
      ],
      box.left + px,
      box.top + b * ROW,
    );
  }

  private writeCaption(data: BaseLengthData, o: BaseLengthOptions): void {
    const last = data.lengths.length - 1;
    const n = data.lengths[last];
    const at = (r: PositionResolution, b: number) => r.minDistance[b * data.lengths.length + last];
    const closest = Math.min(...o.bases.map((_, b) => Math.min(at(data.nearest, b), at(data.far, b))));
    const margin = closest / data.nearest.float32Bound[last];
    setContent(
      this.panel.caption,
      `At n = ${formatInteger(n)}: neighbours are `,
      strong(
        o.bases
          .map((base, b) => `${exact(+at(data.nearest, b).toPrecision(3))} apart for base ${powerOfTen(base)}`)
          .join(', '),
      ),
      `; positions at least ${formatInteger(minOffsetOf(o))} apart come as close as `,
      strong(o.bases.map((_, b) => exact(+at(data.far, b).toPrecision(3))).join(', ')),
      margin > 100
        ? `. The closest pair is ${scientific(margin)} times what float32 rounding can move a distance, so a float32 table still tells every position apart.`
        : `. That is within ${scientific(margin)} × float32 rounding: a float32 table can no longer tell these positions apart reliably.`,
    );
  }
}

/**
 * Per length, the closer pair of two results over the same lengths (below:
 * offsets under min-offset; beyond: offsets from it on, NaN where there are
 * none). A tie goes to the smaller offset, as one walk over all offsets keeps
 * the first minimum it meets.
 */
function closerOf(below: PositionResolution, beyond: PositionResolution): PositionResolution {
  const minDistance = below.minDistance.slice();
  const atOffset = below.atOffset.slice();
  beyond.minDistance.forEach((v, n) => {
    if (v < minDistance[n]) {
      minDistance[n] = v;
      atOffset[n] = beyond.atOffset[n];
    }
  });
  return { ...beyond, minDistance, atOffset };
}

/** The results for one base each as one result over all of them (bases × lengths). */
function joinBases(parts: PositionResolution[]): PositionResolution {
  const join = (pick: (r: PositionResolution) => Float64Array) => {
    const out = new Float64Array(parts.reduce((n, r) => n + pick(r).length, 0));
    let at = 0;
    for (const r of parts) {
      out.set(pick(r), at);
      at += pick(r).length;
    }
    return out;
  };
  return {
    bases: join((r) => r.bases),
    lengths: parts[0].lengths,
    minDistance: join((r) => r.minDistance),
    atOffset: join((r) => r.atOffset),
    float32Bound: parts[0].float32Bound,
  };
}
