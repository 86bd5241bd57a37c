// The verdict of ph.identifyRope as a piece of page, for any section that
// identifies a RoPE tensor ("Check your table", "Check your model"):
//
//   ropeVerdictView(result: RopeIdentification, input?: RopeInput) → HTMLElement
//
// One headline (match or not, what it is, how it was made), plain lines
// (θ, scaling, layout, precision, whether it is the exact table, the core's
// sentence), the ropeFrequencies call that reproduces it, the candidates,
// and the precision chart: the deviation against position with the bound
// drawn over it. Styles: verdict.css (imported here).
import { ROPE_PRESETS, type RopeCandidate, type RopeIdentification } from '../src/core/index.js';
import { exact, integer } from '../src/charts/format.js';
import { element } from './element.js';
import { PrecisionFigure, precisionWords } from './precision-figure.js';
import './verdict.css';

/** What was identified: a cos/sin cache, an inv_freq vector, or q/k rows after RoPE. */
export type RopeInputKind = 'cache' | 'invFreq' | 'rotated';

export interface RopeInput {
  kind: RopeInputKind;
  /** Where it came from (a file, a tensor), for the screen reader's label and the caption. */
  name?: string;
}

const KIND_WORDS: Record<RopeInputKind, string> = {
  cache: 'a RoPE cos/sin cache',
  invFreq: 'an inv_freq vector',
  rotated: 'q/k rows after RoPE',
};

/** A number as written in a config: 500000, 1e-6, 1.1386. */
function plain(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e15 ? String(value) : exact(value);
}

/** θ and the scaling in words: "θ 500000, llama3 scaling (factor 8, original length 8192)". */
export function ropeScheme(c: RopeCandidate): string {
  const s = c.scaling;
  let scaling = 'no scaling';
  if (s && s.type !== 'none') {
    const parts = [
      s.factor !== undefined ? `factor ${plain(s.factor)}` : '',
      s.originalLength !== undefined ? `original length ${integer(s.originalLength)}` : '',
    ].filter(Boolean);
    scaling = `${s.type} scaling${parts.length ? ` (${parts.join(', ')})` : ''}`;
  }
  return `θ ${plain(c.theta)}, ${scaling}`;
}

/** The candidate's name: the model when it is a preset's, else its θ and scaling. */
export function ropeName(c: RopeCandidate): string {
  return c.preset ? `${ROPE_PRESETS[c.preset].model} (preset '${c.preset}')` : `RoPE with ${ropeScheme(c)}`;
}

function layoutWords(c: RopeCandidate, kind: RopeInputKind): string | null {
  const pairing =
    c.pairing === 'half'
      ? kind === 'rotated'
        ? 'slots i and i + width/2 turn together (rotate_half)'
        : 'half layout (cat(freqs, freqs), rotate_half)'
      : c.pairing === 'adjacent'
        ? kind === 'rotated'
          ? 'slots 2i and 2i + 1 turn together (GPT-J, interleaved)'
          : 'adjacent pairs (each frequency repeated, GPT-J)'
        : null;
  const output =
    kind === 'rotated' && c.outputPairing && c.outputPairing !== c.pairing
      ? `written as ${c.outputPairing === 'half' ? 'evens then odds' : 'adjacent pairs'} (outputPairing '${c.outputPairing}')`
      : null;
  const parts = [pairing, output].filter((p): p is string => p !== null);
  return parts.length ? parts.join(', ') : null;
}

/** ph.ropeFrequencies({...}) as code, nested options included. */
export function ropeCall(options: object): string {
  const show = (v: unknown): string => {
    if (typeof v === 'string') return `'${v}'`;
    if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
    if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v).filter(([, x]) => x !== undefined);
      return `{ ${entries.map(([k, x]) => `${k}: ${show(x)}`).join(', ')} }`;
    }
    return String(v);
  };
  return `ph.ropeFrequencies(${show(options)})`;
}

