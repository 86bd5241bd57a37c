// Writes the seed corpus of the libFuzzer harness (tests/fuzz/corpus/): for
// each entry point a few calls the way the API makes them, encoded as
// fuzz_input.hpp reads them. Regenerate after adding a target:
//   node tests/fuzz/make-seeds.mjs
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';

const dir = new URL('./corpus/', import.meta.url);

// fuzz_input.hpp: tag 0 = 8 raw bytes (little-endian float64), tag 1 = int16.
function num(v) {
  if (Number.isInteger(v) && v >= -32768 && v <= 32767) {
    const b = new Uint8Array(3);
    b[0] = 1;
    new DataView(b.buffer).setInt16(1, v, true);
    return [...b];
  }
  const b = new Uint8Array(9);
  new DataView(b.buffer).setFloat64(1, v, true);
  return [...b];
}
const nums = (...values) => values.flatMap(num);
const byte = (v) => [v];
const list = (values) => [values.length, ...nums(...values)];
// A scaling record as fuzz_input reads it (scaling_record.hpp's fields in
// order; the booleans are bytes): type, factor, originalLength,
// hasSequenceLength, sequenceLength, betaFast, betaSlow, truncate,
// lowFreqFactor, highFreqFactor, hasAttentionFactor, attentionFactor, mscale,
// mscaleAllDim, then longrope's short and long factor lists.
const scaling = (
  type,
  factor = 1,
  length = 0,
  sequence = 0,
  { mscale = 0, mscaleAllDim = 0, short = [], long = [] } = {},
) => [
  ...nums(type, factor, length),
  ...byte(sequence ? 1 : 0),
  ...nums(sequence, 32, 1),
  ...byte(1),
  ...nums(1, 4),
  ...byte(0),
  ...nums(0, mscale, mscaleAllDim),
  ...list(short),
  ...list(long),
];

