// Golden data: the numpy fixture (tests/fixtures/reference.json, made by
// make_fixtures.py) and a direct float64 formula in JavaScript (Math.sin and
// Math.cos are float64), both independent of the C++ core.
import { readFileSync } from 'node:fs';

export interface TableCase {
  name: string;
  positions: number[];
  dModel: number;
  base: number;
  layout: 'interleaved' | 'split';
  values: number[];
}

export interface Fixture {
  tables: TableCase[];
  tensor2tensor: Omit<TableCase, 'layout'>[];
  frequencies: { dModel: number; base: number; values: number[] };
  dotByOffset: { dModel: number; base: number; values: number[] };
  distance: { positions: number; dModel: number; base: number; rows: Record<string, number[]> };
}

export const fixture: Fixture = JSON.parse(
  readFileSync(new URL('../fixtures/reference.json', import.meta.url), 'utf8'),
);

export function omega(i: number, dModel: number, base: number): number {
  return base ** ((-2 * i) / dModel);
}

/** PE(p) in float64, interleaved or split. */
export function peRow(
  p: number,
  dModel: number,
  base = 10000,
  layout: 'interleaved' | 'split' = 'interleaved',
): Float64Array {
  const row = new Float64Array(dModel);
  const h = dModel / 2;
  for (let i = 0; i < h; i++) {
    const phase = p * omega(i, dModel, base);
    if (layout === 'interleaved') {
      row[2 * i] = Math.sin(phase);
      row[2 * i + 1] = Math.cos(phase);
    } else {
      row[i] = Math.sin(phase);
      row[h + i] = Math.cos(phase);
    }
  }
  return row;
}

export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`length ${a.length} != ${b.length}`);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return Number.isNaN(worst) ? Infinity : worst;
}
