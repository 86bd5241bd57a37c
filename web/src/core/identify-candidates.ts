// From the forms the core fitted (cpp/src/identify.cpp) to candidates named as
// the frameworks name them: each convention that can draw a form, with its own
// options, or the general options when none can. Each convention's options are
// read back through its own point (conventions.ts, what encode uses) and kept
// only when they give the fitted form, so ph.encode(candidate.options) is the
// candidate. Conventions drawing the same form tie: the same table, said so.
// Each candidate carries the precision the core found the table made in, the
// convention's own float32 frequencies preferred (identify-precision.ts).
import { CONVENTIONS } from './conventions.js';
import { describeVerdict, verdictFor, type WasmVerdict } from './identify-precision.js';
import type { IdentifiedOptions, IdentifyCandidate } from './identify-types.js';
import type { ConventionName } from './types.js';

/** A form as the core returns it (identify_bindings.cpp). */
export interface WasmFit {
  layout: 'interleaved' | 'split';
  order: 'sinCos' | 'cosSin';
  oddWidth: 'error' | 'zeroColumn' | 'extraSine';
  spacing: 'paper' | 'geometric';
  base: number;
  maxFrequency: number;
  scale: number;
  offset: number;
  /** With buffer: the position of the stored zero row. */
  paddingIdx: number | null;
  buffer: boolean;
  maxError: number;
  rmsError: number;
  worstRow: number;
  worstColumn: number;
  tolerance: number;
  /** The exact table (rounded to float32) reproduces it. */
  reproduces: boolean;
  differs: string;
  /** Per row: max |table − exact table|. */
  deviation: Float64Array;
  /** Each precision judged, exact first. */
  precisions: WasmVerdict[];
  /** The verdict the fit is shown with when no other applies (the first that reproduces, else the nearer). */
  nearest: number;
}

/** What the core returns (identify_bindings.cpp). */
export interface WasmIdentification {
  storage: 'float32' | 'float16' | 'bfloat16';
  fits: WasmFit[];
}

type Options = Record<string, number | string | boolean | null>;
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
const EXPRESSERS: { name: ConventionName; express: Expresser }[] = [
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
function departures(name: ConventionName, options: Options, dModel: number): Options {
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
function drawsFit(name: ConventionName, own: Options, f: WasmFit, dModel: number): boolean {
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
function generalOptions(f: WasmFit): Options {
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

function describeOptions(convention: string | null, options: Options): string {
  const own = Object.entries(options).map(([k, v]) => `${k} ${String(v)}`);
  return own.length > 0 ? `${convention ?? 'general options'} (${own.join(', ')})` : (convention ?? 'general options');
}

interface Named {
  convention: string | null;
  own: Options;
  verdict: WasmVerdict;
  /** The verdict's float32 frequencies are the convention's own (or none were needed). */
  ownRecipe: boolean;
}

/**
 * The conventions that draw a fit, each with the verdict it shows: those the
 * table reproduces first, then those whose own float32 frequencies made it,
 * then fewest departures from a framework's defaults (then list order).
 */
function nameFit(fit: WasmFit, dModel: number): Named[] {
  // One pair (dModel 2 or 3) sits in columns 0 and 1 under either layout.
  const layouts: WasmFit[] =
    dModel <= 3 ? [fit, { ...fit, layout: fit.layout === 'split' ? 'interleaved' : 'split' }] : [fit];
  const named = EXPRESSERS.flatMap(({ name, express }) => {
    for (const f of layouts) {
      const drawn = express(f, dModel);
      if (drawn !== null && drawsFit(name, drawn, f, dModel))
        return [{ convention: name as string | null, own: departures(name, drawn, dModel) }];
    }
    return [];
  });
  if (named.length === 0) named.push({ convention: null, own: generalOptions(fit) });
  return named
    .map((n) => {
      const { verdict, own } = verdictFor(
        fit,
        n.convention === null ? null : CONVENTIONS[n.convention as ConventionName].float32,
      );
      return { ...n, verdict, ownRecipe: own };
    })
    .sort(
      (a, b) =>
        Number(b.verdict.reproduces) - Number(a.verdict.reproduces) ||
        Number(b.ownRecipe) - Number(a.ownRecipe) ||
        Object.keys(a.own).length - Object.keys(b.own).length,
    );
}

// Forms the core verified apart that give the same table (paper and geometric
// spacing with one pair): their candidates tie too.
const sameTable = (a: WasmFit, b: WasmFit) =>
  a === b ||
  (a.maxError === b.maxError && a.rmsError === b.rmsError && a.deviation.every((v, r) => v === b.deviation[r]));

/** Candidates best first: by fit (the core's order), then as nameFit orders a fit's conventions. */
export function candidatesOf(fits: readonly WasmFit[], positions: number, dModel: number): IdentifyCandidate[] {
  const out: IdentifyCandidate[] = [];
  const named = fits.map((fit) => nameFit(fit, dModel));
  fits.forEach((fit, f) => {
    const order = named[f];
    const elsewhere = fits.flatMap((other, g) =>
      g !== f && sameTable(other, fit) ? named[g].map((n) => describeOptions(n.convention, n.own)) : [],
    );
    const shift =
      fit.layout === 'split' &&
      fit.spacing === 'geometric' &&
      Number.isInteger(fit.offset) &&
      fit.offset >= 1 &&
      !fit.buffer;
    for (const { convention, own, verdict, ownRecipe } of order) {
      const notes: string[] = [describeVerdict(verdict, fit, ownRecipe)];
      const others = [
        ...order.filter((n) => n.convention !== convention).map((n) => describeOptions(n.convention, n.own)),
        ...elsewhere,
      ];
      if (others.length > 0) notes.push(`same table as ${others.join('; ')}`);
      if (shift && convention !== 'fairseq')
        notes.push(
          `rows are shifted by ${fit.offset}: fairseq's padding_idx ${fit.offset - 1} (also M2M100, NLLB, Speech2Text)?`,
        );
      if (convention === 'fairseq' && !fit.buffer)
        notes.push(`row r is fairseq's weights[paddingIdx + 1 + r]; also M2M100, NLLB and Speech2Text`);
      const options: IdentifiedOptions = { positions, dModel, ...(convention === null ? {} : { convention }), ...own };
      out.push({
        convention,
        options,
        precision: verdict.precision,
        match: verdict.reproduces,
        exact: fit.reproduces,
        frequencies: verdict.frequencies,
        steppedFrequencies: verdict.steppedFrequencies,
        deviation: fit.deviation,
        bound: verdict.bound ?? new Float64Array(fit.deviation.length),
        worstRatio: verdict.worstRatio,
        worstRatioRow: verdict.worstRatioRow,
        worstRatioColumn: verdict.worstRatioColumn,
        worstRatioBound: verdict.worstRatioBound,
        maxError: fit.maxError,
        rmsError: fit.rmsError,
        worstRow: fit.worstRow,
        worstColumn: fit.worstColumn,
        differs: verdict.reproduces ? [] : [fit.differs],
        notes,
      });
    }
  });
  return out;
}
