// The candidate "Check your table" names and draws the difference from:
// candidates that give the same table as the best tie, and a framework's
// convention is named among them when one of them is.
import type { Identification, IdentifyCandidate } from '../src/core/index.js';

export function bestCandidate(found: Identification): { best: IdentifyCandidate; others: string[] } {
  const [first] = found.candidates;
  const ties = found.candidates.filter((c) => c.maxError === first.maxError && c.rmsError === first.rmsError);
  const named = ties.filter((c) => c.convention !== null);
  return { best: named[0] ?? ties[0], others: named.slice(1).map((c) => c.convention!) };
}
