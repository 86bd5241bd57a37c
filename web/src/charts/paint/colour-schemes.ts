// The colour maps phasor draws with, all from d3-scale-chromatic.
import { interpolateRdBu, interpolateViridis, schemeSet2, schemeTableau10 } from 'd3-scale-chromatic';
import type { Interpolator } from './colour-lut.js';

/** Values in [−1, 1]: blue for negative, red for positive, white at zero (RdBu, as in the seed figure). */
export const divergingInterpolator: Interpolator = (t) => interpolateRdBu(1 - t);

/** Distances from 0 up: perceptually uniform and readable by colour-blind readers (viridis). */
export const sequentialInterpolator: Interpolator = interpolateViridis;

export type ColourScheme = 'light' | 'dark';

/** Line colours: Tableau 10 on light backgrounds, the brighter Set2 on dark ones. */
export function seriesPalette(scheme: ColourScheme): readonly string[] {
  return scheme === 'dark' ? schemeSet2 : schemeTableau10;
}

/** The colour maps by name, as a chart's paint spec names them (plain values a Worker can be sent). */
export type ColourMapName = 'diverging' | 'sequential';
export const COLOUR_MAPS: Record<ColourMapName, Interpolator> = {
  diverging: divergingInterpolator,
  sequential: sequentialInterpolator,
};
