// Finishes one wasm build's glue for the TypeScript, run by CMake after it
// links the module (cpp/CMakeLists.txt), so a raw `emcmake cmake` build and
// `npm run build:wasm` give the same files:
//   node tools/finish-wasm.mjs <folder> <name>     e.g. build/core/wasm phasor-scalar
// The glue's own `new URL("<name>.wasm", import.meta.url)` is dropped: phasor
// compiles the wasm itself (web/src/core/load.ts, through the glue's
// instantiateWasm hook), so bundlers emit no .wasm for the inlined entry, and
// the lean entry's literal URLs (web/src/core/wasm-url.ts) are the only ones
// they see. The glue's Node check is dropped too (ENVIRONMENT=web,worker:
// nothing reads it): a bare `process` makes Parcel ask for a Node polyfill in
// every app. Then the declarations of the glue, and the wasm gzipped and
// base64-encoded as a module of its own for the inlined entry
// (web/src/core/wasm-inline.ts decodes it). Last, from an experiments
// build, tables.js: the names the C++ core defines once (see writeTables).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const [folder, name] = process.argv.slice(2);
if (!folder || !name) {
  console.error('usage: node tools/finish-wasm.mjs <folder> <name>');
  process.exit(2);
}
const file = `${folder}/${name}.js`;
const fail = (why) => {
  console.error(`phasor: ${file} ${why}; update tools/finish-wasm.mjs`);
  process.exit(1);
};

const glueUrl = /new URL\("(phasor(?:-experiments)?(?:-scalar)?\.wasm)",import\.meta\.url\)\.toString\(\)/;
const nodeCheck =
  'var ENVIRONMENT_IS_NODE=typeof process=="object"&&typeof process.versions=="object"&&typeof process.versions.node=="string";';
let code = readFileSync(file, 'utf8');
if (glueUrl.test(code)) code = code.replace(glueUrl, '"$1"');
else if (code.includes('import.meta.url).toString()')) fail(`no longer matches ${glueUrl}`);
code = code.replace(nodeCheck, 'var ENVIRONMENT_IS_NODE=false;');
if (/\bprocess\b/.test(code)) fail('still names process (the glue changed)');
writeFileSync(file, code);

const wasm = name.startsWith('phasor-experiments') ? 'ExperimentsWasm' : 'CoreWasm';
writeFileSync(
  `${folder}/${name}.d.ts`,
  `import type { ${wasm}, ModuleFactory } from '../wasm-module.js';\ndeclare const createPhasorModule: ModuleFactory<${wasm}>;\nexport default createPhasorModule;\n`,
);
const base64 = gzipSync(readFileSync(`${folder}/${name}.wasm`), { level: 9 }).toString('base64');
writeFileSync(
  `${folder}/${name}.inline.js`,
  `// ${name}.wasm, gzip, base64 (tools/finish-wasm.mjs)\nexport default ${JSON.stringify(base64)};\n`,
);
writeFileSync(`${folder}/${name}.inline.d.ts`, 'declare const gzipBase64: string;\nexport default gzipBase64;\n');

// tables.js and tables.d.ts: the names of the limits (limits.hpp, kLimits),
// every enum's names in code order and every record's fields
// (module_bindings.cpp), the input slots and the scaling record's defaults
// (rope_bindings.cpp), read from the module just linked. The TypeScript
// imports its limit, enum, slot and record field names and types from here
// (web/src/core/wasm-module.ts, types.ts, rope-types.ts, identify-types.ts),
// so a limit or an enum value is added in C++ alone. The experiments module
// exports them all; both of its builds write the same file (renamed into
// place, so parallel builds cannot tear it).
async function writeTables() {
  const { default: factory } = await import(pathToFileURL(file).href);
  const wasm = await factory({ wasmBinary: readFileSync(`${folder}/${name}.wasm`) });
  const limitNames = Object.keys(wasm.limits()).filter((k) => k !== 'simd');
  const enums = wasm.enums();
  const slots = wasm.inputSlots();
  const slotNames = Object.keys(slots).sort((a, b) => slots[a] - slots[b]);
  const tables = {
    LIMIT_NAMES: limitNames,
    ENUM_NAMES: enums,
    SLOT_NAMES: slotNames,
    RECORD_FIELDS: wasm.recordFields(),
    SCALING_DEFAULTS: wasm.scalingDefaults(),
  };
  // A list is a frozen array of literal types, so `(typeof LIMIT_NAMES)[number]` is the union of its names.
  const value = (v) =>
    typeof v !== 'object'
      ? JSON.stringify(v)
      : Array.isArray(v)
        ? `Object.freeze(${JSON.stringify(v)})`
        : `Object.freeze({ ${Object.entries(v)
            .map(([k, w]) => `${k}: ${value(w)}`)
            .join(', ')} })`;
  const type = (v) =>
    typeof v !== 'object'
      ? typeof v
      : Array.isArray(v)
        ? `readonly [${v.map((w) => JSON.stringify(w)).join(', ')}]`
        : `{ ${Object.entries(v)
            .map(([k, w]) => `readonly ${k}: ${type(w)};`)
            .join(' ')} }`;
  const head = `// Written by tools/finish-wasm.mjs from phasor-experiments.wasm: the names the C++ core defines.\n`;
  const js = Object.entries(tables).map(([k, v]) => `export const ${k} = ${value(v)};\n`);
  const dts = Object.entries(tables).map(([k, v]) => `export declare const ${k}: ${type(v)};\n`);
  for (const [ext, text] of [
    ['js', js],
    ['d.ts', dts],
  ]) {
    writeFileSync(`${folder}/tables.${name}.${ext}`, head + text.join(''));
    renameSync(`${folder}/tables.${name}.${ext}`, `${folder}/tables.${ext}`);
  }
}
if (name.startsWith('phasor-experiments')) await writeTables();
