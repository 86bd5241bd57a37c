// How a candidate's table was made: of the precisions the core judged a fit
// in (cpp/src/identify_verify.cpp), the one a convention's candidate shows,
// and the sentence that says it.
import type { WasmFit, WasmVerdict } from './identify-records.js';
import type { FrequencyRecipe } from './identify-types.js';

const WHO: Record<FrequencyRecipe, string> = {
  'torch-paper': 'the PyTorch tutorial',
  'torch-geometric': 'fairseq, Whisper and Hugging Face M2M100 / NLLB / Speech2Text',
  tensor2tensor: 'tensor2tensor',
  mlx: 'MLX',
  'mlx-full-turns': 'MLX (full turns)',
  'keras-hub': 'keras-hub',
};

/**
 * The verdict a candidate shows: one that reproduces the table with the
 * convention's own float32 frequencies (or none needed), else any that
 * reproduces it, else the fit's nearest. `own` says whether the frequencies,
 * if any, are the convention's (null recipes: general options, any).
 */
export function verdictFor(
  fit: WasmFit,
  recipes: readonly FrequencyRecipe[] | null,
): { verdict: WasmVerdict; own: boolean } {
  const ours = (v: WasmVerdict) => v.frequencies === null || recipes === null || recipes.includes(v.frequencies);
  const verdict =
    fit.precisions.find((v) => v.reproduces && ours(v)) ??
    fit.precisions.find((v) => v.reproduces) ??
    fit.precisions[fit.nearest];
  return { verdict, own: ours(verdict) };
}

const number = (x: number) => Number(x.toPrecision(3)).toString();

/** One sentence: how the table was made, and its largest departure against what that allows. */
export function describeVerdict(v: WasmVerdict, fit: WasmFit, own = true): string {
  const storage = v.precision === 'float16' || v.precision === 'bfloat16' ? ` then stored in ${v.precision}` : '';
  const frequencies =
    v.frequencies !== null
      ? ` with the float32 frequencies ${WHO[v.frequencies]} computes${own ? '' : ' (not this convention’s own code)'}`
      : ' with float32 frequencies read from the table';
  const stepped =
    v.steppedFrequencies > 0
      ? `; ${v.steppedFrequencies} of them a float32 step or two from the correctly rounded value, as the framework’s exp gives`
      : '';
  const how = v.float32Arithmetic
    ? `computed in float32 arithmetic${frequencies}${stepped}${storage}`
    : `the exact table${storage}`;
  const allowed = v.bound === null ? NaN : v.bound[fit.worstRow];
  const what =
    v.precision === 'exact'
      ? 'rounding to float32'
      : v.float32Arithmetic && !storage
        ? 'float32 arithmetic'
        : `${v.precision} storage`;
  const departs = `departs from the exact table by at most ${number(fit.maxError)} (row ${fit.worstRow})`;
  const within = Number.isNaN(allowed)
    ? ''
    : `, ${v.reproduces ? 'within' : 'against'} the ${number(allowed)} ${what} allows there`;
  return v.reproduces ? `${how}: ${departs}${within}` : `nearest: ${how}; it ${departs}${within}`;
}
