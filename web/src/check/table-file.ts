// What every table parser returns, the limits they share, and the one-line
// error they throw. A table is positions × dModel values, row-major, as the
// page hands it to ph.identify.

export interface ParsedTable {
  /** positions × dModel values, row-major (row r = the encoding added at sequence index r). */
  data: Float64Array;
  positions: number;
  dModel: number;
  /** Where it came from: the file name, and the tensor's for .safetensors. */
  name: string;
  /** The stored element type: 'float16', 'bfloat16', 'float32', 'float64', or 'text' (CSV, TSV, JSON). */
  dtype: string;
}

/** Half the spacing of a stored type's numbers just below 1: how far a value in [−1, 1] may be from what was rounded into it. */
export const ROUNDING: Record<string, number> = {
  float16: 2 ** -12,
  bfloat16: 2 ** -9,
  float32: 2 ** -25,
  float64: 2 ** -54,
};

/** Most values a file may hold: 2^26 (512 MB as float64), ph.encode's largest table. */
export const MAX_VALUES = 2 ** 26;

/** Largest file read at all (1 GiB): past it the page refuses before reading. */
export const MAX_FILE_BYTES = 2 ** 30;

/** A file the page cannot use; `message` is one line that says why. */
export class TableFileError extends Error {
  override name = 'TableFileError';
}

/** A count as the messages write it (a shape of 400 digits multiplies out past 2^53, even to Infinity). */
export function showCount(count: number): string {
  return count > Number.MAX_SAFE_INTEGER
    ? `more than ${Number.MAX_SAFE_INTEGER.toLocaleString('en')}`
    : count.toLocaleString('en');
}

/** Throws unless `count` values fit under MAX_VALUES. */
export function checkValueCount(count: number, what: string): void {
  if (!(count <= MAX_VALUES)) {
    throw new TableFileError(
      `${what} has ${showCount(count)} values; the limit is ${MAX_VALUES.toLocaleString('en')} (2^26)`,
    );
  }
}

/**
 * The largest table the reader hands on (the page: what ph.identify takes,
 * read from the core's limits), checked from a file's shape before its cells
 * are read: a table past it is refused at once, however long reading it
 * would take.
 */
export interface ShapeLimits {
  /** Most columns (dModel). */
  maxColumns: number;
  /** Most values, rows × columns (at most MAX_VALUES in any case). */
  maxValues: number;
  /** Who takes the table, as the refusal names it ('identify'). */
  reader: string;
}

/** No limit past the files' own (MAX_VALUES). */
export const FILE_LIMITS: ShapeLimits = { maxColumns: MAX_VALUES, maxValues: MAX_VALUES, reader: 'the page' };

/** Throws unless a rows × columns table fits `limits`; `shape` is how the file holds it. */
export function checkShape(rows: number, columns: number, what: string, limits: ShapeLimits, shape?: string): void {
  const maxValues = Math.min(limits.maxValues, MAX_VALUES);
  if (columns <= limits.maxColumns && rows * columns <= maxValues) return;
  const held = shape ?? `${showCount(rows)} rows × ${showCount(columns)} columns`;
  throw new TableFileError(
    `${what} is ${held}; ${limits.reader} takes at most ${limits.maxColumns.toLocaleString('en')} columns (dModel) and ${maxValues.toLocaleString('en')} values`,
  );
}

/**
 * A tensor's shape as a table: size-1 axes are dropped ([n, 1, d] from the
 * PyTorch tutorial's buffer, [1, n, d] with a batch axis), then a 2-D shape is
 * positions × dModel and a 1-D one is a single row. Anything else is refused.
 */
export function tableShape(shape: readonly number[], what: string): { positions: number; dModel: number } {
  if (shape.length === 0) throw new TableFileError(`${what} is a scalar; need a 2-D table (positions × dModel)`);
  if (shape.some((n) => n === 0)) throw new TableFileError(`${what} is empty (shape ${showShape(shape)})`);
  const kept = shape.length <= 2 ? shape : shape.filter((n) => n !== 1);
  if (kept.length > 2) {
    throw new TableFileError(
      `${what} has rank ${shape.length} (shape ${showShape(shape)}); need a 2-D table (positions × dModel)`,
    );
  }
  if (kept.length === 2) return { positions: kept[0], dModel: kept[1] };
  return { positions: 1, dModel: kept[0] ?? 1 };
}

export function showShape(shape: readonly number[]): string {
  return shape.length === 0 ? '()' : shape.join(' × ');
}
