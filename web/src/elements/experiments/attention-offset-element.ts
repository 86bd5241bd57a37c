// <phasor-attention-offset>: the attention score q_m·k_n of one token against
// itself, as a function of the offset m − n, once for each absolute query
// position m (an anchor). RoPE's and ALiBi's curves coincide: the score
// depends on the offset alone. Additive PE's differ, through the terms that
// mix position into W_Q and W_K. kind="pairing" shows what a RoPE port gets
// wrong and what it does not: weights from the other pairing layout keep one
// curve for every anchor (the rotation is still consistent), a cos/sin table
// in the other layout does not.
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { drawHighlight, type HighlightShape } from '../../charts/highlight-layer.js';
import { PAIRINGS, type Pairing, type Phasor } from '../../core/index.js';
import { exact, integer as formatInteger } from '../../charts/format.js';
import { renderSeriesLegend, type LegendEntry } from '../../charts/legend.js';
import { AttributeError, choice, flag, integer, integerList, spec } from '../attributes/attributes.js';
import * as common from '../attributes/common-attributes.js';
import { limit } from '../attributes/core-limits.js';
import { short, strong } from '../caption.js';
import { Parts } from '../base/parts.js';
import { PhasorElement } from '../base/phasor-element.js';
import { LinePanel, panelWidths, type PanelLine } from '../../charts/line-panel.js';
import { panelSheet } from '../../charts/chart-styles.js';
import { seriesTable } from '../base/csv-table.js';
import { choiceList } from '../attributes/list-attributes.js';
import type { CsvTable } from '../base/csv-table.js';
import type { Theme } from '../base/theme.js';
import { attachReadout } from '../../charts/readout.js';
import { setContent, setText } from '../../charts/drawn.js';

export type AttentionChartKind = 'all' | 'rope' | 'additive' | 'alibi' | 'pairing';
export const TERMS = ['content-content', 'content-position', 'position-content', 'position-position'] as const;
export type AttentionTerm = (typeof TERMS)[number];
const TERM_FIELDS = {
  'content-content': 'contentContent',
  'content-position': 'contentPosition',
  'position-content': 'positionContent',
  'position-position': 'positionPosition',
} as const;

export interface AttentionOffsetOptions {
  kind: AttentionChartKind;
  /** The additive terms summed. */
  terms: AttentionTerm[];
  anchors: number[];
  maxOffset: number;
  dModel: number;
  dHead: number;
  /** The PE base of additive PE and RoPE's θ. */
  base: number;
  seed: number;
  pairing: Pairing;
  /** null: the pairing's own layout. */
  tableLayout: Pairing | null;
  weightLayout: Pairing | null;
  permute: boolean;
  heads: number;
  head: number;
}

export interface OffsetPanel {
  title: string;
  /** anchors × offsets: row a holds q(m_a)·k(m_a − offset). */
  scores: Float32Array;
  /** Per offset, max − min over the anchors. */
  spread: Float32Array;
  maxSpread: number;
  /** Scores (one anchor) of the model the weights came from, when they came from another pairing. */
  reference: Float32Array | null;
  /** max |scores − reference|. */
  referenceGap: number;
  /** Additive PE: each of the four terms alone (anchors × offsets, as scores), for the highlight of a term. */
  terms?: Record<AttentionTerm, Float32Array>;
}

export interface AttentionOffsetData {
  offsets: Float64Array;
  anchors: number[];
  panels: OffsetPanel[];
}

const MARGIN = { top: 10, right: 12, bottom: 44, left: 54 };
const ROTATION_NAME: Record<Pairing, string> = { half: 'rotate_half', adjacent: 'adjacent-pair' };
const other = (p: Pairing): Pairing => (p === 'half' ? 'adjacent' : 'half');

/** Curves that differ by no more than float32 rounding of the scores. */
export const coincide = (p: OffsetPanel, scale: number): boolean => p.maxSpread <= 1e-5 * (1 + scale);

export class PhasorAttentionOffsetElement extends PhasorElement<AttentionOffsetOptions, AttentionOffsetData> {
  static override readonly tag = 'phasor-attention-offset';
  static override readonly title = 'Attention score against offset';
  static override needsExperiments = true;
  static override attributeSpecs = [
    spec<AttentionChartKind>('kind', choice(['all', 'rope', 'additive', 'alibi', 'pairing'] as const), 'all'),
    spec<AttentionTerm[]>('terms', choiceList(TERMS), [...TERMS]),
    spec('anchors', integerList(-(2 ** 30), 2 ** 30, 8), [0, 100, 1000, 10000]),
    spec('max-offset', integer(1, 2047), 32),
    spec('d-model', integer(2, limit('maxAttentionWidth'), 2), 64),
    spec('d-head', integer(2, limit('maxAttentionWidth'), 2), 64),
    common.base,
    spec('seed', integer(0, limit('maxSeed')), 0),
    spec<Pairing>('pairing', choice(PAIRINGS), 'half'),
    spec<Pairing | null>('table-layout', choice(PAIRINGS), null),
    spec<Pairing | null>('weight-layout', choice(PAIRINGS), null),
    spec('permute', flag, false),
    spec('heads', integer(1, 64), 8),
    spec('head', integer(0, 63), 0),
  ];
  static override highlightTerms = ['term'];

