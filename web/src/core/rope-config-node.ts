// A config.json as ropeFromConfig reads it: objects whose reads are recorded
// with the path the config spells (Node), so every refusal names the key as
// written and the keys nothing read can be reported (unknownKeys).
import { describe } from './options.js';

export const FN = 'phasor.ropeFromConfig';

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys that name RoPE or what it depends on: reported when not understood. */
const ROPE_LOOKING =
  /rope|rotary|theta|mrope|partial|nope|freq|interleave|mscale|scaling|^head_dim$|^global_head_dim$|layer_types|sliding_window_pattern|position_embeddings|attention_interval/i;

/** A config object whose reads are recorded, with its path as the config spells it. */
export class Node {
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
export function agree(a: { key: string; value: number | undefined }, b: { key: string; value: number | undefined }) {
  if (a.value !== undefined && b.value !== undefined && a.value !== b.value)
    throw new RangeError(`${FN}: ${a.key} (${a.value}) and ${b.key} (${b.value}) contradict each other`);
  return a.value ?? b.value;
}

/** RoPE-looking keys of the config (and of its rope dicts) that nothing read. */
export function unknownKeys(outer: Node, read: Set<string>): string[] {
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
