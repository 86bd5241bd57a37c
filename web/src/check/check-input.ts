// What a file (or two) dropped on "Check your table" holds, decided by the
// tensors' names and shapes: a sinusoidal table (ph.identify), a RoPE cos/sin
// cache, an inv_freq vector, or q/k rows after RoPE (ph.identifyRope).
//   - a name with "inv_freq" (or invFreq), or a 1-D vector of values in (0, 1]: inv_freq;
//   - a name with "cos" whose partner (the same name with "sin") has the same
//     shape: the cache (either of the two may be the one chosen);
//   - a name with "rotated", "q_embed", "k_embed", "q_pe" or "k_pe": rotated rows
//     (with a partner named "original" in place of "rotated", else rows of ones);
//   - anything else: a table.
import { TableFileError, type ParsedTable } from './table-file.js';

export type CheckInput =
  | { kind: 'table'; table: ParsedTable }
  | { kind: 'invFreq'; name: string; dtype: string; invFreq: Float64Array }
  | { kind: 'cache'; name: string; dtype: string; cos: Float64Array; sin: Float64Array; width: number; rows: number }
  | {
      kind: 'rotated';
      name: string;
      dtype: string;
      rotated: Float64Array;
      original?: Float64Array;
      width: number;
      rows: number;
    };

/** A tensor as read, with the name it goes by (the tensor's in a .safetensors, the file's for .npy and text). */
export interface NamedTable {
  key: string;
  table: ParsedTable;
}

const INV_FREQ = /inv_?freq/i;
const ROTATED = /rotated|q_embed|k_embed|q_pe\b|k_pe\b/i;
/** cos or sin as a word of the name: "cos", "rope.sin", "cos_cached", "llama_cos_bf16" (not "rising", "cosine"). */
const TRIG = /(?<![a-z])(cos|sin)(?![a-z])|(?<![a-z])(cos|sin)(?=_?cached)/gi;

/** Where the name says cos or sin (the last such word), or null when it says neither or both. */
function trig(key: string): { role: 'cos' | 'sin'; at: number } | null {
  const base = key.replace(/\.(npy|safetensors|csv|tsv|json|txt)$/i, '');
  const found = [...base.matchAll(TRIG)];
  const roles = new Set(found.map((m) => m[0].toLowerCase()));
  if (roles.size !== 1) return null;
  const last = found[found.length - 1];
  return { role: last[0].toLowerCase() as 'cos' | 'sin', at: last.index };
}

/** Whether the name says RoPE (inv_freq, rotated rows, cos or sin): what identifyRope, not identify, will read. */
export function namedLikeRope(key: string): boolean {
  return INV_FREQ.test(key) || ROTATED.test(key) || trig(key) !== null;
}

/** The partner's name: cos ↔ sin in the same place, in the same case. */
export function partnerKey(key: string): string | null {
  const t = trig(key);
  if (!t) return null;
  const word = key.slice(t.at, t.at + 3);
  const other = t.role === 'cos' ? 'sin' : 'cos';
  return key.slice(0, t.at) + (word === word.toUpperCase() ? other.toUpperCase() : other) + key.slice(t.at + 3);
}

/** "f.safetensors: cos" and "f.safetensors: sin" as "f.safetensors: cos and sin"; two files as "cos.npy and sin.npy". */
function sameFile(a: string, b: string): string {
  const at = a.lastIndexOf(': ');
  return at > 0 && b.startsWith(a.slice(0, at + 2)) ? `${a} and ${b.slice(at + 2)}` : `${a} and ${b}`;
}

/**
 * The tensor of a .safetensors to check first: rotated rows, else a cos or
 * sin cache with its partner, else an inv_freq buffer, else `fallback` (the
 * likeliest sinusoidal table).
 */
export function suggestTensor(names: readonly string[], fallback: string): string {
  return (
    names.find((n) => ROTATED.test(n)) ??
    names.find((n) => {
      const partner = partnerKey(n);
      return partner !== null && names.includes(partner);
    }) ??
    names.find((n) => INV_FREQ.test(n)) ??
    fallback
  );
}

function looksLikeInvFreq(t: ParsedTable): boolean {
  if (t.positions !== 1 || t.dModel < 1) return false;
  for (const v of t.data) if (!(v > 0 && v <= 1)) return false;
  return true;
}

/**
 * What `chosen` is, given the other tensors of its file (or the other files
 * dropped with it), `all` including `chosen`; `read` reads a tensor by name.
 */
export function classifyInput(
  chosen: NamedTable,
  others: readonly string[],
  read: (key: string) => ParsedTable,
): CheckInput {
  const { key, table } = chosen;
  const name = table.name;
  if (INV_FREQ.test(key) || looksLikeInvFreq(table)) {
    if (table.positions !== 1)
      throw new TableFileError(
        `${name} is named like an inv_freq buffer but has ${table.positions} rows of ${table.dModel}; inv_freq is one vector`,
      );
    return { kind: 'invFreq', name, dtype: table.dtype, invFreq: table.data };
  }
  if (ROTATED.test(key)) {
    const originalKey = key.replace(/rotated/i, 'original');
    const original = originalKey !== key && others.includes(originalKey) ? read(originalKey) : null;
    if (original && original.data.length !== table.data.length && original.data.length !== table.dModel)
      throw new TableFileError(
        `${original.name} has ${original.positions} × ${original.dModel} values; the rotated rows have ${table.positions} × ${table.dModel}`,
      );
    return {
      kind: 'rotated',
      name: original ? `${name} (from ${original.name})` : name,
      dtype: table.dtype,
      rotated: table.data,
      ...(original ? { original: original.data } : {}),
      width: table.dModel,
      rows: table.positions,
    };
  }
  const role = trig(key)?.role;
  const partner = partnerKey(key);
  if (role && partner && others.includes(partner)) {
    const other = read(partner);
    if (other.positions !== table.positions || other.dModel !== table.dModel)
      throw new TableFileError(
        `${name} has ${table.positions} × ${table.dModel} values, ${other.name} ${other.positions} × ${other.dModel}: a cos/sin cache needs both of one shape`,
      );
    const [cos, sin] = role === 'cos' ? [table, other] : [other, table];
    return {
      kind: 'cache',
      name: sameFile(cos.name, sin.name),
      dtype: cos.dtype === sin.dtype ? cos.dtype : `${cos.dtype} and ${sin.dtype}`,
      cos: cos.data,
      sin: sin.data,
      width: table.dModel,
      rows: table.positions,
    };
  }
  if (role && table.positions > 1)
    throw new TableFileError(
      `${name} looks like a RoPE ${role} cache, and its ${role === 'cos' ? 'sin' : 'cos'} cache is not there (no "${partner}"): give both, as two .npy files dropped together or two tensors of one .safetensors`,
    );
  return { kind: 'table', table };
}
