// CSV and TSV tables: one row per line, numbers separated by tabs (when the
// first line has one) or commas. A first line with a cell that is not a
// number is a header row. With a header whose first cell is not a number
// and whose other cells are (phasor's own CSV export, "position \ dimension,0,1,…";
// pandas' to_csv, ",0,1,…"), the first column labels the rows and is dropped.
import { checkValueCount, TableFileError, type ParsedTable } from './table-file.js';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

function cells(line: string, separator: string): string[] {
  return line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
}

export function parseDelimited(text: string, name: string): ParsedTable {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  let first = 0;
  while (first < lines.length && lines[first].trim() === '') first++;
  if (first === lines.length) throw new TableFileError(`${name} is empty`);
  const separator = lines[first].includes('\t') ? '\t' : ',';
  const head = cells(lines[first], separator);
  const hasHeader = head.some((cell) => !NUMBER.test(cell));
  const labelColumn =
    hasHeader && head.length > 1 && !NUMBER.test(head[0]) && head.slice(1).every((cell) => NUMBER.test(cell));
  const skip = labelColumn ? 1 : 0;
  const start = hasHeader ? first + 1 : first;
  if (start >= lines.length) throw new TableFileError(`${name} has a header row and no numbers`);
  const width = cells(lines[start], separator).length - skip;
  if (width < 1) throw new TableFileError(`${name}: line ${start + 1} has no values`);
  const rows = lines.length - start;
  checkValueCount(rows * width, name);
  const data = new Float64Array(rows * width);
  for (let r = 0; r < rows; r++) {
    const row = cells(lines[start + r], separator);
    if (row.length - skip !== width) {
      throw new TableFileError(
        `${name}: line ${start + r + 1} has ${row.length - skip} values, line ${start + 1} has ${width} (ragged rows)`,
      );
    }
    for (let c = 0; c < width; c++) {
      const cell = row[c + skip];
      if (!NUMBER.test(cell)) {
        throw new TableFileError(
          `${name}: line ${start + r + 1}, column ${c + skip + 1}: ${JSON.stringify(cell.slice(0, 24))} is not a number`,
        );
      }
      data[r * width + c] = Number(cell);
    }
  }
  return { data, positions: rows, dModel: width, name, dtype: 'text' };
}
