// <phasor-base-length>: what the base changes. Above, each base's
// wavelengths, one tick per pair, from 2π to just under 2π·base
// (charts/wavelength-rows.ts); below, how close the two nearest distinct
// positions of a sequence of length n come (|PE(p) − PE(q)|; and for
// positions at least `min-offset` apart, which a short longest wavelength
// lets come round again), and in the caption how that compares with what
// float32 rounding can move a distance.
import type { Phasor, PositionResolution } from '../../core/index.js';
import { closerOf, joinBases } from '../../core/resolution-results.js';
import { largestValue } from '../../core/series-stats.js';
import { panelSheet } from '../../charts/chart-styles.js';
import { setContent } from '../../charts/drawn.js';
import { exact, integer as formatInteger, powerOfTen, scientific } from '../../charts/format.js';
import { renderSeriesLegend } from '../../charts/legend.js';
import { LinePanel, type PanelLine } from '../../charts/line-panel.js';
import { attachReadout } from '../../charts/readout.js';
import { WavelengthRows } from '../../charts/wavelength-rows.js';
import { AttributeError, integer, spec } from '../attributes/attributes.js';
import * as common from '../attributes/common-attributes.js';
import { limit } from '../attributes/core-limits.js';
import { numberList } from '../attributes/list-attributes.js';
import { BASE_MARKED_LENGTH, BASE_MIN_OFFSET, CHART_MAX_BASE, MOST_BASES } from '../attributes/ui-caps.js';
import { seriesTable, type CsvTable } from '../base/csv-table.js';
import { Parts } from '../base/parts.js';
import { settle, type Maybe } from '../compute/compute-calls.js';
import { PhasorElement } from '../base/phasor-element.js';
import type { Theme } from '../base/theme.js';
import { strong } from '../captions.js';

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
export class PhasorBaseLengthElement extends PhasorElement<BaseLengthOptions, BaseLengthData> {
  static override readonly tag = 'phasor-base-length';
  static override readonly title = 'What the base changes';
  static override needsExperiments = true;
  static override attributeSpecs = [
    common.dModel(128),
    spec('bases', numberList(1.000001, CHART_MAX_BASE, MOST_BASES), [100, 10000, 1000000]),
    spec('max-length', integer(4, limit('maxPositions')), 2 ** 17),
    spec<number | null>('min-offset', integer(2, BASE_MIN_OFFSET), null),
    spec<number | null>('positions', integer(2, BASE_MARKED_LENGTH), null),
  ];

  private readonly rangesTitle = document.createElement('p');
  private readonly ranges = new WavelengthRows((b, i) => this.rangeReadout(b, i));
  private readonly panel = new LinePanel();
  /** Each base's result, by d-model, base, max-length and min-offset. */
  private readonly resolutions = new Map<string, BaseResolution>();

  constructor() {
    super();
    this.rangesTitle.className = 'panel-title';
    this.rangesTitle.textContent = 'The wavelengths of each base, one tick per pair';
    this.panel.heading.textContent = 'How close two distinct positions come in a sequence of length n';
    this.content.append(this.rangesTitle, this.ranges.frame.root, this.panel.root);
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
   * One base at a time (two wasm calls of a few milliseconds), between
   * frames, or every walk sent to the compute workers at once. The closest
   * pair over offsets 1 … n − 1 is the closer of the pair over the few
   * offsets below min-offset (a short walk) and the pair at min-offset or
   * more (the long walk the chart needs anyway): one long walk per base,
   * not two. A base already computed for this d-model, max-length and
   * min-offset is taken from the cache: dragging the page's base recomputes
   * that base alone, not 10², 10⁴ and 10⁶ beside it.
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
    // In the compute worker where the page has one, else on the page.
    const calls = this.computeCalls(ph);
    const keys = o.bases.map(keyOf);
    const missing = o.bases.filter((_, b) => !this.resolutions.has(keys[b]));
    // To the workers, every base's long walk before any short one: they take
    // calls in turn, and the long walks are the work to share between them.
    // On the page, a base's two walks in one part, as one answer.
    const beyond = new Map<number, Maybe<PositionResolution>>();
    const longWalks = missing.map(
      (base) => () =>
        void beyond.set(
          base,
          calls.call('positionResolution', { dModel: o.dModel, bases: [base], lengths, minOffset }),
        ),
    );
    // min-offset is at least 2, so every capped length is one (2 or more).
    const shortWalks = missing.map(
      (base) => () =>
        settle(
          [
            calls.call('positionResolution', {
              dModel: o.dModel,
              bases: [base],
              lengths: lengths.map((n) => Math.min(n, minOffset)),
            }),
            beyond.get(base)!,
          ],
          (below, far) => void this.resolutions.set(keyOf(base), { nearest: closerOf(below, far), far }),
        ),
    );
    const steps = calls.remote
      ? [...longWalks, ...shortWalks]
      : missing.map((_, b) => () => {
          longWalks[b]();
          return shortWalks[b]();
        });
    return new Parts(
      calls.inParts(steps),
      () => {
        const results = keys.map((key) => this.resolutions.get(key)!);
        forgetOld(this.resolutions, new Set(keys));
        return {
          lengths,
          wavelengths: o.bases.map((base) => ph.frequencies({ dModel: o.dModel, base }).wavelengths),
          nearest: joinBases(results.map((r) => r.nearest)),
          far: joinBases(results.map((r) => r.far)),
        };
      },
      calls,
    );
  }

  protected draw(data: BaseLengthData, o: BaseLengthOptions, width: number, theme: Theme): void {
    const colour = (b: number) => theme.series[b % theme.series.length];
    const marks =
      o.positions !== null
        ? [{ axis: 'x' as const, value: o.positions, label: `n = ${formatInteger(o.positions)}` }]
        : [];
    this.ranges.draw(width, {
      rows: data.wavelengths,
      names: o.bases.map((base) => `base ${powerOfTen(base)}`),
      colours: o.bases.map((_, b) => colour(b)),
      longest: Math.max(...data.wavelengths.map((w) => w[w.length - 1])),
    });
    this.ranges.describe(`Wavelengths of the ${o.dModel / 2} pairs for bases ${o.bases.join(', ')}, log scale`);

    const count = data.lengths.length;
    const cases = (r: PositionResolution, b: number) => r.minDistance.subarray(b * count, (b + 1) * count);
    const lines: PanelLine[] = o.bases.flatMap((base, b) => [
      { label: '', y: cases(data.nearest, b), colour: colour(b), width: 2 },
      { label: '', y: cases(data.far, b), colour: colour(b), dash: [5, 3] },
    ]);
    const hi = Math.max(...lines.map((l) => largestValue(l.y, 0)));
    this.panel.draw({
      width,
      height: Math.round(Math.min(320, Math.max(220, width * 0.4))),
      margin: MARGIN,
      count,
      xAt: (i) => data.lengths[i],
      x: { kind: 'log', domain: [2, o.maxLength], label: 'sequence length n (positions)', format: powerOfTen },
      y: {
        domain: [0, hi * 1.1],
        nice: true,
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

  /** The read-out of pair i of base b's row: its wavelength and the longest. */
  private rangeReadout(b: number, i: number): string[] | null {
    const data = this.data();
    const o = this.drawnOptions;
    if (!data || !o) return null;
    const w = data.wavelengths[b];
    return [
      `base ${exact(o.bases[b])}, pair i = ${i}`,
      `wavelength λ = ${exact(w[i])} positions`,
      `longest: 2π·base^((d−2)/d) = ${exact(w[w.length - 1])}`,
    ];
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
