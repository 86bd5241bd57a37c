// RoPE's long-term decay (RoFormer §3.4.3, Figure 2): the relative upper
// bound (1/(d/2))·Σ_j |S_j| against the distance m − n, and the measured mean
// |q·k| of random unit vectors beside it (cpp/include/phasor/rope_decay.hpp).
import { takeResult } from './experiment-inputs.js';
import { putScalingFactors, scalingInput } from './rope-scaling-input.js';
import { OptionReader } from './options.js';
import type { RopeScaling } from './rope-types.js';
import type { ExperimentsWasm } from './wasm-module.js';

export interface RopeDecayOptions {
  /** Width of q and k (RoPE's dim): even, 2 … 4096. */
  dModel: number;
  /** RoPE's θ (default 10000). */
  base?: number;
  /** The last distance m − n (integer ≥ 0). */
  maxDistance: number;
  /** A context-extension scaling: its scaled θ_k (its attention factor is left out of the relative bound). */
  scaling?: RopeScaling;
}

export interface RopeRandomScoresOptions extends RopeDecayOptions {
  /** Random (q, k) pairs averaged (default 256). */
  samples?: number;
  /** Seed of the normal streams (default 0). */
  seed?: number;
}

export interface RopeRandomScores {
  /** Mean |q_m·k_n| over independent random unit q and k, for m − n = 0 … maxDistance. */
  independent: Float64Array;
  /** Mean |q_m·q_n|: one random unit vector at both positions (1 at distance 0). */
  self: Float64Array;
}

const KEYS = ['dModel', 'base', 'maxDistance', 'scaling'] as const;

/** RoFormer's relative upper bound (1/(d/2))·Σ_{j=1}^{d/2} |Σ_{k<j} e^{i(m−n)θ_k}| for m − n = 0 … maxDistance, float64. */
export function ropeDecay(wasm: ExperimentsWasm, options: RopeDecayOptions): Float64Array {
  const fn = 'ropeDecay';
  const o = new OptionReader(fn, options, KEYS);
  const dModel = o.number('dModel');
  const base = o.number('base', 10000);
  const maxDistance = o.number('maxDistance');
  const scaling = scalingInput(wasm, fn, o);
  wasm.releaseInputs();
  putScalingFactors(wasm, fn, scaling);
  return takeResult(wasm, fn, wasm.ropeDecay(dModel, base, maxDistance, scaling.record));
}

/** The measured side of the decay: mean |q·k| of seeded random unit vectors against the distance. */
export function ropeRandomScores(wasm: ExperimentsWasm, options: RopeRandomScoresOptions): RopeRandomScores {
  const fn = 'ropeRandomScores';
  const o = new OptionReader(fn, options, [...KEYS, 'samples', 'seed']);
  const dModel = o.number('dModel');
  const base = o.number('base', 10000);
  const maxDistance = o.number('maxDistance');
  const scaling = scalingInput(wasm, fn, o);
  const samples = o.number('samples', 256);
  const seed = o.number('seed', 0);
  wasm.releaseInputs();
  putScalingFactors(wasm, fn, scaling);
  const packed = takeResult(wasm, fn, wasm.ropeRandomScores(dModel, base, maxDistance, scaling.record, samples, seed));
  const count = packed.length / 2;
  return { independent: packed.slice(0, count), self: packed.slice(count) };
}

export interface RopeBaseBoundOptions {
  /** The width the exponents are taken over, θ_i = theta^(−2i/dim): the rotary width (Gemma 4's proportional: the head). Even, 2 … maxDModel. */
  dim: number;
  /** RoPE's base θ. */
  theta: number;
  /** The pairs that turn, i < pairs (default dim/2; proportional RoPE: the turning ones). */
  pairs?: number;
  /** The head's pairs that do not turn (partial rotary's pass-through, proportional's frequency-0 pairs): each adds cos 0 = 1 to the sum. Default 0. */
  still?: number;
  /** The scan covers the distances m = from … to − 1 (from default 0); (to − from) × pairs ≤ limits.maxRopeDecayWork. */
  from?: number;
  to: number;
}

/**
 * Men et al. 2024 ("Base of RoPE Bounds Context Length", arXiv 2405.14591): a model attends more to a
 * similar key than to a random one at distance m only while B_m = Σ_i cos(m θ_i) ≥ 0, so a base supports
 * the context up to the first m where B_m < 0 (the sum over every pair of the head: still + Σ over the turning ones). Returns that m within [from, to), or null when B_m ≥ 0 throughout.
 */
export function ropeBaseBound(wasm: ExperimentsWasm, options: RopeBaseBoundOptions): number | null {
  const fn = 'ropeBaseBound';
  const o = new OptionReader(fn, options, ['dim', 'theta', 'pairs', 'still', 'from', 'to']);
  const dim = o.number('dim');
  const theta = o.number('theta');
  const pairs = o.number('pairs', dim / 2);
  const still = o.number('still', 0);
  const from = o.number('from', 0);
  const to = o.number('to');
  const result = wasm.ropeBaseBound(dim, pairs, still, theta, from, to);
  if (typeof result === 'string') throw new RangeError(`phasor.${fn}: ${result}`);
  return result < 0 ? null : result;
}
