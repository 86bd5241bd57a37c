// One layer type's RoPE from its rope dict (or the global one), as
// transformers resolves it: the rope_type, the rotated width
// (partial_rotary_factor, rotary_dim, MLA), the pairing, the scaling in
// phasor's spelling, M-RoPE's sections and Ministral 3's query scale.
// rope-config-read.ts reads the whole config into layer groups with it.
import { FN, agree, type Node } from './rope-config-node.js';
import { MLA_ROPE_DIMS, type RopeFamily } from './rope-config-families.js';
import type { Pairing, RopeDims, RopeMrope, RopeScaling } from './rope-types.js';
import { SCALING_DEFAULTS } from './wasm/tables.js';

/** One layer group's options before the core computes its frequencies. */
export interface LayerPlan {
  layerType: string;
  layers: number[];
  rope: boolean;
  headDim: number;
  rotaryDim: number;
  ropeDims: RopeDims;
  pairing: Pairing;
  outputPairing: Pairing;
  theta: number;
  ropeType: string;
  scaling?: RopeScaling;
  mrope?: RopeMrope;
  queryScale?: { beta: number; originalLength: number };
  /** phasor option → the config key it came from, to name it in the core's refusals. */
  origin: Record<string, string>;
}

/** What reading one config shares: its top node, family, context length, and the defaults and unread keys noted. */
export interface Context {
  top: Node;
  family: RopeFamily;
  familyName: string;
  maxPositionEmbeddings: number;
  defaults: string[];
  unknown: Set<string>;
}

/** transformers' rope_type for a dict, 'type' being its older spelling ('mrope' is 'default'). */
function ropeTypeOf(d: Node): string {
  const type = d.string('type');
  const ropeType = d.string('rope_type');
  if (type !== undefined && ropeType !== undefined && type !== ropeType)
    throw new RangeError(
      `${FN}: ${d.key('rope_type')} ('${ropeType}') and ${d.key('type')} ('${type}') contradict each other`,
    );
  const t = ropeType ?? type ?? 'default';
  return t === 'mrope' ? 'default' : t;
}

const ROPE_TYPES = ['default', 'linear', 'dynamic', 'yarn', 'longrope', 'llama3', 'proportional'];

/** One layer type's RoPE from its dict (or the global one). */
export function resolveType(
  ctx: Context,
  layerType: string,
  d: Node,
  headDim: number,
  theta: { key: string; value: number },
): Omit<LayerPlan, 'layers' | 'rope'> {
  const { top, family } = ctx;
  const origin: Record<string, string> = { theta: theta.key };
  const ropeType = ropeTypeOf(d);
  if (!ROPE_TYPES.includes(ropeType))
    throw new RangeError(
      `${FN}: ${d.key(d.has('rope_type') ? 'rope_type' : 'type')} must be one of ${ROPE_TYPES.map((t) => `'${t}'`).join(', ')} (transformers' ROPE_INIT_FUNCTIONS); got '${ropeType}'`,
    );
  // partial_rotary_factor: inside the dict (v5), beside it (v4), as rotary_pct (GPT-NeoX) or the family's default.
  const partialKey = d.has('partial_rotary_factor') ? d.key('partial_rotary_factor') : top.key('partial_rotary_factor');
  let partial = agree(
    { key: d.key('partial_rotary_factor'), value: d.number('partial_rotary_factor') },
    { key: top.key('partial_rotary_factor'), value: top.number('partial_rotary_factor') },
  );
  partial = agree({ key: partialKey, value: partial }, { key: top.key('rotary_pct'), value: top.number('rotary_pct') });
  if (partial === undefined && family.partialRotaryFactor !== undefined) {
    partial = family.partialRotaryFactor;
    ctx.defaults.push(`partial_rotary_factor = ${partial} (${ctx.familyName} default)`);
  }
  const mla = family.mla === true;
  let rotaryDim = headDim;
  let ropeDims: RopeDims = 'first';
  let fullHead = headDim;
  const readsPartial = ropeType !== 'default' || family.defaultReadsPartial === true;
  if (mla) {
    const nope = top.integer('qk_nope_head_dim', 0) ?? 128;
    rotaryDim = headDim;
    fullHead = nope + headDim;
    ropeDims = MLA_ROPE_DIMS;
  } else if (top.has('rotary_dim')) {
    rotaryDim = top.integer('rotary_dim', 2)!; // GPT-J: an absolute width
  } else if (ropeType !== 'proportional' && readsPartial && partial !== undefined) {
    rotaryDim = Math.trunc(headDim * partial); // Python's int(head_dim * partial_rotary_factor)
  }
  if (partial !== undefined && !readsPartial && !mla)
    ctx.unknown.add(`${partialKey} (not read by ${ctx.familyName}'s default RoPE)`);
  if (rotaryDim % 2 !== 0 || rotaryDim < 2 || rotaryDim > headDim)
    throw new RangeError(
      `${FN}: ${partialKey} (${partial}) gives a rotary width of ${rotaryDim} of head_dim ${headDim}; it must be even and in [2, ${headDim}]`,
    );
  origin.rotaryDim = partial !== undefined ? partialKey : top.key('rotary_dim');
  origin.dim = top.key('head_dim');
  const scaling = scalingOf(ctx, d, ropeType, partial, origin);
  const pairing: Pairing = family.pairing ?? 'half';
  let outputPairing = pairing;
  if (family.ropeInterleave) {
    const interleave = top.boolean('rope_interleave') ?? true;
    if (!top.has('rope_interleave')) ctx.defaults.push(`rope_interleave = true (${ctx.familyName} default)`);
    if (!interleave) return finish('half', 'half');
    outputPairing = 'half';
  }
  return finish(pairing, outputPairing);

  function finish(p: Pairing, out: Pairing): Omit<LayerPlan, 'layers' | 'rope'> {
    return {
      layerType,
      headDim: fullHead,
      rotaryDim,
      ropeDims,
      pairing: p,
      outputPairing: out,
      theta: theta.value,
      ropeType,
      ...(scaling ? { scaling } : {}),
      ...mropeOf(ctx, d, rotaryDim),
      ...queryScaleOf(d, scaling),
      origin,
    };
  }
}

