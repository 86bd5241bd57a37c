// Combining positionResolution results: the closest pair over every offset
// from two walks over complementary offsets, and results for one base each
// as one result over all of them. The base chart computes a base at a time
// (between frames) and its closest pairs from a short walk and a long one.
import type { PositionResolution } from './index.js';

/**
 * Per length, the closer pair of two results over the same lengths (below:
 * offsets under min-offset; beyond: offsets from it on, NaN where there are
 * none). A tie goes to the smaller offset, as one walk over all offsets keeps
 * the first minimum it meets.
 */
export function closerOf(below: PositionResolution, beyond: PositionResolution): PositionResolution {
  const minDistance = below.minDistance.slice();
  const atOffset = below.atOffset.slice();
  beyond.minDistance.forEach((v, n) => {
    if (v < minDistance[n]) {
      minDistance[n] = v;
      atOffset[n] = beyond.atOffset[n];
    }
  });
  return { ...beyond, minDistance, atOffset };
}

/** The results for one base each as one result over all of them (bases × lengths). */
export function joinBases(parts: PositionResolution[]): PositionResolution {
  const join = (pick: (r: PositionResolution) => Float64Array) => {
    const out = new Float64Array(parts.reduce((n, r) => n + pick(r).length, 0));
    let at = 0;
    for (const r of parts) {
      out.set(pick(r), at);
      at += pick(r).length;
    }
    return out;
  };
  return {
    bases: join((r) => r.bases),
    lengths: parts[0].lengths,
    minDistance: join((r) => r.minDistance),
    atOffset: join((r) => r.atOffset),
    float32Bound: parts[0].float32Bound,
  };
}
