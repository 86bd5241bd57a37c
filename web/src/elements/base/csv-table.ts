// The numbers behind a chart as CSV: a table of named columns (one row per
// index), built from a matrix, from series over a common x, or from the
// arrays of an element's data.

/** A table of named numeric columns, one row per index. */
export interface CsvTable {
  columns: string[];
  rows: number;
  value(row: number, column: number): number | string;
}

/** Comma-separated values with a header row; numbers at full precision. */
export function toCsv(table: CsvTable): string {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [table.columns.map(quote).join(',')];
  for (let r = 0; r < table.rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < table.columns.length; c++) cells.push(String(table.value(r, c)));
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** A row-major matrix as a table: a label column, then one column per matrix column. */
export function matrixTable(
  values: ArrayLike<number>,
  rows: number,
  columns: number,
  corner: string,
  firstRow = 0,
): CsvTable {
  return {
    columns: [corner, ...Array.from({ length: columns }, (_, c) => String(c))],
    rows,
    value: (r, c) => (c === 0 ? firstRow + r : values[r * columns + c - 1]),
  };
}

/** Columns from every numeric array of the same, largest length in `data` (the fallback for charts without their own table). */
export function columnsOf(data: unknown): CsvTable | null {
  if (typeof data !== 'object' || data === null) return null;
  const arrays = Object.entries(data).filter(
    (entry): entry is [string, ArrayLike<number>] =>
      (ArrayBuffer.isView(entry[1]) && !(entry[1] instanceof DataView)) ||
      (Array.isArray(entry[1]) && entry[1].every((v) => typeof v === 'number')),
  );
  if (arrays.length === 0) return null;
  const length = Math.max(...arrays.map(([, a]) => a.length));
  const chosen = arrays.filter(([, a]) => a.length === length);
  return {
    columns: ['index', ...chosen.map(([name]) => name)],
    rows: length,
    value: (r, c) => (c === 0 ? r : chosen[c - 1][1][r]),
  };
}

/** Series over a common x as a table: one row per index, x first. */
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
