// The candidate "Check your table" names and draws the difference from (the
// worker computes the difference, table-verdict.ts shows the verdict: both
// must mean the same one). Candidates that give the same table as the best
// tie; a framework's convention is named among them when one of them is, and
// in float32 arithmetic the framework whose own float32 frequencies
// reproduced the table comes first.
import type { FrequencyRecipe, Identification, IdentifyCandidate } from '../src/core/index.js';

/** The convention whose framework computes each float32 frequency recipe (docs/identify.md, "frequencies"). */
const RECIPE_MAKER: Record<FrequencyRecipe, string> = {
  'torch-paper': 'pytorch-tutorial',
  'torch-geometric': 'fairseq',
  tensor2tensor: 'tensor2tensor',
  mlx: 'mlx',
  'mlx-full-turns': 'mlx',
  'keras-hub': 'keras-hub',
};

export function bestCandidate(found: Identification): { best: IdentifyCandidate; others: string[] } {
  const [first] = found.candidates;
  const ties = found.candidates.filter((c) => c.maxError === first.maxError && c.rmsError === first.rmsError);
  const named = ties.filter((c) => c.convention !== null);
  const maker = named.find((c) => c.frequencies !== null && RECIPE_MAKER[c.frequencies] === c.convention);
  const best = maker ?? named[0] ?? ties[0];
  return { best, others: named.filter((c) => c !== best).map((c) => c.convention!) };
}
