// Every framework's sinusoidal table as data: its own parameters (camelCase
// of the names it uses, each with its default) and the point of the general
// options they select (tests/fixtures/frameworks/CONVENTIONS.md, sections a
// and b, which cite the code each entry was read from). Row r of a
// convention's table is what the framework adds to the token at sequence
// index r; with buffer, the framework's stored row r.
import type { FrequencyRecipe } from './identify-types.js';
import type { ConventionName, EncodeSpacing, Layout, OddWidth, Order } from './types.js';

/** A framework parameter: its kind and default (a number, or one computed from dModel). */
export interface ConventionParameter {
  kind: 'number' | 'boolean' | 'index';
  default: number | boolean | null | ((dModel: number) => number);
}

/** The general options a convention sets (positions, dModel and buffer come from the call). */
export interface ConventionPoint {
  base: number;
  spacing: EncodeSpacing;
  maxFrequency: number;
  layout: Layout;
  order: Order;
  oddWidth: OddWidth;
  scale: number;
  paddingIdx: number | null;
  /** Added to the caller's offset. */
  offset: number;
}

export interface Convention {
  /** Who computes it, and where (the full citations are in CONVENTIONS.md). */
  framework: string;
  source: string;
  parameters: Readonly<Record<string, ConventionParameter>>;
  /** The general options for these parameter values (and whether the stored buffer is asked for). */
  point(p: Readonly<Record<string, number | boolean | null>>, call: { buffer: boolean }): ConventionPoint;
  /** How each general option derives from the parameters, for error messages. */
  derived: Readonly<Record<string, string>>;
  /** Widths the framework cannot compute, and why (beyond what oddWidth refuses). */
  refuses?: (dModel: number) => string | null;
  /**
   * How the framework computes its frequencies in float32, when it computes in
   * float32 (identify's float32 precision; none for a formula or float64 code).
   */
  float32: readonly FrequencyRecipe[];
}

const PAPER = {
  spacing: 'paper',
  maxFrequency: 1,
  layout: 'interleaved',
  order: 'sinCos',
  scale: 1,
  paddingIdx: null,
  offset: 0,
} as const;
const GEOMETRIC_SPLIT = { spacing: 'geometric', layout: 'split', order: 'sinCos', scale: 1, paddingIdx: null } as const;

const num = (value: number | boolean | null | undefined): number => value as number;

// fairseq's get_embedding and Hugging Face's copies divide by half_dim − 1.
const refusesOneFrequency = (who: string) => (d: number) =>
  d === 2 || d === 3
    ? `dModel must not be 2 or 3 for convention '${who}': the framework divides by zero (half_dim − 1 = 0); got ${d}`
    : null;

const fairseq: Convention = {
  framework: 'fairseq SinusoidalPositionalEmbedding (also Hugging Face M2M100, NLLB, Speech2Text)',
  source: 'facebookresearch/fairseq fairseq/modules/sinusoidal_positional_embedding.py @ 3d262bb',
  parameters: { paddingIdx: { kind: 'index', default: 1 }, pastKeyValuesLength: { kind: 'number', default: 0 } },
  // Without a padding index fairseq numbers positions from 1 all the same
  // (make_positions with padding_idx 0) and stores no zero row.
  point: (p, call) => ({
    ...GEOMETRIC_SPLIT,
    base: 10000,
    maxFrequency: 1,
    oddWidth: 'zeroColumn',
    paddingIdx: p.paddingIdx as number | null,
    offset: num(p.pastKeyValuesLength) + (p.paddingIdx === null && !call.buffer ? 1 : 0),
  }),
  derived: { paddingIdx: 'paddingIdx', offset: 'offset + pastKeyValuesLength' },
  float32: ['torch-geometric'],
  refuses: refusesOneFrequency('fairseq'),
};

