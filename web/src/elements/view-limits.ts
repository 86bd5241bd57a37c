// How far a zoomable chart's view may move, from the core's limits: the
// positions phasor accepts (|p| ≤ maxAbsPosition), a view at least 4 wide.
import type { WasmLimits } from '../core/index.js';
import type { ZoomLimits } from '../charts/zoom.js';

/** Positions −maxAbsPosition … maxAbsPosition. */
export const positionRange = (limits: Readonly<WasmLimits>): ZoomLimits => ({
  lo: -limits.maxAbsPosition,
  hi: limits.maxAbsPosition,
  minSpan: 4,
});

/** Offsets k for which p + k stays within the positions phasor accepts for every |p| up to half of them. */
export const offsetRange = (limits: Readonly<WasmLimits>): ZoomLimits => ({
  lo: -limits.maxAbsPosition / 2,
  hi: limits.maxAbsPosition / 2,
  minSpan: 4,
});

/** Positions 0 … maxAbsPosition on both axes of a matrix, so every offset q − p is one phasor accepts. */
export const matrixRange = (limits: Readonly<WasmLimits>): ZoomLimits => ({
  lo: 0,
  hi: limits.maxAbsPosition,
  minSpan: 4,
});
