// `node tools/conformance-table.mjs`: runs phasor on every sinusoidal
// framework fixture (tests/fixtures/frameworks) and writes the
// conformance table of docs/conventions.md between <!-- conformance:start --> and <!-- conformance:end -->.
//   --print   print the section instead of writing docs/conventions.md
// Needs the built wasm (node tools/build-wasm.mjs). The API and cases are
// TypeScript: loaded through Vite's SSR loader as the bench does (tests/bench/launch.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { loader, repoRoot, startVite } from '../tests/bench/launch.mjs';

const server = await startVite({ listen: false });
try {
  const load = loader(server);
  const { createPhasor } = await load('web/src/core/index.ts');
  const report = await load('tests/unit/conformance-report.ts');
  const ph = await createPhasor();
  const section = report.renderSection(ph);
  if (process.argv.includes('--print')) {
    console.log(section);
  } else {
    const file = `${repoRoot}docs/conventions.md`;
    writeFileSync(file, report.replaceSection(readFileSync(file, 'utf8'), section));
    console.log('phasor: docs/conventions.md has the conformance table');
  }
} finally {
  await server.close();
}
