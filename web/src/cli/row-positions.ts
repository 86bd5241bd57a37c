// The position of each row of a tensor read from a file (the sequence index
// a cache row, a rotated q/k row or a table row was made for): consecutive from
// --first-position, or listed one per row in the file --row-positions names.
import type { ShapeLimits } from '../check/table-file.js';
import { flag, typedFlag, type FlagSpec, type ParsedArgs } from './args.js';
import { UsageError } from './errors.js';
import { readTable, tableOf } from './files.js';

export const ROW_POSITION_FLAGS: FlagSpec[] = [
  {
    name: 'first-position',
    kind: 'number',
    value: 'P',
    help: 'the position of the first row, the others following it (default 0)',
  },
  {
    name: 'row-positions',
    kind: 'text',
    value: 'FILE',
    help: 'the position of each row, in a 1-D file (.npy, CSV, JSON), for rows that do not follow each other',
  },
];

/**
 * The position of each of `rows` rows, or undefined when neither flag is given
 * (rows 0, 1, …). Positions must be whole and below 2^31.
 */
export function rowPositions(
  cmd: string,
  args: ParsedArgs,
  rows: number,
  limits: ShapeLimits,
): Float64Array | undefined {
  const file = flag<string>(args, 'row-positions');
  const first = flag<number>(args, 'first-position');
  if (file !== undefined) {
    if (first !== undefined)
      throw new UsageError(
        `${cmd}: give ${typedFlag(args, 'first-position')} or ${typedFlag(args, 'row-positions')}, not both`,
      );
    const table = tableOf(cmd, readTable(cmd, file, limits), file);
    // One row or one column (a CSV of one value per line).
    if (Math.min(table.positions, table.dModel) !== 1 || table.data.length !== rows)
      throw new UsageError(
        `${cmd}: ${typedFlag(args, 'row-positions')} ${file} must hold one position per row, ${rows} values in one dimension; it is ${table.positions} × ${table.dModel}`,
      );
    return Float64Array.from(table.data);
  }
  if (first === undefined) return undefined;
  if (!(Number.isInteger(first) && first >= 0 && first + rows <= 2 ** 31))
    throw new UsageError(
      `${cmd}: ${typedFlag(args, 'first-position')} must be an integer in [0, 2^31 − rows]; got ${first}`,
    );
  return Float64Array.from({ length: rows }, (_, k) => first + k);
}
