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

/** Deeper than any config.json nests; a cycle stops here too. */
const MAX_DEPTH = 64;

/**
 * The config as plain JSON data, every value read once, before anything is
 * interpreted: a getter or Proxy trap that throws, a function, a symbol or a
 * bigint (none of which config.json can hold) is a TypeError naming its key,
 * never the caller's own error or a misreading halfway through.
 */
export function plainConfig(config: unknown): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const copy = (v: unknown, path: string, depth: number): unknown => {
    if (v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      return v;
    const where = path || 'the config';
    if (typeof v !== 'object')
      throw new TypeError(
        `${FN}: ${where} must be JSON data (a number, string, boolean, null, array or object); got ${describe(v)}`,
      );
    if (depth >= MAX_DEPTH) throw new TypeError(`${FN}: ${where} nests deeper than ${MAX_DEPTH} levels`);
    const array = unreadable(where, () => Array.isArray(v));
    const keys = unreadable(where, () => (array ? [] : Object.keys(v)));
    const length = unreadable(where, () => (array ? (v as unknown[]).length : 0));
    const item = (k: string | number, at: string) =>
      copy(
        unreadable(at, () => (v as Record<string | number, unknown>)[k]),
        at,
        depth + 1,
      );
    if (array) return Array.from({ length }, (_, i) => item(i, `${path}[${i}]`));
    const out: Json = {};
    for (const k of keys) {
      const value = item(k, path ? `${path}.${k}` : k);
      Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return copy(config, '', 0);
}

/** read(), or a TypeError naming `where` when reading throws (a getter, a Proxy trap, a revoked Proxy). */
function unreadable<T>(where: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new TypeError(`${FN}: ${where} could not be read (${error instanceof Error ? error.message : 'it threw'})`);
  }
}

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
