// CSV and TSV tables: one row per line, numbers separated by tabs (when the
// first line has one) or commas. A first line with a cell that is a word (not
// a number, nor a non-finite one such as nan or inf) is a header row. With a
// header whose first cell is a word and whose other cells are numbers
// (phasor's own CSV export, "position \ dimension,0,1,…"; pandas' to_csv,
// ",0,1,…"), the first column labels the rows and is dropped. A cell that is
// nan, inf or a number past float64 is refused with its line and column:
// a position table holds finite numbers.
//
// The text is read in two passes, each fed in chunks (a file's stream, or
// pasted text as one chunk): LineCount counts the lines and the first two
// lines' separators without keeping any line, so a table past the limits is
// refused by its shape before a cell is parsed; DelimitedParser then parses
// line by line into an array of the size counted.
import {
  checkShape,
  checkValueCount,
  FILE_LIMITS,
  showCount,
  TableFileError,
  type ParsedTable,
  type ShapeLimits,
} from './table-file.js';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
/** How numpy, pandas, Python and JavaScript write the non-finite numbers: not words, so never a header. */
const NON_FINITE = /^[-+]?(nan|inf|infinity)$/i;
/** A line longer than this is refused (65,536 columns of 256 characters): no line of a table is near it. */
export const MAX_LINE_CHARS = 2 ** 24;

/** Whether the character at `i` is white space as trim() sees it. */
const isSpace = (c: number, text: string, i: number) =>
  c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(text[i]));

const numeric = (cell: string) => NUMBER.test(cell) || NON_FINITE.test(cell);

function cells(line: string, separator: string): string[] {
  return line.split(separator).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
}

/** Calls `line` for each line of the chunks fed (without its \r\n or \n), the last at end(). */
class Lines {
  private carry = '';
  private index = 0;
  constructor(private readonly line: (text: string, index: number) => void) {}

  push(chunk: string): void {
    let from = 0;
    for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', from)) {
      const text = this.carry + chunk.slice(from, at);
      this.carry = '';
      this.line(text.endsWith('\r') ? text.slice(0, -1) : text, this.index++);
      from = at + 1;
    }
    this.carry += chunk.slice(from);
  }

  end(): void {
    this.line(this.carry.endsWith('\r') ? this.carry.slice(0, -1) : this.carry, this.index++);
    this.carry = '';
  }
}

/** What the first pass finds: where the table's lines are, and the cells of its first two lines. */
export interface LineShape {
  /** Index of the first and one past the last line that is not blank. */
  first: number;
  end: number;
  /** Tabs and commas in lines first and first + 1. */
  tabs: [number, number];
  commas: [number, number];
  /** The longest line (its index) and its length in characters. */
  longest: { line: number; chars: number };
}

/** The first pass: counts lines and separators, and measures the longest line, keeping no line. */
export class LineCount {
  private first = -1;
  private end = 0;
  private readonly tabs: [number, number] = [0, 0];
  private readonly commas: [number, number] = [0, 0];
  private index = 0;
  private length = 0;
  private blank = true;
  private lineTabs = 0;
  private lineCommas = 0;
  private longest = { line: 0, chars: 0 };

  constructor(private readonly name: string) {}

  push(chunk: string): void {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10) {
        this.endLine(i - start);
        start = i + 1;
      } else if (c === 9) this.lineTabs++;
      else if (c === 44) {
        this.lineCommas++;
        this.blank = false;
      } else if (this.blank && !isSpace(c, chunk, i)) this.blank = false;
    }
    this.grow(chunk.length - start);
  }

  finish(): LineShape {
    this.endLine(0);
    if (this.first === -1) throw new TableFileError(`${this.name} is empty`);
    return { first: this.first, end: this.end, tabs: this.tabs, commas: this.commas, longest: this.longest };
  }

  private grow(chars: number): void {
    this.length += chars;
    if (this.length > this.longest.chars) this.longest = { line: this.index, chars: this.length };
  }

  private endLine(chars: number): void {
    this.grow(chars);
    if (!this.blank) {
      if (this.first === -1) this.first = this.index;
      this.end = this.index + 1;
    }
    const slot = this.first === -1 ? -1 : this.index - this.first;
    if (slot === 0 || slot === 1) {
      this.tabs[slot] = this.lineTabs;
      this.commas[slot] = this.lineCommas;
    }
    this.index++;
    this.length = 0;
    this.blank = true;
    this.lineTabs = 0;
    this.lineCommas = 0;
  }
}

