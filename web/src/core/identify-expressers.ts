// Each convention as the inverse of its point (conventions.ts): the options
// with which it draws a form the core fitted, read back through the point to
// make sure (identify-candidates.ts names the candidates with these).
import { CONVENTIONS } from './conventions.js';
import type { WasmFit } from './identify-records.js';
import type { ConventionName } from './types.js';

export type Options = Record<string, number | string | boolean | null>;
/** A convention's options for a form (defaults included), or null when it cannot draw it. */
type Expresser = (f: WasmFit, dModel: number) => Options | null;

const TWO_PI = 2 * Math.PI;
const plain = (f: WasmFit) => f.order === 'sinCos' && f.scale === 1;
const nonNegativeInteger = (x: number) => Number.isInteger(x) && x >= 0;

/** The offset as the framework's own option when it has one (else phasor's `offset`). */
function offsetAs(name: string | null, offset: number): Options {
  if (offset === 0) return {};
  return name !== null && nonNegativeInteger(offset) ? { [name]: offset } : { offset };
}

/**
 * Each convention's options for a form, when it can draw it (the inverse of
 * its point in conventions.ts). Among ties the fewest options departing from
 * the framework's defaults come first, then this order.
 */
export const EXPRESSERS: { name: ConventionName; express: Expresser }[] = [
  {
    name: 'paper',
    express: (f) =>
      f.layout === 'interleaved' && f.oddWidth === 'error' && f.spacing === 'paper' && plain(f) && !f.buffer
        ? { base: f.base, ...offsetAs(null, f.offset) }
        : null,
  },
  {
    name: 'pytorch-tutorial',
    express: (f, dModel) =>
      f.layout === 'interleaved' &&
      dModel % 2 === 0 &&
      f.spacing === 'paper' &&
      f.base === 1e4 &&
      f.offset === 0 &&
      plain(f) &&
      !f.buffer
        ? {}
        : null,
  },
  {
    name: 'distilbert',
    express: (f) =>
      f.layout === 'interleaved' &&
      f.oddWidth !== 'zeroColumn' &&
      f.spacing === 'paper' &&
      f.base === 1e4 &&
      plain(f) &&
      !f.buffer
        ? offsetAs(null, f.offset)
        : null,
  },
  {
    name: 'keras-hub',
    express: (f) =>
      f.layout === 'interleaved' && f.oddWidth !== 'zeroColumn' && f.spacing === 'paper' && plain(f) && !f.buffer
        ? { maxWavelength: f.base, ...offsetAs('startIndex', f.offset) }
        : null,
  },
  {
    name: 'marian',
    express: (f) =>
      f.layout === 'split' &&
      f.oddWidth !== 'zeroColumn' &&
      f.spacing === 'paper' &&
      f.base === 1e4 &&
      plain(f) &&
      !f.buffer
        ? offsetAs('pastKeyValuesLength', f.offset)
        : null,
  },
  {
    name: 'fairseq',
    express: (f): Options | null => {
      if (f.layout !== 'split' || f.oddWidth === 'extraSine' || f.spacing !== 'geometric' || !plain(f)) return null;
      if (f.maxFrequency !== 1 || f.base !== 1e4) return null;
      // The stored weights: positions from 0, row paddingIdx zero.
      if (f.buffer) return f.offset === 0 ? { buffer: true, paddingIdx: f.paddingIdx } : null;
      // Forward rows: token r at position paddingIdx + 1 + r (+ pastKeyValuesLength).
      if (!Number.isInteger(f.offset) || f.offset < 1) return null;
      if (f.offset === 1) return { paddingIdx: 0 };
      return { paddingIdx: 1, ...offsetAs('pastKeyValuesLength', f.offset - 2) };
    },
  },
  {
    name: 'whisper',
    express: (f) =>
      f.layout === 'split' &&
      f.oddWidth === 'error' &&
      f.spacing === 'geometric' &&
      f.maxFrequency === 1 &&
      plain(f) &&
      !f.buffer
        ? { maxTimescale: f.base, ...offsetAs(null, f.offset) }
        : null,
  },
  {
    name: 'tensor2tensor',
    express: (f) =>
      f.layout === 'split' && f.oddWidth !== 'extraSine' && f.spacing === 'geometric' && plain(f) && !f.buffer
        ? // w runs from minTimescale down to minTimescale^2 / maxTimescale (CONVENTIONS.md note 1).
          { minTimescale: f.maxFrequency, maxTimescale: f.maxFrequency * f.base, ...offsetAs('startIndex', f.offset) }
        : null,
  },
  {
    name: 'mlx',
    express: (f, dModel) => {
      if (f.layout !== 'split' || f.oddWidth !== 'error' || f.spacing !== 'geometric' || f.buffer) return null;
      const turns = f.maxFrequency / TWO_PI;
      const fullTurns = f.maxFrequency !== 1 && Number(turns.toPrecision(3)) === turns;
      const maxFreq = fullTurns ? turns : f.maxFrequency;
      const options: Options = { maxFreq, minFreq: maxFreq / f.base };
      if (f.scale !== Math.sqrt(2 / dModel)) options.scale = f.scale; // MLX's default scale is √(2/dims)
      if (f.order === 'cosSin') options.cosFirst = true;
      if (fullTurns) options.fullTurns = true;
      return { ...options, ...offsetAs(null, f.offset) };
    },
  },
];

