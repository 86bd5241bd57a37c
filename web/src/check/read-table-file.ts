// One entry for every format the page reads: picks the parser from the
// file's first bytes (then its name), and for .safetensors lists the tensors
// so the reader can choose one.
import { parseDelimited } from './delimited.js';
import { parseJsonTable } from './json-table.js';
import { isNpy, parseNpy } from './npy.js';
import { parseSafetensors, readSafetensorsIndex, type TensorEntry } from './safetensors.js';
import { FILE_LIMITS, MAX_FILE_BYTES, TableFileError, type ParsedTable, type ShapeLimits } from './table-file.js';

export type TableSource =
  | { kind: 'table'; table: ParsedTable }
  | {
      kind: 'tensors';
      tensors: TensorEntry[];
      /** The tensor most likely to be a position table (see likelyTable). */
      suggested: string;
      read(tensorName: string): ParsedTable;
    };

/** A .safetensors file starts with its header size, then '{'. */
export function looksLikeSafetensors(name: string, bytes: Uint8Array): boolean {
  return (
    /\.safetensors$/i.test(name) ||
    (bytes.length > 9 && bytes[8] === 0x7b && bytes[5] === 0 && bytes[6] === 0 && bytes[7] === 0)
  );
}

/** Throws unless a file of `size` bytes may be read at all. */
export function checkFileSize(name: string, size: number): void {
  if (size > MAX_FILE_BYTES) {
    throw new TableFileError(
      `${name} has ${size.toLocaleString('en')} bytes; the limit is ${MAX_FILE_BYTES.toLocaleString('en')} (1 GiB)`,
    );
  }
  if (size === 0) throw new TableFileError(`${name} is empty`);
}

export const NOT_TEXT = (name: string) =>
  `${name} is neither text nor a .npy or .safetensors file; need .npy, .safetensors, CSV, TSV or JSON`;

/**
 * Reads a dropped, chosen or pasted file held in memory; throws a
 * TableFileError with one line on anything it cannot use (read-table-blob.ts
 * reads a File in pieces, with the same checks and messages).
 */
export function readTableFile(name: string, bytes: Uint8Array, limits: ShapeLimits = FILE_LIMITS): TableSource {
  checkFileSize(name, bytes.length);
  if (isNpy(bytes) || /\.npy$/i.test(name)) return { kind: 'table', table: parseNpy(bytes, name, limits) };
  if (looksLikeSafetensors(name, bytes)) {
    const { tensors } = readSafetensorsIndex(bytes, name);
    return {
      kind: 'tensors',
      tensors,
      suggested: likelyTable(tensors),
      read: (tensor) => parseSafetensors(bytes, name, tensor, limits),
    };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TableFileError(NOT_TEXT(name));
  }
  return { kind: 'table', table: readTableText(name, text, limits) };
}

/** Whether text is read as JSON: by its name, or when it starts with [ or {. */
export function isJsonText(name: string, start: string | undefined): boolean {
  return /\.json$/i.test(name) || start === '[' || start === '{';
}

/** Pasted or decoded text: JSON when it starts with [ or {, CSV/TSV otherwise. */
export function readTableText(name: string, text: string, limits: ShapeLimits = FILE_LIMITS): ParsedTable {
  if (isJsonText(name, text.trimStart()[0])) return parseJsonTable(text, name, limits);
  return parseDelimited(text, name, limits);
}

/** The first 2-D float tensor whose name suggests positions, else the first 2-D float tensor, else the first. */
export function likelyTable(tensors: readonly TensorEntry[]): string {
  const usable = tensors.filter(
    (t) => ['F16', 'BF16', 'F32', 'F64'].includes(t.dtype) && t.shape.filter((n) => n !== 1).length === 2,
  );
  const named = usable.find((t) => /pos|pe\b|sinusoid|rotary|rope/i.test(t.name));
  return (named ?? usable[0] ?? tensors[0]).name;
}
