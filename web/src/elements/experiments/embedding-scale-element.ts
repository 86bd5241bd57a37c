// <phasor-embedding-scale>: why the Transformer multiplies token embeddings
// by √d_model before adding PE. Per position, the length of a token
// embedding (initialised with std 1/√d, so about 1) with and without the
// scale, of PE (always √(d/2)), and of their sums.
import type { EmbeddingScale, Phasor } from '../../core/index.js';
import { STREAM } from '../../core/experiment-inputs.js';
import { KeptPrefix } from '../../core/kept-prefix.js';
import { largestValue, mean } from '../../core/series-stats.js';
import { panelSheet } from '../../charts/chart-styles.js';
import { setContent } from '../../charts/drawn.js';
import { exact, integer as formatInteger } from '../../charts/format.js';
import { renderSeriesLegend } from '../../charts/legend.js';
import { LinePanel, type PanelLine } from '../../charts/line-panel.js';
import { attachReadout } from '../../charts/readout.js';
import { integer, number, spec } from '../attributes/attributes.js';
import * as common from '../attributes/common-attributes.js';
import { limit } from '../attributes/core-limits.js';
import { seriesTable, type CsvTable } from '../base/csv-table.js';
import { Parts } from '../base/parts.js';
import { PhasorElement } from '../base/phasor-element.js';
import type { Theme } from '../base/theme.js';
import { strong } from '../captions.js';

export interface EmbeddingScaleChartOptions {
  dModel: number;
  base: number;
  positions: number;
  offset: number;
  seed: number;
  /** Std of the random token entries; null: 1/√dModel. */
  embeddingStd: number | null;
}

export interface EmbeddingScaleChartData extends EmbeddingScale {
  dModel: number;
  offset: number;
}

const MARGIN = { top: 10, right: 14, bottom: 44, left: 52 };
/** Normals kept across d_model changes: 2^22 (32 MB), four times the explorer's 2^20 token entries. */
const KEPT_NORMALS = 2 ** 22;

export class PhasorEmbeddingScaleElement extends PhasorElement<EmbeddingScaleChartOptions, EmbeddingScaleChartData> {
  static override readonly tag = 'phasor-embedding-scale';
  static override readonly title = 'Why the embedding is scaled by √d';
  /** The seed's standard normals of the token stream (float64), kept up to KEPT_NORMALS. */
  private kept: { seed: number; normals: KeptPrefix } | null = null;
  static override needsExperiments = true;
  static override attributeSpecs = [
    common.dModel(512),
    common.base,
    common.positions(100),
    common.offset,
    spec('seed', integer(0, limit('maxSeed')), 0),
    spec<number | null>('embedding-std', number(0, limit('maxNormalStd')), null),
  ];

  private readonly panel = new LinePanel();

  constructor() {
    super();
    this.content.append(this.panel.root);
    attachReadout(this.panel, 'Norms of token embeddings and PE');
  }

  protected override styleSheets(): CSSStyleSheet[] {
    return [panelSheet()];
  }

  protected override csvTable(data: EmbeddingScaleChartData): CsvTable {
    return seriesTable('p', data.peNorm.length, (i) => data.offset + i, [
      ['|e_p|', data.tokenNorm],
      ['|sqrt(d) e_p|', data.scaledTokenNorm],
      ['|PE(p)|', data.peNorm],
      ['|e_p + PE(p)|', data.sumNorm],
      ['|sqrt(d) e_p + PE(p)|', data.scaledSumNorm],
    ]);
  }

  protected computeKey(o: EmbeddingScaleChartOptions): unknown {
    return o;
  }

