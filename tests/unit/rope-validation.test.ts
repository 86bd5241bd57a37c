import { beforeAll, describe, expect, test } from 'vitest';
import { createPhasor, type Phasor } from '../../web/src/core/index.js';

let ph: Phasor;
beforeAll(async () => {
  ph = await createPhasor({ experiments: true });
});

const rows8 = new Float32Array(16);
const attention = { dModel: 8, positions: 4 };

// Each case: the call, the error class, and what its message must say.
const cases: [string, () => unknown, ErrorConstructor, RegExp][] = [
  [
    'rope rows as an array',
    () => ph.rope({ rows: [1, 2] as never, dim: 2 }),
    TypeError,
    /phasor\.rope: rows must be a plain Float32Array/,
  ],
  [
    'rope odd dim',
    () => ph.rope({ rows: new Float32Array(14), dim: 7 }),
    RangeError,
    /phasor\.rope: dim must be an even integer in \[2, 65536\]; got 7/,
  ],
  [
    'rope rows not a multiple of dim',
    () => ph.rope({ rows: new Float32Array(5), dim: 2 }),
    RangeError,
    /rows\.length \(5\) must be a positive multiple of dim/,
  ],
  [
    'rope theta 1',
    () => ph.rope({ rows: rows8, dim: 8, theta: 1 }),
    RangeError,
    /phasor\.rope: theta must be a finite number in \(1, 1e\+300\]; got 1/,
  ],
  [
    'rope NaN position',
    () => ph.rope({ rows: rows8, dim: 8, positions: [0, NaN] }),
    RangeError,
    /positions\[1\] must be a finite number in \[-2147483648, 2147483648\]; got NaN/,
  ],
  [
    'rope position beyond 2^31',
    () => ph.rope({ rows: rows8, dim: 8, positions: [0, 2 ** 32] }),
    RangeError,
    /positions\[1\] must be a finite number/,
  ],
  [
    'rope too few positions',
    () => ph.rope({ rows: rows8, dim: 8, positions: [0] }),
    RangeError,
    /positions\.length \(1\) must equal the number of rows \(2\)/,
  ],
  [
    'rope positions as a string',
    () => ph.rope({ rows: rows8, dim: 8, positions: '0,1' as never }),
    TypeError,
    /positions must be a Float64Array or an array of numbers/,
  ],
  [
    'rope unknown pairing',
    () => ph.rope({ rows: rows8, dim: 8, pairing: 'interleaved' as never }),
    RangeError,
    /pairing must be one of 'adjacent', 'half'; got "interleaved"/,
  ],
  [
    'unknown scaling type',
    () => ph.rope({ rows: rows8, dim: 8, scaling: { type: 'xpos' as never } }),
    RangeError,
    /scaling\.type must be one of 'none', 'linear', 'ntk', 'dynamic-ntk', 'yarn', 'llama3', 'longrope', 'proportional'; got "xpos"/,
  ],
  [
    'scaling factor below 1',
    () => ph.rope({ rows: rows8, dim: 8, scaling: { type: 'linear', factor: 0.5 } }),
    RangeError,
    /scaling\.factor must be a finite number in \[1, 1000000\]; got 0\.5/,
  ],
  [
    'scaling without factor',
    () => ph.rope({ rows: rows8, dim: 8, scaling: { type: 'ntk' } }),
    TypeError,
    /option 'scaling\.factor' is required for scaling\.type 'ntk'/,
  ],
  [
    'yarn without originalLength',
    () => ph.ropeFrequencies({ dim: 8, scaling: { type: 'yarn', factor: 4 } }),
    TypeError,
    /option 'scaling\.originalLength' is required/,
  ],
  [
    'misspelt scaling option',
    () => ph.ropeFrequencies({ dim: 8, scaling: { type: 'linear', factor: 2, Factor: 3 } as never }),
    TypeError,
    /unknown option 'scaling\.Factor'/,
  ],
  [
    'llama3 bands reversed',
    () =>
      ph.ropeFrequencies({
        dim: 8,
        scaling: { type: 'llama3', factor: 8, originalLength: 8192, lowFreqFactor: 4, highFreqFactor: 1 },
      }),
    RangeError,
    /scaling\.highFreqFactor must be at least scaling\.lowFreqFactor; got 1 and 4/,
  ],
  [
    'yarn betas reversed',
    () =>
      ph.ropeFrequencies({
        dim: 8,
        scaling: { type: 'yarn', factor: 8, originalLength: 8192, betaFast: 1, betaSlow: 32 },
      }),
    RangeError,
    /scaling\.betaFast must be greater than scaling\.betaSlow/,
  ],
  [
    'NTK at dim 2',
    () => ph.ropeFrequencies({ dim: 2, scaling: { type: 'ntk', factor: 2 } }),
    RangeError,
    /dim must be at least 4 for NTK scaling/,
  ],
  [
    'longrope with too few factors',
    () =>
      ph.ropeFrequencies({
        dim: 8,
        scaling: { type: 'longrope', factor: 4, originalLength: 64, shortFactor: [1, 1, 1], longFactor: [2, 2, 2, 2] },
      }),
    RangeError,
    /scaling\.shortFactor must hold dim\/2 = 4 values \(one per pair\); got 3/,
  ],
  [
    'longrope factors sized by rotaryDim',
    () =>
      ph.rope({
        rows: new Float32Array(16),
        dim: 16,
        rotaryDim: 8,
        scaling: {
          type: 'longrope',
          factor: 4,
          originalLength: 64,
          shortFactor: [1, 1, 1, 1],
          longFactor: [2, 2, 2, 2, 2, 2, 2, 2],
        },
      }),
    RangeError,
    /scaling\.longFactor must hold rotaryDim\/2 = 4 values \(one per pair\); got 8/,
  ],
  [
    'longrope factor 0',
    () =>
      ph.ropeFrequencies({
        dim: 4,
        scaling: { type: 'longrope', factor: 4, originalLength: 64, shortFactor: [1, 0], longFactor: [2, 2] },
      }),
    RangeError,
    /scaling\.shortFactor\[1\] must be a finite number in \[1e-6, 1000000\]; got 0/,
  ],
  [
    'longrope without longFactor',
    () =>
      ph.ropeFrequencies({ dim: 4, scaling: { type: 'longrope', factor: 4, originalLength: 64, shortFactor: [1, 1] } }),
    TypeError,
    /option 'scaling\.longFactor' is required for scaling\.type 'longrope' \(one factor per pair, rotaryDim\/2 numbers\)/,
  ],
  [
    'longrope factors as a string',
    () =>
      ph.ropeFrequencies({
        dim: 4,
        scaling: { type: 'longrope', factor: 4, originalLength: 64, shortFactor: '1,1' as never, longFactor: [1, 1] },
      }),
    TypeError,
    /scaling\.shortFactor must be a Float64Array or an array of numbers/,
  ],
  [
    'longrope without factor or maxPositionEmbeddings',
    () =>
      ph.ropeFrequencies({
        dim: 4,
        scaling: { type: 'longrope', originalLength: 64, shortFactor: [1, 1], longFactor: [1, 1] },
      }),
    TypeError,
    /option 'scaling\.factor' is required for scaling\.type 'longrope'/,
  ],
  [
    'negative mscale',
    () =>
      ph.ropeFrequencies({
        dim: 8,
        scaling: { type: 'yarn', factor: 40, originalLength: 4096, mscale: -1, mscaleAllDim: 1 },
      }),
    RangeError,
    /scaling\.mscale must be a finite number in \[1e-6, 1000000\]; got -1/,
  ],
  [
    'mscaleAllDim NaN',
    () =>
      ph.ropeFrequencies({
        dim: 8,
        scaling: { type: 'yarn', factor: 40, originalLength: 4096, mscale: 1, mscaleAllDim: NaN },
      }),
    RangeError,
    /scaling\.mscaleAllDim must be a finite number/,
  ],
  [
    'explicit sequenceLength 0',
    () =>
      ph.ropeFrequencies({
        dim: 8,
        scaling: { type: 'dynamic-ntk', factor: 2, originalLength: 64, sequenceLength: 0 },
      }),
    RangeError,
    /scaling\.sequenceLength must be a finite number in \[1, 2147483648\]; got 0/,
  ],
  [
    'odd rotaryDim',
    () => ph.rope({ rows: rows8, dim: 8, rotaryDim: 3 }),
    RangeError,
    /rotaryDim must be even \(it rotates pairs\); got 3/,
  ],
  [
    'rotaryDim above dim',
    () => ph.ropeFrequencies({ dim: 8, rotaryDim: 10 }),
    RangeError,
    /rotaryDim must be an integer in \[2, 8\]; got 10/,
  ],
  [
    'unknown ropeDims',
    () => ph.rope({ rows: rows8, dim: 8, ropeDims: 'middle' as never }),
    RangeError,
    /ropeDims must be one of 'first', 'last'; got "middle"/,
  ],
  [
    'unknown preset',
    () => ph.ropeFrequencies({ preset: 'llama-4' as never }),
    RangeError,
    /preset must be one of 'llama-2-7b', .*'phi-2', .*'ministral-3-3b-2512'; got "llama-4"/,
  ],
  [
    'two names for one length',
    () =>
      ph.ropeFrequencies({
        dim: 8,
        scaling: { type: 'yarn', factor: 4, originalLength: 4096, originalMaxPositionEmbeddings: 2048 },
      }),
    RangeError,
    /scaling\.originalLength and scaling\.originalMaxPositionEmbeddings name the same length; got 4096 and 2048/,
  ],
  [
    'preset rows of the wrong width',
    () => ph.rope({ preset: 'phi-2', rows: new Float32Array(64) }),
    RangeError,
    /rows\.length \(64\) must be a positive multiple of dim \(80\)/,
  ],
  [
    'attention without kind',
    () => ph.attentionScores({ ...attention } as never),
    TypeError,
    /phasor\.attentionScores: option 'kind' is required/,
  ],
  [
    'attention unknown kind',
    () => ph.attentionScores({ kind: 'relative' as never, ...attention }),
    RangeError,
    /kind must be one of 'additive', 'rope', 'alibi'; got "relative"/,
  ],
  [
    'RoPE with odd dHead',
    () => ph.attentionScores({ kind: 'rope', dModel: 8, dHead: 7, positions: 4 }),
    RangeError,
    /dHead must be even for RoPE \(its slots turn in pairs\); got 7/,
  ],
  [
    'additive with odd dModel',
    () => ph.attentionScores({ kind: 'additive', dModel: 7, positions: 4 }),
    RangeError,
    /dModel must be an even integer in \[2, 65536\]; got 7/,
  ],
  [
    'NaN dModel',
    () => ph.attentionScores({ kind: 'rope', dModel: NaN, positions: 4 }),
    RangeError,
    /dModel must be an integer in \[1, 4096\]; got NaN/,
  ],
  [
    'ALiBi head out of range',
    () => ph.attentionScores({ kind: 'alibi', ...attention, heads: 8, head: 8 }),
    RangeError,
    /head must be an integer in \[0, 7\]; got 8/,
  ],
  [
    'too many positions',
    () => ph.attentionScores({ kind: 'rope', dModel: 8, positions: 5000 }),
    RangeError,
    /positions must be an integer in \[1, 4096\] or an array of positions; got 5000/,
  ],
  [
    'too much work',
    () =>
      ph.attentionScores({
        kind: 'rope',
        dModel: 8,
        dHead: 4096,
        positions: 4096,
        wq: new Float32Array(8 * 4096),
        wk: new Float32Array(8 * 4096),
        tokens: 'shared',
      }),
    RangeError,
    /the work of one call, \(queries x keys \+ \(queries \+ keys\) x dModel\) x dHead, must be at most 1073741824/,
  ],
  [
    'weights of the wrong size',
    () => ph.attentionScores({ kind: 'rope', ...attention, wq: new Float32Array(3) }),
    RangeError,
    /wq \(dModel x dHead\) must hold 64 values; got 3/,
  ],
  [
    'identity weights with dHead ≠ dModel',
    () => ph.attentionScores({ kind: 'rope', ...attention, dHead: 4, wq: 'identity' }),
    RangeError,
    /wq 'identity' needs dHead equal to dModel/,
  ],
  [
    'weights as an array',
    () => ph.attentionScores({ kind: 'rope', ...attention, wk: [1] as never }),
    TypeError,
    /wk must be 'random', 'identity' or a Float32Array \(dModel × dHead values\); got an array/,
  ],
  [
    'tokens of the wrong size',
    () => ph.attentionScores({ kind: 'rope', ...attention, tokens: new Float32Array(5) }),
    RangeError,
    /tokens \(positions\.length x dModel\) must hold 32 values; got 5/,
  ],
  [
    'tokens as a number',
    () => ph.attentionScores({ kind: 'rope', ...attention, tokens: 3 as never }),
    TypeError,
    /tokens must be 'random', 'shared' or a Float32Array \(queries × dModel values\); got 3/,
  ],
  [
    'negative seed',
    () => ph.attentionScores({ kind: 'rope', ...attention, seed: -1 }),
    RangeError,
    /seed must be an integer in \[0, 9007199254740991\]; got -1/,
  ],
  [
    'NaN key position',
    () => ph.attentionScores({ kind: 'rope', ...attention, keyPositions: [0, NaN], tokens: 'shared' }),
    RangeError,
    /keyPositions\[1\] must be a finite number/,
  ],
  [
    'scoreByOffset without anchors',
    () => ph.scoreByOffset({ kind: 'rope', dModel: 8, maxOffset: 4 } as never),
    TypeError,
    /option 'anchors' is required/,
  ],
  [
    'scoreByOffset too many offsets',
    () => ph.scoreByOffset({ kind: 'rope', dModel: 8, anchors: [0], maxOffset: 5000 }),
    RangeError,
    /1 ≤ maxOffset − minOffset \+ 1 ≤ 4096/,
  ],
  [
    'scoreByOffset infinite anchor',
    () => ph.scoreByOffset({ kind: 'rope', dModel: 8, anchors: [Infinity], maxOffset: 2 }),
    RangeError,
    /anchors\[0\] must be a finite number/,
  ],
  [
    'alibiSlopes zero heads',
    () => ph.alibiSlopes({ heads: 0 }),
    RangeError,
    /phasor\.alibiSlopes: heads must be an integer in \[1, 1024\]; got 0/,
  ],
  [
    'shiftFit unknown encoding',
    () => ph.shiftFit({ encoding: 'cosine-only' as never, dModel: 8, k: 1, positions: 4 }),
    RangeError,
    /encoding must be one of 'sinusoidal', 'sine-only', 'linear-frequencies', 'quadratic-phase', 'log-phase'/,
  ],
  [
    'shiftFit dModel over 128',
    () => ph.shiftFit({ encoding: 'sinusoidal', dModel: 130, k: 1, positions: 4 }),
    RangeError,
    /dModel must be an even integer in \[2, 128\] for shiftFit; got 130/,
  ],
  [
    'shiftFit log of −1',
    () => ph.shiftFit({ encoding: 'log-phase', dModel: 8, k: 1, positions: 4, offset: -2 }),
    RangeError,
    /log-phase needs every p and p \+ k above -1/,
  ],
  [
    'shiftFit zero stride',
    () => ph.shiftFit({ encoding: 'sinusoidal', dModel: 8, k: 1, positions: 4, stride: 0 }),
    RangeError,
    /stride must be a finite number in \(0, 2147483648\]; got 0/,
  ],
  [
    'shiftFit without k',
    () => ph.shiftFit({ encoding: 'sinusoidal', dModel: 8, positions: 4 } as never),
    TypeError,
    /option 'k' is required/,
  ],
  [
    'sineCollision dimension out of range',
    () => ph.sineCollision({ dModel: 8, dimension: 8, position: 1 }),
    RangeError,
    /dimension must be an integer in \[0, 7\]; got 8/,
  ],
  [
    'embeddingScale odd dModel',
    () => ph.embeddingScale({ dModel: 3, positions: 2 }),
    RangeError,
    /phasor\.embeddingScale: dModel must be an even integer/,
  ],
  [
    'embeddingScale tokens of the wrong size',
    () => ph.embeddingScale({ dModel: 4, positions: 2, tokens: new Float32Array(3) }),
    RangeError,
    /tokens \(positions x dModel\) must hold 8 values; got 3/,
  ],
  [
    'positionResolution base 1',
    () => ph.positionResolution({ dModel: 8, bases: [1], lengths: [10] }),
    RangeError,
    /bases\[0\] must be a finite number in \(1, 1e\+300\]; got 1/,
  ],
  [
    'positionResolution no lengths',
    () => ph.positionResolution({ dModel: 8, bases: [100], lengths: [] }),
    RangeError,
    /bases and lengths must not be empty/,
  ],
  [
    'positionResolution length 1',
    () => ph.positionResolution({ dModel: 8, bases: [100], lengths: [1] }),
    RangeError,
    /lengths\[0\] must be an integer in \[2, 67108864\]; got 1/,
  ],
  [
    'normalSamples fractional count',
    () => ph.normalSamples({ seed: 1, count: 2.5 }),
    RangeError,
    /count must be an integer in \[0, 16777216\]; got 2\.5/,
  ],
  [
    'normalSamples negative first',
    () => ph.normalSamples({ seed: 1, count: 2, first: -1 }),
    RangeError,
    /first must be an integer in \[0, 9007199254740991\]; got -1/,
  ],
  [
    'normalSamples NaN first',
    () => ph.normalSamples({ seed: 1, count: 2, first: NaN }),
    RangeError,
    /first must be an integer in \[0, 9007199254740991\]; got NaN/,
  ],
];

describe('invalid options for the RoPE and attention API', () => {
  for (const [what, call, type, message] of cases) {
    test(`${what} throws ${type.name} naming the option and range, and the module keeps working`, () => {
      expect(call).toThrow(type);
      expect(call).toThrow(message);
      const out = ph.rope({ rows: new Float32Array([1, 0]), dim: 2, positions: [1] });
      expect(Array.from(out)).toEqual([Math.fround(Math.cos(1)), Math.fround(Math.sin(1))]);
      const s = ph.attentionScores({
        kind: 'rope',
        dModel: 2,
        positions: [0, 1],
        tokens: new Float32Array([1, 0]),
        wq: 'identity',
        wk: 'identity',
      });
      expect(s.total[1]).toBeCloseTo(Math.cos(1), 6);
    });
  }
});
