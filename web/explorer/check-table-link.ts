// The explorer's URL at a candidate of "Check your table": the general
// options its table resolves to, as far as the explorer's controls go.
import type { IdentifyCandidate } from '../src/core/index.js';
import { resolveTable, type TableOptions } from '../src/code/resolve-table.js';
import { DEFAULTS, isRefusal, KEYS, LIMITS, parseParameter, toQuery, type ExplorerState } from './state.js';

type Candidate = IdentifyCandidate;

/** What a general option is when it changes nothing the explorer draws. */
const NEUTRAL: Record<string, unknown> = {
  offset: 0,
  order: 'sinCos',
  scale: 1,
  maxFrequency: 1,
  paddingIdx: null,
  buffer: false,
};

/**
 * The explorer's URL at the candidate's table, as far as its controls go
 * (dModel, base, positions, layout, spacing, and any other option the
 * explorer's state knows); the options it has no control for are named.
 */
export function explorerLink(options: Candidate['options']): { href: string; left: string[] } {
  const general = resolveTable(options as unknown as TableOptions);
  const wanted: Record<string, unknown> = {
    ...general,
    // The explorer's spacing select says 'tensor2tensor' for the geometric spacing.
    spacing: general.spacing === 'geometric' ? 'tensor2tensor' : general.spacing,
    ...(options.convention ? { convention: options.convention } : {}),
  };
  if (general.dModel % 2 === 0) delete wanted.oddWidth;
  let state: ExplorerState = { ...DEFAULTS };
  const left: string[] = [];
  for (const [key, value] of Object.entries(wanted)) {
    const known = (KEYS as readonly string[]).includes(key);
    if (!known) {
      if (key !== 'convention' && !(key in NEUTRAL && NEUTRAL[key] === value)) left.push(`${key} ${String(value)}`);
      continue;
    }
    const k = key as (typeof KEYS)[number];
    const text = k === 'positions' ? String(Math.min(Number(value), LIMITS.positions.max)) : String(value);
    const parsed = parseParameter(k, text, state);
    if (isRefusal(parsed)) left.push(`${key} ${String(value)}`);
    else state = { ...state, [k]: parsed };
  }
  return { href: `${location.pathname}${toQuery(state)}#heatmap`, left };
}
