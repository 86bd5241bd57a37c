// Reading a table someone exported from their model, in the page (nothing
// is uploaded): .npy, .safetensors, CSV/TSV and JSON.
export { readTableFile, readTableText, likelyTable, type TableSource } from './read-table-file.js';
export { parseNpy, readNpyHeader } from './npy.js';
export { parseSafetensors, readSafetensorsIndex, type TensorEntry } from './safetensors.js';
export { parseDelimited } from './delimited.js';
export { parseJsonTable } from './json-table.js';
export { MAX_VALUES, MAX_FILE_BYTES, ROUNDING, TableFileError, type ParsedTable } from './table-file.js';
