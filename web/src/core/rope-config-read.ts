// A config.json read into phasor's RoPE options, per layer type, the way
// transformers reads it (RotaryEmbeddingConfigMixin.standardize_rope_params
// and the ROPE_INIT_FUNCTIONS of src/transformers/modeling_rope_utils.py, each
// family's config class and rotary code: rope-config-families.ts). No numerics
// here: the frequencies come from the core (rope-config.ts). Every key read is
// recorded as spelt; a malformed or contradictory value is a TypeError or
// RangeError naming it.
import { describe } from './options.js';
import { familyOf, MLA_ROPE_DIMS, type RopeFamily } from './rope-config-families.js';
import type { Pairing, RopeDims, RopeMrope, RopeScaling } from './rope-types.js';

const FN = 'phasor.ropeFromConfig';

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

/** A config read into layer groups, before the core computes frequencies (ropeFromConfig's RopeConfig without them). */
export interface ConfigPlan {
  modelType?: string;
  family?: string;
  prefix: string;
  layerCount: number;
  maxPositionEmbeddings: number;
  plans: LayerPlan[];
  keysRead: string[];
  unknownKeys: string[];
  defaults: string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys that name RoPE or what it depends on: reported when not understood. */
const ROPE_LOOKING =
  /rope|rotary|theta|mrope|partial|nope|freq|interleave|mscale|scaling|^head_dim$|^global_head_dim$|layer_types|sliding_window_pattern|position_embeddings|attention_interval/i;

/** A config object whose reads are recorded, with its path as the config spells it. */
class Node {
  constructor(
    readonly value: Json,
    readonly path: string,
    private readonly read: Set<string>,
  ) {}

  key(k: string): string {
    return this.path + k;
  }

  has(k: string): boolean {
    return this.value[k] !== undefined && this.value[k] !== null;
  }

  raw(k: string): unknown {
    if (this.value[k] !== undefined) this.read.add(this.key(k));
    const v = this.value[k];
    return v === null ? undefined : v;
  }

  number(k: string): number | undefined {
    const v = this.raw(k);
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new TypeError(`${FN}: ${this.key(k)} must be a finite number; got ${describe(v)}`);
    return v;
  }

  integer(k: string, min: number, max = Infinity): number | undefined {
    const v = this.number(k);
    if (v !== undefined && (!Number.isInteger(v) || v < min))
      throw new RangeError(`${FN}: ${this.key(k)} must be an integer ≥ ${min}; got ${v}`);
    if (v !== undefined && v > max)
      throw new RangeError(`${FN}: ${this.key(k)} must be an integer in [${min}, ${max}]; got ${v}`);
    return v;
  }

  string(k: string): string | undefined {
    const v = this.raw(k);
    if (v !== undefined && typeof v !== 'string')
      throw new TypeError(`${FN}: ${this.key(k)} must be a string; got ${describe(v)}`);
    return v as string | undefined;
  }

  boolean(k: string): boolean | undefined {
    const v = this.raw(k);
    if (v !== undefined && typeof v !== 'boolean')
      throw new TypeError(`${FN}: ${this.key(k)} must be true or false; got ${describe(v)}`);
    return v as boolean | undefined;
  }

  numbers(k: string): number[] | undefined {
    const v = this.raw(k);
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'number' && Number.isFinite(x)))
      throw new TypeError(`${FN}: ${this.key(k)} must be an array of finite numbers; got ${describe(v)}`);
    return v as number[];
  }

  child(k: string): Node | undefined {
    const v = this.raw(k);
    if (v === undefined) return undefined;
    if (!isObject(v)) throw new TypeError(`${FN}: ${this.key(k)} must be an object or null; got ${describe(v)}`);
    return new Node(v, `${this.key(k)}.`, this.read);
  }
}

