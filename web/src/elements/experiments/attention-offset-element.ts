// <phasor-attention-offset>: the attention score q_m·k_n of one token against
// itself, as a function of the offset m − n, once for each absolute query
// position m (an anchor). RoPE's and ALiBi's curves coincide: the score
// depends on the offset alone. Additive PE's differ, through the terms that
// mix position into W_Q and W_K. kind="pairing" shows what a RoPE port gets
// wrong and what it does not: weights from the other pairing layout keep one
// curve for every anchor (the rotation is still consistent), a cos/sin table
// in the other layout does not.
import { PAIRINGS, type Pairing, type Phasor } from '../../core/index.js';
import { spreadOverRows, sumSeries } from '../../core/anchor-curves.js';
import { extent, largestGap, largestMagnitude } from '../../core/series-stats.js';
import { paddedDomain } from '../../charts/binned-curves.js';
import { panelSheet } from '../../charts/chart-styles.js';
import { setContent, setText } from '../../charts/drawn.js';
import { exact, integer as formatInteger } from '../../charts/format.js';
import { renderSeriesLegend, type LegendEntry } from '../../charts/legend.js';
import { PanelRow, panelWidths, type PanelLine } from '../../charts/line-panel.js';
import { AttributeError, choice, flag, integer, integerList, spec } from '../attributes/attributes.js';
import * as common from '../attributes/common-attributes.js';
import { limit } from '../attributes/core-limits.js';
import { choiceList } from '../attributes/list-attributes.js';
import { MOST_CURVES } from '../attributes/ui-caps.js';
import { seriesTable, type CsvTable } from '../base/csv-table.js';
import { Parts } from '../base/parts.js';
import { settle, type Maybe } from '../compute/compute-calls.js';
import { PhasorElement } from '../base/phasor-element.js';
import type { Theme } from '../base/theme.js';
import { short, strong } from '../captions.js';
import {
  TERM_FIELDS,
  TERMS,
  type AttentionChartKind,
  type AttentionOffsetData,
  type AttentionOffsetOptions,
  type AttentionTerm,
  type OffsetPanel,
} from './attention-offset-data.js';
import { coincide, other, pairingSummary, ROTATION_NAME } from './pairing-summary.js';

export type {
  AttentionChartKind,
  AttentionOffsetData,
  AttentionOffsetOptions,
  AttentionTerm,
  OffsetPanel,
} from './attention-offset-data.js';

const MARGIN = { top: 10, right: 12, bottom: 44, left: 54 };

export class PhasorAttentionOffsetElement extends PhasorElement<AttentionOffsetOptions, AttentionOffsetData> {
  static override readonly tag = 'phasor-attention-offset';
  static override readonly title = 'Attention score against offset';
  static override needsExperiments = true;
  static override attributeSpecs = [
    spec<AttentionChartKind>('kind', choice(['all', 'rope', 'additive', 'alibi', 'pairing'] as const), 'all'),
    spec<AttentionTerm[]>('terms', choiceList(TERMS), [...TERMS]),
    spec('anchors', integerList(common.minusHalfPosition, common.halfPosition, MOST_CURVES), [0, 100, 1000, 10000]),
    // 2·max-offset + 1 offsets fit the core's maxAttentionPositions for one anchor; more anchors are checked in compute.
    spec('max-offset', integer(1, limit('maxAttentionPositions', 0.5, -1)), 32),
    spec('d-model', integer(2, limit('maxAttentionWidth'), 2), 64),
    spec('d-head', integer(2, limit('maxAttentionWidth'), 2), 64),
    common.base,
    spec('seed', integer(0, limit('maxSeed')), 0),
    spec<Pairing>('pairing', choice(PAIRINGS), 'half'),
    spec<Pairing | null>('table-layout', choice(PAIRINGS), null),
    spec<Pairing | null>('weight-layout', choice(PAIRINGS), null),
    spec('permute', flag, false),
    spec('heads', integer(1, limit('maxAlibiHeads')), 8),
    spec('head', integer(0, limit('maxAlibiHeads', 1, -1)), 0),
  ];
  static override highlightTerms = ['term'];

  private readonly panels = new PanelRow('Attention score against offset');
  private readonly legend = document.createElement('ul');
  private readonly summary = document.createElement('p');

  constructor() {
    super();
    this.legend.className = 'legend';
    this.summary.className = 'caption';
    this.content.append(this.panels.root, this.legend, this.summary);
  }

  protected override styleSheets(): CSSStyleSheet[] {
    return [panelSheet()];
  }