export const CONVENTIONS: Readonly<Record<ConventionName, Convention>> = {
  paper: {
    framework: '"Attention Is All You Need", §3.5',
    source: 'arXiv:1706.03762',
    parameters: { base: { kind: 'number', default: 10000 } },
    point: (p) => ({ ...PAPER, base: num(p.base), oddWidth: 'error' }),
    derived: { base: 'base' },
    float32: ['torch-paper'],
  },
  'pytorch-tutorial': {
    framework: 'PyTorch tutorial PositionalEncoding',
    source: 'pytorch/tutorials beginner_source/transformer_tutorial.py @ 00109f5',
    parameters: {},
    point: () => ({ ...PAPER, base: 10000, oddWidth: 'error' }),
    derived: {},
    float32: ['torch-paper'],
  },
  tensor2tensor: {
    framework: 'tensor2tensor get_timing_signal_1d',
    source: 'tensorflow/tensor2tensor tensor2tensor/layers/common_attention.py @ bafdc1b',
    parameters: {
      minTimescale: { kind: 'number', default: 1 },
      maxTimescale: { kind: 'number', default: 1e4 },
      startIndex: { kind: 'number', default: 0 },
    },
    // inv_timescales = min_timescale · exp(−i · ln(max/min)/(h − 1)): from
    // minTimescale down to minTimescale²/maxTimescale (CONVENTIONS.md note 1).
    point: (p) => ({
      ...GEOMETRIC_SPLIT,
      base: num(p.maxTimescale) / num(p.minTimescale),
      maxFrequency: num(p.minTimescale),
      oddWidth: 'zeroColumn',
      offset: num(p.startIndex),
    }),
    derived: { base: 'maxTimescale / minTimescale', maxFrequency: 'minTimescale', offset: 'offset + startIndex' },
    float32: ['tensor2tensor'],
  },
  fairseq,
  m2m100: { ...fairseq, refuses: refusesOneFrequency('m2m100') },
  nllb: { ...fairseq, refuses: refusesOneFrequency('nllb') },
  speech2text: { ...fairseq, refuses: refusesOneFrequency('speech2text') },
  whisper: {
    framework: 'Whisper sinusoids (HF WhisperEncoder.embed_positions copies it)',
    source: 'openai/whisper whisper/model.py @ c0d2f62',
    parameters: { maxTimescale: { kind: 'number', default: 10000 } },
    point: (p) => ({ ...GEOMETRIC_SPLIT, base: num(p.maxTimescale), maxFrequency: 1, oddWidth: 'error', offset: 0 }),
    derived: { base: 'maxTimescale' },
    float32: ['torch-geometric'],
    refuses: (d) =>
      d === 2
        ? `dModel must be at least 4 for convention 'whisper': it divides by channels // 2 − 1 = 0 (NaN values); got 2`
        : null,
  },
  distilbert: {
    framework: 'Hugging Face DistilBERT _create_sinusoidal_embeddings (sinusoidal_pos_embds)',
    source: 'huggingface/transformers src/transformers/models/distilbert/modeling_distilbert.py @ 00b326f',
    parameters: {},
    point: () => ({ ...PAPER, base: 10000, oddWidth: 'extraSine' }),
    derived: {},
    float32: [],
  },
  marian: {
    framework: 'Hugging Face MarianSinusoidalPositionalEmbedding',
    source: 'huggingface/transformers src/transformers/models/marian/modeling_marian.py @ 00b676f',
    parameters: { pastKeyValuesLength: { kind: 'number', default: 0 } },
    point: (p) => ({
      ...PAPER,
      base: 10000,
      layout: 'split',
      oddWidth: 'extraSine',
      offset: num(p.pastKeyValuesLength),
    }),
    derived: { offset: 'offset + pastKeyValuesLength' },
    float32: [],
  },
  mlx: {
    framework: 'MLX nn.SinusoidalPositionalEncoding',
    source: 'ml-explore/mlx python/mlx/nn/layers/positional_encoding.py @ 846d176',
    parameters: {
      minFreq: { kind: 'number', default: 1e-4 },
      maxFreq: { kind: 'number', default: 1 },
      scale: { kind: 'number', default: (dModel) => Math.sqrt(2 / dModel) },
      cosFirst: { kind: 'boolean', default: false },
      fullTurns: { kind: 'boolean', default: false },
    },
    // sigmas = exp(one_zero · (ln max − ln min) + ln min) (× 2π with full_turns).
    point: (p) => ({
      ...GEOMETRIC_SPLIT,
      base: num(p.maxFreq) / num(p.minFreq),
      maxFrequency: num(p.maxFreq) * (p.fullTurns ? 2 * Math.PI : 1),
      order: p.cosFirst ? 'cosSin' : 'sinCos',
      scale: num(p.scale),
      oddWidth: 'error',
      offset: 0,
    }),
    derived: { base: 'maxFreq / minFreq', maxFrequency: 'maxFreq (× 2π with fullTurns)', scale: 'scale' },
    float32: ['mlx', 'mlx-full-turns'],
  },
  'keras-hub': {
    framework: 'keras-hub SinePositionEncoding',
    source: 'keras-team/keras-hub keras_hub/src/layers/modeling/sine_position_encoding.py @ 71453d0',
    parameters: { maxWavelength: { kind: 'number', default: 10000 }, startIndex: { kind: 'number', default: 0 } },
    point: (p) => ({ ...PAPER, base: num(p.maxWavelength), oddWidth: 'extraSine', offset: num(p.startIndex) }),
    derived: { base: 'maxWavelength', offset: 'offset + startIndex' },
    float32: ['keras-hub'],
  },
};

export const CONVENTION_NAMES = Object.keys(CONVENTIONS) as readonly ConventionName[];
