// Builds the wasm modules (SIMD and scalar) into web/src/core/wasm/ with
// Debian's Emscripten, and writes the declarations of their glue.
import { mkdirSync, writeFileSync } from 'node:fs';
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
for (const name of ['phasor-experiments', 'phasor-experiments-scalar']) writeFileSync(`${out}/${name}.d.ts`, declaration('ExperimentsWasm'));
