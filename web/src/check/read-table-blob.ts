// A chosen or dropped File read in pieces, as the page's worker reads it (or
// the page itself where there are no workers): a .npy or .safetensors header
// first, the shape checked against the limits, then only the table's bytes;
// CSV and TSV streamed twice (the lines counted, then the cells parsed), so
// no copy of the whole text is ever held; JSON read whole, up to
// MAX_JSON_BYTES. The checks and messages are read-table-file.ts's, from the
// same functions.
import { DelimitedParser, LineCount, checkLineShape } from './delimited.js';
import { parseJsonTable } from './json-table.js';
import { checkNpyData, isNpy, MAX_HEADER_BYTES, npyLayout, npyTable, readNpyHeader } from './npy.js';
import { checkFileSize, isJsonText, likelyTable, looksLikeSafetensors, NOT_TEXT } from './read-table-file.js';
import {
  readSafetensorsIndex,
  safetensorsHeaderBytes,
  safetensorsLayout,
  safetensorsTable,
  type TensorEntry,
} from './safetensors.js';
import { TableFileError, type ParsedTable, type ShapeLimits } from './table-file.js';

/** JSON is parsed whole: a larger file is refused (a table that size belongs in a .npy). */
export const MAX_JSON_BYTES = 2 ** 28;

export type BlobSource =
  | { kind: 'table'; table: ParsedTable }
  | {
      kind: 'tensors';
      tensors: TensorEntry[];
      suggested: string;
      /** Reads one tensor; `alive` (default the file's) is asked between pieces. */
      read(tensorName: string, alive?: () => boolean): Promise<ParsedTable>;
    };

/** Thrown when `alive()` says the reading is no longer wanted (a newer file came). */
export class Superseded extends Error {
  override name = 'Superseded';
}

/** Reading of one file; `alive` is asked between pieces, and a reading no longer wanted stops there. */
interface Reading {
  name: string;
  file: Blob;
  limits: ShapeLimits;
  alive: () => boolean;
}

async function bytesOf(r: Reading, from: number, to: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(await r.file.slice(from, to).arrayBuffer());
  if (!r.alive()) throw new Superseded();
  return bytes;
}

/** Feeds the file's text to `push`, chunk by chunk; bytes that are not UTF-8 refuse the file. */
async function streamText(r: Reading, push: (chunk: string) => void): Promise<void> {
  const reader = r.file
    .stream()
    .pipeThrough(new TextDecoderStream('utf-8', { fatal: true }))
    .getReader();
  try {
    for (;;) {
      let next: ReadableStreamReadResult<string>;
      try {
        next = await reader.read();
      } catch {
        throw new TableFileError(NOT_TEXT(r.name));
      }
      if (!r.alive()) throw new Superseded();
      if (next.done) return;
      push(next.value);
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** Where a .npy header ends, from the fixed part before it (as far as those bytes say). */
function npyHeaderEnd(fixed: Uint8Array): number {
  if (fixed.length < 10) return fixed.length;
  if (fixed[6] === 1) return 10 + (fixed[8] | (fixed[9] << 8));
  if (fixed.length < 12) return fixed.length;
  return 12 + new DataView(fixed.buffer, fixed.byteOffset, 12).getUint32(8, true);
}

async function readNpy(r: Reading): Promise<ParsedTable> {
  // The fixed part (magic, version, header length), then the header it states
  // (a header past MAX_HEADER_BYTES is refused from its stated length alone).
  const fixed = await bytesOf(r, 0, 12);
  const head = await bytesOf(r, 0, Math.min(npyHeaderEnd(fixed), 12 + MAX_HEADER_BYTES));
  const layout = npyLayout(readNpyHeader(head, r.name), r.name, r.limits);
  checkNpyData(layout, r.file.size - layout.dataOffset, r.name);
  return npyTable(layout, await bytesOf(r, layout.dataOffset, r.file.size), r.name);
}

async function readSafetensors(r: Reading): Promise<BlobSource> {
  const size = await bytesOf(r, 0, 8);
  const headerBytes = safetensorsHeaderBytes(size, r.name, r.file.size);
  const index = readSafetensorsIndex(await bytesOf(r, 0, 8 + headerBytes), r.name, r.file.size);
  return {
    kind: 'tensors',
    tensors: index.tensors,
    suggested: likelyTable(index.tensors),
    read: async (tensorName, alive = r.alive) => {
      const layout = safetensorsLayout(index, r.name, tensorName, r.limits);
      return safetensorsTable(layout, await bytesOf({ ...r, alive }, layout.from, layout.to), r.name);
    },
  };
}

async function readDelimited(r: Reading): Promise<ParsedTable> {
  const count = new LineCount(r.name);
  await streamText(r, (chunk) => count.push(chunk));
  const shape = count.finish();
  checkLineShape(shape, r.name, r.limits);
  const parser = new DelimitedParser(r.name, shape, r.limits);
  await streamText(r, (chunk) => parser.push(chunk));
  return parser.finish();
}

async function readJson(r: Reading): Promise<ParsedTable> {
  if (r.file.size > MAX_JSON_BYTES) {
    throw new TableFileError(
      `${r.name} has ${r.file.size.toLocaleString('en')} bytes; JSON is read up to ${MAX_JSON_BYTES.toLocaleString('en')} (save a larger table as .npy)`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await bytesOf(r, 0, r.file.size));
  } catch (error) {
    if (error instanceof Superseded) throw error;
    throw new TableFileError(NOT_TEXT(r.name));
  }
  return parseJsonTable(text, r.name, r.limits);
}

/** The first character of the text that is not white space (undefined for none). */
async function firstCharacter(r: Reading): Promise<string | undefined> {
  const decoder = new TextDecoder('utf-8');
  const piece = 2 ** 16;
  for (let at = 0; at < r.file.size; at += piece) {
    const found = decoder.decode(await bytesOf(r, at, at + piece), { stream: true }).trimStart()[0];
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Reads a chosen or dropped file, its shape checked against `limits` before
 * its cells; throws a TableFileError with one line on anything it cannot
 * use, or Superseded once `alive()` is false.
 */
export async function readTableBlob(
  name: string,
  file: Blob,
  limits: ShapeLimits,
  alive: () => boolean = () => true,
): Promise<BlobSource> {
  checkFileSize(name, file.size);
  const r: Reading = { name, file, limits, alive };
  const start = await bytesOf(r, 0, 16);
  if (isNpy(start) || /\.npy$/i.test(name)) return { kind: 'table', table: await readNpy(r) };
  if (looksLikeSafetensors(name, start)) return readSafetensors(r);
  const json = isJsonText(name, await firstCharacter(r));
  return { kind: 'table', table: json ? await readJson(r) : await readDelimited(r) };
}
