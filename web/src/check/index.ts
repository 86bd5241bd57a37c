// Reading a table someone exported from their model, in the page (nothing
// is uploaded): .npy, .safetensors, CSV/TSV and JSON.
export { readTableFile, readTableText, likelyTable, type TableSource } from './read-table-file.js';
export { readTableBlob, Superseded, MAX_JSON_BYTES, type BlobSource } from './read-table-blob.js';
export { parseNpy, readNpyHeader } from './npy.js';
export { parseSafetensors, readSafetensorsIndex, type TensorEntry } from './safetensors.js';
export { parseDelimited } from './delimited.js';
export { parseJsonTable } from './json-table.js';
export {
  FILE_LIMITS,
  MAX_VALUES,
  MAX_FILE_BYTES,
  ROUNDING,
  TableFileError,
  type ParsedTable,
  type ShapeLimits,
} from './table-file.js';
