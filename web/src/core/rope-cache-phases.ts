// Reading a RoPE cos/sin cache for identifyRope (rope-identify.ts): which
// columns repeat (the pairing of the table) and each pair's frequency from its
// phases atan2(sin, cos), unwrapped along the positions.
import type { Pairing } from './rope-types.js';

/** The phase of each column: atan2(sin, cos), unwrapped along the positions (ω·p through 0), fitted to ω. */
export function fitFrequency(
  cos: Float64Array,
  sin: Float64Array,
  positions: Float64Array,
  width: number,
  column: number,
): number {
  const order = Array.from(positions.keys()).sort((x, y) => Math.abs(positions[x]) - Math.abs(positions[y]));
  const phase = (k: number) => Math.atan2(sin[k * width + column], cos[k * width + column]);
  // Start from the closest two positions (|ω·Δp| < π assumed), then refine outwards.
  let best = Infinity;
  let omega = 0;
  for (let a = 0; a < positions.length; a++) {
    for (let b = a + 1; b < Math.min(positions.length, a + 4); b++) {
      const dp = positions[order[b]] - positions[order[a]];
      if (dp !== 0 && Math.abs(dp) < best) {
        best = Math.abs(dp);
        let d = phase(order[b]) - phase(order[a]);
        d -= 2 * Math.PI * Math.round(d / (2 * Math.PI));
        omega = d / dp;
      }
    }
  }
  let spp = 0;
  let spy = 0;
  for (const k of order) {
    const p = positions[k];
    if (p === 0) continue;
    const y = phase(k);
    const unwrapped = y + 2 * Math.PI * Math.round((omega * p - y) / (2 * Math.PI));
    [spp, spy] = [spp + p * p, spy + p * unwrapped];
    omega = spy / spp;
  }
  return omega;
}

/** The table's layout and the distinct columns (one per pair). */
export function layoutOf(
  cos: Float64Array,
  rows: number,
  width: number,
  tol: number,
): { pairing?: Pairing; columns: number[] } {
  const same = (a: number, b: number) => {
    for (let k = 0; k < rows; k++) if (Math.abs(cos[k * width + a] - cos[k * width + b]) > tol) return false;
    return true;
  };
  const h = width / 2;
  if (width % 2 === 0 && width > 2) {
    if (Array.from({ length: h }, (_, i) => i).every((i) => same(i, i + h)))
      return { pairing: 'half', columns: Array.from({ length: h }, (_, i) => i) };
    if (Array.from({ length: h }, (_, i) => i).every((i) => same(2 * i, 2 * i + 1)))
      return { pairing: 'adjacent', columns: Array.from({ length: h }, (_, i) => 2 * i) };
  }
  return { columns: Array.from({ length: width }, (_, i) => i) };
}
