// The package's folders lean/, embed/ and elements/, each a package.json
// that points at dist/ for resolvers that do not read the exports map
// (Parcel by default, TypeScript's node10). Written by `npm pack` before it
// packs (prepack) and removed after (postpack): they are not sources.
//   node tools/package-stubs.mjs write | remove
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { repoRoot } from './run.mjs';

const STUBS = {
  lean: { main: '../dist/cjs/index.js', module: '../dist/core/lean.js', types: '../dist/cjs/core/lean.d.ts' },
  embed: {
    main: '../dist/cjs/elements.js',
    module: '../dist/embed/phasor-embed.js',
    types: '../dist/cjs/embed/phasor-embed.d.ts',
  },
  elements: {
    main: '../dist/cjs/elements.js',
    module: '../dist/elements/index.js',
    types: '../dist/cjs/elements/index.d.ts',
  },
};

const action = process.argv[2];
for (const [name, fields] of Object.entries(STUBS)) {
  const dir = `${repoRoot}${name}`;
  if (action === 'write') {
    mkdirSync(dir, { recursive: true });
    const stub = {
      '//': `For resolvers that do not read package.json exports (Parcel by default, TypeScript's node10): phasor/${name}.`,
      ...fields,
    };
    writeFileSync(`${dir}/package.json`, `${JSON.stringify(stub, null, 2)}\n`);
  } else if (action === 'remove') {
    rmSync(dir, { recursive: true, force: true });
  } else {
    console.error('usage: node tools/package-stubs.mjs write | remove');
    process.exit(2);
  }
}