const seeds = {
  'encode-paper': [0, ...nums(5, 4, 10000, 0, 0, 0)],
  'encode-split-tensor2tensor-offset': [0, ...nums(1100, 6, 777.5, -3.25, 1, 1)],
  'encode-near-the-position-limit': [0, ...nums(3, 8, 10000, 2147483645, 0, 0)],
  frequencies: [1, ...nums(512, 10000, 1)],
  'dot-by-offset': [2, ...nums(64, 10000, 1030, 0)],
  'offset-row-l2': [3, ...nums(70, 40, 10000, 0, 0)],
  'offset-row-cosine': [3, ...nums(33, 16, 100, 2, 1)],
  'pairwise-cosine': [4, ...nums(5, 7, 2), ...nums(...Array.from({ length: 35 }, (_, i) => Math.sin(i) * 3))],
  rotation: [5, ...nums(100, 16, 10000, 0, 5, 0, 0)],
  'rotation-split-far': [5, ...nums(50, 8, 500, 2147480000, -7.5, 1, 1)],
  'rope-yarn': [6, ...nums(8, 10000, 1, 1), ...scaling(4, 16, 4096), ...list([0, 1, 4095])],
  'rope-llama3-adjacent': [6, ...nums(16, 500000, 0, 0), ...scaling(5, 8, 8192), ...list([0, 9000])],
  'rope-dynamic-ntk': [6, ...nums(16, 10000, 1, 0), ...scaling(3, 4, 4096, 16384), ...list([5])],
  'attention-additive': [
    7,
    ...nums(0, 8, 4, 10000, 1, 1, 1, 8, 0),
    0,
    0,
    ...scaling(0),
    ...list([0, 1, 2]),
    ...list([0, 5]),
  ],
  'attention-rope-permuted': [
    7,
    ...nums(1, 8, 4, 10000, 1, 1, 0, 8, 0),
    1,
    0,
    ...scaling(1, 2),
    ...list([3, 4]),
    ...list([1]),
  ],
  'attention-alibi-by-offset': [
    7,
    ...nums(2, 4, 4, 10000, 1, 1, 1, 12, 9),
    0,
    1,
    ...scaling(0),
    ...list([0, 100]),
    ...list([-3, 0, 3]),
  ],
  'small-experiments': [8, ...nums(12, 42, 1, 101, 1, 16, 10000, 3, 2, 2.5)],
  'shift-fit-log-phase': [9, ...nums(4, 8, 10000, 2, 50, 0, 1, 10)],
  'shift-fit-sine-only': [9, ...nums(1, 6, 100, 3, 40, 1, 2, 0)],
  'encode-table-fairseq-odd-buffer': [11, ...nums(40, 9, 10000, 0, 1, 1, 0, 1, 1, 1, 1), 1, 1],
  'encode-table-mlx-cos-first-scaled': [11, ...nums(50, 16, 10000, 0, 1, 1, 1, 0, 6.283185307179586, 0.35, 0), 0, 0],
  'encode-table-keras-extra-sine': [11, ...nums(1100, 7, 100, 1000, 0, 0, 0, 2, 1, 1, 0), 0, 0],
  // identify: rows, cols, the source (0 values, 1 an encode() table, 2 one with a value changed), then its inputs.
  'identify-paper-split-cos-first': [12, ...nums(32, 16), 1, ...nums(9990), 1, 1],
  'identify-one-value-changed': [12, ...nums(20, 8), 2, ...nums(9990), 0, 0, 37, ...nums(0.001)],
  'identify-noise': [12, ...nums(4, 3), 0, ...nums(...Array.from({ length: 12 }, (_, i) => Math.sin(3 * i)))],
  // Found by the fuzzer (UBSan: log2 of a zero scale in identify_verify.cpp), kept as a regression.
  'identify-zero-scale': [...Buffer.from('DHwEAC8QEAx8BAAvEBAREBAnAAFZAQABAQCdCgA=', 'base64')],
  // Found by the fuzzer: a value of 2e193 made identify's rms error overflow.
  'identify-huge-values': [
    ...Buffer.from(
      'DAEEAAEDAAABAAAAW9W2bTgQwj8AwKKwivHh0b8AkS8MNiZgAAD9GGXX95or4b8A6MLOcSjP5D8AJx4TaBYI6L8A7dewC+LF6j8ADhQZeX/67L/7ADC65bChmu4/AD2QHH/0ne+/ADhiQShH/+8/',
      'base64',
    ),
  ],
  // identifyRope: kind (0 cache, 1 inv_freq, 2 rotated rows), source (0 numbers, 1 a RoPE, 2 one value
  // changed), rows, width, theta, counting positions, bfloat16, then the kind's inputs, headDim.
  'identify-rope-cache': [15, 0, 1, ...nums(40, 16, 10000), 1, 0, 0, ...nums(0)],
  'identify-rope-bfloat16-cache': [15, 0, 1, ...nums(64, 32, 500000), 1, 1, 1, ...nums(64)],
  'identify-rope-inv-freq': [15, 1, 1, ...nums(2, 64, 1000000), 1, 0, 0, ...nums(0)],
  'identify-rope-rotated-changed': [15, 2, 2, ...nums(20, 8, 10000), 1, 0, 5, ...nums(0.25), 1, 0, ...nums(0)],
  // Found by the fuzzer: a bfloat16 cache of theta 10 at width 256 went unnamed (its fitted base 9.99998
  // missed the bound; the roundest number near a fit is offered since), kept as a regression.
  'identify-rope-theta-10-bfloat16': [...Buffer.from('/wwBEQABEAABGPz//wEGJwEB', 'base64')],
  // ropeDecay / ropeRandomScores: dModel, base, maxDistance, samples, seed, the scaling.
  'rope-decay-plain': [13, ...nums(16, 10000, 64, 8, 3), ...scaling(0)],
  'rope-decay-yarn-mscale': [
    13,
    ...nums(8, 10000, 40, 4, 9),
    ...scaling(4, 4, 32, 0, { mscale: 1, mscaleAllDim: 0.5 }),
  ],
  'rope-decay-longrope': [
    13,
    ...nums(8, 10000, 30, 2, 1),
    ...scaling(6, 4, 16, 64, { short: [1, 1.5, 2, 3], long: [2, 3, 4, 6] }),
  ],
  // attentionPattern: kind, n, dModel, dHead, base, heads, head, shared, causal, softmax, the scaling, rows, cols.
  'pattern-rope-toeplitz-softmax': [
    14,
    ...nums(1, 12, 8, 4, 10000, 8, 0),
    1,
    1,
    1,
    ...scaling(0),
    ...list([0, 5, 11]),
    ...list([0, 3, 11]),
  ],
  'pattern-additive-terms': [
    14,
    ...nums(0, 6, 4, 4, 10000, 8, 0),
    0,
    0,
    0,
    ...scaling(0),
    ...list([0, 2, 5]),
    ...list([1, 4]),
  ],
  'pattern-alibi-causal': [
    14,
    ...nums(2, 9, 4, 4, 10000, 8, 3),
    1,
    1,
    0,
    ...scaling(0),
    ...list([0, 8]),
    ...list([0, 4, 8]),
  ],
  'norms-and-resolution': [
    10,
    ...nums(8, 6, 10, 10000),
    ...nums(...Array.from({ length: 48 }, (_, i) => Math.cos(i))),
    ...list([10, 10000]),
    ...list([30, 200]),
    ...nums(2),
  ],
};

mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) rmSync(new URL(name, dir));
for (const [name, bytes] of Object.entries(seeds)) writeFileSync(new URL(name, dir), Uint8Array.from(bytes));
console.log(`wrote ${Object.keys(seeds).length} seeds to tests/fuzz/corpus/`);
