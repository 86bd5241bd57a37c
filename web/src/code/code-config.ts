// What a chart hands to "Copy as code": the options of the table or RoPE
// cache it draws, in the API's names. The snippets compute exactly that, in
// float64, rounded once to float32 as phasor does.
import type { RopeScaling, Pairing } from '../core/index.js';
import type { TableOptions } from './resolve-table.js';

/** A sinusoidal table: ph.encode's options (general, or a convention with its framework's parameters). */
export type TableCode = { kind: 'table' } & TableOptions;

/** RoPE's cos/sin cache for positions offset … offset + positions − 1, one or several scalings. */
export interface RopeCode {
  kind: 'rope';
  /** The head width. */
  dim: number;
  /** The rotated width (default dim): the cache covers it; the rest of a row passes through. */
  rotaryDim?: number;
  positions: number;
  offset?: number;
  theta?: number;
  pairing?: Pairing;
  /** One cache per scaling (the scaling chart compares several); none: unscaled. */
  scalings?: RopeScaling[];
  /** Comment lines for what the cache alone does not say (a model's layout, sections, layers). */
  notes?: string[];
}

export type CodeConfig = TableCode | RopeCode;

export type Framework = 'numpy' | 'pytorch' | 'jax' | 'tensorflow';
export const FRAMEWORKS: readonly Framework[] = ['pytorch', 'numpy', 'jax', 'tensorflow'];
export const FRAMEWORK_NAMES: Record<Framework, string> = {
  pytorch: 'PyTorch',
  numpy: 'NumPy',
  jax: 'JAX',
  tensorflow: 'TensorFlow',
};
