// From the forms the core fitted (cpp/src/identify.cpp) to candidates named as
// the frameworks name them: each convention that can draw a form, with its own
// options, or the general options when none can. Each convention's options are
// read back through its own point (conventions.ts, what encode uses) and kept
// only when they give the fitted form, so ph.encode(candidate.options) is the
// candidate. Conventions drawing the same form tie: the same table, said so.
// Each candidate carries the precision the core found the table made in, the
// convention's own float32 frequencies preferred (identify-precision.ts).
import { CONVENTIONS } from './conventions.js';
import {
  EXPRESSERS,
  departures,
  describeOptions,
  drawsFit,
  generalOptions,
  type Options,
} from './identify-expressers.js';
import { describeVerdict, verdictFor } from './identify-precision.js';
import type { WasmFit, WasmVerdict } from './identify-records.js';
import type { IdentifiedOptions, IdentifyCandidate } from './identify-types.js';
import type { ConventionName } from './types.js';

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
