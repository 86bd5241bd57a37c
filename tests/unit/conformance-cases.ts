// The framework fixtures (tests/fixtures/frameworks: float64 numpy
// transcriptions of each framework's code, made by make_fixtures.py) as
// phasor calls: which convention and parameters reproduce each table, and the
// largest difference phasor's float32 table has from the float64 one. Shared
// by tests/unit/conformance.test.ts and tools/conformance-table.mjs (the
// docs/conventions.md's conformance table).
import { readFileSync } from 'node:fs';
import type { EncodeOptions, Phasor } from '../../web/src/core/index.js';

export interface FixtureEntry {
  id: string;
  convention: string;
  kind: string;
  transcription: string;
  params: Record<string, number | string | boolean | null>;
  rows?: number[];
  positions?: number[];
  shape: [number, number];
  offset: number;
  float32?: { offset: number; maxAbsDiff: number };
  note?: string;
}

export interface Fixtures {
  entries: FixtureEntry[];
  bin: ArrayBuffer;
  coincidences: { claim: string; maxAbsDiff: number }[];
}

const dir = new URL('../fixtures/frameworks/', import.meta.url);

export function loadFixtures(): Fixtures {
  const json = JSON.parse(readFileSync(new URL('fixtures.json', dir), 'utf8')) as Omit<Fixtures, 'bin'>;
  const bytes = readFileSync(new URL('fixtures.bin', dir));
  const bin = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { entries: json.entries, coincidences: json.coincidences, bin };
}

/** The entry's float64 values (or the framework's emulated float32 arithmetic). */
export function valuesOf(f: Fixtures, e: FixtureEntry, which: 'float64' | 'float32' = 'float64'): Float64Array {
  const offset = which === 'float64' ? e.offset : e.float32!.offset;
  return new Float64Array(f.bin, offset, e.shape[0] * e.shape[1]);
}

/** One fixture as a phasor call: ph.encode({ ...options, positions }) row r vs fixture row k where rows[k] = r. */
export interface ConformanceCase {
  entry: FixtureEntry;
  /** For docs/conventions.md: the framework, its function and file. */
  framework: string;
  fn: string;
  file: string;
  /** The call without positions (and, for fractional positions, without offset). */
  options: Omit<EncodeOptions, 'positions'>;
  /** Sequence indices of the fixture's rows, or (MLX) the positions themselves. */
  rows: number[];
  fractional: boolean;
}

const p = (e: FixtureEntry, key: string) => e.params[key] as number;
const has = (e: FixtureEntry, key: string) => e.params[key] !== undefined;
const opt = <T>(e: FixtureEntry, key: string, name: string): Record<string, T> =>
  has(e, key) ? { [name]: e.params[key] as T } : {};

const WHO: Record<string, [string, string, string]> = {
  paper: ['"Attention Is All You Need"', '§3.5', 'arXiv:1706.03762'],
  'pytorch-tutorial': ['PyTorch tutorial', 'PositionalEncoding', 'beginner_source/transformer_tutorial.py'],
  tensor2tensor: ['tensor2tensor', 'get_timing_signal_1d', 'tensor2tensor/layers/common_attention.py'],
  fairseq: ['fairseq', 'SinusoidalPositionalEmbedding', 'fairseq/modules/sinusoidal_positional_embedding.py'],
  'hf-m2m100': [
    'HF M2M100 / NLLB / Speech2Text',
    'M2M100SinusoidalPositionalEmbedding',
    'models/m2m_100/modeling_m2m_100.py',
  ],
  whisper: ['Whisper', 'sinusoids', 'whisper/model.py'],
  distilbert: ['HF DistilBERT', '_create_sinusoidal_embeddings', 'models/distilbert/modeling_distilbert.py'],
  marian: ['HF Marian', 'MarianSinusoidalPositionalEmbedding', 'models/marian/modeling_marian.py'],
  mlx: ['MLX', 'nn.SinusoidalPositionalEncoding', 'python/mlx/nn/layers/positional_encoding.py'],
  'keras-hub': ['keras-hub', 'SinePositionEncoding', 'keras_hub/src/layers/modeling/sine_position_encoding.py'],
};