/** The lines under the headline: what it is, θ and scaling, precision, exactness, the core's sentence. */
function verdictLines(result: RopeIdentification, best: RopeCandidate, kind: RopeInputKind): string[] {
  const lines = [`Read as ${KIND_WORDS[kind]}: ${ropeScheme(best)}, rotary width ${best.rotaryDim}.`];
  const layout = layoutWords(best, kind);
  if (layout) lines.push(`Layout: ${layout}.`);
  if (best.attentionFactor !== 1)
    lines.push(`Attention factor ${exact(best.attentionFactor)} (cos and sin are multiplied by it).`);
  if (best.partialRotaryFactor !== undefined) lines.push(`Partial rotary factor ${plain(best.partialRotaryFactor)}.`);
  const error = kind === 'invFreq' ? 'relative error' : 'deviation';
  if (best.match) {
    lines.push(
      `Precision: ${precisionWords(best.precision)}. Every value is within what that allows: largest ${error} ${exact(best.maxError)}, ${percent(best.worstRatio)} of the bound where it comes nearest.`,
    );
  } else {
    lines.push(
      `Not within ${precisionWords(best.precision).replace(/^computed in /, '')}: the ${error} reaches ${exact(+best.worstRatio.toPrecision(3))} times the bound (largest ${error} ${exact(best.maxError)}).`,
    );
  }
  const what = kind === 'invFreq' ? 'frequencies' : kind === 'rotated' ? 'rotation' : 'table';
  lines.push(
    best.exact
      ? `Exact: the float64 values rounded once to ${result.storage}.`
      : `Not the exact ${what} (float64 rounded once): it departs by more than one rounding.`,
  );
  if (!best.verified) lines.push('Measured on a sample of the rows only.');
  if (best.note) lines.push(best.note);
  return lines;
}

function percent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

/** Distinct candidates shown at most (more read as noise, and crowd a phone's width). */
const SHOWN = 5;

function verdictCell(c: RopeCandidate): string {
  if (c.match) return c.exact ? `yes, exact (${c.precision})` : `yes, in ${c.precision}`;
  return c.verified ? `no (${c.precision})` : `no, on sample rows (${c.precision})`;
}

function candidatesTable(candidates: readonly RopeCandidate[]): HTMLTableElement {
  const table = element('table', 'check-candidates rope-candidates');
  const head = element('tr');
  for (const h of ['candidate', 'reproduces it', 'deviation / bound']) {
    const th = element('th', '', h);
    th.scope = 'col';
    head.append(th);
  }
  const thead = element('thead');
  thead.append(head);
  const tbody = element('tbody');
  // Candidates that differ only where the input cannot tell (a pairing a cache does not show) read alike: shown once.
  const seen = new Set<string>();
  for (const c of candidates) {
    const cells = [
      c.preset ? ROPE_PRESETS[c.preset].model : ropeScheme(c),
      verdictCell(c),
      exact(+c.worstRatio.toPrecision(3)),
    ];
    const key = cells.join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    const tr = element('tr');
    tr.append(...cells.map((text, n) => element('td', n === 2 ? 'number' : '', text)));
    tbody.append(tr);
    if (seen.size === SHOWN) break;
  }
  table.append(element('caption', '', 'Candidates, best first'), thead, tbody);
  return table;
}

/**
 * The verdict of ph.identifyRope on one input, as a detached element
 * (`.rope-verdict`, data-match "true" or "false"): append it where the
 * section shows results. The precision chart draws once it is in the page.
 */
export function ropeVerdictView(result: RopeIdentification, input: RopeInput = { kind: 'cache' }): HTMLElement {
  const root = element('div', 'rope-verdict');
  root.dataset.match = String(result.match);
  const best = result.candidates[0];
  if (!best) {
    root.append(element('p', 'check-verdict', `No match. ${result.message}`));
    return root;
  }
  root.dataset.precision = best.precision;
  const headline = result.match
    ? `Match: ${ropeName(best)}, ${precisionWords(best.precision)}.`
    : `No match. Nearest: ${ropeName(best)}.`;
  const list = element('ul', 'check-differs');
  list.append(...verdictLines(result, best, input.kind).map((line) => element('li', '', line)));
  if (!result.match) list.append(element('li', '', result.message));
  const fitted = element('p', 'check-fitted');
  fitted.append(result.match ? 'Reproduced by ' : 'Nearest: ', element('code', '', ropeCall(best.options)));
  const figure = new PrecisionFigure();
  root.append(element('p', 'check-verdict', headline), list, fitted, candidatesTable(result.candidates));
  root.append(figure.root);
  figure.show({
    x: best.positions,
    deviation: best.deviation,
    bound: best.bound,
    precision: best.precision,
    xLabel: input.kind === 'invFreq' ? 'pair i' : 'position p',
  });
  return root;
}