  protected override csvTable(data: AttentionOffsetData): CsvTable {
    const count = data.offsets.length;
    const series = data.panels.flatMap((p) =>
      data.anchors.map((m, a): [string, Float32Array] => [
        `${p.title}: m = ${m}`,
        p.scores.subarray(a * count, (a + 1) * count),
      ]),
    );
    return seriesTable('m - n', count, (j) => data.offsets[j], series);
  }

  protected computeKey(o: AttentionOffsetOptions): unknown {
    return o;
  }

  protected compute(ph: Phasor, o: AttentionOffsetOptions): Parts<AttentionOffsetData> {
    if (o.head >= o.heads) throw new AttributeError(`head must be below heads (${o.heads}); got ${o.head}`);
    const count = 2 * o.maxOffset + 1;
    const maxKeys = ph.limits.maxAttentionPositions;
    if (o.anchors.length * count > maxKeys) {
      throw new AttributeError(
        `anchors × (2·max-offset + 1) must be at most ${maxKeys}; got ${o.anchors.length} × ${count}`,
      );
    }
    const shared = {
      dModel: o.dModel,
      dHead: o.dHead,
      base: o.base,
      theta: o.base,
      seed: o.seed,
      heads: o.heads,
      head: o.head,
    };
    const byOffset = { ...shared, anchors: o.anchors, maxOffset: o.maxOffset };
    const offsets = Float64Array.from({ length: count }, (_, j) => j - o.maxOffset);
    // In the compute worker where the page has one, else on the page: a panel per part (a few wasm calls each).
    const calls = this.computeCalls(ph);
    const rope = (
      title: string,
      settings: { pairing: Pairing; tableLayout?: Pairing; weightLayout?: Pairing; permute?: boolean },
    ): Maybe<OffsetPanel> =>
      settle([calls.call('scoreByOffset', { kind: 'rope', ...byOffset, ...settings })], (r) => ({
        title,
        scores: r.scores,
        spread: r.spread,
        maxSpread: r.maxSpread,
        reference: null,
        referenceGap: 0,
      }));
    // The core computes the curves and their four terms from the key side
    // (no key's PE row projected): a few milliseconds at dModel 1024.
    const additive = (): Maybe<OffsetPanel> =>
      settle([calls.call('scoreByOffset', { kind: 'additive', ...byOffset })], (r) => {
        const found = r.terms!;
        const terms = Object.fromEntries(TERMS.map((t) => [t, found[TERM_FIELDS[t]]])) as Record<
          AttentionTerm,
          Float32Array
        >;
        const all = o.terms.length === TERMS.length;
        const scores = all
          ? r.scores
          : sumSeries(
              o.terms.map((t) => terms[t]),
              o.anchors.length * count,
            );
        return {
          title: all ? 'Additive PE, all four terms' : `Additive PE: ${o.terms.join(' + ')}`,
          scores,
          ...spreadOverRows(scores, o.anchors.length, count),
          reference: null,
          referenceGap: 0,
          terms,
        };
      });
    const alibi = (): Maybe<OffsetPanel> =>
      settle(
        [calls.call('scoreByOffset', { kind: 'alibi', ...byOffset }), calls.call('alibiSlopes', { heads: o.heads })],
        (r, slopes) => ({
          title: `ALiBi, head ${o.head + 1} of ${o.heads} (slope ${exact(slopes[o.head])})`,
          scores: r.scores,
          spread: r.spread,
          maxSpread: r.maxSpread,
          reference: null,
          referenceGap: 0,
        }),
      );
    const ropeOwn = () =>
      rope(`RoPE (${ROTATION_NAME[o.pairing]})`, {
        pairing: o.pairing,
        tableLayout: o.tableLayout ?? o.pairing,
        weightLayout: o.weightLayout ?? o.pairing,
        permute: o.permute,
      });
    const panels: OffsetPanel[] = [];
    let steps: (() => Maybe<OffsetPanel>)[];
    if (o.kind === 'pairing') {
      // A model trained with the other pairing, then run with this one.
      const p = o.pairing;
      const q = other(p);
      steps = [
        () => rope(`${ROTATION_NAME[q]} model, as trained`, { pairing: q }),
        () => rope(`${ROTATION_NAME[p]}, weights not permuted`, { pairing: p, weightLayout: q }),
        () => rope(`${ROTATION_NAME[p]}, weights permuted`, { pairing: p, weightLayout: q, permute: true }),
        () =>
          rope(`permuted, but ${ROTATION_NAME[q]} cos/sin table`, {
            pairing: p,
            tableLayout: q,
            weightLayout: q,
            permute: true,
          }),
      ];
    } else if (o.kind === 'all') {
      steps = [ropeOwn, additive, alibi];
    } else {
      steps = [{ rope: ropeOwn, additive, alibi }[o.kind]];
    }
    return new Parts(
      calls.inParts(steps.map((step, n) => () => settle([step()], (panel) => void (panels[n] = panel)))),
      () => {
        // The other panels of a pairing against the first (one anchor): the model as trained.
        if (o.kind === 'pairing') {
          const reference = panels[0].scores.subarray(0, count);
          for (const panel of panels.slice(1))
            Object.assign(panel, { reference, referenceGap: largestGap(panel.scores, reference) });
        }
        return { offsets, anchors: o.anchors, panels };
      },
      calls,
    );
  }

