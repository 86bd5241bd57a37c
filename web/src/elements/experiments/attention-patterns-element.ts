// <phasor-attention-patterns>: the n × n attention map of additive PE, RoPE
// and ALiBi side by side, at the same seeded tokens and projections:
// pre-softmax scores q_m·k_n (or one of additive PE's four terms) or softmax
// rows, causal or not. Only what is drawn is computed: one query and one key
// position per device pixel (the position at the pixel's centre, sampled,
// not averaged), and for the softmax each drawn row's normaliser over all its
// keys. With a shared token RoPE and ALiBi are Toeplitz (one row of 2n − 1
// offsets gives every entry); additive PE, and any scheme with distinct
// tokens, is computed entry by entry. The read-out gives the exact entry.
import type {
  AttentionKind,
  AttentionPattern,
  AttentionPatternOptions,
  Phasor,
  RopeScalingType,
} from '../../core/index.js';
import { largestMagnitude } from '../../core/series-stats.js';
import { panelSheet } from '../../charts/chart-styles.js';
import { setText } from '../../charts/drawn.js';
import { exact, integer as formatInteger } from '../../charts/format.js';
import { PatternPanels } from '../../charts/pattern-panels.js';
import { choice, flag, integer, spec } from '../attributes/attributes.js';
import * as common from '../attributes/common-attributes.js';
import { limit } from '../attributes/core-limits.js';
import { factor, originalLength, scaling, scalingOption } from '../attributes/scaling-attributes.js';
import { PATTERNS_D_MODEL } from '../attributes/ui-caps.js';
import type { CsvTable } from '../base/csv-table.js';
import { Parts } from '../base/parts.js';
import { PhasorElement } from '../base/phasor-element.js';
import { settle } from '../compute/compute-calls.js';

const KINDS: readonly AttentionKind[] = ['additive', 'rope', 'alibi'];
const TITLES: Record<AttentionKind, string> = { additive: 'additive PE (sinusoidal)', rope: 'RoPE', alibi: 'ALiBi' };
const TERMS = ['total', 'content-content', 'content-position', 'position-content', 'position-position'] as const;
type Term = (typeof TERMS)[number];
const TERM_KEYS = {
  'content-content': 'contentContent',
  'content-position': 'contentPosition',
  'position-content': 'positionContent',
  'position-position': 'positionPosition',
} as const;

export interface PatternsOptions {
  n: number;
  dModel: number;
  base: number;
  scaling: RopeScalingType;
  factor: number;
  originalLength: number;
  heads: number;
  head: number;
  tokens: 'shared' | 'random';
  view: 'scores' | 'softmax';
  causal: boolean;
  term: Term;
  seed: number;
}

export interface PatternsData {
  /** Query (rows) and key (cols) positions drawn, the same for the three panels. */
  rows: Float64Array;
  cols: Float64Array;
  /** Per scheme: the values drawn (rows × cols), the colour domain, and the call's result. */
  panels: { kind: AttentionKind; values: Float32Array; domain: readonly [number, number]; pattern: AttentionPattern }[];
  /** Milliseconds each pattern's call took (additive, RoPE, ALiBi); null: kept from the last computation. */
  computeMs: (number | null)[];
  /** Whether the compute workers computed them. */
  inWorker: boolean;
}

/** One scheme's computed panel and the call it came from. */
type Panel = PatternsData['panels'][number];

const MARGIN = { top: 44, right: 10, bottom: 40, left: 64 };

export class PhasorAttentionPatternsElement extends PhasorElement<PatternsOptions, PatternsData> {
  static override readonly tag = 'phasor-attention-patterns';
  static override readonly title = 'Whole attention patterns: additive PE, RoPE and ALiBi';
  static override needsExperiments = true;
  static override attributeSpecs = [
    spec('n', integer(2, limit('maxAttentionPositions')), 256),
    spec('d-model', integer(2, PATTERNS_D_MODEL, 2), 64),
    common.base,
    scaling,
    factor,
    originalLength,
    spec('heads', integer(1, limit('maxAlibiHeads')), 8),
    spec('head', integer(0, limit('maxAlibiHeads', 1, -1)), 0),
    spec<'shared' | 'random'>('tokens', choice(['shared', 'random'] as const), 'shared'),
    spec<'scores' | 'softmax'>('view', choice(['scores', 'softmax'] as const), 'scores'),
    spec('causal', flag, false),
    spec<Term>('term', choice(TERMS), 'total'),
    spec('seed', integer(0, limit('maxSeed')), 0),
  ];

