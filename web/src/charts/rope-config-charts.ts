// The charts of "Check your model" (explorer/check-model.ts), drawn on
// LinePanels as the RoPE charts of the explorer are:
// - a layer type's wavelengths 2π/ωᵢ per turning pair (log), against the
//   model's context length and its original length, with the unscaled
//   wavelengths beside the scaled ones;
// - the base ↔ context curve of Men et al. 2024: for each θ, the context it
//   supports (the first distance where Σ cos(m θᵢ) < 0), against the
//   config's θ and max_position_embeddings.
import { exact, integer, powerOfTen } from './format.js';
import { renderSeriesLegend } from './legend.js';
import { LinePanel, type PanelLine, type PanelMark } from './line-panel.js';
import { setText } from './drawn.js';

const MARGIN = { top: 10, right: 14, bottom: 44, left: 56 };
const TAU = 2 * Math.PI;

const height = (width: number) => Math.round(Math.min(340, Math.max(220, width * 0.45)));

export interface LayerWavelengths {
  /** The layer type's inverse frequencies (pairs of frequency 0 turn nothing: not drawn). */
  invFreq: Float64Array;
  /** θ^(−2i/d) before the scaling, or null when there is none. */
  unscaled: Float64Array | null;
  context: number;
  /** The scaling's original (training) length, or null. */
  originalLength: number | null;
  name: string;
}

export interface LineColours {
  fg: string;
  series: readonly string[];
}

/** Wavelength per pair (log), only the pairs that turn. */
export function drawLayerWavelengths(panel: LinePanel, width: number, w: LayerWavelengths, colours: LineColours): void {
  const turning = w.invFreq.findIndex((v) => v === 0);
  const count = turning < 0 ? w.invFreq.length : turning;
  const lambda = (f: Float64Array) => Float64Array.from(f.subarray(0, count), (v) => TAU / v);
  const scaled = lambda(w.invFreq);
  const lines: PanelLine[] = [];
  if (w.unscaled)
    lines.push({ label: 'before scaling', y: lambda(w.unscaled), colour: colours.fg, width: 5, alpha: 0.25 });
  lines.push({ label: w.unscaled ? 'as the config scales it' : 'λᵢ = 2π/ωᵢ', y: scaled, colour: colours.series[0] });
  let lo = Infinity;
  let hi = w.context;
  for (const line of lines)
    for (const v of Array.from(line.y)) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  const marks: PanelMark[] = [{ axis: 'y', value: w.context, label: `context ${integer(w.context)}` }];
  if (w.originalLength !== null && w.originalLength !== w.context)
    marks.push({ axis: 'y', value: w.originalLength, label: `original ${integer(w.originalLength)}` });
  panel.draw({
    width,
    height: height(width),
    margin: MARGIN,
    count,
    xAt: (i) => i,
    x: { domain: count > 1 ? [0, count - 1] : [-0.5, 0.5], label: 'pair index i', format: integer },
    y: { kind: 'log', domain: [Math.max(1e-3, lo / 1.5), hi * 2], label: 'wavelength (positions)', format: powerOfTen },
    lines,
    marks,
    describe: (i) => [
      `pair ${i}: λ = ${exact(+scaled[i].toPrecision(6))}`,
      ...(w.unscaled ? [`before scaling: ${exact(+(TAU / w.unscaled[i]).toPrecision(6))}`] : []),
      scaled[i] > w.context
        ? 'turns less than once in the context'
        : `turns ${exact(+(w.context / scaled[i]).toPrecision(3))} times in the context`,
    ],
    label: `Wavelengths of the ${w.name} layers' RoPE pairs`,
  });
  renderSeriesLegend(panel.legend, lines);
  const slow = Array.from(scaled).filter((v) => v > w.context).length;
  const idle = w.invFreq.length - count;
  setText(
    panel.caption,
    `${slow} of ${count} turning pairs turn less than once in the context of ${integer(w.context)}` +
      (idle > 0 ? `; ${idle} pairs have frequency 0 and are not drawn.` : '.'),
  );
}

export interface BaseContextCurve {
  name: string;
  /** Per θ of the grid: the supported context (Infinity: at least the cap; NaN: not yet known). */
  contexts: Float64Array;
  /** The config's θ for this curve, its own supported context (NaN: not yet known). */
  theta: number;
  context: number;
}

export interface BaseContext {
  thetas: readonly number[];
  curves: BaseContextCurve[];
  cap: number;
  maxPositionEmbeddings: number;
}

/** Context (log) against θ (log), a curve per layer type, the config's θ and max_position_embeddings marked. */
export function drawBaseContext(panel: LinePanel, width: number, b: BaseContext, colours: LineColours): void {
  const shown = (v: number) => (Number.isNaN(v) ? NaN : Math.min(v, b.cap));
  const lines: PanelLine[] = b.curves.map((c, k) => ({
    label: c.name,
    y: Float64Array.from(c.contexts, shown),
    colour: colours.series[k % colours.series.length],
    dash: k > 0 ? [6, 3] : undefined,
  }));
  // Narrow: the θ lines go unlabelled when there are several (the caption names them), the length's label is short.
  const narrow = width < 480;
  const thetas = [...new Set(b.curves.map((c) => c.theta))];
  const marks: PanelMark[] = [
    {
      axis: 'y',
      value: b.maxPositionEmbeddings,
      label: `${narrow ? 'max context' : 'max_position_embeddings'} ${integer(b.maxPositionEmbeddings)}`,
    },
    ...thetas.map((theta): PanelMark => ({
      axis: 'x',
      value: theta,
      label: narrow && thetas.length > 1 ? '' : `θ ${exact(theta)}`,
    })),
  ];
  panel.draw({
    width,
    height: height(width),
    margin: MARGIN,
    count: b.thetas.length,
    xAt: (i) => b.thetas[i],
    x: { kind: 'log', domain: [b.thetas[0], b.thetas[b.thetas.length - 1]], label: 'RoPE base θ', format: powerOfTen },
    y: { kind: 'log', domain: [1, b.cap * 2], label: 'context it supports (tokens)', format: powerOfTen },
    lines,
    marks,
    describe: (i) => [
      `θ = ${exact(+b.thetas[i].toPrecision(4))}`,
      ...b.curves.map((c) => `${c.name}: ${contextText(c.contexts[i], b.cap)}`),
    ],
    label: 'The context a RoPE base supports by the bound of Men et al. 2024',
  });
  renderSeriesLegend(panel.legend, lines);
  setText(
    panel.caption,
    b.curves
      .map(
        (c) =>
          `${c.name}: θ ${exact(c.theta)} supports ${contextText(c.context, b.cap)}` +
          (Number.isFinite(c.context) && c.context < b.maxPositionEmbeddings
            ? ` (below max_position_embeddings ${integer(b.maxPositionEmbeddings)})`
            : ''),
      )
      .join('; ') + '.',
  );
}

/** A supported context in words. */
export function contextText(context: number, cap: number): string {
  if (Number.isNaN(context)) return 'computing…';
  if (!Number.isFinite(context)) return `at least ${integer(cap)} tokens`;
  return `${integer(context)} tokens`;
}
