// The work table (`npm run bench:limits`): for each public function, the
// valid calls that do the most work its limits allow, sizes read from
// ph.limits so the table follows the core's limits.hpp. Each case builds its
// options (the large arrays once), and the launcher (limits.mjs) times the
// call. Where a function's cost depends on the shape as well as the size,
// the shapes at the corners of its limits are each a case; the table names
// the slowest.
import type { Phasor } from '../../web/src/core/index.js';

export interface LimitCase {
  fn: keyof Phasor & string;
  /** What is at its limit, in words. */
  shape: string;
  options(ph: Phasor): object;
}

/** The paper's table, rows × d, row-major (float32): a table identify matches. */
function paperTable(rows: number, d: number): Float32Array {
  const out = new Float32Array(rows * d);
  for (let i = 0; i < d / 2; i++) {
    const w = 10000 ** ((-2 * i) / d);
    for (let p = 0; p < rows; p++) {
      out[p * d + 2 * i] = Math.sin(p * w);
      out[p * d + 2 * i + 1] = Math.cos(p * w);
    }
  }
  return out;
}

const noise = (n: number) => Float32Array.from({ length: n }, (_, i) => Math.sin(i * 12.9898) * 0.5);
const range = (n: number) => Float64Array.from({ length: n }, (_, i) => i);

