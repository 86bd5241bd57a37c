// The caption of the attention-offset chart's pairing view: what a RoPE port
// gets wrong and what it does not, read off the numbers drawn (the spreads
// of the curves over their anchors, and their gaps to the model as trained).
import type { Pairing } from '../../core/index.js';
import { largestMagnitude } from '../../core/series-stats.js';
import { short } from '../captions.js';

export const ROTATION_NAME: Record<Pairing, string> = { half: 'rotate_half', adjacent: 'adjacent-pair' };
export const other = (p: Pairing): Pairing => (p === 'half' ? 'adjacent' : 'half');

/** What the caption reads of a panel: its scores, their largest spread over the anchors and gap to the reference. */
interface Curves {
  scores: Float32Array;
  maxSpread: number;
  referenceGap: number;
}

/** Curves that differ by no more than float32 rounding of the scores. */
export const coincide = (p: { maxSpread: number }, scale: number): boolean => p.maxSpread <= 1e-5 * (1 + scale);

/** The pairing finding, from the four panels: the model as trained, its weights run unpermuted, permuted, and with the other table. */
export function pairingSummary(panels: readonly Curves[], pairing: Pairing): string {
  const [source, notPermuted, permuted, table] = panels;
  const scale = largestMagnitude(source.scores);
  const q = ROTATION_NAME[other(pairing)];
  const p = ROTATION_NAME[pairing];
  const keep = coincide(notPermuted, scale) && coincide(permuted, scale);
  const gap = (panel: Curves) =>
    panel.referenceGap <= 1e-5 * (1 + scale) ? "the model's own curve" : `${short(panel.referenceGap)} from it`;
  return (
    `Run with ${p}, the ${q} model's weights ${keep ? 'keep one curve for every m, permuted or not' : 'do not keep one curve for every m'} ` +
    `(spread ${short(notPermuted.maxSpread)}, ${short(permuted.maxSpread)})${keep ? ': a consistent rotation stays offset-only, and the permutation only picks the curve' : ''}` +
    ` — permuted, ${gap(permuted)}; not permuted, ${gap(notPermuted)}. ` +
    `${/^[aeiou]/.test(q) ? 'An' : 'A'} ${q} cos/sin table fed to ${p} ${coincide(table, scale) ? 'keeps one curve' : `splits the curves (spread ${short(table.maxSpread)})`}: ` +
    'it turns the two slots of a pair by different angles, which is no rotation.'
  );
}
