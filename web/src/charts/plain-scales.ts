// A d3 scale as the plain numbers a painter takes (paint/plain-scale.ts): its
// kind, domain and range, which is all a linear or log scale is.
import type { ScaleContinuousNumeric } from 'd3-scale';
import type { PlainScale } from './paint/plain-scale.js';

export function plainScale(scale: ScaleContinuousNumeric<number, number>): PlainScale {
  const [d0, d1] = scale.domain();
  const [r0, r1] = scale.range();
  return { kind: 'base' in scale ? 'log' : 'linear', domain: [d0, d1], range: [r0, r1] };
}
