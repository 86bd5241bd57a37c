// Builds the wasm modules (SIMD and scalar) into web/src/core/wasm/ with
// Debian's Emscripten, and writes the declarations of their glue.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { forgetStaleCache } from './cmake-cache.mjs';
import { repoRoot, run } from './run.mjs';

// Debian's emscripten finds its JS tools' modules (acorn, ...) only here.
const env = { ...process.env, NODE_PATH: [process.env.NODE_PATH, '/usr/share/nodejs'].filter(Boolean).join(':') };
const build = `${repoRoot}build/wasm`;
forgetStaleCache(build); // a copied checkout's cache would write the wasm into the old folder

run('emcmake', ['cmake', '-S', repoRoot, '-B', build, '-DCMAKE_BUILD_TYPE=Release', '--log-level=WARNING'], { env });
run('cmake', ['--build', build, '-j', '2'], { env });

const out = `${repoRoot}web/src/core/wasm`;
mkdirSync(out, { recursive: true });
const declaration = (wasm) =>
  `import type { ${wasm}, ModuleFactory } from '../wasm-module.js';\ndeclare const createPhasorModule: ModuleFactory<${wasm}>;\nexport default createPhasorModule;\n`;
for (const name of ['phasor', 'phasor-scalar']) writeFileSync(`${out}/${name}.d.ts`, declaration('CoreWasm'));
for (const name of ['phasor-experiments', 'phasor-experiments-scalar'])
  writeFileSync(`${out}/${name}.d.ts`, declaration('ExperimentsWasm'));

// phasor compiles the wasm itself (web/src/core/load.ts, through the glue's
// instantiateWasm hook), so the glue's own `new URL("x.wasm", import.meta.url)`
// is dropped: bundlers then emit no .wasm for the inlined entry, and the lean
// entry's literal URLs (wasm-url.ts) are the only ones they see.
const glueUrl = /new URL\("(phasor(?:-experiments)?(?:-scalar)?\.wasm)",import\.meta\.url\)\.toString\(\)/;
const modules = ['phasor', 'phasor-scalar', 'phasor-experiments', 'phasor-experiments-scalar'];
// The glue's Node check is dropped too (ENVIRONMENT=web,worker: nothing reads
// it): a bare `process` makes Parcel ask for a Node polyfill in every app.
const nodeCheck =
  'var ENVIRONMENT_IS_NODE=typeof process=="object"&&typeof process.versions=="object"&&typeof process.versions.node=="string";';
for (const name of modules) {
  const file = `${out}/${name}.js`;
  let code = readFileSync(file, 'utf8');
  if (glueUrl.test(code)) code = code.replace(glueUrl, '"$1"');
  else if (code.includes('import.meta.url).toString()')) {
    console.error(`phasor: ${file} no longer matches ${glueUrl}; update web/tools/build-wasm.mjs`);
    process.exit(1);
  }
  code = code.replace(nodeCheck, 'var ENVIRONMENT_IS_NODE=false;');
  if (/\bprocess\b/.test(code)) {
    console.error(`phasor: ${file} still names process (the glue changed); update web/tools/build-wasm.mjs`);
    process.exit(1);
  }
  writeFileSync(file, code);
}

// The inlined entry's modules: each build gzipped and base64-encoded
// (web/src/core/wasm-inline.ts decodes them).
for (const name of modules) {
  const base64 = gzipSync(readFileSync(`${out}/${name}.wasm`), { level: 9 }).toString('base64');
  writeFileSync(
    `${out}/${name}.inline.js`,
    `// ${name}.wasm, gzip, base64 (web/tools/build-wasm.mjs)\nexport default ${JSON.stringify(base64)};\n`,
  );
  writeFileSync(`${out}/${name}.inline.d.ts`, 'declare const gzipBase64: string;\nexport default gzipBase64;\n');
}
