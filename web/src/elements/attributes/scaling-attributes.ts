// The RoPE scaling attributes the decay and attention-pattern charts share
// (scaling, factor, original-length), and the API's scaling option they make.
import type { RopeScaling, RopeScalingType } from '../../core/index.js';
import { choice, integer, number, spec } from './attributes.js';
import { limit } from './core-limits.js';
import { ORIGINAL_LENGTH } from './ui-caps.js';

const SCALINGS = ['none', 'linear', 'ntk', 'dynamic-ntk', 'yarn', 'llama3'] as const;

export const scaling = spec<RopeScalingType>('scaling', choice(SCALINGS), 'none');
export const factor = spec('factor', number(1, limit('maxScalingFactor')), 4);
export const originalLength = spec('original-length', integer(1, ORIGINAL_LENGTH), 4096);

/** The scaling option of the attributes (none: no scaling). */
export function scalingOption(o: { scaling: RopeScalingType; factor: number; originalLength: number }): {
  scaling?: RopeScaling;
} {
  if (o.scaling === 'none') return {};
  const needsLength = o.scaling === 'dynamic-ntk' || o.scaling === 'yarn' || o.scaling === 'llama3';
  return {
    scaling: {
      type: o.scaling,
      factor: o.factor,
      ...(needsLength ? { originalLength: o.originalLength } : {}),
    } as RopeScaling,
  };
}
