// Which positions a chart computes for a view: bins of `stride` positions, the
// stride the smallest power of two that puts at most one bin in a device
// pixel, the bins aligned to multiples of it from `origin` (so panning shows
// the same bins, and the picture does not shimmer). Each bin is then computed
// exactly by the core (its mean over the positions it holds).

export interface Bins {
  /** Position where bin 0 starts. */
  first: number;
  /** Positions per bin, a power of two. */
  stride: number;
  count: number;
}

export interface Bounds {
  lo: number;
  hi: number;
}

/** Bins covering `view` (data units) for `pixels` device pixels, inside `bounds` (of the given stride, if any). */
export function binsFor(
  view: readonly [number, number],
  pixels: number,
  origin = 0,
  bounds: Bounds = { lo: -(2 ** 31), hi: 2 ** 31 },
  given?: number,
): Bins {
  const span = Math.max(1e-9, view[1] - view[0]);
  const perPixel = span / Math.max(1, pixels);
  const stride = given ?? (perPixel <= 1 ? 1 : 2 ** Math.ceil(Math.log2(perPixel)));
  const lowest = origin + Math.ceil((bounds.lo - origin) / stride) * stride;
  const highest = origin + Math.floor((bounds.hi + 1 - origin) / stride) * stride; // end of the last whole bin
  const start = Math.max(lowest, origin + Math.floor((view[0] - origin) / stride) * stride);
  const end = Math.min(highest, origin + Math.ceil((view[1] - origin) / stride) * stride);
  return { first: start, stride, count: Math.max(1, Math.round((end - start) / stride)) };
}

/** The bin holding position p, or −1. */
export function binOf(bins: Bins, p: number): number {
  const r = Math.floor((p - bins.first) / bins.stride);
  return r >= 0 && r < bins.count ? r : -1;
}

/** "p = a … b" of bin r. */
export function binRange(bins: Bins, r: number): [number, number] {
  const a = bins.first + r * bins.stride;
  return [a, a + bins.stride - 1];
}

/** How many pairs turn half a period or more within a bin of `stride` positions (the pairs are fastest first). */
export function fastPairs(stride: number, wavelengths: ArrayLike<number>): number {
  let fast = 0;
  while (stride > 1 && fast < wavelengths.length && wavelengths[fast] < 2 * stride) fast++;
  return fast;
}
