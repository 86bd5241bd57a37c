// JSON tables: an array of rows ([[...], [...]]), a flat array (one row), or
// an object { "data": [...], "shape": [positions, dModel] } with the data flat
// or nested (what json.dumps({"data": t.flatten().tolist(), "shape": t.shape}) writes).
import { checkValueCount, showShape, tableShape, TableFileError, type ParsedTable } from './table-file.js';

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
      if (!isNumber(v))
        throw new TableFileError(
          `${name}: value at [${path.join('][')}] is ${JSON.stringify(v)?.slice(0, 24) ?? String(v)}, not a finite number`,
        );
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

export function parseJsonTable(text: string, name: string): ParsedTable {
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
  const flat = flatten(data, shape, name);
  const target = stated ?? shape;
  const count = target.reduce((a, b) => a * b, 1);
  if (count !== flat.length)
    throw new TableFileError(`${name}: "shape" ${showShape(target)} needs ${count} values, "data" has ${flat.length}`);
  const { positions, dModel } = tableShape(target, name);
  return { data: flat, positions, dModel, name, dtype: 'text' };
}