function optionsOf(e: FixtureEntry): Omit<EncodeOptions, 'positions'> {
  const buffer = e.kind === 'buffer' ? { buffer: true } : {};
  switch (e.convention) {
    case 'paper':
      return { convention: 'paper', dModel: p(e, 'd_model'), base: p(e, 'base'), offset: p(e, 'offset') };
    case 'pytorch-tutorial':
      return { convention: 'pytorch-tutorial', dModel: p(e, 'd_model') };
    case 'tensor2tensor':
      return {
        convention: 'tensor2tensor',
        dModel: p(e, 'channels'),
        minTimescale: p(e, 'min_timescale'),
        maxTimescale: p(e, 'max_timescale'),
        startIndex: p(e, 'start_index'),
      };
    case 'fairseq':
      return {
        convention: 'fairseq',
        dModel: p(e, 'embedding_dim'),
        paddingIdx: e.params.padding_idx as number | null,
        ...opt(e, 'offset', 'pastKeyValuesLength'),
        ...buffer,
      };
    case 'hf-m2m100':
      return {
        convention: 'm2m100',
        dModel: p(e, 'embedding_dim'),
        paddingIdx: p(e, 'padding_idx'),
        ...opt(e, 'past_key_values_length', 'pastKeyValuesLength'),
        ...buffer,
      };
    case 'whisper':
      return { convention: 'whisper', dModel: p(e, 'channels'), maxTimescale: p(e, 'max_timescale') };
    case 'distilbert':
      return { convention: 'distilbert', dModel: p(e, 'dim') };
    case 'marian':
      return { convention: 'marian', dModel: p(e, 'dim'), pastKeyValuesLength: p(e, 'past_key_values_length') };
    case 'mlx':
      if (e.params.version !== 'current') {
        // MLX before 05ddf3f…'s fix: odd dims gave 2·(dims//2) columns with
        // the scale √(2/dims) of the odd width (today it refuses odd dims).
        return { convention: 'mlx', dModel: p(e, 'dims') - 1, scale: Math.sqrt(2 / p(e, 'dims')) };
      }
      return {
        convention: 'mlx',
        dModel: p(e, 'dims'),
        ...opt(e, 'min_freq', 'minFreq'),
        ...opt(e, 'max_freq', 'maxFreq'),
        ...opt(e, 'scale', 'scale'),
        ...opt<boolean>(e, 'cos_first', 'cosFirst'),
        ...opt<boolean>(e, 'full_turns', 'fullTurns'),
      };
    case 'keras-hub':
      return {
        convention: 'keras-hub',
        dModel: p(e, 'hidden_size'),
        maxWavelength: p(e, 'max_wavelength'),
        startIndex: p(e, 'start_index'),
      };
    default:
      throw new Error(`no phasor call for fixture convention ${e.convention}`);
  }
}

/** Every sinusoidal table of the fixtures (forward rows and stored buffers). */
export function conformanceCases(f: Fixtures): ConformanceCase[] {
  return f.entries
    .filter((e) => e.kind === 'forward' || e.kind === 'buffer')
    .map((entry) => {
      const [framework, fn, file] = WHO[entry.convention];
      const fractional = entry.rows === undefined;
      return {
        entry,
        framework,
        fn,
        file,
        options: optionsOf(entry),
        rows: (entry.rows ?? entry.positions)!,
        fractional,
      };
    });
}

/** max |phasor − fixture| over the fixture's rows (phasor's float32 table vs the float64 transcription). */
export function maxError(ph: Phasor, c: ConformanceCase, want: Float64Array): number {
  const width = c.entry.shape[1];
  let worst = 0;
  const compare = (got: Float32Array, k: number) => {
    if (got.length !== width)
      throw new Error(`${c.entry.id}: phasor row has ${got.length} values, the fixture ${width}`);
    for (let j = 0; j < width; j++) worst = Math.max(worst, Math.abs(got[j] - want[k * width + j]));
  };
  if (c.fractional) {
    c.rows.forEach((position, k) => compare(ph.encode({ ...c.options, positions: 1, offset: position }).table, k));
  } else {
    const positions = Math.max(...c.rows) + 1;
    const { table } = ph.encode({ ...c.options, positions });
    c.rows.forEach((r, k) => compare(table.subarray(r * width, (r + 1) * width), k));
  }
  return worst;
}

/** The options as a cell of docs/conventions.md shows them. */
export function describeOptions(options: Omit<EncodeOptions, 'positions'>): string {
  return Object.entries(options)
    .filter(([key]) => key !== 'convention')
    .map(
      ([key, value]) =>
        `${key} ${typeof value === 'number' && !Number.isInteger(value) ? Number(value.toPrecision(6)) : String(value)}`,
    )
    .join(', ');
}