  private readonly panels = new PatternPanels(
    KINDS.map((kind) => `${TITLES[kind]} attention pattern`),
    (i, entry) => this.readout(i, entry),
  );
  private readonly caption = document.createElement('p');
  private shown: PatternsData | null = null;
  /** Per scheme, the last panel computed and its call's key: a control the scheme does not read (the base, for ALiBi) leaves it as it was. */
  private readonly kept = KINDS.map((): { key: string; panel: Panel } | null => null);

  constructor() {
    super();
    this.caption.className = 'caption';
    this.content.append(this.panels.root, this.caption);
  }

  protected override styleSheets(): CSSStyleSheet[] {
    return [panelSheet()];
  }

  protected override csvTable(d: PatternsData): CsvTable | null {
    const c = d.cols.length;
    return {
      columns: ['query m', 'key n', ...d.panels.map((p) => p.kind)],
      rows: d.rows.length * c,
      value: (r, col) =>
        col === 0 ? d.rows[Math.floor(r / c)] : col === 1 ? d.cols[r % c] : d.panels[col - 2].values[r],
    };
  }

  /** Positions drawn per axis: one per device pixel of the plot, all of them when n fits. */
  private drawnCount(o: PatternsOptions): number {
    return PatternPanels.drawnCount(o.n, this.layoutWidth || 600, KINDS.length);
  }

  protected computeKey(o: PatternsOptions): unknown {
    return [o, this.drawnCount(o)];
  }

  /**
   * The three patterns, one wasm call each. Scores with a shared token (the
   * explorer's view) are cheap (RoPE and ALiBi walk 2n − 1 offsets, additive
   * PE is rows × dModel² + rows × cols × dModel): one step, painted in the
   * frame of the input. Softmax rows and random tokens cost rows × n × dModel more: three
   * steps run between frames (parts.ts), RoPE and ALiBi first, so a slice with
   * time left after the two cheap ones runs the third too. Where they prove
   * heavy on this device (a long pattern at a large d_model), the compute
   * workers take the calls (compute-place.ts).
   */
  protected compute(ph: Phasor, o: PatternsOptions): Parts<PatternsData> {
    const count = this.drawnCount(o);
    // The position at each pixel's centre.
    const at = Float64Array.from({ length: count }, (_, i) => Math.floor(((i + 0.5) * o.n) / count));
    const panels: Panel[] = [];
    const computeMs: (number | null)[] = [];
    const order = [1, 2, 0]; // rope, alibi, additive
    // In the compute workers once this chart's computations have proved heavy here, else on the page.
    const calls = this.computeCalls(ph);
    const panelSteps = order.map((i) => () => {
      const kind = KINDS[i];
      const call = this.callOptions(kind, o);
      const key = JSON.stringify([call, kind === 'additive' ? o.term : '', count]); // what the panel shows (softmax is in call)
      const kept = this.kept[i];
      if (kept && kept.key === key) {
        panels[i] = kept.panel;
        computeMs[i] = null;
        return;
      }
      return settle([calls.timed('attentionPattern', { ...call, rows: at, cols: at })], ({ result: pattern, ms }) => {
        const values =
          o.view === 'softmax'
            ? pattern.softmax!
            : kind === 'additive' && o.term !== 'total'
              ? pattern.terms![TERM_KEYS[o.term]]
              : pattern.total;
        const max = largestMagnitude(values); // NaN (masked) skipped
        const domain: readonly [number, number] = o.view === 'softmax' ? [0, max || 1] : [-(max || 1), max || 1];
        panels[i] = { kind, values, domain, pattern };
        this.kept[i] = { key, panel: panels[i] };
        computeMs[i] = ms;
      });
    });
    const light = o.tokens === 'shared' && o.view === 'scores';
    const steps = light && !calls.remote ? [() => panelSteps.forEach((step) => step())] : calls.inParts(panelSteps);
    const inWorker = calls.remote;
    return new Parts(steps, () => ({ rows: at, cols: at, panels, computeMs, inWorker }), calls);
  }

