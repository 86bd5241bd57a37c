// What the files dropped on "Check your table" hold, read in the worker
// (check-table-work.ts) in pieces, each shape checked before its cells
// (read-table-blob.ts), then classified by check-input.ts: a table, a RoPE
// cos/sin cache (one .safetensors with both, or two .npy files dropped
// together), an inv_freq vector or rows after RoPE. The partner a tensor
// needs (sin for cos, the original rows for rotated ones) is read before
// classifyInput, which reads it by name.
import {
  readTableBlob,
  TableFileError,
  type BlobSource,
  type ParsedTable,
  type ShapeLimits,
} from '../src/check/index.js';
import { classifyInput, partnerKey, suggestTensor, type CheckInput } from '../src/check/check-input.js';

export type TensorSource = Extract<BlobSource, { kind: 'tensors' }>;

/** The files' input; for a .safetensors also its tensors and the one chosen first. */
export interface ReadFiles {
  input: CheckInput;
  source: TensorSource | null;
  chosen: string | null;
}

/** Reads one file, or the two files of a cos/sin cache. */
export async function readFiles(
  files: readonly { name: string; file: Blob }[],
  limits: ShapeLimits,
  alive: () => boolean,
): Promise<ReadFiles> {
  if (files.length === 0 || files.length > 2)
    throw new TableFileError(
      `${files.length} files: drop one, or the two files of a RoPE cos/sin cache (names with cos and sin)`,
    );
  if (files.length === 2) {
    if (partnerKey(files[0].name) !== files[1].name)
      throw new TableFileError(
        `${files[0].name} and ${files[1].name}: two files are read as a RoPE cos/sin cache, named alike but for cos and sin (cos.npy, sin.npy)`,
      );
    const tables: ParsedTable[] = [];
    for (const { name, file } of files) {
      const read = await readTableBlob(name, file, limits, alive);
      if (read.kind !== 'table')
        throw new TableFileError(`${name}: drop a .safetensors alone (it may hold both cos and sin)`);
      tables.push(read.table);
    }
    const input = classifyInput({ key: files[0].name, table: tables[0] }, [files[1].name], () => tables[1]);
    return { input, source: null, chosen: null };
  }
  const [{ name, file }] = files;
  const read = await readTableBlob(name, file, limits, alive);
  if (read.kind === 'table')
    return { input: classifyInput({ key: name, table: read.table }, [], () => read.table), source: null, chosen: null };
  const chosen = suggestTensor(
    read.tensors.map((t) => t.name),
    read.suggested,
  );
  return { input: await readTensor(read, chosen, alive), source: read, chosen };
}

/** Tensor `name` of a .safetensors, with its partner when it is half of a cos/sin cache (or rotated rows with their original). */
export async function readTensor(source: TensorSource, name: string, alive: () => boolean): Promise<CheckInput> {
  const names = source.tensors.map((t) => t.name);
  const wanted = [name, partnerKey(name), name.replace(/rotated/i, 'original')];
  const tables = new Map<string, ParsedTable>();
  for (const key of wanted)
    if (key !== null && names.includes(key) && !tables.has(key)) tables.set(key, await source.read(key, alive));
  return classifyInput({ key: name, table: tables.get(name)! }, names, (key) => {
    const table = tables.get(key);
    if (!table) throw new TableFileError(`${key} was not read`);
    return table;
  });
}
