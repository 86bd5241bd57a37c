// A config.json read into phasor's RoPE options, per layer type, the way
// transformers reads it (RotaryEmbeddingConfigMixin.standardize_rope_params
// and the ROPE_INIT_FUNCTIONS of src/transformers/modeling_rope_utils.py, each
// family's config class and rotary code: rope-config-families.ts). No numerics
// here: the frequencies come from the core (rope-config.ts). Every key read is
// recorded as spelt; a malformed or contradictory value is a TypeError or
// RangeError naming it. One layer type's RoPE: rope-config-layer.ts; the
// recording reader: rope-config-node.ts.
import { describe } from './options.js';
import { familyOf } from './rope-config-families.js';
import { resolveType, type Context, type LayerPlan } from './rope-config-layer.js';
import { FN, Node, agree, isObject, plainConfig, unknownKeys } from './rope-config-node.js';

export type { LayerPlan };

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
export function readRopeConfig(given: unknown, maxLayers: number): ConfigPlan {
  const config = plainConfig(given);
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
