// From the forms the core fitted (cpp/src/identify.cpp) to candidates named as
// the frameworks name them: each convention that can draw a form, with its own
// options (CONVENTIONS.md (b): what each convention fills in), or the general
// options when none can. Conventions drawing the same form tie: they give the
// same table, and each says so.
import type { IdentifiedOptions, IdentifyCandidate } from './identify-types.js';

/** A form as the core returns it (identify_bindings.cpp). */
export interface WasmFit {
  layout: 'interleaved' | 'split';
  order: 'sinCos' | 'cosSin';
  oddWidth: 'even' | 'zeroColumn' | 'extraSine';
  spacing: 'paper' | 'geometric';
  base: number;
  maxFrequency: number;
  scale: number;
  offset: number;
  paddingRow: number;
  maxError: number;
  rmsError: number;
  worstRow: number;
  worstColumn: number;
  tolerance: number;
  reproduces: boolean;
  differs: string;
}

type Options = Record<string, number | string | boolean>;
/** A convention's options for a form and how many depart from its defaults, or null when it cannot draw it. */
type Expresser = (f: WasmFit, dModel: number) => { options: Options; departures: number } | null;

const TWO_PI = 2 * Math.PI;
const plain = (f: WasmFit) => f.order === 'sinCos' && f.scale === 1;
const nonNegativeInteger = (x: number) => Number.isInteger(x) && x >= 0;

/** The offset as the framework's own option when it has one (else phasor's `offset`). */
function offsetAs(name: string | null, offset: number): Options {
  if (offset === 0) return {};
  return name !== null && nonNegativeInteger(offset) ? { [name]: offset } : { offset };
}

const CONVENTIONS: { name: string; express: Expresser }[] = [
  {
    name: 'paper',
    express: (f) =>
      f.layout === 'interleaved' && f.oddWidth === 'even' && f.spacing === 'paper' && plain(f) && f.paddingRow < 0
        ? { options: { base: f.base, ...offsetAs(null, f.offset) }, departures: Number(f.base !== 1e4) + Number(f.offset !== 0) }
        : null,
  },
  {
    name: 'distilbert',
    express: (f) =>
      f.layout === 'interleaved' && f.oddWidth !== 'zeroColumn' && f.spacing === 'paper' && f.base === 1e4 && plain(f) && f.paddingRow < 0
        ? { options: offsetAs(null, f.offset), departures: Number(f.offset !== 0) }
        : null,
  },
  {
    name: 'keras-hub',
    express: (f) =>
      f.layout === 'interleaved' && f.oddWidth !== 'zeroColumn' && f.spacing === 'paper' && plain(f) && f.paddingRow < 0
        ? { options: { maxWavelength: f.base, ...offsetAs('startIndex', f.offset) }, departures: Number(f.base !== 1e4) + Number(f.offset !== 0) }
        : null,
  },
  {
    name: 'marian',
    express: (f) =>
      f.layout === 'split' && f.oddWidth !== 'zeroColumn' && f.spacing === 'paper' && f.base === 1e4 && plain(f) && f.paddingRow < 0
        ? { options: offsetAs('pastKeyValuesLength', f.offset), departures: Number(f.offset !== 0) }
        : null,
  },
  {
    name: 'fairseq',
    express: (f) => {
      if (f.layout !== 'split' || f.oddWidth === 'extraSine' || f.spacing !== 'geometric' || !plain(f)) return null;
      if (f.maxFrequency !== 1 || f.base !== 1e4) return null;
      // The stored weights: positions from 0, row paddingIdx zero.
      if (f.paddingRow >= 0) return f.offset === 0 ? { options: { buffer: true, paddingIdx: f.paddingRow }, departures: Number(f.paddingRow !== 1) } : null;
      // Forward rows: token r at position paddingIdx + 1 + r (+ pastKeyValuesLength).
      if (!Number.isInteger(f.offset) || f.offset < 1) return null;
      if (f.offset === 1) return { options: { paddingIdx: 0 }, departures: 1 };
      return { options: { paddingIdx: 1, ...offsetAs('pastKeyValuesLength', f.offset - 2) }, departures: Number(f.offset !== 2) };
    },
  },
  {
    name: 'tensor2tensor',
    express: (f) =>
      f.layout === 'split' && f.oddWidth !== 'extraSine' && f.spacing === 'geometric' && plain(f) && f.paddingRow < 0
        ? {
            // w runs from minTimescale down to minTimescale^2 / maxTimescale (CONVENTIONS.md note 1).
            options: { minTimescale: f.maxFrequency, maxTimescale: f.maxFrequency * f.base, ...offsetAs('startIndex', f.offset) },
            departures: Number(f.maxFrequency !== 1) + Number(f.maxFrequency * f.base !== 1e4) + Number(f.offset !== 0),
          }
        : null,
  },
  {
    name: 'whisper',
    express: (f) =>
      f.layout === 'split' && f.oddWidth === 'even' && f.spacing === 'geometric' && f.maxFrequency === 1 && plain(f) && f.paddingRow < 0
        ? { options: { maxTimescale: f.base, ...offsetAs(null, f.offset) }, departures: Number(f.base !== 1e4) + Number(f.offset !== 0) }
        : null,
  },
  {
    name: 'mlx',
    express: (f, dModel) => {
      if (f.layout !== 'split' || f.oddWidth !== 'even' || f.spacing !== 'geometric' || f.paddingRow >= 0) return null;
      const turns = f.maxFrequency / TWO_PI;
      const fullTurns = f.maxFrequency !== 1 && Number(turns.toPrecision(3)) === turns;
      const unit = fullTurns ? TWO_PI : 1;
      const maxFreq = f.maxFrequency / unit;
      const minFreq = maxFreq / f.base;
      const defaultScale = Math.sqrt(2 / dModel);
      const options: Options = { maxFreq, minFreq };
      if (f.scale !== defaultScale) options.scale = f.scale;
      if (f.order === 'cosSin') options.cosFirst = true;
      if (fullTurns) options.fullTurns = true;
      Object.assign(options, offsetAs(null, f.offset));
      const departures = Number(maxFreq !== 1) + Number(minFreq !== 1e-4) + Number(f.scale !== defaultScale) + Number(fullTurns) + Number(f.order === 'cosSin') + Number(f.offset !== 0);
      return { options, departures };
    },
  },
];