  private readonly panelBox = document.createElement('div');
  private panels: LinePanel[] = [];
  /** Each panel's scales of the last draw (the panel sets their ranges). */
  private scales: { x: ScaleLinear<number, number>; y: ScaleLinear<number, number> }[] = [];
  private readonly legend = document.createElement('ul');
  private readonly summary = document.createElement('p');

  constructor() {
    super();
    this.panelBox.className = 'panels';
    this.legend.className = 'legend';
    this.summary.className = 'caption';
    this.content.append(this.panelBox, this.legend, this.summary);
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
    const rope = (
      title: string,
      settings: { pairing: Pairing; tableLayout?: Pairing; weightLayout?: Pairing; permute?: boolean },
      reference: Float32Array | null = null,
    ): OffsetPanel => {
      const r = ph.scoreByOffset({ kind: 'rope', ...byOffset, ...settings });
      let referenceGap = 0;
      if (reference)
        for (let n = 0; n < r.scores.length; n++)
          referenceGap = Math.max(referenceGap, Math.abs(r.scores[n] - reference[n % count]));
      return { title, scores: r.scores, spread: r.spread, maxSpread: r.maxSpread, reference, referenceGap };
    };
    const additive = (): OffsetPanel => {
      // The core computes the curves and their four terms from the key side
      // (no key's PE row projected): a few milliseconds at dModel 1024.
      const r = ph.scoreByOffset({ kind: 'additive', ...byOffset });
      const found = r.terms!;
      const scores = new Float32Array(o.anchors.length * count);
      const terms = Object.fromEntries(TERMS.map((t) => [t, found[TERM_FIELDS[t]]])) as Record<
        AttentionTerm,
        Float32Array
      >;
      for (let n = 0; n < scores.length; n++) {
        let sum = 0;
        for (const term of o.terms) sum += terms[term][n];
        scores[n] = sum;
      }
      const all = o.terms.length === TERMS.length;
      return {
        title: all ? 'Additive PE, all four terms' : `Additive PE: ${o.terms.join(' + ')}`,
        ...spreadOf(all ? r.scores : scores, o.anchors.length, count),
        reference: null,
        referenceGap: 0,
        terms,
      };
    };
    const alibi = (): OffsetPanel => {
      const r = ph.scoreByOffset({ kind: 'alibi', ...byOffset });
      const slope = ph.alibiSlopes({ heads: o.heads })[o.head];
      return {
        title: `ALiBi, head ${o.head + 1} of ${o.heads} (slope ${exact(slope)})`,
        scores: r.scores,
        spread: r.spread,
        maxSpread: r.maxSpread,
        reference: null,
        referenceGap: 0,
      };
    };
    const ropeOwn = () =>
      rope(`RoPE (${ROTATION_NAME[o.pairing]})`, {
        pairing: o.pairing,
        tableLayout: o.tableLayout ?? o.pairing,
        weightLayout: o.weightLayout ?? o.pairing,
        permute: o.permute,
      });
    // One panel per part (a few wasm calls each), between frames.
    const panels: OffsetPanel[] = [];
    let steps: (() => OffsetPanel)[];
    if (o.kind === 'pairing') {
      // A model trained with the other pairing, then run with this one.
      const p = o.pairing;
      const q = other(p);
      const reference = () => panels[0].scores.subarray(0, count);
      steps = [
        () => rope(`${ROTATION_NAME[q]} model, as trained`, { pairing: q }),
        () => rope(`${ROTATION_NAME[p]}, weights not permuted`, { pairing: p, weightLayout: q }, reference()),
        () =>
          rope(`${ROTATION_NAME[p]}, weights permuted`, { pairing: p, weightLayout: q, permute: true }, reference()),
        () =>
          rope(
            `permuted, but ${ROTATION_NAME[q]} cos/sin table`,
            { pairing: p, tableLayout: q, weightLayout: q, permute: true },
            reference(),
          ),
      ];
    } else if (o.kind === 'all') {
      steps = [ropeOwn, additive, alibi];
    } else {
      steps = [{ rope: ropeOwn, additive, alibi }[o.kind]];
    }
    return new Parts(
      steps.map((step) => () => panels.push(step())),
      () => ({ offsets, anchors: o.anchors, panels }),
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
      const frame = this.panels[n]?.frame;
      const scales = this.scales[n];
      if (!frame || !scales) return;
      const values = name && panel.terms?.[name];
      const shapes: HighlightShape[] = [];
      if (values) {
        const count = data.offsets.length;
        const clamp = (v: number) => Math.min(frame.box.height, Math.max(0, scales.y(v)));
        for (let a = 0; a < data.anchors.length; a++) {
          shapes.push({
            kind: 'path',
            points: Array.from(
              { length: count },
              (_, j) => [scales.x(data.offsets[j]), clamp(values[a * count + j])] as const,
            ),
          });
        }
      }
      drawHighlight(frame.front, frame.box, shapes);
    });
  }

  protected draw(data: AttentionOffsetData, o: AttentionOffsetOptions, width: number, theme: Theme): void {
    while (this.panels.length < data.panels.length) {
      const panel = new LinePanel();
      attachReadout(panel, 'Attention score against offset');
      this.panels.push(panel);
    }
    const used = this.panels.slice(0, data.panels.length);
    // Put back only when the panels shown change: moving them costs a layout.
    if (used.some((p, n) => this.panelBox.children[n] !== p.root) || this.panelBox.children.length !== used.length)
      this.panelBox.replaceChildren(...used.map((p) => p.root));
    const { panelWidth } = panelWidths(width, used.length, 270);
    const height = Math.round(Math.min(300, Math.max(200, panelWidth * 0.62)));
    const count = data.offsets.length;
    const anchorColour = (a: number) => theme.series[a % theme.series.length];
    const reference = `the ${ROTATION_NAME[other(o.pairing)]} model as trained`;
    data.panels.forEach((panel, n) => {
      const scale = extent(panel.scores).reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      const same = coincide(panel, scale);
      const [lo, hi] = extent(panel.reference ? [...panel.scores, ...panel.reference] : panel.scores);
      const pad = (hi - lo) * 0.06 || 1;
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
      const scales = {
        x: scaleLinear().domain([data.offsets[0], data.offsets[count - 1]]),
        y: scaleLinear()
          .domain([lo - pad, hi + pad])
          .nice(),
      };
      this.scales[n] = scales;
      used[n].draw({
        width: panelWidth,
        height,
        margin: MARGIN,
        count,
        xAt: (j) => data.offsets[j],
        x: { scale: scales.x, label: 'offset m − n (positions)', format: formatInteger },
        y: { scale: scales.y, label: 'score qₘ·kₙ' },
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
    setText(this.summary, o.kind === 'pairing' ? pairingSummary(data, o.pairing) : '');
  }
}

/** The pairing finding, read off the numbers drawn. */
function pairingSummary(data: AttentionOffsetData, pairing: Pairing): string {
  const [source, notPermuted, permuted, table] = data.panels;
  const scale = extent(source.scores).reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const q = ROTATION_NAME[other(pairing)];
  const p = ROTATION_NAME[pairing];
  const keep = coincide(notPermuted, scale) && coincide(permuted, scale);
  const gap = (panel: OffsetPanel) =>
    panel.referenceGap <= 1e-5 * (1 + scale) ? "the model's own curve" : `${short(panel.referenceGap)} from it`;
  return (
    `Run with ${p}, the ${q} model's weights ${keep ? 'keep one curve for every m, permuted or not' : 'do not keep one curve for every m'} ` +
    `(spread ${short(notPermuted.maxSpread)}, ${short(permuted.maxSpread)})${keep ? ': a consistent rotation stays offset-only, and the permutation only picks the curve' : ''}` +
    ` — permuted, ${gap(permuted)}; not permuted, ${gap(notPermuted)}. ` +
    `${/^[aeiou]/.test(q) ? 'An' : 'A'} ${q} cos/sin table fed to ${p} ${coincide(table, scale) ? 'keeps one curve' : `splits the curves (spread ${short(table.maxSpread)})`}: ` +
    'it turns the two slots of a pair by different angles, which is no rotation.'
  );
}

function spreadOf(
  scores: Float32Array,
  anchors: number,
  count: number,
): { scores: Float32Array; spread: Float32Array; maxSpread: number } {
  const spread = new Float32Array(count);
  let maxSpread = 0;
  for (let j = 0; j < count; j++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let a = 0; a < anchors; a++) {
      lo = Math.min(lo, scores[a * count + j]);
      hi = Math.max(hi, scores[a * count + j]);
    }
    spread[j] = hi - lo;
    maxSpread = Math.max(maxSpread, spread[j]);
  }
  return { scores, spread, maxSpread };
}

function extent(values: ArrayLike<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let n = 0; n < values.length; n++) {
    if (values[n] < lo) lo = values[n];
    if (values[n] > hi) hi = values[n];
  }
  return [lo, hi];
}