/** The options that differ from the convention's defaults (conventions.ts). */
export function departures(name: ConventionName, options: Options, dModel: number): Options {
  const parameters = CONVENTIONS[name].parameters;
  return Object.fromEntries(
    Object.entries(options).filter(([k, v]) => {
      const p = parameters[k];
      if (p === undefined) return k !== 'offset' || v !== 0; // offset, buffer: call options
      const fallback = typeof p.default === 'function' ? p.default(dModel) : p.default;
      return fallback !== v;
    }),
  );
}

const close = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));

/** true when encode's own reading of the convention's options is the fitted form. */
export function drawsFit(name: ConventionName, own: Options, f: WasmFit, dModel: number): boolean {
  const convention = CONVENTIONS[name];
  if (convention.refuses?.(dModel)) return false;
  const values: Record<string, number | boolean | null> = {};
  for (const [key, p] of Object.entries(convention.parameters))
    values[key] =
      key in own
        ? (own[key] as number | boolean | null)
        : typeof p.default === 'function'
          ? p.default(dModel)
          : p.default;
  const buffer = own.buffer === true;
  const point = convention.point(values, { buffer });
  const first =
    ((own.offset as number | undefined) ?? 0) +
    point.offset +
    (point.paddingIdx !== null && !buffer ? point.paddingIdx + 1 : 0);
  const fitFirst = f.offset + (f.paddingIdx !== null && !f.buffer ? f.paddingIdx + 1 : 0);
  return (
    close(point.base, f.base) &&
    (point.spacing === 'paper') === (f.spacing === 'paper') &&
    close(point.maxFrequency, f.maxFrequency) &&
    point.layout === f.layout &&
    point.order === f.order &&
    (dModel % 2 === 0 || point.oddWidth === f.oddWidth) &&
    point.scale === f.scale &&
    close(first, fitFirst) &&
    buffer === f.buffer &&
    (!buffer || point.paddingIdx === f.paddingIdx)
  );
}

/** The general options of a form, for when no framework draws it. */
export function generalOptions(f: WasmFit): Options {
  const options: Options = { layout: f.layout, spacing: f.spacing };
  if (f.spacing === 'paper') options.base = f.base;
  else Object.assign(options, { maxFrequency: f.maxFrequency, minFrequency: f.maxFrequency / f.base });
  if (f.order !== 'sinCos') options.order = f.order;
  if (f.oddWidth !== 'error') options.oddWidth = f.oddWidth;
  if (f.scale !== 1) options.scale = f.scale;
  if (f.offset !== 0) options.offset = f.offset;
  if (f.buffer) Object.assign(options, { buffer: true, paddingIdx: f.paddingIdx });
  return options;
}

export function describeOptions(convention: string | null, options: Options): string {
  const own = Object.entries(options).map(([k, v]) => `${k} ${String(v)}`);
  return own.length > 0 ? `${convention ?? 'general options'} (${own.join(', ')})` : (convention ?? 'general options');
}
