// What a chart hands to "Copy as code": the options of the table or RoPE
// cache it draws, in the API's names. The snippets compute exactly that, in
// float64, rounded once to float32 as phasor does.
import type { Layout, RopeScaling, Pairing } from '../core/index.js';

/** A sinusoidal table, as ph.encode takes it (general options; a convention arrives resolved into them). */
export interface TableCode {
  kind: 'table';
  positions: number;
  dModel: number;
  base?: number;
  offset?: number;
  layout?: Layout;
  /** 'paper': base^(−2i/d); 'tensor2tensor' or 'geometric': maxFrequency·(minFrequency/maxFrequency)^(i/(h−1)). */
  spacing?: string;
  /** Geometric spacing's fastest frequency (default 1) and slowest (default 1/base). */
  maxFrequency?: number;
  minFrequency?: number;
  /** 'sinCos' (default) or 'cosSin' (MLX cos_first). */
  order?: 'sinCos' | 'cosSin';
  /** Odd widths: 'zeroColumn' (tensor2tensor, fairseq) or 'extraSine' (DistilBERT, keras-hub, Marian). */
  oddWidth?: string;
  /** Multiplies every value (MLX: √(2/d)). */
  scale?: number;
  /** fairseq's padding row: forward rows start at paddingIdx + 1; with buffer, row paddingIdx is zero. */
  paddingIdx?: number | null;
  buffer?: boolean;
  /** The convention name, when the chart used one (shown in the snippet's comment). */
  convention?: string;
}

/** RoPE's cos/sin cache for positions offset … offset + positions − 1, one or several scalings. */
export interface RopeCode {
  kind: 'rope';
  dim: number;
  positions: number;
  offset?: number;
  theta?: number;
  pairing?: Pairing;
  /** One cache per scaling (the scaling chart compares several); none: unscaled. */
  scalings?: RopeScaling[];
}

export type CodeConfig = TableCode | RopeCode;

export type Framework = 'numpy' | 'pytorch' | 'jax' | 'tensorflow';
export const FRAMEWORKS: readonly Framework[] = ['pytorch', 'numpy', 'jax', 'tensorflow'];
export const FRAMEWORK_NAMES: Record<Framework, string> = { pytorch: 'PyTorch', numpy: 'NumPy', jax: 'JAX', tensorflow: 'TensorFlow' };
