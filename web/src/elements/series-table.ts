// Series over a common x as a CSV table: one row per index, x first.
import type { CsvTable } from './export.js';

export function seriesTable(
  xName: string,
  count: number,
  xAt: (i: number) => number,
  series: [string, ArrayLike<number>][],
): CsvTable {
  return {
    columns: [xName, ...series.map(([name]) => name)],
    rows: count,
    value: (r, c) => (c === 0 ? xAt(r) : series[c - 1][1][r]),
  };
}