/** The same number given in two places must agree. */
function agree(a: { key: string; value: number | undefined }, b: { key: string; value: number | undefined }) {
  if (a.value !== undefined && b.value !== undefined && a.value !== b.value)
    throw new RangeError(`${FN}: ${a.key} (${a.value}) and ${b.key} (${b.value}) contradict each other`);
  return a.value ?? b.value;
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

interface Context {
  top: Node;
  family: RopeFamily;
  familyName: string;
  maxPositionEmbeddings: number;
  defaults: string[];
  unknown: Set<string>;
}

/** One layer type's RoPE from its dict (or the global one). */
function resolveType(
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
      // transformers: `get("beta_fast") or 32`, mscale's truthiness.
      const betaFast = d.number('beta_fast') || 32;
      const betaSlow = d.number('beta_slow') || 1;
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
        truncate: truncate ?? true,
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

/** The config's layer types (layer_types, or the family's rule), or undefined: one group. */
function layerTypesOf(ctx: Context, layerCount: number): string[] | undefined {
  const { top, family } = ctx;
  const given = top.raw('layer_types');
  const pattern = top.raw('sliding_window_pattern');
  if (pattern !== undefined && typeof pattern !== 'number' && typeof pattern !== 'string')
    throw new TypeError(
      `${FN}: ${top.key('sliding_window_pattern')} must be a number or a string; got ${describe(pattern)}`,
    );
  const interval = top.integer('full_attention_interval', 1);
  const context = { slidingWindowPattern: pattern as number | string | undefined, fullAttentionInterval: interval };
  const rule = family.layerTypes && Array.from({ length: layerCount }, (_, i) => family.layerTypes!(i, context));
  if (given !== undefined) {
    if (!Array.isArray(given) || !given.every((t) => typeof t === 'string'))
      throw new TypeError(`${FN}: ${top.key('layer_types')} must be an array of strings; got ${describe(given)}`);
    if (given.length !== layerCount)
      throw new RangeError(
        `${FN}: ${top.key('layer_types')} has ${given.length} entries for ${layerCount} layers (num_hidden_layers)`,
      );
    // A pattern given beside layer_types must describe the same layers.
    const named =
      pattern !== undefined ? 'sliding_window_pattern' : interval !== undefined ? 'full_attention_interval' : undefined;
    if (named && rule && rule.some((t, i) => t !== given[i]))
      throw new RangeError(`${FN}: ${top.key(named)} and ${top.key('layer_types')} name different layer types`);
    return given as string[];
  }
  if (!rule) return undefined;
  ctx.defaults.push(`layer_types from ${ctx.familyName}'s rule`);
  return rule;
}

/** Which layers apply RoPE (false: NoPE). */
function ropeLayers(ctx: Context, layerCount: number, types: string[] | undefined): boolean[] {
  const { top, family } = ctx;
  const all = Array<boolean>(layerCount).fill(true);
  if (family.nope === 'no_rope_layers') {
    const list = top.numbers('no_rope_layers');
    const interval = top.integer('no_rope_layer_interval', 1) ?? 4;
    if (list) {
      if (list.length !== layerCount)
        throw new RangeError(`${FN}: ${top.key('no_rope_layers')} has ${list.length} entries for ${layerCount} layers`);
      return list.map((v) => v !== 0); // 1: this layer uses RoPE (transformers' use_rope)
    }
    if (!top.has('no_rope_layer_interval')) ctx.defaults.push(`no_rope_layer_interval = 4 (${ctx.familyName} default)`);
    return all.map((_, i) => (i + 1) % interval !== 0);
  }
  if (family.nope === 'exaone4' && top.raw('sliding_window') !== undefined)
    return all.map((_, i) => types?.[i] !== 'full_attention'); // RoPE only where the window slides
  if (family.nope === 'linear_attention') return all.map((_, i) => types?.[i] !== 'linear_attention');
  return all;
}

/**
 * Reads a parsed config.json into per-layer-type plans. Each plan lists its
 * layers, so the layer count is at most `maxLayers` (ph.limits.maxConfigLayers).
 */
export function readRopeConfig(config: unknown, maxLayers: number): ConfigPlan {
  if (!isObject(config))
    throw new TypeError(`${FN}: expected a parsed config.json (an object); got ${describe(config)}`);
  const read = new Set<string>();
  const outer = new Node(config, '', read);
  const nested = outer.child('text_config');
  const top = nested ?? outer;
  const modelType = top.string('model_type') ?? outer.string('model_type');
  const found = familyOf(modelType);
  const defaults: string[] = [];
  if (!found)
    defaults.push(
      `model_type ${modelType === undefined ? 'absent' : `'${modelType}'`}: read as Llama (rotate_half, θ 10000)`,
    );
  const family = found?.family ?? { theta: 10000, source: '' };
  const familyName = found?.name ?? 'llama';
  const fallback = (key: string, value: number | undefined, what: string): number => {
    if (value === undefined) throw new TypeError(`${FN}: ${top.key(key)} is required (${what})`);
    defaults.push(`${key} = ${value} (${familyName} default)`);
    return value;
  };
  const layerCount =
    top.integer('num_hidden_layers', 1, maxLayers) ??
    top.integer('n_layer', 1, maxLayers) ??
    fallback('num_hidden_layers', family.numHiddenLayers, 'the layer count');
  const maxPositionEmbeddings =
    top.integer('max_position_embeddings', 1) ??
    top.integer('n_positions', 1) ??
    fallback('max_position_embeddings', family.maxPositionEmbeddings, 'the context length');
  const ctx: Context = { top, family, familyName, maxPositionEmbeddings, defaults, unknown: new Set() };
  const headDim = headDimOf(ctx, fallback);
  // rope_scaling (v4) or rope_parameters (v5): transformers takes rope_scaling first.
  const scalingNode = top.child('rope_scaling');
  const paramsNode = top.child('rope_parameters');
  if (scalingNode && paramsNode && JSON.stringify(scalingNode.value) !== JSON.stringify(paramsNode.value))
    throw new RangeError(
      `${FN}: ${top.key('rope_scaling')} and ${top.key('rope_parameters')} are both given and differ`,
    );
  const params = scalingNode ?? paramsNode ?? new Node({}, `${top.path}rope_parameters.`, read);
  const types = layerTypesOf(ctx, layerCount);
  const perType =
    types !== undefined &&
    Object.keys(params.value).length > 0 &&
    Object.keys(params.value).every((k) => types.includes(k));
  const topTheta = top.number('rope_theta') ?? top.number('rotary_emb_base');
  const thetaKey = top.key(top.has('rope_theta') ? 'rope_theta' : 'rotary_emb_base');
  const globalTheta = (
    d: Node,
    fallbackTheta: number,
    fallbackKey: string,
    what: string,
  ): { key: string; value: number } => {
    const own = d.number('rope_theta');
    const value = agree({ key: d.key('rope_theta'), value: own }, { key: thetaKey, value: topTheta });
    if (value === undefined) defaults.push(`rope_theta = ${fallbackTheta} (${what})`);
    return {
      key: own !== undefined ? d.key('rope_theta') : topTheta !== undefined ? thetaKey : fallbackKey,
      value: value ?? fallbackTheta,
    };
  };
  const resolved = new Map<string, Omit<LayerPlan, 'layers' | 'rope'> | null>();
  const layerHead = (type: string) =>
    type === 'full_attention' && family.globalHeadDim ? globalHeadDimOf(ctx) : headDim;
  for (const type of new Set(types ?? ['all'])) {
    if (perType) {
      const d = params.child(type);
      if (!d) {
        resolved.set(type, null); // saved as None: no RoPE (standardize_rope_params skips it)
        continue;
      }
      const localTheta = type === 'sliding_attention' && family.localTheta !== undefined;
      const theta = d.number('rope_theta');
      const fallbackTheta = localTheta
        ? (top.number('rope_local_base_freq') ?? family.localTheta!)
        : (topTheta ?? family.theta);
      if (theta === undefined) defaults.push(`${d.key('rope_theta')} = ${fallbackTheta}`);
      resolved.set(
        type,
        resolveType(ctx, type, d, layerHead(type), { key: d.key('rope_theta'), value: theta ?? fallbackTheta }),
      );
    } else if (family.scalingOnFullLayersOnly && type !== 'full_attention') {
      // Gemma 3, OLMo 3 (v4 spelling): rope_scaling is the full layers'; the others are default RoPE.
      const local = family.localTheta !== undefined;
      const theta = local ? top.number('rope_local_base_freq') : topTheta;
      const fallbackTheta = local ? family.localTheta! : family.theta;
      if (theta === undefined)
        defaults.push(`${local ? 'rope_local_base_freq' : 'rope_theta'} = ${fallbackTheta} (${familyName} default)`);
      const key = top.key(local ? 'rope_local_base_freq' : 'rope_theta');
      resolved.set(
        type,
        resolveType(ctx, type, new Node({}, `${top.path}(${type}).`, new Set()), layerHead(type), {
          key,
          value: theta ?? fallbackTheta,
        }),
      );
    } else {
      resolved.set(
        type,
        resolveType(
          ctx,
          type,
          params,
          layerHead(type),
          globalTheta(params, family.theta, thetaKey, `${familyName} default`),
        ),
      );
    }
  }
  const uses = ropeLayers(ctx, layerCount, types);
  const plans: LayerPlan[] = [];
  const groups = new Map<string, LayerPlan>();
  for (let layer = 0; layer < layerCount; layer++) {
    const type = types?.[layer] ?? 'all';
    const r = resolved.get(type);
    const rope = uses[layer] && r !== null;
    const id = `${type}|${rope}`;
    let group = groups.get(id);
    if (!group) {
      const base =
        r ??
        resolveType(ctx, type, new Node({}, '', new Set()), layerHead(type), {
          key: thetaKey,
          value: topTheta ?? family.theta,
        });
      group = { ...base, layers: [], rope };
      groups.set(id, group);
      plans.push(group);
    }
    group.layers.push(layer);
  }
  return {
    ...(modelType !== undefined ? { modelType } : {}),
    ...(found ? { family: found.name } : {}),
    prefix: nested ? 'text_config.' : '',
    layerCount,
    maxPositionEmbeddings,
    plans,
    keysRead: [...read].sort(),
    unknownKeys: [...unknownKeys(outer, read), ...ctx.unknown],
    defaults: [...new Set(defaults)],
  };
}

/** head_dim; else the config class's default head_dim; else hidden_size // num_attention_heads (n_embd, n_head); MLA: qk_rope_head_dim. */
function headDimOf(ctx: Context, fallback: (key: string, value: number | undefined, what: string) => number): number {
  const { top, family } = ctx;
  if (family.mla) {
    const rope = top.integer('qk_rope_head_dim', 2);
    if (rope === undefined) ctx.defaults.push(`qk_rope_head_dim = 64 (${ctx.familyName} default)`);
    return rope ?? 64;
  }
  const given = top.integer('head_dim', 2);
  if (given !== undefined) return given;
  if (family.headDim !== undefined) return fallback('head_dim', family.headDim, '');
  const hidden =
    top.integer('hidden_size', 1) ??
    top.integer('n_embd', 1) ??
    fallback('hidden_size', family.hiddenSize, 'or head_dim');
  const heads =
    top.integer('num_attention_heads', 1) ??
    top.integer('n_head', 1) ??
    fallback('num_attention_heads', family.numAttentionHeads, 'or head_dim');
  return Math.floor(hidden / heads); // Python's hidden_size // num_attention_heads
}

/** Gemma 4's full-attention head width: global_head_dim (default 512). */
function globalHeadDimOf(ctx: Context): number {
  const given = ctx.top.integer('global_head_dim', 2);
  if (given === undefined)
    ctx.defaults.push(`global_head_dim = ${ctx.family.globalHeadDim} (${ctx.familyName} default)`);
  return given ?? ctx.family.globalHeadDim!;
}

/** RoPE-looking keys of the config (and of its rope dicts) that nothing read. */
function unknownKeys(outer: Node, read: Set<string>): string[] {
  const out: string[] = [];
  const visit = (value: Json, path: string, inRope: boolean) => {
    for (const [k, v] of Object.entries(value)) {
      const key = path + k;
      if (k.startsWith('_') || k.endsWith('vision_config') || k === 'audio_config') continue;
      const rope = inRope || /^rope_(scaling|parameters)$/.test(k);
      if (isObject(v) && (k === 'text_config' || rope)) {
        if (!read.has(key) && rope) out.push(key);
        else visit(v, `${key}.`, rope);
      } else if (!read.has(key) && (rope || ROPE_LOOKING.test(k))) {
        out.push(key);
      }
    }
  };
  visit(outer.value, '', false);
  return out;
}
