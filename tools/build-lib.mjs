// Builds the npm package's dist/:
//   dist/core, dist/charts, dist/elements  ES modules and declarations (tsc, with
//                     the options of tsconfig.json; build/tsconfig.lib.json's
//                     files and output, written by tools/lib-tsconfig.mjs)
//   dist/core/wasm    the four builds from build/core/wasm: glue, .wasm, and the
//                     gzip/base64 modules of the inlined entry
//   dist/embed        the prebuilt embed script and its chunks (tools/build-embed.mjs), with declarations
//   dist/cjs          the CommonJS build (web/vite.config.ts --mode cjs) with its own copy of the declarations
//   dist/cli          the `phasor` command (package.json "bin"; build/tsconfig.cli.json) and
//                     dist/check, the file readers it uses
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeTsconfig } from './lib-tsconfig.mjs';
import { repoRoot, run } from './run.mjs';

const wasmSource = `${repoRoot}build/core/wasm`;
if (!existsSync(`${wasmSource}/phasor.inline.js`)) {
  console.error('phasor: build/core/wasm is not built; run `npm run build:wasm` first');
  process.exit(1);
}
const embed = `${repoRoot}build/embed`;
if (!existsSync(`${embed}/phasor-embed.js`)) {
  console.error('phasor: build/embed is not built; run `npm run build:embed` first');
  process.exit(1);
}
const dist = `${repoRoot}dist`;
const tsc = `${repoRoot}node_modules/typescript/bin/tsc`;
rmSync(dist, { recursive: true, force: true });

const libConfig = writeTsconfig('lib');
run(process.execPath, [tsc, '-p', libConfig]);
// The command line: its own files and the readers of web/src/check; the core files it
// imports come out as the build above wrote them.
run(process.execPath, [tsc, '-p', writeTsconfig('cli')]);
mkdirSync(`${dist}/core/wasm`, { recursive: true });
for (const file of readdirSync(wasmSource).filter((f) => /\.(js|wasm|d\.ts)$/.test(f)))
  cpSync(`${wasmSource}/${file}`, `${dist}/core/wasm/${file}`);

mkdirSync(`${dist}/embed`, { recursive: true });
for (const file of readdirSync(embed).filter((f) => /^phasor-embed.*\.js$/.test(f)))
  cpSync(`${embed}/${file}`, `${dist}/embed/${file}`);
cpSync(`${repoRoot}web/src/embed/embed-types.d.ts`, `${dist}/embed/phasor-embed.d.ts`);

// CommonJS: the bundle, then the same declarations again in a folder whose
// package.json says commonjs, so TypeScript reads them as CommonJS there.
run(process.execPath, [
  `${repoRoot}node_modules/vite/bin/vite.js`,
  'build',
  '-c',
  `${repoRoot}web/vite.config.ts`,
  '--mode',
  'cjs',
]);
writeFileSync(`${dist}/cjs/package.json`, `${JSON.stringify({ type: 'commonjs' })}\n`);
run(process.execPath, [tsc, '-p', libConfig, '--emitDeclarationOnly', '--outDir', `${dist}/cjs`]);
// The ES module declarations already add the tag names to TypeScript's
// HTMLElementTagNameMap; a program that sees both would get two classes per tag.
const cjsElements = `${dist}/cjs/elements/index.d.ts`;
const withoutGlobal = readFileSync(cjsElements, 'utf8').replace(/\ndeclare global \{\n[\s\S]*?\n\}\n/, '\n');
if (withoutGlobal.includes('declare global'))
  throw new Error(`${cjsElements}: the global declarations were not removed`);
writeFileSync(cjsElements, withoutGlobal);
// The declarations name the core's tables (./wasm/tables.js, the enum names and limits).
mkdirSync(`${dist}/cjs/core/wasm`, { recursive: true });
cpSync(`${wasmSource}/tables.d.ts`, `${dist}/cjs/core/wasm/tables.d.ts`);
mkdirSync(`${dist}/cjs/embed`, { recursive: true });
cpSync(`${repoRoot}web/src/embed/embed-types.d.ts`, `${dist}/cjs/embed/phasor-embed.d.ts`);
