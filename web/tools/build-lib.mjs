// Builds the npm package's dist/: the TypeScript sources (core, charts,
// elements) compiled to ES modules with declarations (tsconfig.build.json),
// the wasm modules with their glue beside the loader that imports them, and
// the prebuilt embed script (web/tools/build-embed.mjs) in dist/embed/.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { repoRoot, run } from './run.mjs';

const wasmSource = `${repoRoot}web/src/core/wasm`;
if (!existsSync(`${wasmSource}/phasor.wasm`)) {
  console.error('phasor: web/src/core/wasm is empty; run `npm run build:wasm` first');
  process.exit(1);
}
rmSync(`${repoRoot}dist`, { recursive: true, force: true });
run(process.execPath, [`${repoRoot}node_modules/typescript/bin/tsc`, '-p', `${repoRoot}tsconfig.build.json`]);
mkdirSync(`${repoRoot}dist/core/wasm`, { recursive: true });
for (const name of ['phasor', 'phasor-scalar', 'phasor-experiments', 'phasor-experiments-scalar']) {
  for (const ext of ['.js', '.wasm', '.d.ts']) cpSync(`${wasmSource}/${name}${ext}`, `${repoRoot}dist/core/wasm/${name}${ext}`);
}
const embed = `${repoRoot}build/embed`;
if (existsSync(`${embed}/phasor-embed.js`)) {
  mkdirSync(`${repoRoot}dist/embed`, { recursive: true });
  for (const file of readdirSync(embed).filter((f) => /^phasor-(embed.*\.js|experiments\.wasm)$/.test(f))) {
    cpSync(`${embed}/${file}`, `${repoRoot}dist/embed/${file}`);
  }
}