  /** The API options for one scheme (rows and cols aside). */
  private callOptions(kind: AttentionKind, o: PatternsOptions): AttentionPatternOptions {
    return {
      kind,
      n: o.n,
      dModel: o.dModel,
      // ALiBi reads no base (its bias is the head's slope times |m − n|): left out, a base change keeps its panel.
      ...(kind === 'rope' ? { theta: o.base, ...scalingOption(o) } : kind === 'additive' ? { base: o.base } : {}),
      ...(kind === 'alibi' ? { heads: o.heads, head: o.head } : {}),
      seed: o.seed,
      tokens: o.tokens,
      causal: o.causal,
      softmax: o.view === 'softmax',
      terms: kind === 'additive' && o.view === 'scores' && o.term !== 'total',
    };
  }

  protected draw(data: PatternsData, o: PatternsOptions, width: number): void {
    this.shown = data;
    const label =
      o.view === 'softmax' ? `softmax row${o.causal ? ' (causal)' : ''}` : o.term === 'total' ? 'q·k' : o.term;
    this.panels.draw(
      width,
      o.n,
      data.rows.length,
      data.cols.length,
      KINDS.map((kind, i) => {
        const panel = data.panels[i];
        const termNote = kind === 'additive' && o.term !== 'total' && o.view === 'scores' ? `: ${o.term} term` : '';
        return {
          title: `${TITLES[kind]}${termNote}${panel.pattern.toeplitz ? ' — Toeplitz (m − n only)' : ''}`,
          values: panel.values,
          colour: {
            map: o.view === 'softmax' ? 'sequential' : 'diverging',
            domain: panel.domain,
            label: kind === 'additive' || o.view === 'softmax' ? label : o.view === 'scores' ? 'q·k' : label,
          },
          label: `${TITLES[kind]}: ${label} for query positions m down and key positions n across, 0 to ${o.n - 1}; colour scale ${exact(+panel.domain[0].toPrecision(4))} to ${exact(+panel.domain[1].toPrecision(4))}`,
        };
      }),
    );
    const per = o.n / data.rows.length;
    setText(
      this.caption,
      `n = ${formatInteger(o.n)}, d_model = ${o.dModel}, ${o.tokens === 'shared' ? 'one shared random token at every position' : 'a random token at each position'}, ` +
        `the same W_Q, W_K for the three. ` +
        (per > 1
          ? `${formatInteger(data.rows.length)} × ${formatInteger(data.cols.length)} entries drawn, one per pixel: each pixel shows the entry at its centre position (1 of ${exact(+(per * per).toPrecision(3))}, not an average). `
          : 'Every entry drawn. ') +
        (o.view === 'softmax' ? 'Each softmax row is normalised over all its keys, drawn or not. ' : '') +
        `Each panel has its own colour scale. Computed in ${data.computeMs.map((t) => (t === null ? 'kept' : `${t.toFixed(1)} ms`)).join(', ')}${data.inWorker ? ' (in a worker)' : ''}.`,
    );
  }

  /** The exact entry at query m and key n, computed for this cell alone (its softmax over the whole row). */
  private readout(index: number, entry: { m: number; n: number } | null): string[] | null {
    const o = this.drawnOptions;
    if (!entry || !o || !this.shown) return null;
    const { m, n: k } = entry;
    const kind = KINDS[index];
    const p = this.core.attentionPattern({
      ...this.callOptions(kind, o),
      softmax: true,
      terms: kind === 'additive',
      rows: [m],
      cols: [k],
    });
    const lines = [
      `${TITLES[kind]}: query m = ${formatInteger(m)}, key n = ${formatInteger(k)}, m − n = ${formatInteger(m - k)}`,
    ];
    if (Number.isNaN(p.total[0])) lines.push('masked (causal): key after query, softmax 0');
    else lines.push(`q·k = ${exact(p.total[0])}`, `softmax = ${exact(p.softmax![0])}`);
    if (p.terms && !Number.isNaN(p.total[0])) {
      const t = p.terms;
      lines.push(
        `terms: cc ${exact(t.contentContent[0])}, cp ${exact(t.contentPosition[0])}, pc ${exact(t.positionContent[0])}, pp ${exact(t.positionPosition[0])}`,
      );
    }
    // Spoken by the read-out (readout.ts) once the keys stop, from the tooltip's lines.
    return lines;
  }
}