/** The scheme of a rope_type in phasor's spelling, as transformers resolves each value. */
function scalingOf(
  ctx: Context,
  d: Node,
  ropeType: string,
  partial: number | undefined,
  origin: Record<string, string>,
): RopeScaling | undefined {
  if (ropeType === 'default') return undefined;
  const { top } = ctx;
  const note = (option: string, key: string) => (origin[`scaling.${option}`] = d.key(key));
  const factor = d.number('factor');
  note('factor', 'factor');
  const attentionFactor = ropeType === 'yarn' || ropeType === 'longrope' ? d.number('attention_factor') : undefined;
  note('attentionFactor', 'attention_factor');
  const max = ctx.maxPositionEmbeddings;
  // standardize_rope_params: llama3, yarn and longrope get original_max_position_embeddings,
  // Phi-3's top-level one first, else max_position_embeddings.
  const originalLength = (): number => {
    const own = d.number('original_max_position_embeddings');
    const outer = top.number('original_max_position_embeddings');
    note('originalLength', 'original_max_position_embeddings');
    if (outer !== undefined) {
      origin['scaling.originalLength'] = top.key('original_max_position_embeddings');
      return outer;
    }
    if (own === undefined)
      ctx.defaults.push(`${d.key('original_max_position_embeddings')} = max_position_embeddings (${max})`);
    return own ?? max;
  };
  const needFactor = (value: number | undefined): number => {
    if (value === undefined)
      throw new TypeError(`${FN}: ${d.key('factor')} is required for rope_type '${ropeType}' (a number ≥ 1)`);
    return value;
  };
  switch (ropeType) {
    case 'linear':
      return { type: 'linear', factor: needFactor(factor) };
    case 'dynamic':
      origin['scaling.originalLength'] = top.key('max_position_embeddings');
      return { type: 'dynamic-ntk', factor: needFactor(factor), originalLength: max };
    case 'proportional':
      note('partialRotaryFactor', 'partial_rotary_factor');
      return { type: 'proportional', factor: factor ?? 1, partialRotaryFactor: partial ?? 1 };
    case 'llama3': {
      const low = d.number('low_freq_factor');
      const high = d.number('high_freq_factor');
      if (low === undefined || high === undefined)
        throw new TypeError(
          `${FN}: ${d.key(low === undefined ? 'low_freq_factor' : 'high_freq_factor')} is required for rope_type 'llama3'`,
        );
      note('lowFreqFactor', 'low_freq_factor');
      note('highFreqFactor', 'high_freq_factor');
      return {
        type: 'llama3',
        factor: needFactor(factor),
        lowFreqFactor: low,
        highFreqFactor: high,
        originalLength: originalLength(),
      };
    }
    case 'yarn': {
      const L = originalLength();
      // transformers: `get("beta_fast") or 32` (32 and 1 are the core's defaults too), mscale's truthiness.
      const betaFast = d.number('beta_fast') || SCALING_DEFAULTS.betaFast;
      const betaSlow = d.number('beta_slow') || SCALING_DEFAULTS.betaSlow;
      const mscale = d.number('mscale');
      const mscaleAllDim = d.number('mscale_all_dim');
      const truncate = d.boolean('truncate');
      note('betaFast', 'beta_fast');
      note('betaSlow', 'beta_slow');
      note('mscale', 'mscale');
      note('mscaleAllDim', 'mscale_all_dim');
      return {
        type: 'yarn',
        factor: factor ?? max / L,
        originalLength: L,
        betaFast,
        betaSlow,
        truncate: truncate ?? SCALING_DEFAULTS.truncate,
        ...(attentionFactor !== undefined ? { attentionFactor } : {}),
        ...(mscale && mscaleAllDim ? { mscale, mscaleAllDim } : {}),
      };
    }
    default: {
      // longrope
      const L = originalLength();
      const shortFactor = d.numbers('short_factor');
      const longFactor = d.numbers('long_factor');
      if (!shortFactor || !longFactor)
        throw new TypeError(
          `${FN}: ${d.key(shortFactor ? 'long_factor' : 'short_factor')} is required for rope_type 'longrope'`,
        );
      note('shortFactor', 'short_factor');
      note('longFactor', 'long_factor');
      return {
        type: 'longrope',
        factor: factor ?? max / L,
        originalLength: L,
        shortFactor,
        longFactor,
        ...(attentionFactor !== undefined ? { attentionFactor } : {}),
      };
    }
  }
}