/**
 * The table's shape from the first pass alone, refused when even its least
 * reading (the first line a header, a label column) is past `limits`.
 */
export function checkLineShape(shape: LineShape, name: string, limits: ShapeLimits): void {
  const tabs = shape.tabs[0] > 0;
  const count = (slot: 0 | 1) => 1 + (tabs ? shape.tabs[slot] : shape.commas[slot]);
  const lines = shape.end - shape.first;
  const rows = Math.max(1, lines - 1);
  const width = Math.max(1, lines > 1 ? Math.min(count(0), count(1) - 1) : count(0));
  checkValueCount(rows * width, name);
  const held = `${showCount(lines)} line${lines === 1 ? '' : 's'} of ${showCount(count(0))} values (separated by ${tabs ? 'tabs' : 'commas'})`;
  checkShape(rows, width, name, limits, held);
  // The parse holds one line at a time: no line of a table within the limits comes near this.
  if (shape.longest.chars > MAX_LINE_CHARS) {
    throw new TableFileError(
      `${name}: line ${shape.longest.line + 1} has ${showCount(shape.longest.chars)} characters; a table's line has at most ${showCount(MAX_LINE_CHARS)}`,
    );
  }
}

/** The second pass: the header, then each row's cells into a table of the size counted. */
export class DelimitedParser {
  private readonly lines: Lines;
  private separator = ',';
  private skip = 0;
  private start = -1;
  private width = 0;
  private data = new Float64Array(0);

  constructor(
    private readonly name: string,
    private readonly shape: LineShape,
    private readonly limits: ShapeLimits,
  ) {
    this.lines = new Lines((text, index) => this.line(text, index));
  }

  push(chunk: string): void {
    this.lines.push(chunk);
  }

  finish(): ParsedTable {
    this.lines.end();
    if (this.start === -1) throw new TableFileError(`${this.name} has a header row and no numbers`);
    const rows = this.shape.end - this.start;
    return { data: this.data, positions: rows, dModel: this.width, name: this.name, dtype: 'text' };
  }

  private line(text: string, index: number): void {
    const { first, end } = this.shape;
    if (index < first || index >= end) return;
    if (index === first) {
      this.separator = text.includes('\t') ? '\t' : ',';
      const head = cells(text, this.separator);
      const header = head.some((cell) => !numeric(cell));
      const labelColumn = header && head.length > 1 && !numeric(head[0]) && head.slice(1).every(numeric);
      this.skip = labelColumn ? 1 : 0;
      if (header) return;
    }
    const row = cells(text, this.separator);
    if (this.start === -1) {
      this.start = index;
      this.width = row.length - this.skip;
      if (this.width < 1) throw new TableFileError(`${this.name}: line ${index + 1} has no values`);
      const rows = end - index;
      checkValueCount(rows * this.width, this.name);
      checkShape(rows, this.width, this.name, this.limits);
      this.data = new Float64Array(rows * this.width);
    }
    if (row.length - this.skip !== this.width) {
      throw new TableFileError(
        `${this.name}: line ${index + 1} has ${row.length - this.skip} values, line ${this.start + 1} has ${this.width} (ragged rows)`,
      );
    }
    const at = (index - this.start) * this.width;
    for (let c = 0; c < this.width; c++) this.data[at + c] = this.value(row[c + this.skip], index, c + this.skip);
  }

  private value(cell: string, index: number, column: number): number {
    const where = `${this.name}: line ${index + 1}, column ${column + 1}`;
    const shown = JSON.stringify(cell.slice(0, 24));
    if (NUMBER.test(cell)) {
      const v = Number(cell);
      if (Number.isFinite(v)) return v;
      throw new TableFileError(`${where}: ${shown} is past float64's range, not a finite number`);
    }
    if (NON_FINITE.test(cell))
      throw new TableFileError(`${where}: ${shown} is not a finite number; a position table holds finite numbers`);
    throw new TableFileError(`${where}: ${shown} is not a number`);
  }
}

/** CSV or TSV text (pasted, or a file read whole) as a table. */
export function parseDelimited(text: string, name: string, limits: ShapeLimits = FILE_LIMITS): ParsedTable {
  const count = new LineCount(name);
  count.push(text);
  const shape = count.finish();
  checkLineShape(shape, name, limits);
  const parser = new DelimitedParser(name, shape, limits);
  parser.push(text);
  return parser.finish();
}
