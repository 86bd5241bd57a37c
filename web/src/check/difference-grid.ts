// What the difference heatmap needs of a large table, made where the table is
// (the page's worker): the largest |difference| and a grid of at most
// MAX_DRAWN_ROWS × MAX_DRAWN_COLUMNS blocks, so drawing it is a small task on
// the page's main thread whatever the table's size (drawing a 1300 × 4096
// table from its 5.3 million values was a task of 315 ms there, traced, and
// 512 × 1024 blocks still 70). Each block shows its value of largest
// magnitude, sign kept: a difference confined to one column or row stays as
// strong as it is, where a block mean would thin it out. A table within those
// sizes is its own grid, every cell drawn.

export const MAX_DRAWN_ROWS = 256;
export const MAX_DRAWN_COLUMNS = 512;

export interface DrawnGrid {
  values: Float32Array;
  rows: number;
  cols: number;
}

/** The largest |value| (NaN is skipped). */
export function largestMagnitude(values: ArrayLike<number>): number {
  let largest = 0;
  for (let i = 0; i < values.length; i++) {
    const v = Math.abs(values[i]);
    if (v > largest) largest = v;
  }
  return largest;
}

/** The rows × cols grid in at most MAX_DRAWN_ROWS × MAX_DRAWN_COLUMNS blocks, each its value of largest magnitude. */
export function drawnGrid(values: Float32Array, rows: number, cols: number): DrawnGrid {
  const outRows = Math.min(rows, MAX_DRAWN_ROWS);
  const outCols = Math.min(cols, MAX_DRAWN_COLUMNS);
  if (outRows === rows && outCols === cols) return { values, rows, cols };
  const blocks = new Float32Array(outRows * outCols);
  const blockCol = new Int32Array(cols);
  for (let c = 0; c < cols; c++) blockCol[c] = Math.floor((c * outCols) / cols);
  for (let r = 0; r < rows; r++) {
    const at = Math.floor((r * outRows) / rows) * outCols;
    for (let c = 0; c < cols; c++) {
      const v = values[r * cols + c];
      const b = at + blockCol[c];
      if (Math.abs(v) > Math.abs(blocks[b])) blocks[b] = v;
    }
  }
  return { values: blocks, rows: outRows, cols: outCols };
}
