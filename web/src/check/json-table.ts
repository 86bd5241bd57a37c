// JSON tables: an array of rows ([[...], [...]]), a flat array (one row), or
// an object { "data": [...], "shape": [positions, dModel] } with the data flat
// or nested (what json.dumps({"data": t.flatten().tolist(), "shape": t.shape}) writes).
// The text is scanned before JSON.parse builds anything: nesting past
// MAX_DEPTH (which would overflow the walk's stack) and more values than the
// limits are refused from the scan alone.
import {
  checkShape,
  checkValueCount,
  FILE_LIMITS,
  MAX_VALUES,
  showCount,
  showShape,
  tableShape,
  TableFileError,
  type ParsedTable,
  type ShapeLimits,
} from './table-file.js';

/** Deepest nesting read: a table is an array of rows, in { "data" } at most, with a few size-1 axes. */
export const MAX_DEPTH = 16;

/** How deep the text nests and how many values (not arrays or objects) its arrays hold, strings skipped. */
export function scanJson(text: string): { depth: number; values: number } {
  let depth = 0;
  let deepest = 0;
  let values = 0;
  let expectValue = false; // just after '[' or ',' inside an array
  const arrays: boolean[] = []; // per open bracket: an array (true) or an object
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) continue;
    if (c === 34) {
      // a string: skip to its closing quote
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
      if (expectValue) values++;
      expectValue = false;
      continue;
    }
    if (c === 91 || c === 123) {
      arrays.push(c === 91);
      deepest = Math.max(deepest, ++depth);
      if (depth > MAX_DEPTH) return { depth, values };
      expectValue = c === 91;
      continue;
    }
    if (c === 93 || c === 125) {
      arrays.pop();
      depth--;
      expectValue = false;
      continue;
    }
    if (c === 44) {
      expectValue = arrays[arrays.length - 1] === true;
      continue;
    }
    if (expectValue) values++;
    expectValue = false;
  }
  return { depth: deepest, values };
}

/** A value as the messages show it: non-finite numbers by name (JSON.stringify would say null). */
function show(v: unknown): string {
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v)?.slice(0, 24) ?? String(v);
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** The shape of nested arrays, refusing ragged rows and non-numbers. */
function nestedShape(value: unknown, name: string): number[] {
  if (!Array.isArray(value)) return [];
  if (value.length === 0) throw new TableFileError(`${name} holds an empty array`);
  const inner = nestedShape(value[0], name);
  return [value.length, ...inner];
}

function flatten(value: unknown, shape: number[], name: string): Float64Array {
  const out = new Float64Array(shape.reduce((a, b) => a * b, 1));
  let at = 0;
  const walk = (v: unknown, depth: number, path: number[]): void => {
    if (depth === shape.length) {
      if (!isNumber(v)) {
        const why = typeof v === 'number' ? ' (a number past float64, such as 1e999, parses as Infinity)' : '';
        throw new TableFileError(`${name}: value at [${path.join('][')}] is ${show(v)}, not a finite number${why}`);
      }
      out[at++] = v;
      return;
    }
    if (!Array.isArray(v) || v.length !== shape[depth]) {
      const got = Array.isArray(v) ? `${v.length} values` : 'not an array';
      throw new TableFileError(
        `${name}: row [${path.join('][')}] has ${got}, the first has ${shape[depth]} (ragged rows)`,
      );
    }
    for (let i = 0; i < v.length; i++) walk(v[i], depth + 1, [...path, i]);
  };
  walk(value, 0, []);
  return out;
}

export function parseJsonTable(text: string, name: string, limits: ShapeLimits = FILE_LIMITS): ParsedTable {
  const scan = scanJson(text);
  if (scan.depth > MAX_DEPTH)
    throw new TableFileError(
      `${name} nests arrays or objects more than ${MAX_DEPTH} deep; a table is an array of rows of numbers`,
    );
  // The exact counts are checked on the parsed shape; this refuses, before
  // JSON.parse, text holding far more (the slack is a "shape" array's numbers).
  const most = Math.min(limits.maxValues, MAX_VALUES);
  if (scan.values > most + 64)
    throw new TableFileError(
      `${name} holds ${showCount(scan.values)} values; ${limits.reader} takes at most ${most.toLocaleString('en')}`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TableFileError(`${name} is not JSON (${(error as Error).message})`);
  }
  let data: unknown = value;
  let stated: number[] | null = null;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const o = value as { data?: unknown; shape?: unknown };
    if (!Array.isArray(o.data))
      throw new TableFileError(`${name}: a JSON object needs "data" (an array) and "shape" ([positions, dModel])`);
    data = o.data;
    if (o.shape !== undefined) {
      if (!Array.isArray(o.shape) || !o.shape.every((n) => Number.isSafeInteger(n) && n >= 0)) {
        throw new TableFileError(`${name}: "shape" must be an array of non-negative integers`);
      }
      stated = o.shape as number[];
    }
  } else if (!Array.isArray(value)) {
    throw new TableFileError(
      `${name} holds a JSON ${value === null ? 'null' : typeof value}; need an array of rows or { "data", "shape" }`,
    );
  }
  const shape = nestedShape(data, name);
  checkValueCount(
    shape.reduce((a, b) => a * b, 1),
    name,
  );
  if (stated === null) {
    const { positions, dModel } = tableShape(shape, name);
    checkShape(positions, dModel, name, limits);
  }
  const flat = flatten(data, shape, name);
  const target = stated ?? shape;
  const count = target.reduce((a, b) => a * b, 1);
  if (count !== flat.length)
    throw new TableFileError(`${name}: "shape" ${showShape(target)} needs ${count} values, "data" has ${flat.length}`);
  const { positions, dModel } = tableShape(target, name);
  checkShape(positions, dModel, name, limits);
  return { data: flat, positions, dModel, name, dtype: 'text' };
}
