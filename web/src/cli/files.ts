// The files a command reads and writes. A file that cannot be read or used
// is a UsageError of one line naming it as the user typed it.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { readTableFile, type TableSource } from '../check/read-table-file.js';
import { FILE_LIMITS, MAX_FILE_BYTES, type ParsedTable, type ShapeLimits } from '../check/table-file.js';
import { UsageError } from './errors.js';

function systemReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return (error as Error)?.message ?? String(error);
}

/** The bytes of `path`, refused before reading when past the readers' 1 GiB limit. */
export function readBytes(cmd: string, path: string): Uint8Array {
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
    const size = stat.size;
    if (size > MAX_FILE_BYTES)
      throw new UsageError(
        `${cmd}: ${path} has ${size.toLocaleString('en')} bytes; the limit is ${MAX_FILE_BYTES.toLocaleString('en')} (1 GiB)`,
      );
    return readFileSync(path);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${cmd}: cannot read ${path}: ${systemReason(error)}`);
  }
}

/** A reader's refusal (TableFileError) as the command's one line. */
function asUsage<T>(cmd: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if ((error as Error)?.name === 'TableFileError') throw new UsageError(`${cmd}: ${(error as Error).message}`);
    throw error;
  }
}

/** A table file (.npy, .safetensors, CSV, TSV, JSON) as the readers of "Check your table" read it, its shape checked against `limits` before its values are read. */
export function readTable(cmd: string, path: string, limits: ShapeLimits = FILE_LIMITS): TableSource {
  const bytes = readBytes(cmd, path);
  return asUsage(cmd, () => readTableFile(path, bytes, limits));
}

/**
 * One table of a file: the file's own, or for a .safetensors file the tensor
 * `tensor` names (flag: how the user typed the flag naming it), or its only tensor.
 */
export function tableOf(
  cmd: string,
  source: TableSource,
  path: string,
  tensor?: string,
  flag = '--tensor',
): ParsedTable {
  if (source.kind === 'table') {
    if (tensor !== undefined)
      throw new UsageError(`${cmd}: ${flag} names a tensor of a .safetensors file; ${path} is not one`);
    return source.table;
  }
  if (tensor === undefined) {
    if (source.tensors.length !== 1)
      throw new UsageError(
        `${cmd}: ${path} holds ${source.tensors.length} tensors (${source.tensors.map((t) => `"${t.name}"`).join(', ')}): name one with ${flag}`,
      );
    tensor = source.tensors[0].name;
  }
  const name = tensor;
  return asUsage(cmd, () => source.read(name));
}

/** A JSON file (a config.json), parsed. */
export function readJson(cmd: string, path: string): unknown {
  const bytes = readBytes(cmd, path);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${cmd}: ${path} is not UTF-8 text (a config.json is JSON)`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${cmd}: ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

export function writeBytes(cmd: string, path: string, bytes: Uint8Array): void {
  try {
    writeFileSync(path, bytes);
  } catch (error) {
    throw new UsageError(`${cmd}: cannot write ${path}: ${systemReason(error)}`);
  }
}

/** The format an output file's name asks for. */
export function outputFormat(cmd: string, typed: string, path: string): 'npy' | 'safetensors' {
  if (/\.npy$/i.test(path)) return 'npy';
  if (/\.safetensors$/i.test(path)) return 'safetensors';
  throw new UsageError(`${cmd}: ${typed} must name a .npy or .safetensors file; got '${path}'`);
}