/** The general options of a form, for when no framework draws it. */
function generalOptions(f: WasmFit): Options {
  const options: Options = { layout: f.layout, spacing: f.spacing };
  if (f.spacing === 'paper') options.base = f.base;
  else Object.assign(options, { maxFrequency: f.maxFrequency, minFrequency: f.maxFrequency / f.base });
  if (f.order !== 'sinCos') options.order = f.order;
  if (f.oddWidth !== 'even') options.oddWidth = f.oddWidth;
  if (f.scale !== 1) options.scale = f.scale;
  if (f.offset !== 0) options.offset = f.offset;
  if (f.paddingRow >= 0) Object.assign(options, { buffer: true, paddingIdx: f.paddingRow });
  return options;
}

function describeOptions(convention: string | null, options: Options): string {
  const own = Object.entries(options).map(([k, v]) => `${k} ${String(v)}`);
  return own.length > 0 ? `${convention ?? 'general options'} (${own.join(', ')})` : (convention ?? 'general options');
}

/** Candidates best first: by fit (the core's order), then fewest departures from a framework's defaults. */
export function candidatesOf(fits: readonly WasmFit[], positions: number, dModel: number): IdentifyCandidate[] {
  const out: IdentifyCandidate[] = [];
  for (const fit of fits) {
    const named = CONVENTIONS.map(({ name, express }, rank) => ({ name, rank, drawn: express(fit, dModel) }))
      .filter((c): c is { name: string; rank: number; drawn: NonNullable<ReturnType<Expresser>> } => c.drawn !== null)
      .sort((a, b) => a.drawn.departures - b.drawn.departures || a.rank - b.rank)
      .map(({ name, drawn }) => ({ convention: name as string | null, own: drawn.options }));
    if (named.length === 0) named.push({ convention: null, own: generalOptions(fit) });
    const shift = fit.layout === 'split' && fit.spacing === 'geometric' && Number.isInteger(fit.offset) && fit.offset >= 1 && fit.paddingRow < 0;
    for (const { convention, own } of named) {
      const notes: string[] = [];
      const others = named.filter((n) => n.convention !== convention).map((n) => describeOptions(n.convention, n.own));
      if (others.length > 0) notes.push(`same table as ${others.join('; ')}`);
      if (shift && convention !== 'fairseq')
        notes.push(`rows are shifted by ${fit.offset}: fairseq's padding_idx ${fit.offset - 1} (also M2M100, NLLB, Speech2Text)?`);
      if (convention === 'fairseq' && fit.paddingRow < 0) notes.push(`row r is fairseq's weights[paddingIdx + 1 + r]; also M2M100, NLLB and Speech2Text`);
      const options: IdentifiedOptions = { positions, dModel, ...(convention === null ? {} : { convention }), ...own };
      out.push({
        convention,
        options,
        maxError: fit.maxError,
        rmsError: fit.rmsError,
        worstRow: fit.worstRow,
        worstColumn: fit.worstColumn,
        differs: fit.reproduces ? [] : [fit.differs],
        notes,
      });
    }
  }
  return out;
}