export const LIMIT_CASES: LimitCase[] = [
  // The PE core: results within 256 MiB (2^26 float32 values).
  { fn: 'encode', shape: '8192 × 8192 (the 256 MiB result cap)', options: () => ({ positions: 8192, dModel: 8192 }) },
  { fn: 'encode', shape: '2^24 positions × 4 (256 MiB)', options: () => ({ positions: 2 ** 24, dModel: 4 }) },
  {
    fn: 'encode',
    shape: '2^26 positions × 1 (the longest table, an odd width)',
    options: (ph) => ({ positions: ph.limits.maxPositions, dModel: 1, oddWidth: 'extraSine' }),
  },
  { fn: 'frequencies', shape: 'dModel 65536', options: (ph) => ({ dModel: ph.limits.maxDModel }) },
  {
    fn: 'dotByOffset',
    shape: '(maxOffset + 1) × dModel/2 = 2^28, dModel 65536',
    options: (ph) => ({
      dModel: ph.limits.maxDModel,
      maxOffset: ph.limits.maxDotByOffsetWork / (ph.limits.maxDModel / 2) - 1,
    }),
  },
  {
    fn: 'dotByOffset',
    shape: '(maxOffset + 1) × dModel/2 = 2^28: 2^26 offsets (256 MiB), dModel 8',
    options: (ph) => ({
      dModel: (2 * ph.limits.maxDotByOffsetWork) / (ph.limits.maxOutputBytes / 4),
      maxOffset: ph.limits.maxOutputBytes / 4 - 1,
    }),
  },
  {
    fn: 'distanceMatrix',
    shape: '8192 positions (256 MiB), dModel 65536',
    options: () => ({ positions: 8192, dModel: 65536 }),
  },
  {
    fn: 'similarityMatrix',
    shape: '8192 positions (256 MiB), dModel 65536, cosine',
    options: () => ({ positions: 8192, dModel: 65536, metric: 'cosine' }),
  },
  {
    fn: 'pairwise',
    shape: 'count² × dim = 2^32: 8192 rows of 64 (256 MiB), cosine',
    options: () => ({ rows: noise(8192 * 64), dim: 64, metric: 'cosine' }),
  },
  {
    fn: 'pairwise',
    shape: '8192 rows of 2 (256 MiB), l2',
    options: () => ({ rows: noise(8192 * 2), dim: 2, metric: 'l2' }),
  },
  {
    fn: 'pairwise',
    shape: 'count² × dim = 2^32: 2048 rows of 1024',
    options: () => ({ rows: noise(2048 * 1024), dim: 1024, metric: 'l2' }),
  },
  {
    fn: 'rotation',
    shape: 'dModel 8192 (M_k 256 MiB), positions × dModel = 2^25',
    options: (ph) => ({ dModel: 8192, k: 5, positions: ph.limits.maxRotationWork / 8192 }),
  },
  {
    fn: 'identify',
    shape: '2048 × 1536 = 3 × 2^20 values (its cap), the paper table',
    options: (ph) => ({
      table: paperTable(ph.limits.maxIdentifyValues / 1536, 1536),
      positions: ph.limits.maxIdentifyValues / 1536,
      dModel: 1536,
    }),
  },
  {
    fn: 'identify',
    shape: '2048 × 1536 = 3 × 2^20 values, no encoding',
    options: (ph) => ({
      table: noise(ph.limits.maxIdentifyValues),
      positions: ph.limits.maxIdentifyValues / 1536,
      dModel: 1536,
    }),
  },
  {
    fn: 'identify',
    shape: '3 × 2^19 × 2 = 3 × 2^20 values, the paper table',
    options: (ph) => ({
      table: paperTable(ph.limits.maxIdentifyValues / 2, 2),
      positions: ph.limits.maxIdentifyValues / 2,
      dModel: 2,
    }),
  },
  // The windows (charts' views): results within 256 MiB, sums over the frequencies within 2^28 terms, at most 2^24 bins.
  {
    fn: 'encodeBins',
    shape: '8192 bins × 8192 (256 MiB), stride 2^17',
    options: () => ({ first: 0, stride: 2 ** 17, count: 8192, dModel: 8192 }),
  },
  {
    fn: 'encodeBinColumns',
    shape: '2^24 bins × 4 dimensions (256 MiB), dModel 65536',
    options: () => ({ first: 0, stride: 1, count: 2 ** 24, dModel: 65536, dims: [0, 1, 65534, 65535] }),
  },
  ...(['dotByOffsetBins', 'offsetRowBins'] as const).flatMap((fn): LimitCase[] => [
    {
      fn,
      shape: 'count × dModel/2 = 2^28: 8192 bins, dModel 65536',
      options: (ph) => ({
        first: -(2 ** 30),
        stride: 16,
        count: ph.limits.maxDotByOffsetWork / (65536 / 2),
        dModel: 65536,
      }),
    },
    {
      fn,
      shape: 'count × dModel/2 = 2^28: 2^24 bins (their cap), dModel 32',
      options: (ph) => ({
        first: -(2 ** 30),
        stride: 16,
        count: ph.limits.maxBins,
        dModel: (2 * ph.limits.maxDotByOffsetWork) / ph.limits.maxBins,
      }),
    },
  ]),
  {
    fn: 'measuredDotBins',
    shape: 'count × dModel = 2^24: 256 bins, dModel 65536',
    options: () => ({ first: -(2 ** 30), stride: 16, count: 256, dModel: 65536, p: 7 }),
  },
  {
    fn: 'measuredDotBins',
    shape: 'count × dModel = 2^24: 2^19 bins, dModel 32',
    options: () => ({ first: -(2 ** 30), stride: 16, count: 2 ** 19, dModel: 32, p: 7 }),
  },
  {
    fn: 'rotationWindow',
    shape: 'half of M_k at dModel 8192 (8192 × 4096 float64, 256 MiB)',
    options: () => ({ dModel: 8192, k: 5, row0: 0, col0: 0, rows: 8192, cols: 4096 }),
  },
  { fn: 'rotateEncoding', shape: 'dModel 65536', options: () => ({ dModel: 65536, k: 5, p: 1000 }) },
  {
    fn: 'pairTurn',
    shape: 'dModel 65536, the slowest pair',
    options: () => ({ dModel: 65536, pair: 32767, p: 2 ** 30, k: 2 ** 30 }),
  },
  {
    fn: 'rotationMaxError',
    shape: 'dModel 8192 (M_k 256 MiB), positions × dModel = 2^25',
    options: (ph) => ({ dModel: 8192, k: 5, positions: ph.limits.maxRotationWork / 8192 }),
  },
  // RoPE and attention.
  {
    fn: 'rope',
    shape: 'count × dim = 2^24 (4096 rows of 4096), YaRN',
    options: () => ({
      rows: noise(4096 * 4096),
      dim: 4096,
      positions: range(4096),
      theta: 1e6,
      scaling: { type: 'yarn', factor: 4, originalMaxPositionEmbeddings: 4096 },
    }),
  },
  {
    fn: 'ropeFrequencies',
    shape: 'dim 65536, longrope',
    options: () => ({
      dim: 65536,
      theta: 1e6,
      scaling: {
        type: 'longrope',
        factor: 4,
        originalMaxPositionEmbeddings: 4096,
        shortFactor: new Float64Array(32768).fill(1),
        longFactor: new Float64Array(32768).fill(2),
      },
    }),
  },
  {
    fn: 'ropeFromConfig',
    shape: 'num_hidden_layers 65536 (its cap), Llama 3 scaling',
    options: (ph) => ({
      model_type: 'llama',
      num_hidden_layers: ph.limits.maxConfigLayers,
      hidden_size: 4096,
      num_attention_heads: 32,
      max_position_embeddings: 131072,
      rope_theta: 5e5,
      rope_scaling: {
        rope_type: 'llama3',
        factor: 8,
        low_freq_factor: 1,
        high_freq_factor: 4,
        original_max_position_embeddings: 8192,
      },
    }),
  },
  {
    fn: 'identifyRope',
    shape: '131072 × 128 cos/sin cache, YaRN (θ 1e6, factor 4, L 32768)',
    options: (ph) => {
      const n = 131072;
      const { frequencies: w, attentionFactor: f } = ph.ropeFrequencies({
        dim: 128,
        theta: 1e6,
        scaling: { type: 'yarn', factor: 4, originalMaxPositionEmbeddings: 32768 },
      });
      const cos = new Float32Array(n * 128);
      const sin = new Float32Array(n * 128);
      for (let p = 0; p < n; p++)
        for (let i = 0; i < 64; i++) {
          cos[p * 128 + i] = cos[p * 128 + 64 + i] = f * Math.cos(p * w[i]);
          sin[p * 128 + i] = sin[p * 128 + 64 + i] = f * Math.sin(p * w[i]);
        }
      return { cos, sin, width: 128 };
    },
  },
  {
    fn: 'ropeDecay',
    shape: 'maxDistance 2^24 (its cap), dModel 2',
    options: (ph) => ({ dModel: 2, maxDistance: ph.limits.maxRopeDecayDistance }),
  },
  {
    fn: 'ropeDecay',
    shape: '(maxDistance + 1) × dModel/2 = 2^26 (dModel 4096)',
    options: () => ({ dModel: 4096, maxDistance: 2 ** 15 - 1 }),
  },
  {
    fn: 'ropeRandomScores',
    shape: 'samples × (maxDistance + 1) × dModel = 2^28 (4096 samples, dModel 64)',
    options: () => ({ dModel: 64, maxDistance: 1023, samples: 4096, seed: 1 }),
  },
  {
    fn: 'attentionScores',
    shape: '3276 × 4096 (the scores and four terms within 256 MiB), dModel = dHead = 18, additive, random tokens',
    options: () => ({ kind: 'additive', dModel: 18, positions: 3276, keyPositions: range(4096), tokens: 'random' }),
  },
  {
    fn: 'attentionScores',
    shape: '4096 × 4096, dModel = dHead = 62, RoPE, random tokens',
    options: () => ({ kind: 'rope', dModel: 62, positions: 4096, tokens: 'random' }),
  },
  {
    fn: 'scoreByOffset',
    shape: '1 anchor × 4096 offsets, dModel = dHead = 510, RoPE',
    options: () => ({ kind: 'rope', dModel: 510, anchors: [4096], minOffset: -2048, maxOffset: 2047 }),
  },
  {
    fn: 'scoreByOffset',
    shape: '1 anchor × 4096 offsets, dModel = dHead = 508 (its four terms counted), additive',
    options: () => ({ kind: 'additive', dModel: 508, anchors: [4096], minOffset: -2048, maxOffset: 2047 }),
  },
  {
    fn: 'attentionPattern',
    shape:
      'n 4096, 2730 rows × every column (six matrices within 256 MiB), softmax, random tokens, dModel = dHead = 14, additive with terms',
    options: () => ({
      kind: 'additive',
      n: 4096,
      dModel: 14,
      rows: range(2730),
      tokens: 'random',
      softmax: true,
      terms: true,
    }),
  },
  {
    fn: 'attentionPattern',
    shape: 'n 4096, every row and column, softmax, random tokens, dModel = dHead = 30, additive without terms',
    options: () => ({ kind: 'additive', n: 4096, dModel: 30, tokens: 'random', softmax: true, terms: false }),
  },
  {
    fn: 'attentionPattern',
    shape: 'n 4096, 1024 × 1024 drawn, softmax, shared token, dModel = dHead = 160, additive without terms',
    options: () => ({
      kind: 'additive',
      n: 4096,
      dModel: 160,
      softmax: true,
      terms: false,
      rows: range(1024).map((i) => 4 * i),
      cols: range(1024).map((i) => 4 * i),
    }),
  },
  {
    fn: 'attentionPattern',
    shape: 'n 4096, every row and column, softmax, random tokens, dModel = dHead = 30, RoPE',
    options: () => ({ kind: 'rope', n: 4096, dModel: 30, tokens: 'random', softmax: true }),
  },
  { fn: 'alibiSlopes', shape: '1024 heads', options: (ph) => ({ heads: ph.limits.maxAlibiHeads }) },
  { fn: 'normalSamples', shape: '2^24 samples', options: (ph) => ({ seed: 1, count: ph.limits.maxNormalSamples }) },
  { fn: 'standardNormals', shape: '2^24 samples', options: (ph) => ({ seed: 1, count: ph.limits.maxNormalSamples }) },
  {
    fn: 'shiftFit',
    shape: 'dModel 128, 4096 positions, 4096 extrapolated',
    options: (ph) => ({
      encoding: 'sinusoidal',
      dModel: ph.limits.maxShiftFitDModel,
      k: 3,
      positions: ph.limits.maxShiftFitPositions,
      extrapolate: ph.limits.maxShiftFitPositions,
    }),
  },
  {
    fn: 'sineCollision',
    shape: 'dModel 65536',
    options: () => ({ dModel: 65536, dimension: 65534, position: 2 ** 31 }),
  },
  {
    fn: 'embeddingScale',
    shape: 'positions × dModel = 2^24 (4096 × 4096), tokens drawn',
    options: () => ({ dModel: 4096, positions: 4096 }),
  },
  {
    fn: 'positionResolution',
    shape: '64 bases × the longest length × dModel/2 = 2^28',
    options: () => ({
      dModel: 64,
      bases: Float64Array.from({ length: 64 }, (_, i) => 100 * 1.2 ** i),
      lengths: Float64Array.from({ length: 64 }, (_, i) => Math.round((2 ** 17 * (i + 1)) / 64)),
    }),
  },
];
