// Builds the npm package's dist/: the TypeScript sources compiled to ES
// modules with declarations (tsconfig.build.json), and the wasm modules with
// their glue copied beside the loader that imports them.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
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
