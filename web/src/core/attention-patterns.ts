// The n × n attention pattern at the rows and columns a chart draws
// (cpp/include/phasor/attention_pattern.hpp): pre-softmax scores q_m·k_n,
// additive PE's four terms, and softmax rows over every key (causal or not),
// with the same seeded tokens and projections as attentionScores.
import {
  numbersOption,
  putFloat32,
  putFloat64,
  refuseUnlessValid,
  sample,
  sampleWeights,
  STREAM,
  takeResult,
} from './experiment-inputs.js';
import { putScalingFactors, scalingInput } from './rope-scaling-input.js';
import { enumsOf, limitsOf } from './module-tables.js';
import { OptionReader } from './options.js';
import { type RopeScaling } from './rope-types.js';
import { ATTENTION_KINDS, type AttentionKind } from './attention-types.js';
import type { ExperimentsWasm } from './wasm-module.js';

export interface AttentionPatternOptions {
  kind: AttentionKind;
  /** Positions 0 … n − 1 (at most 4096). */
  n: number;
  dModel: number;
  /** Width of q and k (default dModel). */
  dHead?: number;
  /** Additive PE's base (default 10000). */
  base?: number;
  /** RoPE's θ (default 10000); RoPE turns pairs (i, i + dHead/2). */
  theta?: number;
  scaling?: RopeScaling;
  /** ALiBi's heads and the head drawn (defaults 8 and 0). */
  heads?: number;
  head?: number;
  /** Seed of the random tokens and W_Q, W_K (default 0; the streams of attentionScores). */
  seed?: number;
  tokenStd?: number;
  /** 'shared': one token at every position (RoPE and ALiBi then depend on m − n only); 'random': token m at position m. */
  tokens?: 'shared' | 'random';
  /** Keys after the query masked (default false). */
  causal?: boolean;
  /** Additive PE's four terms too (default true; false is faster: the total is then one dot product). */
  terms?: boolean;
  /** Also the softmax of each drawn row over all its keys (default false). */
  softmax?: boolean;
  /** Query positions drawn (integers in [0, n)); default all. */
  rows?: Float64Array | readonly number[];
  /** Key positions drawn; default all. */
  cols?: Float64Array | readonly number[];
}

/** The pattern's arrays (total, softmax, terms) are views of one buffer. */
export interface AttentionPattern {
  kind: AttentionKind;
  n: number;
  rows: Float64Array;
  cols: Float64Array;
  /** rows × cols pre-softmax scores, row-major; NaN where the causal mask hides the key. */
  total: Float32Array;
  /** rows × cols softmax values (when asked). */
  softmax: Float32Array | null;
  /** Additive PE's four terms, rows × cols each (null for RoPE and ALiBi, or when not asked). */
  terms: {
    contentContent: Float32Array;
    contentPosition: Float32Array;
    positionContent: Float32Array;
    positionPosition: Float32Array;
  } | null;
  /** true when every entry depends on m − n only (a shared token with RoPE or ALiBi). */
  toeplitz: boolean;
}

/** The options attentionPattern reads (any other is refused). */
export const ATTENTION_PATTERN_KEYS = [
  'kind',
  'n',
  'dModel',
  'dHead',
  'base',
  'theta',
  'scaling',
  'heads',
  'head',
  'seed',
  'tokenStd',
  'tokens',
  'causal',
  'softmax',
  'terms',
  'rows',
  'cols',
] as const;

export function attentionPattern(wasm: ExperimentsWasm, options: AttentionPatternOptions): AttentionPattern {
  const fn = 'attentionPattern';
  const o = new OptionReader(fn, options, ATTENTION_PATTERN_KEYS);
  if (o.raw('kind') === undefined)
    throw new TypeError(`phasor.${fn}: option 'kind' is required ('additive', 'rope' or 'alibi')`);
  const kind = o.choice('kind', ATTENTION_KINDS, 'additive', enumsOf(wasm).attentionKind);
  const n = o.number('n');
  const dModel = o.number('dModel');
  const dHead = o.number('dHead', dModel);
  // Both are checked by the core whatever the kind (a wrong one is never ignored); the kind's one is used.
  const base = o.number('base', 10000);
  const theta = o.number('theta', 10000);
  const scaling = scalingInput(wasm, fn, o);
  const heads = o.number('heads', 8);
  const head = o.number('head', 0);
  const seed = o.number('seed', 0);
  const tokenStd = o.number('tokenStd', 1);
  const tokens = o.choice('tokens', ['shared', 'random'] as const, 'shared').name;
  const causal = o.boolean('causal', false);
  const softmax = o.boolean('softmax', false);
  const terms = o.boolean('terms', true) && kind.name === 'additive';
  const max = limitsOf(wasm).maxAttentionPositions;
  const all = () => Float64Array.from({ length: Number.isInteger(n) && n >= 1 && n <= max ? n : 0 }, (_, i) => i);
  const rows = numbersOption(o, fn, 'rows', false, max) ?? all();
  const cols = numbersOption(o, fn, 'cols', false, max) ?? all();

  const call = (validateOnly: boolean) =>
    wasm.attentionPattern(
      kind.code,
      n,
      dModel,
      dHead,
      base,
      theta,
      heads,
      head,
      tokens === 'shared',
      causal,
      softmax,
      terms,
      scaling.record,
      seed,
      tokenStd,
      o.has('dHead') ? 'dHead' : 'dModel',
      validateOnly,
    );
  const putPositions = () => {
    wasm.releaseInputs();
    putFloat64(wasm, fn, 'positions', rows);
    putFloat64(wasm, fn, 'keyPositions', cols);
    putScalingFactors(wasm, fn, scaling);
  };
  // The options, rows, cols and the work first: nothing is drawn for a call the
  // core refuses, so a refusal comes at once whatever the size asked.
  putPositions();
  refuseUnlessValid(wasm, fn, call(true));

  // Weights and tokens from the seed, as attentionScores draws them.
  const wq = sampleWeights(wasm, fn, { seed, stream: STREAM.wq, count: dModel * dHead, std: 1 / Math.sqrt(dModel) });
  const wk = sampleWeights(wasm, fn, { seed, stream: STREAM.wk, count: dModel * dHead, std: 1 / Math.sqrt(dModel) });
  const tokenRows = sample(wasm, fn, {
    seed,
    stream: STREAM.tokens,
    count: (tokens === 'shared' ? 1 : n) * dModel,
    std: tokenStd,
    seedName: 'seed',
    stdName: 'tokenStd',
  });

  putPositions();
  putFloat32(wasm, fn, 'tokens', tokenRows);
  putFloat32(wasm, fn, 'wq', wq);
  putFloat32(wasm, fn, 'wk', wk);
  const packed = takeResult(wasm, fn, call(false));
  const grid = rows.length * cols.length;
  // Views of the one copy out of wasm memory (a second copy per block was a tenth of a drawn panel's time).
  const block = (b: number) => packed.subarray(b * grid, (b + 1) * grid);
  const first = softmax ? 2 : 1;
  return {
    kind: kind.name,
    n,
    rows,
    cols,
    total: block(0),
    softmax: softmax ? block(1) : null,
    terms: terms
      ? {
          contentContent: block(first),
          contentPosition: block(first + 1),
          positionContent: block(first + 2),
          positionPosition: block(first + 3),
        }
      : null,
    toeplitz: tokens === 'shared' && kind.name !== 'additive',
  };
}
