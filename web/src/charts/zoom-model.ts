// The data window of a zoomable chart, as data: which axes zoom, the window
// the options define, the limits it may move in, and the view now shown.
// ZoomWindow (zoom.ts) holds one; the gestures (zoom-gestures.ts) drive it
// through this interface alone, so neither imports the other's code.
import type { PlotBox } from './frame.js';

export type ZoomAxes = 'x' | 'y' | 'xy';
export type Range = readonly [number, number];

export interface ZoomLimits {
  /** The data range the view may cover (e.g. the positions phasor accepts). */
  lo: number;
  hi: number;
  /** The narrowest view, in data units. */
  minSpan: number;
}

export interface View {
  x: Range;
  y: Range;
}

/** What the gestures need of a ZoomWindow (see zoom-gestures.ts). */
export interface ZoomModel {
  readonly axes: ZoomAxes;
  readonly box: PlotBox;
  readonly base: View;
  readonly limits: ZoomLimits;
  readonly current: View;
  setView(view: View): void;
}