  /**
   * A block of positions at a time, between frames: one embeddingScale call
   * each. Blocks are a multiple of the core's embeddingScaleBlock positions,
   * so their norms are bit for bit those of one call over all the positions.
   * The tokens are given as the seed's standard normals (ph.standardNormals,
   * float64), which the core scales by the std and rounds to float32 as
   * normalSamples does: the normals are kept across d_model changes (which
   * change only the std and where each row starts), so a new d_model costs
   * no draw, and no pass over the tokens in JavaScript.
   */
  protected compute(ph: Phasor, o: EmbeddingScaleChartOptions): Parts<EmbeddingScaleChartData> {
    common.checkCells(o.positions, o.dModel);
    const std = o.embeddingStd ?? 1 / Math.sqrt(o.dModel);
    const anchor = ph.limits.embeddingScaleBlock;
    const block = anchor * Math.max(1, Math.floor(2 ** 16 / (anchor * o.dModel)));
    const parts: EmbeddingScale[] = [];
    const steps = Array.from({ length: Math.ceil(o.positions / block) }, (_, n) => () => {
      const first = n * block;
      const count = Math.min(block, o.positions - first);
      const normals = this.normals(ph, o.seed, first * o.dModel, count * o.dModel);
      parts.push(
        ph.embeddingScale({
          dModel: o.dModel,
          positions: count,
          offset: o.offset + first,
          base: o.base,
          normals,
          embeddingStd: std,
        }),
      );
    });
    const join = (pick: (r: EmbeddingScale) => Float32Array) => {
      const out = new Float32Array(o.positions);
      parts.forEach((r, n) => out.set(pick(r), n * block));
      return out;
    };
    return new Parts(steps, () => ({
      tokenNorm: join((r) => r.tokenNorm),
      scaledTokenNorm: join((r) => r.scaledTokenNorm),
      peNorm: join((r) => r.peNorm),
      sumNorm: join((r) => r.sumNorm),
      scaledSumNorm: join((r) => r.scaledSumNorm),
      scale: Math.sqrt(o.dModel),
      dModel: o.dModel,
      offset: o.offset,
    }));
  }

  /** Normals first … first + count − 1 of the seed's token stream: from those kept (drawing the missing ones), or drawn alone past KEPT_NORMALS. */
  private normals(ph: Phasor, seed: number, first: number, count: number): Float64Array {
    const draw = (from: number, n: number) =>
      ph.standardNormals({ seed, stream: STREAM.embedding, first: from, count: n });
    if (this.kept?.seed !== seed) this.kept = { seed, normals: new KeptPrefix(KEPT_NORMALS, draw) };
    return this.kept.normals.slice(first, first + count) ?? draw(first, count);
  }

  protected draw(data: EmbeddingScaleChartData, o: EmbeddingScaleChartOptions, width: number, theme: Theme): void {
    const [token, sum] = [theme.series[0], theme.series[1]];
    const root = `√${o.dModel}`;
    const lines: PanelLine[] = [
      { label: '|PE(p)| = √(d/2)', y: data.peNorm, colour: theme.fg, width: 5, alpha: 0.25 },
      { label: `|${root}·e_p|, scaled token`, y: data.scaledTokenNorm, colour: token },
      { label: '|e_p|, token as initialised', y: data.tokenNorm, colour: token, dash: [2, 3] },
      { label: `|${root}·e_p + PE(p)|`, y: data.scaledSumNorm, colour: sum },
      { label: '|e_p + PE(p)|', y: data.sumNorm, colour: sum, dash: [2, 3] },
    ];
    const top = Math.max(...lines.map((l) => largestValue(l.y, 0)));
    const count = data.peNorm.length;
    const names = ['|PE(p)|', `|${root}·e_p|`, '|e_p|', `|${root}·e_p + PE|`, '|e_p + PE|'];
    this.panel.draw({
      width,
      height: Math.round(Math.min(340, Math.max(220, width * 0.45))),
      margin: MARGIN,
      count,
      xAt: (i) => o.offset + i,
      x: {
        domain: count > 1 ? [o.offset, o.offset + count - 1] : [o.offset - 0.5, o.offset + 0.5],
        label: 'position p',
        format: formatInteger,
      },
      y: {
        domain: [0, top * 1.08],
        nice: true,
        label: 'length (Euclidean norm)',
      },
      lines,
      describe: (i) => [`p = ${formatInteger(o.offset + i)}`, ...lines.map((l, n) => `${names[n]} = ${exact(l.y[i])}`)],
      label: `Norms of token embeddings with and without ×√d_model, of PE and of their sums, d_model ${o.dModel}`,
    });
    renderSeriesLegend(this.panel.legend, lines);
    const pe = data.peNorm[0];
    const raw = mean(data.tokenNorm);
    const scaled = mean(data.scaledTokenNorm);
    setContent(
      this.panel.caption,
      'Mean token length ',
      strong(exact(+raw.toPrecision(3))),
      ` against |PE| = ${exact(+pe.toPrecision(4))}: unscaled, the token is `,
      strong(`${exact(+(raw / pe).toPrecision(2))} × |PE|`),
      ' and position dominates the sum; multiplied by ',
      `${root} = ${exact(+data.scale.toPrecision(4))}`,
      ' it is ',
      strong(`${exact(+(scaled / pe).toPrecision(2))} × |PE|`),
      '.',
    );
  }
}