/** M-RoPE sections, for the families whose code applies them. */
function mropeOf(ctx: Context, d: Node, rotaryDim: number): { mrope?: RopeMrope } {
  const sections = d.numbers('mrope_section');
  const flag = d.boolean('mrope_interleaved');
  const { family } = ctx;
  if (!family.mropeSection) {
    if (sections) ctx.unknown.add(`${d.key('mrope_section')} (${ctx.familyName} applies no M-RoPE)`);
    if (flag !== undefined) ctx.unknown.add(`${d.key('mrope_interleaved')} (${ctx.familyName} applies no M-RoPE)`);
    return {};
  }
  const interleaved = ctx.familyName === 'qwen3_5'; // its code always interleaves (apply_interleaved_mrope)
  if (flag !== undefined && flag !== interleaved)
    throw new RangeError(
      `${FN}: ${d.key('mrope_interleaved')} is ${flag}, but ${ctx.familyName}'s code ${interleaved ? 'always' : 'never'} interleaves`,
    );
  const s = sections ?? family.mropeSection;
  if (!sections) ctx.defaults.push(`${d.key('mrope_section')} = [${s.join(', ')}] (${ctx.familyName} default)`);
  if (s.length !== 3 || s.some((v) => !Number.isInteger(v) || v < 0) || s[0] + s[1] + s[2] !== rotaryDim / 2)
    throw new RangeError(
      `${FN}: ${d.key('mrope_section')} must be 3 non-negative integers adding up to the rotated pairs (${rotaryDim / 2}); got [${s.join(', ')}]`,
    );
  return { mrope: { sections: [s[0], s[1], s[2]], interleaved } };
}

/** Ministral 3's llama_4_scaling_beta: queries times 1 + β ln(1 + floor(p / original_max_position_embeddings)). */
function queryScaleOf(
  d: Node,
  scaling: RopeScaling | undefined,
): { queryScale?: { beta: number; originalLength: number } } {
  const beta = d.number('llama_4_scaling_beta');
  if (beta === undefined) return {};
  const length = d.number('original_max_position_embeddings') ?? scaling?.originalLength;
  if (length === undefined)
    throw new TypeError(`${FN}: ${d.key('llama_4_scaling_beta')} needs ${d.key('original_max_position_embeddings')}`);
  return { queryScale: { beta, originalLength: length } };
}
