import { LAYOUTS, SPACINGS, type Layout, type Spacing } from '../src/core/index.js';

// The explorer's state and its URL form. Query parameters use the API's
// option names (dModel, base, positions, p, k, ...); a parameter that does
// not parse falls back to its default and is reported, never thrown.

export interface ExplorerState {
  dModel: number;
  base: number;
  positions: number;
  p: number;
  k: number;
  /** The pair drawn by the rotation proof. */
  pair: number;
  /** Dimensions of the encoding curves; null = automatic. */
  dims: number[] | null;
  /** Dot product as cosine similarity. */
  normalize: boolean;
  /** Where sin and cos sit in a row (encoding and heatmap charts). */
  layout: Layout;
  /** The frequency convention (frequencies, encoding and heatmap charts). */
  spacing: Spacing;
}

export const DEFAULTS: Readonly<ExplorerState> = Object.freeze({
  dModel: 128,
  base: 10000,
  positions: 100,
  p: 20,
  k: 8,
  pair: 0,
  dims: null,
  normalize: false,
  layout: 'interleaved',
  spacing: 'paper',
});

/** Ranges the page offers (the elements accept more). */
export const LIMITS = {
  dModel: { min: 2, max: 1024, step: 2 },
  base: { min: 2, max: 1e6 },
  positions: { min: 1, max: 4096 },
  p: { min: 0, max: 100000 },
  k: { min: -100000, max: 100000 },
  dims: { most: 8 },
} as const;

type Key = keyof ExplorerState;
export const KEYS: readonly Key[] = [
  'dModel',
  'base',
  'positions',
  'p',
  'k',
  'pair',
  'dims',
  'normalize',
  'layout',
  'spacing',
];

/** Why a parameter's text was refused. */
export interface Refusal {
  reason: string;
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'reason' in value;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

function int(text: string, min: number, max: number, step = 1): number | string {
  const v = NUMBER.test(text) ? Number(text) : NaN;
  if (Number.isInteger(v) && v >= min && v <= max && v % step === 0) return v;
  return `must be ${step === 2 ? 'an even integer' : 'an integer'} from ${min} to ${max}`;
}

/** Parses one parameter against the state so far (pair and dims depend on dModel). */
export function parseParameter(key: Key, text: string, state: ExplorerState): ExplorerState[Key] | Refusal {
  if (key === 'layout' || key === 'spacing') {
    const choices: readonly string[] = key === 'layout' ? LAYOUTS : SPACINGS;
    return choices.includes(text) ? (text as Layout & Spacing) : { reason: `must be one of ${choices.join(', ')}` };
  }
  const value = parseValue(key, text, state);
  return typeof value === 'string' ? { reason: value } : value;
}

/** The numeric, list and flag parameters; a string result is the reason for a refusal. */
function parseValue(
  key: Exclude<Key, 'layout' | 'spacing'>,
  text: string,
  state: ExplorerState,
): ExplorerState[Key] | string {
  switch (key) {
    case 'dModel':
      return int(text, LIMITS.dModel.min, LIMITS.dModel.max, 2);
    case 'base': {
      const v = NUMBER.test(text) ? Number(text) : NaN;
      return v >= LIMITS.base.min && v <= LIMITS.base.max
        ? v
        : `must be a number from ${LIMITS.base.min} to ${LIMITS.base.max}`;
    }
    case 'positions':
      return int(text, LIMITS.positions.min, LIMITS.positions.max);
    case 'p':
      return int(text, LIMITS.p.min, LIMITS.p.max);
    case 'k':
      return int(text, LIMITS.k.min, LIMITS.k.max);
    case 'pair':
      return int(text, 0, state.dModel / 2 - 1);
    case 'dims': {
      const parts = text.split(/[\s,]+/).filter(Boolean);
      const values = parts.map((part) => (NUMBER.test(part) ? Number(part) : NaN));
      const ok =
        parts.length > 0 &&
        parts.length <= LIMITS.dims.most &&
        values.every((v) => Number.isInteger(v) && v >= 0 && v < state.dModel);
      return ok
        ? values
        : `must be 1 to ${LIMITS.dims.most} dimensions from 0 to ${state.dModel - 1}, separated by commas`;
    }
    case 'normalize':
      if (text === '1' || text === 'true') return true;
      if (text === '0' || text === 'false') return false;
      return 'must be 1 or 0';
  }
}

export interface ParsedQuery {
  state: ExplorerState;
  /** One line per parameter that was ignored. */
  problems: string[];
}

function show(value: ExplorerState[Key]): string {
  return Array.isArray(value)
    ? value.join(',')
    : typeof value === 'boolean'
      ? value
        ? '1'
        : '0'
      : value === null
        ? 'auto'
        : String(value);
}

export function parseQuery(search: string): ParsedQuery {
  const params = new URLSearchParams(search);
  const state: ExplorerState = { ...DEFAULTS };
  const problems: string[] = [];
  for (const key of KEYS) {
    const text = params.get(key);
    if (text === null) continue;
    const value = parseParameter(key, text.trim(), state);
    if (isRefusal(value) && key !== 'dims') {
      problems.push(`${key}=${clip(text)} ${value.reason}; using ${show(DEFAULTS[key])}.`);
    } else if (isRefusal(value)) {
      problems.push(`dims=${clip(text)} ${value.reason}; using automatic dimensions.`);
    } else {
      (state as unknown as Record<Key, unknown>)[key] = value;
    }
  }
  const known = new Set<string>(KEYS);
  for (const name of new Set(params.keys())) {
    if (!known.has(name)) problems.push(`Unknown parameter ${clip(name)} ignored (known: ${KEYS.join(', ')}).`);
  }
  return { state, problems };
}

function clip(text: string): string {
  const t = text.length > 24 ? `${text.slice(0, 24)}…` : text;
  return JSON.stringify(t);
}

/** The query string of `state`: only values that differ from the defaults, in a fixed order. */
export function toQuery(state: ExplorerState): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = state[key];
    const fallback = DEFAULTS[key];
    const same = Array.isArray(value) || Array.isArray(fallback) ? show(value) === show(fallback) : value === fallback;
    if (!same) params.set(key, show(value));
  }
  const query = params.toString().replace(/%2C/g, ',');
  return query ? `?${query}` : '';
}

/** Keeps dependent values valid after dModel changed. */
export function reconcile(state: ExplorerState): ExplorerState {
  const pairs = state.dModel / 2;
  const dims = state.dims?.filter((j) => j < state.dModel) ?? null;
  return {
    ...state,
    pair: Math.min(state.pair, pairs - 1),
    dims: dims && dims.length > 0 ? dims : null,
  };
}

/** `state` with the valid parameters of `params` applied (a preset link); the rest are ignored. */
export function withPreset(state: ExplorerState, params: URLSearchParams): ExplorerState {
  const next: ExplorerState = { ...state };
  for (const key of KEYS) {
    const text = params.get(key);
    if (text === null) continue;
    const value = parseParameter(key, text.trim(), next);
    if (!isRefusal(value)) (next as unknown as Record<Key, unknown>)[key] = value;
  }
  return next;
}
