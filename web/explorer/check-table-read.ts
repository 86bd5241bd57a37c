// What the files dropped on "Check your table" hold, read in the worker
// (check-table-work.ts) in pieces, each shape checked before its cells
// (read-table-blob.ts), then classified by check-input.ts: a table, a RoPE
// cos/sin cache (one .safetensors with both, or two .npy files dropped
// together), an inv_freq vector or rows after RoPE. The partner a tensor
// needs (sin for cos, the original rows for rotated ones) is read before
// classifyInput, which reads it by name. A file or tensor named like RoPE is
// held to identifyRope's limits, any other to identify's.
import {
  readTableBlob,
  TableFileError,
  type BlobSource,
  type ParsedTable,
  type ShapeLimits,
} from '../src/check/index.js';
import { checkShape, showShape, tableShape } from '../src/check/table-file.js';
import { classifyInput, namedLikeRope, partnerKey, suggestTensor, type CheckInput } from '../src/check/check-input.js';

/** The largest input each reader takes: a table (identify), a RoPE tensor (identifyRope). */
export interface ReadLimits {
  table: ShapeLimits;
  rope: ShapeLimits;
}

const limitsFor = (key: string, limits: ReadLimits) => (namedLikeRope(key) ? limits.rope : limits.table);

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
  limits: ReadLimits,
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
      const read = await readTableBlob(name, file, limitsFor(name, limits), alive);
      if (read.kind !== 'table')
        throw new TableFileError(`${name}: drop a .safetensors alone (it may hold both cos and sin)`);
      tables.push(read.table);
    }
    const input = classifyInput({ key: files[0].name, table: tables[0] }, [files[1].name], () => tables[1]);
    return { input, source: null, chosen: null };
  }
  const [{ name, file }] = files;
  // A .safetensors is opened at the larger limit; each tensor's own is checked from its shape before it is read.
  const read = await readTableBlob(
    name,
    file,
    /\.safetensors$/i.test(name) ? limits.rope : limitsFor(name, limits),
    alive,
  );
  if (read.kind === 'table')
    return { input: classifyInput({ key: name, table: read.table }, [], () => read.table), source: null, chosen: null };
  const chosen = suggestTensor(
    read.tensors.map((t) => t.name),
    read.suggested,
  );
  return { input: await readTensor(read, chosen, limits, alive), source: read, chosen };
}

/** Tensor `name` of a .safetensors, with its partner when it is half of a cos/sin cache (or rotated rows with their original). */
export async function readTensor(
  source: TensorSource,
  name: string,
  limits: ReadLimits,
  alive: () => boolean,
): Promise<CheckInput> {
  const names = source.tensors.map((t) => t.name);
  const entry = source.tensors.find((t) => t.name === name);
  if (entry && !namedLikeRope(name)) {
    const what = `tensor "${name}"`;
    const { positions, dModel } = tableShape(entry.shape, what);
    checkShape(positions, dModel, what, limits.table, `shape ${showShape(entry.shape)}`);
  }
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