  /**
   * term:name (content-content, content-position, position-content,
   * position-position): that term alone, for every query position, traced
   * over the additive PE panel on its scale (clipped to the plot).
   */
  protected override drawHighlight(term: string | null): void {
    const data = this.data();
    const name = term?.startsWith('term:') ? (term.slice(5) as AttentionTerm) : null;
    data?.panels.forEach((panel, n) => {
      const values = name && panel.terms?.[name];
      const count = data.offsets.length;
      this.panels
        .panel(n)
        ?.highlightCurves(values ? data.anchors.map((_, a) => values.subarray(a * count, (a + 1) * count)) : [], true);
    });
  }

  protected draw(data: AttentionOffsetData, o: AttentionOffsetOptions, width: number, theme: Theme): void {
    const used = this.panels.use(data.panels.length);
    const { panelWidth } = panelWidths(width, used.length, 270);
    const height = Math.round(Math.min(300, Math.max(200, panelWidth * 0.62)));
    const count = data.offsets.length;
    const anchorColour = (a: number) => theme.series[a % theme.series.length];
    const reference = `the ${ROTATION_NAME[other(o.pairing)]} model as trained`;
    data.panels.forEach((panel, n) => {
      const scale = largestMagnitude(panel.scores);
      const same = coincide(panel, scale);
      const anchors = data.anchors.length;
      // Curves that coincide are dashed in turns, so every colour shows on the one curve.
      const lines: PanelLine[] = data.anchors.map((m, a) => ({
        label: `m = ${formatInteger(m)}`,
        y: panel.scores.subarray(a * count, (a + 1) * count),
        colour: anchorColour(a),
        dash: same && anchors > 1 ? [6, 6 * (anchors - 1)] : undefined,
        dashOffset: -6 * a,
      }));
      if (panel.reference)
        lines.unshift({ label: reference, y: panel.reference, colour: theme.fg, width: 5, alpha: 0.22 });
      setText(used[n].heading, panel.title);
      used[n].draw({
        width: panelWidth,
        height,
        margin: MARGIN,
        count,
        xAt: (j) => data.offsets[j],
        x: {
          domain: [data.offsets[0], data.offsets[count - 1]],
          label: 'offset m − n (positions)',
          format: formatInteger,
        },
        y: {
          domain: paddedDomain(extent(panel.reference ? [...panel.scores, ...panel.reference] : panel.scores)),
          nice: true,
          label: 'score qₘ·kₙ',
        },
        lines,
        describe: (j) => [
          `m − n = ${formatInteger(data.offsets[j])}`,
          ...data.anchors.map((m, a) => `m = ${formatInteger(m)}: ${exact(panel.scores[a * count + j])}`),
          ...(panel.reference ? [`model as trained: ${exact(panel.reference[j])}`] : []),
          `spread over m: ${short(panel.spread[j])}`,
        ],
        label: `${panel.title}: score against offset for anchors ${data.anchors.join(', ')}`,
      });
      setContent(
        used[n].caption,
        same ? 'One curve for every m: spread ' : 'The curves differ by up to ',
        strong(short(panel.maxSpread)),
        ...(panel.reference ? ['; gap to the model as trained: ', strong(short(panel.referenceGap))] : []),
      );
    });
    const entries: LegendEntry[] = data.anchors.map((m, a) => ({
      label: `query at m = ${formatInteger(m)}`,
      colour: anchorColour(a),
    }));
    if (o.kind === 'pairing') entries.push({ label: reference, colour: theme.fg, width: 5 });
    renderSeriesLegend(this.legend, entries);
    setText(this.summary, o.kind === 'pairing' ? pairingSummary(data.panels, o.pairing) : '');
  }
}
